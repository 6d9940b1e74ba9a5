import type { ClinicalFacts } from '@tcm/contracts/prescriptions/suggestions';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { annexRecords } from '../../db/schema';
import type { Ctx } from '../../lib/context';

/**
 * The annexes the suggestion rules read: 1 diagnosis (glucose and its status), 2 lifestyle (activity,
 * salt, sleep), 3 constitution (the CCMQ result) and 6 physical exam (BMI, weight, waist).
 */
const FACT_ANNEXES = ['1', '2', '3', '6'] as const;

type Values = Record<string, unknown>;

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

/** The facts of a patient's latest live record of annexes 1, 2, 3 and 6 (one query), with their gender. */
export async function loadClinicalFacts(ctx: Ctx, patient: { id: number; gender: 'man' | 'woman' }): Promise<ClinicalFacts> {
  const rows = await ctx.db
    .selectDistinctOn([annexRecords.annex], { annex: annexRecords.annex, data: annexRecords.data, derived: annexRecords.derived })
    .from(annexRecords)
    .where(and(eq(annexRecords.patientId, patient.id), inArray(annexRecords.annex, [...FACT_ANNEXES]), isNull(annexRecords.voidedAt)))
    .orderBy(annexRecords.annex, desc(annexRecords.filledAt), desc(annexRecords.id));
  const latest = new Map(rows.map((row) => [row.annex, { data: row.data as Values, derived: row.derived as Values }]));
  const diagnosis = latest.get('1');
  const lifestyle = latest.get('2');
  const constitution = latest.get('3');
  const exam = latest.get('6');

  const facts: ClinicalFacts = {
    gender: patient.gender,
    fpg: numberOf(diagnosis?.data, 'fpg'),
    ogtt2h: numberOf(diagnosis?.data, 'ogtt2h'),
    glycemicStatus: stringOf(diagnosis?.derived, 'glycemicStatus'),
    activityMinutesPerWeek: numberOf(lifestyle?.derived, 'activityMinutesPerWeek'),
    saltGramsPerDay: numberOf(lifestyle?.data, 'saltGrams'),
    sleepHours: numberOf(lifestyle?.data, 'sleepHours'),
    bmi: numberOf(exam?.derived, 'bmi'),
    weightKg: numberOf(exam?.data, 'weight'),
    waistCm: numberOf(exam?.data, 'waist'),
  };
  const primaryTypes = stringsOf(constitution?.derived, 'primaryTypes');
  const tendencyTypes = stringsOf(constitution?.derived, 'tendencyTypes');
  if (primaryTypes.length > 0 || tendencyTypes.length > 0) facts.physique = { primaryTypes, tendencyTypes };
  return facts;
}
