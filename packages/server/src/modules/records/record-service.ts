import {
  type AnnexKey,
  type AnnexRecord,
  getInstrument,
  type InstrumentDefinition,
  isIsoDate,
  ResponseCode,
  STALE_REVISION_MESSAGE,
  validateRecord,
} from '@tcm/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { refreshOutcomeFacts } from '../../db/queries/outcome-facts';
import { refreshPatientSummary } from '../../db/queries/patient-summary';
import { loadPatient, type ScopedPatient, writePatient } from '../../db/queries/patients';
import { recordCountQuery, recordPageQuery } from '../../db/queries/record-reads';
import { annexRecords, recordRevisions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { type Ctx, inTransaction, requireActor, type ServiceCall } from '../../lib/context';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { auditPatientRead } from '../../lib/read-audit';
import { todayOf } from '../../lib/scope';
import { buildInstrumentContext } from './instrument-context';
import { recordRevision } from './record-revisions';
import { loadRecordRow, toRecord } from './record-rows';
import { assertAnnexAllowed } from './record-rules';

function definitionOf(annex: AnnexKey): InstrumentDefinition {
  const def = getInstrument(annex);
  if (!def) throw badRequest(`未知附件：${annex}`);
  return def;
}

/**
 * The item errors a refusal carries: enough to mark every field of a form a person filled, while a
 * body of thousands of made-up keys does not answer with thousands of errors. The message keeps the total.
 */
export const MAX_REPORTED_ERRORS = 20;

/**
 * Validates against the definition; a refusal names the items at fault (the first
 * MAX_REPORTED_ERRORS) and saves nothing. The context is built as of the record's own date (as sent;
 * an invalid date is refused by the item check, so today stands in for it) and, for an edit, its id.
 */
async function validated(ctx: Ctx, def: InstrumentDefinition, patient: ScopedPatient, data: unknown, recordId?: number) {
  const sentDate = (data as Record<string, unknown>)[def.dateItem];
  const date = isIsoDate(sentDate) ? sentDate : todayOf(ctx);
  const context = await buildInstrumentContext(ctx, patient, def.key, { date, id: recordId });
  const result = validateRecord(def, data, context);
  if (!result.ok) {
    const first = result.errors[0]?.message ?? '记录内容不正确';
    const more = result.errors.length > 1 ? `（共 ${result.errors.length} 处问题）` : '';
    throw new AppError(ResponseCode.BAD_REQUEST, `${first}${more}`, 400, { errors: result.errors.slice(0, MAX_REPORTED_ERRORS) });
  }
  const filledAt = result.data[def.dateItem];
  if (typeof filledAt !== 'string') throw badRequest(`请填写${def.title.zh}的日期`);
  const nextDue = def.nextDueItem ? result.data[def.nextDueItem] : undefined;
  return { ...result, filledAt, nextDueDate: typeof nextDue === 'string' ? nextDue : null };
}

/** The follow-up forms: a second one on a day that already has one is usually a repeated save. */
const FOLLOW_UP_ANNEXES: ReadonlySet<AnnexKey> = new Set<AnnexKey>(['7', '9']);

export const duplicateFollowUpMessage = (date: string) => `该患者 ${date} 已有一条随访记录，确认要再保存一条同日随访吗？`;

/**
 * A second follow-up of one patient on one date is refused with its own code unless the caller
 * confirms it (`confirmDuplicate: true`): the web app then asks the doctor instead of saving twice.
 */
async function refuseSameDayFollowUp(ctx: Ctx, patientId: number, annex: AnnexKey, date: string) {
  const [existing] = await ctx.db
    .select({ id: annexRecords.id })
    .from(annexRecords)
    .where(
      and(
        eq(annexRecords.patientId, patientId),
        eq(annexRecords.annex, annex),
        eq(annexRecords.filledAt, date),
        isNull(annexRecords.voidedAt),
      ),
    )
    .limit(1);
  if (existing) {
    throw new AppError(ResponseCode.DUPLICATE_FOLLOW_UP, duplicateFollowUpMessage(date), 409, { existingId: existing.id, date });
  }
}

export async function createRecord({
  ctx,
  input,
}: ServiceCall<{ annex: AnnexKey; patientId: number; data: unknown; confirmDuplicate?: boolean | undefined }>): Promise<AnnexRecord> {
  const { annex } = input;
  const actor = requireActor(ctx);
  const def = definitionOf(annex);
  const patient = await loadPatient(ctx, input.patientId);
  assertAnnexAllowed(patient, annex);
  const checked = await validated(ctx, def, patient, input.data);
  if (FOLLOW_UP_ANNEXES.has(annex) && !input.confirmDuplicate) await refuseSameDayFollowUp(ctx, patient.id, annex, checked.filledAt);
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
        revision: 1,
      })
      .returning();
    if (!row) throw new Error('record insert returned nothing');
    await tx.db.insert(recordRevisions).values(recordRevision(row, actor.id, tx.now));
    // The end evaluation is saved together with ending management.
    if (annex === '8' && !patient.endManagement) {
      await writePatient(tx, patient, { endManagement: true, endedAt: todayOf(tx), updatedAt: tx.now });
      await writeAudit(tx, {
        action: 'patient.endManagement',
        entity: 'patient',
        entityId: patient.id,
        institutionId: patient.institutionId,
        detail: { byRecord: row.id },
      });
    }
    await refreshPatientSummary(tx.db, patient.id);
    await refreshOutcomeFacts(tx.db, patient.id);
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

export async function listRecords({
  ctx,
  input: { annex, ...input },
}: ServiceCall<{ annex: AnnexKey; patientId: number; page: number; limit: number }>) {
  definitionOf(annex);
  const patient = await loadPatient(ctx, input.patientId);
  const [rows, [total]] = await Promise.all([
    recordPageQuery(ctx.db, input.patientId, annex, input.limit, (input.page - 1) * input.limit),
    recordCountQuery(ctx.db, input.patientId, annex),
  ]);
  await auditPatientRead(ctx, 'record.list', patient, { annex, page: input.page, count: rows.length });
  return {
    list: rows.map((r) => toRecord({ ...r.record, doctorName: r.doctorName })),
    total: total?.value ?? 0,
    page: input.page,
    limit: input.limit,
  };
}

export async function getRecord({ ctx, input: { annex, id } }: ServiceCall<{ annex: AnnexKey; id: number }>): Promise<AnnexRecord> {
  const row = await loadRecordRow(ctx, annex, id);
  const patient = await loadPatient(ctx, row.patientId);
  await auditPatientRead(ctx, 'record.read', patient, { annex, recordId: id, count: 1 });
  return toRecord(row);
}

/**
 * An edit applies only to the revision the editor read: a missing or stale revision, or a
 * record edited in between, answers 409 and changes nothing. The check and the write are one
 * statement (UPDATE … WHERE revision = ?), so of two parallel edits of one revision exactly one wins.
 * The new state is kept as the next revision; a voided record cannot be edited (409).
 */
export async function updateRecord({
  ctx,
  input: { annex, id, ...input },
}: ServiceCall<{ annex: AnnexKey; id: number; data: unknown; revision?: number | undefined }>): Promise<AnnexRecord> {
  const actor = requireActor(ctx);
  const def = definitionOf(annex);
  const before = await loadRecordRow(ctx, annex, id, true);
  const patient = await loadPatient(ctx, before.patientId);
  if (before.voidedAt) throw conflict('该记录已作废，不能修改');
  assertAnnexAllowed(patient, annex);
  const read = input.revision;
  if (read === undefined || read !== before.revision) throw conflict(STALE_REVISION_MESSAGE);
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
        revision: sql`${annexRecords.revision} + 1`,
      })
      .where(and(eq(annexRecords.id, id), eq(annexRecords.revision, read), isNull(annexRecords.voidedAt)))
      .returning();
    if (!row) throw conflict(STALE_REVISION_MESSAGE);
    await tx.db.insert(recordRevisions).values(recordRevision(row, actor.id, tx.now));
    await refreshPatientSummary(tx.db, patient.id);
    await refreshOutcomeFacts(tx.db, patient.id);
    await writeAudit(tx, {
      action: 'record.update',
      entity: `annex${annex}`,
      entityId: id,
      institutionId: patient.institutionId,
      detail: {
        patientId: patient.id,
        revision: { from: read, to: row.revision },
        before: { data: before.data, derived: before.derived },
        after: { data: row.data, derived: row.derived },
      },
    });
    return toRecord({ ...row, doctorName: before.doctorName });
  });
}

/** Records are voided with a reason, never deleted; a voided record stays for the audit trail. */
export async function voidRecord({
  ctx,
  input: { annex, id, reason },
}: ServiceCall<{ annex: AnnexKey; id: number; reason: string }>): Promise<Record<string, never>> {
  const before = await loadRecordRow(ctx, annex, id);
  const patient = await loadPatient(ctx, before.patientId);
  return inTransaction(ctx, async (tx) => {
    await tx.db.update(annexRecords).set({ voidedAt: tx.now, voidReason: reason, updatedAt: tx.now }).where(eq(annexRecords.id, id));
    await refreshPatientSummary(tx.db, patient.id);
    await refreshOutcomeFacts(tx.db, patient.id);
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
