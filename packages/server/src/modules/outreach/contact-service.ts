import {
  type ContactItem,
  type CreateContactBody,
  type FollowUpStatus,
  type FollowUpStatusResult,
  LOST_UNREACHABLE_ATTEMPTS,
  type SetFollowUpStatusBody,
  STATUS_OF_RESULT,
} from '@tcm/contracts';
import { desc, eq } from 'drizzle-orm';
import { currentDueDate, unreachableStreakLost } from '../../db/queries/outreach';
import { loadPatient, lockPatient, type ScopedPatient, writePatient } from '../../db/queries/patients';
import { accounts, outreachContacts } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { type Ctx, inTransaction, requireActor, type ServiceCall } from '../../lib/context';
import { isoDate, isoDateOrNull } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import { todayOf } from '../../lib/scope';

const RESULT_REASONS: Partial<Record<CreateContactBody['result'], string>> = {
  movedAway: '联系结果：已迁出',
  died: '联系结果：已死亡',
  refused: '联系结果：拒绝随访',
};

/**
 * Records one attempt to reach a patient of the caller's institution. movedAway, died and refused set
 * the follow-up status (the web confirms them first); the LOST_UNREACHABLE_ATTEMPTS-th unreachable in a
 * row over ≥ 30 days makes the patient lost to follow-up; reaching a lost patient who agrees to visit
 * makes them active again. The attempt and any status change are audited in the same transaction.
 */
export async function recordContact({ ctx, input }: ServiceCall<CreateContactBody>) {
  requireActor(ctx);
  const patient = await loadPatient(ctx, input.patientId);
  const today = todayOf(ctx);
  if (input.result !== 'remindLater' && input.remindOn !== undefined) throw badRequest('只有“稍后联系”需填写提醒日期');
  if (input.remindOn !== undefined && input.remindOn <= today) throw badRequest('提醒日期应晚于今天');
  return inTransaction(ctx, async (tx) => {
    await lockPatient(tx, patient);
    const [row] = await tx.db
      .insert(outreachContacts)
      .values({
        patientId: patient.id,
        institutionId: patient.institutionId,
        channel: input.channel,
        result: input.result,
        note: input.note ?? null,
        remindOn: input.remindOn ?? null,
        contactDate: today,
        dueDate: patient.endManagement ? null : await currentDueDate(tx.db, patient.id),
        createdBy: tx.actor?.id ?? null,
      })
      .returning({ id: outreachContacts.id });
    if (!row) throw new Error('contact insert returned nothing');
    await writeAudit(tx, {
      action: 'outreach.contact',
      entity: 'patient',
      entityId: patient.id,
      institutionId: patient.institutionId,
      // The note is free text and may name people: the log keeps that there was one, not what it says.
      detail: {
        contactId: row.id,
        channel: input.channel,
        result: input.result,
        remindOn: input.remindOn ?? null,
        note: input.note !== undefined,
      },
    });
    let next: { status: FollowUpStatus; reason: string } | undefined;
    const set = STATUS_OF_RESULT[input.result];
    if (set) next = { status: set, reason: input.note ?? RESULT_REASONS[input.result] ?? '' };
    else if (input.result === 'unreachable' && patient.followUpStatus === 'active' && (await unreachableStreakLost(tx.db, patient.id))) {
      next = { status: 'lostToFollowUp', reason: `连续${LOST_UNREACHABLE_ATTEMPTS}次未联系上` };
    } else if (input.result === 'agreedToVisit' && patient.followUpStatus === 'lostToFollowUp') {
      next = { status: 'active', reason: '联系上并同意就诊' };
    }
    const status = next ? await changeStatus(tx, patient, next.status, next.reason) : statusOf(patient);
    return { id: row.id, ...status };
  });
}

function statusOf(patient: Pick<ScopedPatient, 'followUpStatus' | 'followUpStatusAt' | 'followUpStatusReason'>): FollowUpStatusResult {
  return {
    followUpStatus: patient.followUpStatus,
    followUpStatusAt: isoDateOrNull(patient.followUpStatusAt),
    followUpStatusReason: patient.followUpStatusReason,
  };
}

/** Writes a status with today's date and a reason, audited (the caller holds the transaction). */
async function changeStatus(
  tx: Ctx,
  patient: ScopedPatient,
  status: FollowUpStatus,
  reason: string | undefined,
): Promise<FollowUpStatusResult> {
  const today = todayOf(tx);
  await writePatient(tx, patient, {
    followUpStatus: status,
    followUpStatusAt: today,
    followUpStatusReason: reason || null,
    updatedAt: tx.now,
  });
  await writeAudit(tx, {
    action: 'outreach.status',
    entity: 'patient',
    entityId: patient.id,
    institutionId: patient.institutionId,
    detail: { before: patient.followUpStatus, after: status, reason: reason || null },
  });
  return { followUpStatus: status, followUpStatusAt: today, followUpStatusReason: reason || null };
}

/** POST /api/outreach/status: a doctor sets a status by hand, e.g. back to active. */
export async function setFollowUpStatus({ ctx, input }: ServiceCall<SetFollowUpStatusBody>): Promise<FollowUpStatusResult> {
  requireActor(ctx);
  const patient = await loadPatient(ctx, input.patientId);
  return inTransaction(ctx, async (tx) => {
    await lockPatient(tx, patient);
    return changeStatus(tx, patient, input.status, input.reason);
  });
}

/** GET /api/outreach/contacts?patientId=: the patient's attempts, newest first (a read of patient data: audited). */
export async function listContacts({ ctx, input }: ServiceCall<{ patientId: number }>): Promise<ContactItem[]> {
  const patient = await loadPatient(ctx, input.patientId);
  const rows = await ctx.db
    .select({
      id: outreachContacts.id,
      patientId: outreachContacts.patientId,
      channel: outreachContacts.channel,
      result: outreachContacts.result,
      note: outreachContacts.note,
      remindOn: outreachContacts.remindOn,
      contactDate: outreachContacts.contactDate,
      createdAt: outreachContacts.createdAt,
      createdById: accounts.id,
      createdByName: accounts.name,
    })
    .from(outreachContacts)
    .leftJoin(accounts, eq(accounts.id, outreachContacts.createdBy))
    .where(eq(outreachContacts.patientId, patient.id))
    .orderBy(desc(outreachContacts.createdAt), desc(outreachContacts.id));
  await writeAudit(ctx, {
    action: 'outreach.contacts.list',
    entity: 'patient',
    entityId: patient.id,
    institutionId: patient.institutionId,
    detail: { rows: rows.length },
  });
  return rows.map((r) => ({
    id: r.id,
    patientId: r.patientId,
    channel: r.channel,
    result: r.result,
    note: r.note,
    remindOn: isoDateOrNull(r.remindOn),
    contactDate: isoDate(r.contactDate),
    createdAt: new Date(r.createdAt).toISOString(),
    createdBy: r.createdById === null ? null : { id: r.createdById, name: r.createdByName ?? '' },
  }));
}
