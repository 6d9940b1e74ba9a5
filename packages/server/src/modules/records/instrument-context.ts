import { type AnnexKey, type GlucoseMeasurement, hasClassicSymptoms, type InstrumentContext, type RecordSnapshot } from '@tcm/contracts';
import { and, asc, eq, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import { annexRecords } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { isoDate } from '../../lib/dates';
import { todayOf } from '../../lib/scope';

interface PatientFacts {
  id: number;
  gender: 'man' | 'woman';
  birthDate: string;
  cohort: 'managed' | 'comparison';
  comparisonRole: number | null;
  enrolledAt?: string | Date | null;
}

/** The annexes that record glucose values. */
const GLUCOSE_ANNEXES: ReadonlySet<string> = new Set(['1', '7', '8', '9']);

function numberAt(data: Record<string, unknown>, key: string): number | null {
  const value = data[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** One stored record's glucose values as a measurement of its date (contracts diabetes-confirmation). */
export function glucoseMeasurementOf(annex: string, date: string, data: Record<string, unknown>): GlucoseMeasurement {
  return {
    date,
    fpg: numberAt(data, 'fpg'),
    ogtt2h: numberAt(data, 'ogtt2h'),
    hba1c: numberAt(data, 'hba1c'),
    randomGlucose: numberAt(data, 'randomGlucose'),
    hasClassicSymptoms: annex === '1' ? data.classicSymptoms === true : hasClassicSymptoms(data.symptoms),
  };
}

/** Where the record being saved stands: its clinical date and, once stored, its id. */
export interface ContextPosition {
  date: string;
  id?: number | undefined;
}

/**
 * The records that come before a record in the patient's order of records, by date and then id
 * (contracts `recordPrecedes`, which the web app's preview uses): earlier dates, and on the same date
 * the records saved before it. A record not saved yet comes after every stored record of its date.
 */
function precedes(at: ContextPosition): SQL | undefined {
  if (at.id === undefined) return lte(annexRecords.filledAt, at.date);
  return and(
    ne(annexRecords.id, at.id),
    or(lt(annexRecords.filledAt, at.date), and(eq(annexRecords.filledAt, at.date), lt(annexRecords.id, at.id))),
  );
}

/**
 * What a definition's derived values and rules need beyond the record: the patient, their baseline
 * (first live record of each annex), their latest records and the previous record of this annex, all
 * as of the record's own date: a back-dated or edited record is judged against what came
 * before it, never against a later visit. Voided records and the record itself never count.
 */
export async function buildInstrumentContext(
  ctx: Ctx,
  patient: PatientFacts,
  annex: AnnexKey,
  at: ContextPosition,
): Promise<InstrumentContext> {
  const before = and(eq(annexRecords.patientId, patient.id), isNull(annexRecords.voidedAt), precedes(at));
  const snapshot = (row: { data: unknown; derived: unknown }): RecordSnapshot => ({
    data: row.data as RecordSnapshot['data'],
    derived: row.derived as RecordSnapshot['derived'],
  });
  // One read of every earlier live record, oldest first: the baseline is each annex's first, the
  // latest its last, and the glucose history the glucose annexes' rows in order. One statement
  // instead of one per view: on the embedded PGlite every statement is a turn through its single
  // connection, and a patient has tens of records, not thousands.
  const rows = await ctx.db
    .select({ annex: annexRecords.annex, filledAt: annexRecords.filledAt, data: annexRecords.data, derived: annexRecords.derived })
    .from(annexRecords)
    .where(before)
    .orderBy(asc(annexRecords.filledAt), asc(annexRecords.id));
  const baseline: InstrumentContext['baseline'] = {};
  const latest: InstrumentContext['latest'] = {};
  const glucoseHistory: GlucoseMeasurement[] = [];
  for (const row of rows) {
    const key = row.annex as AnnexKey;
    baseline[key] ??= snapshot(row);
    latest[key] = snapshot(row);
    if (GLUCOSE_ANNEXES.has(row.annex)) {
      glucoseHistory.push(glucoseMeasurementOf(row.annex, isoDate(row.filledAt), (row.data ?? {}) as Record<string, unknown>));
    }
  }
  const context: InstrumentContext = {
    today: todayOf(ctx),
    gender: patient.gender,
    birthDate: isoDate(patient.birthDate),
    cohort: patient.cohort,
    baseline,
    latest,
    glucoseHistory,
  };
  if (patient.enrolledAt) context.enrolledAt = isoDate(patient.enrolledAt);
  if (patient.comparisonRole === 0 || patient.comparisonRole === 1) context.comparisonRole = patient.comparisonRole;
  const previous = latest[annex];
  if (previous) context.previous = previous;
  return context;
}
