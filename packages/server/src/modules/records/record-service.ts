import { type AnnexKey, type AnnexRecord, getInstrument, type InstrumentDefinition, ResponseCode, validateRecord } from '@tcm/contracts';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { accounts, annexRecords, patients } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { type Ctx, inTransaction, requireActor } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { todayOf } from '../../lib/scope';
import { loadPatientRow } from '../patients/patient-queries';
import { isoDate } from '../patients/patient-view';
import { buildInstrumentContext } from './instrument-context';
import { refreshPatientSummary } from './patient-summary';
import { assertAnnexAllowed } from './record-rules';

function definitionOf(annex: AnnexKey): InstrumentDefinition {
  const def = getInstrument(annex);
  if (!def) throw badRequest(`未知附件：${annex}`);
  return def;
}

type RecordRow = typeof annexRecords.$inferSelect & { doctorName: string | null };

function toRecord(row: RecordRow): AnnexRecord {
  return {
    id: row.id,
    annex: row.annex as AnnexRecord['annex'],
    patientId: row.patientId,
    version: row.version,
    data: row.data as Record<string, unknown>,
    derived: row.derived as Record<string, unknown>,
    filledAt: isoDate(row.filledAt),
    nextDueDate: row.nextDueDate ? isoDate(row.nextDueDate) : null,
    doctorId: row.doctorId,
    doctorName: row.doctorName ?? '',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Validates against the definition; a refusal names every item at fault and saves nothing. */
async function validated(
  ctx: Ctx,
  def: InstrumentDefinition,
  patient: Awaited<ReturnType<typeof loadPatientRow>>,
  data: unknown,
  excludeId?: number,
) {
  const context = await buildInstrumentContext(ctx, patient, def.key, excludeId);
  const result = validateRecord(def, data, context);
  if (!result.ok) {
    const first = result.errors[0]?.message ?? '记录内容不正确';
    const more = result.errors.length > 1 ? `（共 ${result.errors.length} 处问题）` : '';
    throw new AppError(ResponseCode.BAD_REQUEST, `${first}${more}`, 400, { errors: result.errors });
  }
  const filledAt = result.data[def.dateItem];
  if (typeof filledAt !== 'string') throw badRequest(`请填写${def.title.zh}的日期`);
  const nextDue = def.nextDueItem ? result.data[def.nextDueItem] : undefined;
  return { ...result, filledAt, nextDueDate: typeof nextDue === 'string' ? nextDue : null };
}

async function loadRecordRow(ctx: Ctx, annex: AnnexKey, id: number): Promise<RecordRow> {
  const [row] = await ctx.db
    .select({ record: annexRecords, doctorName: accounts.name })
    .from(annexRecords)
    .leftJoin(accounts, eq(accounts.id, annexRecords.doctorId))
    .where(and(eq(annexRecords.id, id), eq(annexRecords.annex, annex), isNull(annexRecords.voidedAt)))
    .limit(1);
  if (!row) throw notFound('记录不存在');
  return { ...row.record, doctorName: row.doctorName };
}

export async function createRecord(ctx: Ctx, annex: AnnexKey, input: { patientId: number; data: unknown }): Promise<AnnexRecord> {
  const actor = requireActor(ctx);
  const def = definitionOf(annex);
  const patient = await loadPatientRow(ctx, input.patientId);
  assertAnnexAllowed(patient, annex);
  const checked = await validated(ctx, def, patient, input.data);
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(annexRecords)
      .values({
        patientId: patient.id,
        annex,
        version: def.version,
        data: checked.data,
        derived: checked.derived,
        filledAt: checked.filledAt,
        nextDueDate: checked.nextDueDate,
        doctorId: actor.id,
        createdAt: tx.now,
        updatedAt: tx.now,
      })
      .returning();
    if (!row) throw new Error('record insert returned nothing');
    // The end evaluation is saved together with ending management (issue 5).
    if (annex === '8' && !patient.endManagement) {
      await tx.db
        .update(patients)
        .set({ endManagement: true, endedAt: todayOf(tx), updatedAt: tx.now })
        .where(eq(patients.id, patient.id));
      await writeAudit(tx, {
        action: 'patient.endManagement',
        entity: 'patient',
        entityId: patient.id,
        institutionId: patient.institutionId,
        detail: { byRecord: row.id },
      });
    }
    await refreshPatientSummary(tx.db, patient.id);
    await writeAudit(tx, {
      action: 'record.create',
      entity: `annex${annex}`,
      entityId: row.id,
      institutionId: patient.institutionId,
      detail: { patientId: patient.id, after: { data: row.data, derived: row.derived } },
    });
    return toRecord({ ...row, doctorName: actor.name });
  });
}

export async function listRecords(ctx: Ctx, annex: AnnexKey, input: { patientId: number; page: number; limit: number }) {
  definitionOf(annex);
  await loadPatientRow(ctx, input.patientId);
  const where = and(eq(annexRecords.patientId, input.patientId), eq(annexRecords.annex, annex), isNull(annexRecords.voidedAt));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ record: annexRecords, doctorName: accounts.name })
      .from(annexRecords)
      .leftJoin(accounts, eq(accounts.id, annexRecords.doctorId))
      .where(where)
      .orderBy(desc(annexRecords.filledAt), desc(annexRecords.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    ctx.db.select({ value: count() }).from(annexRecords).where(where),
  ]);
  return {
    list: rows.map((r) => toRecord({ ...r.record, doctorName: r.doctorName })),
    total: total?.value ?? 0,
    page: input.page,
    limit: input.limit,
  };
}

export async function getRecord(ctx: Ctx, annex: AnnexKey, id: number): Promise<AnnexRecord> {
  const row = await loadRecordRow(ctx, annex, id);
  await loadPatientRow(ctx, row.patientId);
  return toRecord(row);
}

export async function updateRecord(ctx: Ctx, annex: AnnexKey, id: number, input: { data: unknown }): Promise<AnnexRecord> {
  requireActor(ctx);
  const def = definitionOf(annex);
  const before = await loadRecordRow(ctx, annex, id);
  const patient = await loadPatientRow(ctx, before.patientId);
  const checked = await validated(ctx, def, patient, input.data, id);
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(annexRecords)
      .set({
        version: def.version,
        data: checked.data,
        derived: checked.derived,
        filledAt: checked.filledAt,
        nextDueDate: checked.nextDueDate,
        updatedAt: tx.now,
      })
      .where(eq(annexRecords.id, id))
      .returning();
    if (!row) throw notFound('记录不存在');
    await refreshPatientSummary(tx.db, patient.id);
    await writeAudit(tx, {
      action: 'record.update',
      entity: `annex${annex}`,
      entityId: id,
      institutionId: patient.institutionId,
      detail: {
        patientId: patient.id,
        before: { data: before.data, derived: before.derived },
        after: { data: row.data, derived: row.derived },
      },
    });
    return toRecord({ ...row, doctorName: before.doctorName });
  });
}

/** Records are voided with a reason, never deleted; a voided record stays for the audit trail. */
export async function voidRecord(ctx: Ctx, annex: AnnexKey, id: number, reason: string): Promise<Record<string, never>> {
  const before = await loadRecordRow(ctx, annex, id);
  const patient = await loadPatientRow(ctx, before.patientId);
  return inTransaction(ctx, async (tx) => {
    await tx.db.update(annexRecords).set({ voidedAt: tx.now, voidReason: reason, updatedAt: tx.now }).where(eq(annexRecords.id, id));
    await refreshPatientSummary(tx.db, patient.id);
    await writeAudit(tx, {
      action: 'record.void',
      entity: `annex${annex}`,
      entityId: id,
      institutionId: patient.institutionId,
      detail: { patientId: patient.id, reason },
    });
    return {};
  });
}
