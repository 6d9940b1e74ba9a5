import { ALERT_THRESHOLDS, GLYCEMIC_THRESHOLDS } from '@tcm/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The glycemic rules of contracts (clinical/glycemic.ts) written as SQL, so the outcome report can
 * classify every stored measurement inside the database. A test compares these fragments with
 * `classifyGlycemia` and `classifyFollowUpGlycemia` over a grid of values around every threshold.
 * The thresholds are the contracts' own constants, written into the SQL as numeric literals.
 */

const t = GLYCEMIC_THRESHOLDS;
const low = ALERT_THRESHOLDS.glucoseLow;
const literal = (value: number) => sql.raw(String(value));

/** Statuses that count as pre-diabetes at baseline (contracts `isPrediabetes`). */
export const PREDIABETES_STATUSES = ['IFG', 'IGT', 'IFG+IGT', 'elevatedHbA1c'] as const;
/** A diabetic-range reading, confirmed or not (contracts `isDiabeticRange`). */
export const DIABETIC_RANGE_STATUSES = ['diabetes', 'diabetesUnconfirmed'] as const;
/** Baseline statuses that involve IGT, which only a 2-hour value can exclude later (contracts `involvesIgt`). */
export const IGT_STATUSES = ['IGT', 'IFG+IGT'] as const;

export const textList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));

export interface GlycemicInputs {
  fpg: SQL;
  ogtt2h: SQL;
  hba1c: SQL;
  randomGlucose: SQL;
  /** A boolean expression: the classic symptoms were recorded as present. */
  classicSymptoms: SQL;
}

/** contracts `diabeticTestCount`: how many different tests of one sitting are diabetic (random only with symptoms). */
export function diabeticTestCountSql(v: GlycemicInputs): SQL<number> {
  const symptoms = sql`coalesce(${v.classicSymptoms}, false)`;
  return sql<number>`((case when ${v.fpg} >= ${literal(t.diabetesFpg)} then 1 else 0 end)
    + (case when ${v.ogtt2h} >= ${literal(t.diabetesOgtt2h)} then 1 else 0 end)
    + (case when ${v.hba1c} >= ${literal(t.diabetesHba1c)} then 1 else 0 end)
    + (case when ${v.randomGlucose} >= ${literal(t.diabetesRandom)} and ${symptoms} then 1 else 0 end))`;
}

/**
 * contracts `classifyGlycemia`, one sitting without history: two different diabetic tests, or one with
 * classic symptoms, are 'diabetes'; one alone 'diabetesUnconfirmed'; then any glucose ≤ 3.9 mmol/L is
 * 'hypoglycaemia'; without FPG and 2h-PG an HbA1c of 5.7–6.4 % reads elevatedHbA1c, a random glucose
 * ≥ 11.1 without symptoms randomHigh, else undetermined (null); otherwise IFG/IGT by WHO 1999, and an
 * HbA1c of 5.7–6.4 % or a random glucose ≥ 11.1 keeps the status from reading "normal".
 */
export function glycemicStatusSql(v: GlycemicInputs): SQL<string | null> {
  const symptoms = sql`coalesce(${v.classicSymptoms}, false)`;
  const diabeticTests = diabeticTestCountSql(v);
  const hba1cElevated = sql`${v.hba1c} >= ${literal(t.prediabetesHba1c)}`;
  const randomHigh = sql`${v.randomGlucose} >= ${literal(t.diabetesRandom)}`;
  return sql<string | null>`(case
    when ${diabeticTests} >= 2 or (${diabeticTests} = 1 and ${symptoms}) then 'diabetes'
    when ${diabeticTests} = 1 then 'diabetesUnconfirmed'
    when ${v.fpg} <= ${literal(low)} or ${v.ogtt2h} <= ${literal(low)} or ${v.randomGlucose} <= ${literal(low)} then 'hypoglycaemia'
    when ${v.fpg} is null and ${v.ogtt2h} is null then (case when ${hba1cElevated} then 'elevatedHbA1c' when ${randomHigh} then 'randomHigh' end)
    when ${v.fpg} >= ${literal(t.ifgFpgLower)} and ${v.ogtt2h} >= ${literal(t.igtOgtt2hLower)} then 'IFG+IGT'
    when ${v.fpg} >= ${literal(t.ifgFpgLower)} then 'IFG'
    when ${v.ogtt2h} >= ${literal(t.igtOgtt2hLower)} then 'IGT'
    when ${hba1cElevated} then 'elevatedHbA1c'
    when ${randomHigh} then 'randomHigh'
    else 'normal'
  end)`;
}

/** The baseline annex 1's values and the doctor's Western diagnosis (text). */
export interface BaselineInputs {
  fpg: SQL;
  ogtt2h: SQL;
  hba1c: SQL;
  diagnosis: SQL;
}

/**
 * contracts `baselineAbnormalMeasures` (clinical/prediabetes-baseline.ts): per measure, a boolean
 * (never null): the value is in the pre-diabetes range or the diagnosis names the measure.
 */
export function baselineAbnormalSql(b: BaselineInputs): Record<'fpg' | 'ogtt2h' | 'hba1c', SQL<boolean>> {
  const within = (value: SQL, lowValue: number, high: number) =>
    sql`coalesce(${value} >= ${literal(lowValue)} and ${value} < ${literal(high)}, false)`;
  const names = (...diagnoses: string[]) => sql`coalesce(${b.diagnosis} in (${textList(diagnoses)}), false)`;
  return {
    fpg: sql<boolean>`(${within(b.fpg, t.ifgFpgLower, t.diabetesFpg)} or ${names('IFG', 'IFG+IGT')})`,
    ogtt2h: sql<boolean>`(${within(b.ogtt2h, t.igtOgtt2hLower, t.diabetesOgtt2h)} or ${names('IGT', 'IFG+IGT')})`,
    hba1c: sql<boolean>`${within(b.hba1c, t.prediabetesHba1c, t.diabetesHba1c)}`,
  };
}

/**
 * contracts `isPrediabetesBaseline`: a baseline record whose status (`status`, glycemicStatusSql of
 * its values) is not diabetic or hypoglycaemic, whose diagnosis is not diabetes, with at least one
 * abnormal measure. `present`: the baseline record exists.
 */
export function prediabetesBaselineSql(present: SQL, status: SQL, b: BaselineInputs): SQL<boolean> {
  const abnormal = baselineAbnormalSql(b);
  return sql<boolean>`coalesce(${present}
    and coalesce(${status} not in ('diabetes', 'diabetesUnconfirmed', 'hypoglycaemia'), true)
    and coalesce(${b.diagnosis} <> 'T2DM', true)
    and (${abnormal.fpg} or ${abnormal.ogtt2h} or ${abnormal.hba1c}), false)`;
}

/**
 * contracts `judgeReversal(...).verdict === 'reverted'` (clinical/reversal.ts): the later sitting's
 * status (`status`, glycemicStatusSql of its values) is normal or undetermined, at least one measure
 * was abnormal at baseline, and every baseline-abnormal measure was measured again.
 */
export function revertedSql(
  status: SQL,
  abnormal: Record<'fpg' | 'ogtt2h' | 'hba1c', SQL>,
  later: { fpg: SQL; ogtt2h: SQL; hba1c: SQL },
): SQL<boolean> {
  const remeasured = (measure: 'fpg' | 'ogtt2h' | 'hba1c') => sql`(not ${abnormal[measure]} or ${later[measure]} is not null)`;
  return sql<boolean>`coalesce(coalesce(${status} = 'normal', true)
    and (${abnormal.fpg} or ${abnormal.ogtt2h} or ${abnormal.hba1c})
    and ${remeasured('fpg')} and ${remeasured('ogtt2h')} and ${remeasured('hba1c')}, false)`;
}
