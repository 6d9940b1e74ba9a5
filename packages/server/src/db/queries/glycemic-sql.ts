import { GLYCEMIC_THRESHOLDS } from '@tcm/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The glycemic rules of contracts (clinical/glycemic.ts) written as SQL, so the outcome report can
 * classify every stored measurement inside the database. A test compares these fragments with
 * `classifyGlycemia` and `classifyFollowUpGlycemia` over a grid of values around every threshold.
 * The thresholds are the contracts' own constants, written into the SQL as numeric literals.
 */

const t = GLYCEMIC_THRESHOLDS;
const literal = (value: number) => sql.raw(String(value));

/** Statuses that count as pre-diabetes at baseline (contracts `isPrediabetes`). */
export const PREDIABETES_STATUSES = ['IFG', 'IGT', 'IFG+IGT', 'elevatedHbA1c'] as const;
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

/**
 * contracts `classifyGlycemia`: any diabetes criterion first; without FPG and 2h-PG only an HbA1c of
 * 5.7–6.4 % decides (elevatedHbA1c, else undetermined = null); otherwise IFG/IGT by WHO 1999, and an
 * HbA1c of 5.7–6.4 % keeps the status from reading "normal".
 */
export function glycemicStatusSql(v: GlycemicInputs): SQL<string | null> {
  return sql<string | null>`(case
    when ${v.fpg} >= ${literal(t.diabetesFpg)} or ${v.ogtt2h} >= ${literal(t.diabetesOgtt2h)} or ${v.hba1c} >= ${literal(t.diabetesHba1c)}
      or (${v.randomGlucose} >= ${literal(t.diabetesRandom)} and ${v.classicSymptoms}) then 'diabetes'
    when ${v.fpg} is null and ${v.ogtt2h} is null then (case when ${v.hba1c} >= ${literal(t.prediabetesHba1c)} then 'elevatedHbA1c' end)
    when ${v.fpg} >= ${literal(t.ifgFpgLower)} and ${v.ogtt2h} >= ${literal(t.igtOgtt2hLower)} then 'IFG+IGT'
    when ${v.fpg} >= ${literal(t.ifgFpgLower)} then 'IFG'
    when ${v.ogtt2h} >= ${literal(t.igtOgtt2hLower)} then 'IGT'
    when ${v.hba1c} >= ${literal(t.prediabetesHba1c)} then 'elevatedHbA1c'
    else 'normal'
  end)`;
}

/**
 * A later measurement that declares the patient back to normal: contracts `classifyFollowUpGlycemia`
 * answers 'normal', i.e. the status is normal and, when the baseline involved IGT, a 2h-PG was
 * measured (otherwise the answer is 'repeatOgtt', never a reversal).
 */
export function isBackToNormalSql(status: SQL, ogtt2h: SQL, baselineStatus: SQL): SQL<boolean> {
  return sql<boolean>`(${status} = 'normal' and (${ogtt2h} is not null or coalesce(${baselineStatus} not in (${textList(IGT_STATUSES)}), true)))`;
}
