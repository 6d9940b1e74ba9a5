import { ResponseCode } from '@tcm/contracts';
import type {
  CurrentPrescriptions,
  IssuedPrescription,
  PrescriptionBlankResult,
  PrescriptionHistoryQuery,
} from '@tcm/contracts/api/prescription';
import { parsePrescription } from '@tcm/contracts/prescriptions/schemas';
import { suggestPrescription } from '@tcm/contracts/prescriptions/suggestions';
import { PRESCRIPTION_KINDS, type PrescriptionKind } from '@tcm/contracts/prescriptions/templates';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { loadPatient, type ScopedPatient } from '../../db/queries/patients';
import { prescriptions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { type Ctx, inTransaction, requireActor, type ServiceCall } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { auditPatientRead } from '../../lib/read-audit';
import { todayOf } from '../../lib/scope';
import { loadClinicalFacts } from './clinical-facts';
import { doctorJoin, type IssuedRow, issuedColumns, toIssued } from './prescription-view';

type PatientRow = ScopedPatient;

/**
 * Prescriptions are part of the managed group's intervention (PRODUCT §3); the comparison group
 * receives none, as it records no interventions either.
 */
function assertPrescribable(patient: PatientRow): void {
  if (patient.cohort !== 'managed') throw badRequest('对照组成员不开具健康处方（对照组不接受干预）');
}

/** A live (not voided) prescription of this kind, or 404; the caller then checks its patient's scope. */
async function loadIssuedRow(ctx: Ctx, kind: PrescriptionKind, id: number): Promise<IssuedRow> {
  const [row] = await ctx.db
    .select(issuedColumns)
    .from(prescriptions)
    .leftJoin(...doctorJoin)
    .where(and(eq(prescriptions.id, id), eq(prescriptions.kind, kind), isNull(prescriptions.voidedAt)))
    .limit(1);
  if (!row) throw notFound('处方不存在或已作废');
  return row;
}

/** The blank of a kind, prefilled from the patient's latest annex 1, 2, 3 and 6 records; each suggestion says why. */
export async function blankPrescription({
  ctx,
  input: { kind, patientId },
}: ServiceCall<{ kind: PrescriptionKind; patientId: number }>): Promise<PrescriptionBlankResult> {
  const patient = await loadPatient(ctx, patientId);
  assertPrescribable(patient);
  const facts = await loadClinicalFacts(ctx, patient);
  return suggestPrescription(kind, patient.id, facts) as PrescriptionBlankResult;
}

/** The patient is looked up (and scope checked) before the content, so another institution learns nothing. */
function patientIdOf(body: Record<string, unknown>): number | undefined {
  const value = body.patientId;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** Validates the content against the kind's schema; a refusal names every field at fault and saves nothing. */
function checkedContent(kind: PrescriptionKind, body: Record<string, unknown>) {
  const result = parsePrescription(kind, body);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ item: issue.path.map(String).join('.'), message: issue.message }));
  const first = errors[0]?.message ?? '处方内容不正确';
  const more = errors.length > 1 ? `（共 ${errors.length} 处问题）` : '';
  throw new AppError(ResponseCode.BAD_REQUEST, `${first}${more}`, 400, { errors });
}

export async function createPrescription({
  ctx,
  input: { kind, body },
}: ServiceCall<{ kind: PrescriptionKind; body: Record<string, unknown> }>): Promise<IssuedPrescription> {
  const actor = requireActor(ctx);
  const patientId = patientIdOf(body);
  const patient = patientId === undefined ? undefined : await loadPatient(ctx, patientId);
  if (patient) assertPrescribable(patient);
  const content = checkedContent(kind, body);
  if (!patient) throw badRequest('患者编号无效');
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(prescriptions)
      .values({ patientId: patient.id, kind, content, issuedAt: todayOf(tx), doctorId: actor.id, createdAt: tx.now })
      .returning();
    if (!row) throw new Error('prescription insert returned nothing');
    await writeAudit(tx, {
      action: 'prescription.create',
      entity: 'prescription',
      entityId: row.id,
      institutionId: patient.institutionId,
      detail: { patientId: patient.id, kind, after: row.content },
    });
    return toIssued({ ...row, doctorName: actor.name });
  });
}

/** A patient's prescriptions of one kind, newest first; voided ones are left out. */
export async function listPrescriptions({
  ctx,
  input: { kind, query },
}: ServiceCall<{ kind: PrescriptionKind; query: PrescriptionHistoryQuery }>) {
  const patient = await loadPatient(ctx, query.patientId);
  const where = and(eq(prescriptions.patientId, query.patientId), eq(prescriptions.kind, kind), isNull(prescriptions.voidedAt));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(issuedColumns)
      .from(prescriptions)
      .leftJoin(...doctorJoin)
      .where(where)
      .orderBy(desc(prescriptions.issuedAt), desc(prescriptions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ value: count() }).from(prescriptions).where(where),
  ]);
  await auditPatientRead(ctx, 'prescription.list', patient, { kind, page: query.page, count: rows.length });
  return { list: rows.map(toIssued), total: total?.value ?? 0, page: query.page, limit: query.limit };
}

export async function getPrescription({
  ctx,
  input: { kind, id },
}: ServiceCall<{ kind: PrescriptionKind; id: number }>): Promise<IssuedPrescription> {
  const row = await loadIssuedRow(ctx, kind, id);
  const patient = await loadPatient(ctx, row.patientId);
  await auditPatientRead(ctx, 'prescription.read', patient, { kind, prescriptionId: id, count: 1 });
  return toIssued(row);
}

/** The latest live prescription of every kind (null where none), for /prescribe/index. */
export async function currentPrescriptions({
  ctx,
  input: { patientId },
}: ServiceCall<{ patientId: number }>): Promise<CurrentPrescriptions> {
  const patient = await loadPatient(ctx, patientId);
  const rows = await ctx.db
    .selectDistinctOn([prescriptions.kind], issuedColumns)
    .from(prescriptions)
    .leftJoin(...doctorJoin)
    .where(and(eq(prescriptions.patientId, patientId), isNull(prescriptions.voidedAt)))
    .orderBy(prescriptions.kind, desc(prescriptions.issuedAt), desc(prescriptions.id));
  const current = Object.fromEntries(PRESCRIPTION_KINDS.map((kind) => [kind, null])) as Record<string, IssuedPrescription | null>;
  for (const row of rows) if (row.kind in current) current[row.kind] = toIssued(row);
  await auditPatientRead(ctx, 'prescription.current', patient, { count: rows.length });
  return current as CurrentPrescriptions;
}

/** Prescriptions are voided with a reason, never deleted; the voided one stays for the audit trail. */
export async function voidPrescription({
  ctx,
  input: { kind, id, reason },
}: ServiceCall<{ kind: PrescriptionKind; id: number; reason: string }>): Promise<Record<string, never>> {
  requireActor(ctx);
  const before = await loadIssuedRow(ctx, kind, id);
  const patient = await loadPatient(ctx, before.patientId);
  return inTransaction(ctx, async (tx) => {
    const [voided] = await tx.db
      .update(prescriptions)
      .set({ voidedAt: tx.now, voidReason: reason })
      .where(and(eq(prescriptions.id, id), isNull(prescriptions.voidedAt)))
      .returning({ id: prescriptions.id });
    // Someone else voided it between the read and this write.
    if (!voided) throw notFound('处方不存在或已作废');
    await writeAudit(tx, {
      action: 'prescription.void',
      entity: 'prescription',
      entityId: id,
      institutionId: patient.institutionId,
      detail: { patientId: patient.id, kind, reason, before: before.content },
    });
    return {};
  });
}
