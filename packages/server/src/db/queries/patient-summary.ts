import { followUpAnnex } from '@tcm/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { annexRecords, patients } from '../schema';
import { urgentStateSql } from './urgent';

/**
 * Recomputes a patient's summary columns (filled annexes, latest follow-up date, the urgent state of
 * db/queries/urgent.ts) from their live records. Called by every record write inside its transaction,
 * so the lists never disagree with the records they summarise.
 */
export async function refreshPatientSummary(db: Db, patientId: number): Promise<void> {
  const [patient] = await db
    .select({ cohort: patients.cohort, comparisonRole: patients.comparisonRole })
    .from(patients)
    .where(eq(patients.id, patientId));
  if (!patient) return;
  const followUp = followUpAnnex(patient.cohort, patient.comparisonRole);
  await db.execute(patientSummarySql(patientId, followUp));
}

/** The summary update of one patient whose follow-up instrument is `followUp`. */
export function patientSummarySql(patientId: number, followUp: string): SQL {
  return sql`
    update ${patients} set
      filled_annexes = coalesce((
        select array_agg(distinct r.annex order by r.annex) from ${annexRecords} r
        where r.patient_id = ${patientId} and r.voided_at is null), '{}'::text[]),
      last_follow_up_date = (
        select max(r.filled_at) from ${annexRecords} r
        where r.patient_id = ${patientId} and r.voided_at is null and r.annex = ${followUp}),
      last_follow_up_saved_at = (
        select max(r.created_at) from ${annexRecords} r
        where r.patient_id = ${patientId} and r.voided_at is null and r.annex = ${followUp}),
      (urgent_since, urgent_alert) = ${urgentStateSql(patientId)}
    where id = ${patientId}`;
}
