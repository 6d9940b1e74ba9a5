import { recordPrecedes } from '@tcm/contracts/api/record-order';
import type { AnnexRecord } from '@tcm/contracts/api/records';
import type { AnnexKey, InstrumentContext, RecordSnapshot } from '@tcm/contracts/instruments/types';
import dayjs from '../lib/dayjs';

export interface ContextPatient {
  gender?: InstrumentContext['gender'];
  birthDate?: string;
  /** The enrolment date: the engine keeps a record's date within the programme's window around it. */
  enrolledAt?: string;
  cohort?: InstrumentContext['cohort'];
  /** The list's `role`: 0 pre-diabetes, 1 diabetes for comparison members. */
  role?: unknown;
}

const snapshot = (record: AnnexRecord): RecordSnapshot => ({ data: record.data, derived: record.derived });

/**
 * The validation context as the server builds it: the patient's facts and the first and latest
 * live record of each annex (newest-first histories), leaving out the record being edited. With
 * `asOf` (the record's date) only the records before it count, by date then id, as on the server.
 */
export function buildInstrumentContext(
  annex: AnnexKey,
  patient: ContextPatient,
  histories: Partial<Record<AnnexKey, AnnexRecord[]>>,
  excludeId?: number,
  today = dayjs().format('YYYY-MM-DD'),
  asOf?: string,
): InstrumentContext {
  const baseline: InstrumentContext['baseline'] = {};
  const latest: InstrumentContext['latest'] = {};
  for (const [key, list] of Object.entries(histories) as [AnnexKey, AnnexRecord[]][]) {
    const live = list.filter(
      (record) => record.id !== excludeId && (asOf === undefined || recordPrecedes(record, { date: asOf, id: excludeId })),
    );
    const newest = live[0];
    const oldest = live[live.length - 1];
    if (newest) latest[key] = snapshot(newest);
    if (oldest) baseline[key] = snapshot(oldest);
  }
  const context: InstrumentContext = { today, baseline, latest };
  if (patient.gender) context.gender = patient.gender;
  if (patient.birthDate) context.birthDate = patient.birthDate.slice(0, 10);
  if (patient.enrolledAt) context.enrolledAt = patient.enrolledAt.slice(0, 10);
  if (patient.cohort) context.cohort = patient.cohort;
  if (patient.cohort === 'comparison' && (patient.role === 0 || patient.role === 1)) context.comparisonRole = patient.role;
  const previous = latest[annex];
  if (previous) context.previous = previous;
  return context;
}
