import type { RegisterStatus } from '@tcm/contracts';
import { and, asc, count, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { accounts, institutions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { type Ctx, inTransaction, type ServiceCall } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { endAllSessions } from '../auth/session-store';

export interface DoctorFilter {
  registerStatus?: RegisterStatus | undefined;
  institutionId?: number | undefined;
  keyword?: string | undefined;
  page: number;
  limit: number;
}

const doctorColumns = {
  id: accounts.id,
  name: accounts.name,
  mobile: accounts.mobile,
  institutionId: accounts.institutionId,
  institutionName: institutions.name,
  registerStatus: accounts.registerStatus,
  rejectReason: accounts.rejectReason,
  isDisabled: accounts.isDisabled,
  createdAt: accounts.createdAt,
  reviewedAt: accounts.reviewedAt,
  /** How many doctors match, on every row of the page: the page and its total in one statement. */
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

/** Pending registrations oldest first, so none waits forever; the others newest first. */
const doctorOrder = (status: RegisterStatus | undefined) =>
  status === 'ToBeReviewed' ? [asc(accounts.createdAt), asc(accounts.id)] : [desc(accounts.createdAt), desc(accounts.id)];

const doctorPage = (db: Db, where: SQL | undefined, order: SQL[], limit: number | Placeholder, offset: number | Placeholder) =>
  db
    .select(doctorColumns)
    .from(accounts)
    .leftJoin(institutions, eq(institutions.id, accounts.institutionId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);

/**
 * The admin's review queue and its bell (by status, no institution or keyword): built by Drizzle once
 * and prepared by PostgreSQL once per connection, like the patients' plain page (db/prepared.ts). The
 * bell asks for it on every screen of the admin; building the statements was half its server CPU.
 */
const byStatus = and(eq(accounts.role, 'doctor'), eq(accounts.registerStatus, sql.placeholder('status')));
const paging = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
const pendingPage = preparedPerDb((db) =>
  doctorPage(db, byStatus, doctorOrder('ToBeReviewed'), paging.limit, paging.offset).prepare('doctor_page_pending'),
);
const reviewedPage = preparedPerDb((db) =>
  doctorPage(db, byStatus, doctorOrder(undefined), paging.limit, paging.offset).prepare('doctor_page_reviewed'),
);

/** The doctors a filter asks for, as conditions (the general path, and the rare count of a page past the end). */
function doctorWhere(input: DoctorFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(accounts.role, 'doctor')];
  if (input.registerStatus) conditions.push(eq(accounts.registerStatus, input.registerStatus));
  if (input.institutionId) conditions.push(eq(accounts.institutionId, input.institutionId));
  if (input.keyword)
    conditions.push(sql`(${accounts.name} ilike ${`%${input.keyword}%`} or ${accounts.mobile} like ${`${input.keyword}%`})`);
  return and(...conditions);
}

/** Doctor registrations for the admin. */
export async function listDoctors({ ctx, input }: ServiceCall<DoctorFilter>) {
  const offset = (input.page - 1) * input.limit;
  const status = input.registerStatus;
  const rows =
    status && !input.institutionId && !input.keyword
      ? await (status === 'ToBeReviewed' ? pendingPage(ctx.db) : reviewedPage(ctx.db)).execute({ status, limit: input.limit, offset })
      : await doctorPage(ctx.db, doctorWhere(input), doctorOrder(status), input.limit, offset);
  // An empty page carries no total: on the first page that is 0, past the end it is counted apart.
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && input.page > 1) {
    const [counted] = await ctx.db.select({ value: count() }).from(accounts).where(doctorWhere(input));
    total = counted?.value ?? 0;
  }
  return {
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      mobile: r.mobile ?? '',
      institutionId: r.institutionId,
      institutionName: r.institutionName,
      registerStatus: r.registerStatus,
      rejectReason: r.rejectReason,
      isDisabled: r.isDisabled,
      createdAt: r.createdAt.toISOString(),
      reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    })),
    total,
    page: input.page,
    limit: input.limit,
  };
}

async function loadDoctor(ctx: Ctx, id: number) {
  const [doctor] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.role, 'doctor')));
  if (!doctor) throw notFound('医生不存在');
  return doctor;
}

/** Approve or reject a registration; the doctor learns the result by SMS (spec §2). */
export async function reviewDoctor({
  ctx,
  input,
}: ServiceCall<{ id: number; registerStatus: 'Approved' | 'Rejected'; reason?: string | undefined }>) {
  const doctor = await loadDoctor(ctx, input.id);
  if (doctor.registerStatus !== 'ToBeReviewed') throw conflict('该注册申请已审核');
  const reason = input.registerStatus === 'Rejected' ? (input.reason ?? '') : null;
  return inTransaction(ctx, async (tx) => {
    await tx.db
      .update(accounts)
      .set({
        registerStatus: input.registerStatus,
        rejectReason: reason,
        reviewedAt: tx.now,
        reviewedBy: tx.actor?.id ?? null,
        updatedAt: tx.now,
      })
      .where(eq(accounts.id, doctor.id));
    await writeAudit(tx, {
      action: input.registerStatus === 'Approved' ? 'doctor.approve' : 'doctor.reject',
      entity: 'account',
      entityId: doctor.id,
      institutionId: doctor.institutionId,
      detail: { before: { registerStatus: doctor.registerStatus }, after: { registerStatus: input.registerStatus, reason } },
    });
    const text =
      input.registerStatus === 'Approved'
        ? '【糖尿病前期中医药健康管理】您的医生注册申请已通过审核，现在可以使用手机号登录。'
        : `【糖尿病前期中医药健康管理】您的医生注册申请未通过审核，原因：${reason}。您可以修改信息后重新注册。`;
    await tx.sms.send(tx.db, { mobile: doctor.mobile ?? doctor.username, text });
    return {};
  });
}

export interface DoctorUpdate {
  id: number;
  name?: string | undefined;
  institutionId?: number | undefined;
  isDisabled?: boolean | undefined;
}

/** Admin edits a doctor; disabling ends every session of theirs (PRODUCT §2). */
export async function updateDoctor({ ctx, input }: ServiceCall<DoctorUpdate>) {
  const doctor = await loadDoctor(ctx, input.id);
  const changes: Partial<typeof accounts.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.isDisabled !== undefined) changes.isDisabled = input.isDisabled;
  if (input.institutionId !== undefined) {
    const [institution] = await ctx.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, input.institutionId));
    if (!institution) throw badRequest('所选社区不存在');
    changes.institutionId = input.institutionId;
  }
  if (Object.keys(changes).length === 0) throw badRequest('没有需要修改的内容');
  return inTransaction(ctx, async (tx) => {
    await tx.db
      .update(accounts)
      .set({ ...changes, updatedAt: tx.now })
      .where(eq(accounts.id, doctor.id));
    if (changes.isDisabled === true || changes.institutionId !== undefined)
      await endAllSessions(tx.db, doctor.id, tx.now, 'account-changed');
    await writeAudit(tx, {
      action: 'doctor.update',
      entity: 'account',
      entityId: doctor.id,
      institutionId: doctor.institutionId,
      detail: {
        before: { name: doctor.name, institutionId: doctor.institutionId, isDisabled: doctor.isDisabled },
        after: changes,
      },
    });
    return {};
  });
}
