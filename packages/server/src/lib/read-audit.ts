import type { AuditAction } from '@tcm/contracts';
import { writeAudit } from './audit';
import type { Ctx } from './context';

/** The audit actions of reads of one patient's clinical data. */
export type PatientReadAction = Extract<
  AuditAction,
  'record.list' | 'record.read' | 'record.revisions' | 'prescription.current' | 'prescription.list' | 'prescription.read'
>;

/**
 * One audit row for a call that read a patient's clinical data: who (the session), which patient
 * (entity 'patient' and its id, so "who looked at this patient" is one filter), what (the action, the
 * instrument or prescription kind, the record id) and how much (`count`, the rows answered). Never the
 * values read: the log is kept for years and read by administrators. Counters and bells are not reads
 * of a patient and write nothing.
 */
export async function auditPatientRead(
  ctx: Ctx,
  action: PatientReadAction,
  patient: { id: number; institutionId: number },
  detail: Record<string, string | number>,
): Promise<void> {
  await writeAudit(ctx, { action, entity: 'patient', entityId: patient.id, institutionId: patient.institutionId, detail });
}
