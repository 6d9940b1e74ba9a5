import { ageAtDate } from '@tcm/contracts';
import type { ClinicalFacts } from '@tcm/contracts/prescriptions/suggestions';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { annexRecords } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { isoDate } from '../../lib/dates';
import { todayOf } from '../../lib/scope';

/**
 * The annexes the suggestion rules read: 1 diagnosis (glucose, status, comorbidities), 2 lifestyle
 * (activity, salt, sleep), 3 constitution (the CCMQ result), 6 physical exam (BMI, weight, waist, BP),
 * and the follow-ups 7, 8 and 9, whose values are the latest ones: a follow-up FPG of 8.5 must change
 * the advice as much as a baseline one.
 */
const FACT_ANNEXES = ['1', '2', '3', '6', '7', '8', '9'] as const;
/** The records with measurements, latest first when a value is looked up. */
const MEASURE_ANNEXES = ['1', '6', '7', '8', '9'] as const;
const GLUCOSE_KEYS = ['fpg', 'ogtt2h', 'randomGlucose'] as const;
const HYPOGLYCAEMIA_AT = 3.9;

type Values = Record<string, unknown>;
interface Snapshot {
  annex: string;
  data: Values;
  derived: Values;
}

const numberOf = (values: Values | undefined, key: string): number | undefined => {
  const value = values?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

const stringOf = (values: Values | undefined, key: string): string | undefined => {
  const value = values?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const stringsOf = (values: Values | undefined, key: string): string[] => {
  const value = values?.[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

/** The value of the most recent record (of the given annexes) that has it. */
function latestOf(records: readonly Snapshot[], key: string, where: 'data' | 'derived' = 'data'): number | undefined {
  for (const record of records) {
    const value = numberOf(record[where], key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The latest glycemic status: annex 1 and 7 `glycemicStatus`, annex 8 `finalStatus`. */
function latestStatus(records: readonly Snapshot[]): string | undefined {
  for (const record of records) {
    const status = stringOf(record.derived, record.annex === '8' ? 'finalStatus' : 'glycemicStatus');
    if (status) return status;
  }
  return undefined;
}

/**
 * The facts of a patient's live records (two queries): each measurement from the most recent record
 * that has it, the lifestyle and constitution of the latest annex 2 and 3, and the safety facts (age,
 * blood pressure, cardiovascular disease, pregnancy, recurrent hypoglycaemia).
 */
export async function loadClinicalFacts(
  ctx: Ctx,
  patient: { id: number; gender: 'man' | 'woman'; birthDate?: string | Date },
): Promise<ClinicalFacts> {
  const live = and(eq(annexRecords.patientId, patient.id), isNull(annexRecords.voidedAt));
  const [rows, glucoseRows] = await Promise.all([
    ctx.db
      .select({ annex: annexRecords.annex, data: annexRecords.data, derived: annexRecords.derived })
      .from(annexRecords)
      .where(and(live, inArray(annexRecords.annex, [...FACT_ANNEXES])))
      .orderBy(desc(annexRecords.filledAt), desc(annexRecords.id)),
    ctx.db
      .select({ annex: annexRecords.annex, data: annexRecords.data })
      .from(annexRecords)
      .where(and(live, inArray(annexRecords.annex, ['1', '7', '8', '9'])))
      .orderBy(asc(annexRecords.filledAt)),
  ]);
  const records: Snapshot[] = rows.map((row) => ({ annex: row.annex, data: row.data as Values, derived: row.derived as Values }));
  const latestAnnex = (annex: string) => records.find((record) => record.annex === annex);
  const measures = records.filter((record) => (MEASURE_ANNEXES as readonly string[]).includes(record.annex));
  const glycaemic = records.filter((record) => ['1', '7', '8'].includes(record.annex));
  const diagnosis = latestAnnex('1');
  const lifestyle = latestAnnex('2');
  const constitution = latestAnnex('3');

  const lowValues = glucoseRows.flatMap((row) =>
    GLUCOSE_KEYS.map((key) => numberOf(row.data as Values, key)).filter((value) => value !== undefined && value <= HYPOGLYCAEMIA_AT),
  );
  const frequent = latestAnnex('9')?.data.hypoglycaemia === 'frequent';
  const pregnancy = patient.gender === 'woman' ? records.find((r) => stringOf(r.data, 'pregnancy'))?.data.pregnancy : undefined;

  const facts: ClinicalFacts = {
    gender: patient.gender,
    fpg: latestOf(measures, 'fpg'),
    ogtt2h: latestOf(measures, 'ogtt2h'),
    hba1c: latestOf(measures, 'hba1c'),
    glycemicStatus: latestStatus(glycaemic),
    activityMinutesPerWeek: numberOf(lifestyle?.derived, 'activityMinutesPerWeek'),
    saltGramsPerDay: numberOf(lifestyle?.data, 'saltGrams'),
    sleepHours: numberOf(lifestyle?.data, 'sleepHours'),
    bmi: latestOf(measures, 'bmi', 'derived'),
    weightKg: latestOf(measures, 'weight'),
    waistCm: latestOf(measures, 'waist'),
    sbp: latestOf(measures, 'sbp'),
    dbp: latestOf(measures, 'dbp'),
    recurrentHypoglycaemia: frequent || lowValues.length >= 2,
    cardiovascular: stringsOf(diagnosis?.data, 'comorbidities').includes('coronaryHeartDisease'),
  };
  if (patient.birthDate) facts.age = ageAtDate(isoDate(patient.birthDate), todayOf(ctx));
  if (pregnancy === 'pregnant' || pregnancy === 'lactating') facts.pregnancy = pregnancy;
  const primaryTypes = stringsOf(constitution?.derived, 'primaryTypes');
  const tendencyTypes = stringsOf(constitution?.derived, 'tendencyTypes');
  if (primaryTypes.length > 0 || tendencyTypes.length > 0) facts.physique = { primaryTypes, tendencyTypes };
  return facts;
}
