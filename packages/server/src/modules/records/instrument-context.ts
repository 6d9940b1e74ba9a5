import type { AnnexKey, InstrumentContext, RecordSnapshot } from '@tcm/contracts';
import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import { annexRecords } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { todayOf } from '../../lib/scope';
import { isoDate } from '../patients/patient-view';

interface PatientFacts {
  id: number;
  gender: 'man' | 'woman';
  birthDate: string;
  cohort: 'managed' | 'comparison';
  comparisonRole: number | null;
}

/**
 * What a definition's derived values and rules need beyond the record: the patient, their baseline
 * (first live record of each annex), their latest records and the previous record of this annex.
 * `excludeId` leaves out the record being edited so that it is not its own baseline.
 */
export async function buildInstrumentContext(
  ctx: Ctx,
  patient: PatientFacts,
  annex: AnnexKey,
  excludeId?: number,
): Promise<InstrumentContext> {
  const live = and(
    eq(annexRecords.patientId, patient.id),
    isNull(annexRecords.voidedAt),
    excludeId === undefined ? undefined : ne(annexRecords.id, excludeId),
  );
  const snapshot = (row: { data: unknown; derived: unknown }): RecordSnapshot => ({
    data: row.data as RecordSnapshot['data'],
    derived: row.derived as RecordSnapshot['derived'],
  });
  // One pass per direction: the first and the latest record of every annex.
  const [firsts, latests] = await Promise.all([
    ctx.db
      .selectDistinctOn([annexRecords.annex], { annex: annexRecords.annex, data: annexRecords.data, derived: annexRecords.derived })
      .from(annexRecords)
      .where(live)
      .orderBy(annexRecords.annex, asc(annexRecords.filledAt), asc(annexRecords.id)),
    ctx.db
      .selectDistinctOn([annexRecords.annex], { annex: annexRecords.annex, data: annexRecords.data, derived: annexRecords.derived })
      .from(annexRecords)
      .where(live)
      .orderBy(annexRecords.annex, desc(annexRecords.filledAt), desc(annexRecords.id)),
  ]);
  const baseline: InstrumentContext['baseline'] = {};
  for (const row of firsts) baseline[row.annex as AnnexKey] = snapshot(row);
  const latest: InstrumentContext['latest'] = {};
  for (const row of latests) latest[row.annex as AnnexKey] = snapshot(row);
  const context: InstrumentContext = {
    today: todayOf(ctx),
    gender: patient.gender,
    birthDate: isoDate(patient.birthDate),
    cohort: patient.cohort,
    baseline,
    latest,
  };
  if (patient.comparisonRole === 0 || patient.comparisonRole === 1) context.comparisonRole = patient.comparisonRole;
  const previous = latest[annex];
  if (previous) context.previous = previous;
  return context;
}
