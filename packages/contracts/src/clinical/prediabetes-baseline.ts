import { classifyGlycemia, type GlycemicValues, isDiabeticRange } from './glycemic';
import { GLYCEMIC_THRESHOLDS, type GlycemicThresholds } from './programme';

/**
 * Who entered the programme with pre-diabetes, and by which measures: the one rule the outcome report
 * (its SQL is written from this module and compared with it over a grid) and annex 8's end evaluation
 * both use. The baseline is the patient's first annex 1: its values, and the doctor's recorded Western
 * diagnosis, since an OGTT done elsewhere may be known only from the diagnosis.
 *
 * A measure is baseline-abnormal when its value lies in the pre-diabetes range (WHO 1999: FPG 6.1–<7.0
 * is IFG, 2h-PG 7.8–<11.1 is IGT; HbA1c 5.7–<6.5 %, the 2023 expert consensus) or the diagnosis names
 * it (IFG → FPG, IGT → 2h-PG, IFG+IGT → both). The baseline is pre-diabetes when at least one measure
 * is abnormal, no value is in the diabetic range or hypoglycaemic, and the diagnosis is not diabetes.
 */

/** The three glucose measures that can define pre-diabetes. */
export type BaselineMeasure = 'fpg' | 'ogtt2h' | 'hba1c';

export interface PrediabetesBaselineFacts {
  /** The baseline annex 1's values; null when there is no baseline record. */
  values: GlycemicValues | null | undefined;
  /** Annex 1's `westernDiagnosis` (IFG, IGT, IFG+IGT, T2DM, other) as recorded. */
  westernDiagnosis?: string | null | undefined;
}

const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);
const within = (value: number | null | undefined, low: number, high: number) => isNumber(value) && value >= low && value < high;

/** The baseline-abnormal measures, in the order fpg, ogtt2h, hba1c. */
export function baselineAbnormalMeasures(facts: PrediabetesBaselineFacts, thresholds: Partial<GlycemicThresholds> = {}): BaselineMeasure[] {
  const t = { ...GLYCEMIC_THRESHOLDS, ...thresholds };
  const v = facts.values ?? {};
  const diagnosis = facts.westernDiagnosis ?? null;
  const measures: BaselineMeasure[] = [];
  if (within(v.fpg, t.ifgFpgLower, t.diabetesFpg) || diagnosis === 'IFG' || diagnosis === 'IFG+IGT') measures.push('fpg');
  if (within(v.ogtt2h, t.igtOgtt2hLower, t.diabetesOgtt2h) || diagnosis === 'IGT' || diagnosis === 'IFG+IGT') measures.push('ogtt2h');
  if (within(v.hba1c, t.prediabetesHba1c, t.diabetesHba1c)) measures.push('hba1c');
  return measures;
}

/** The outcome population's entry rule: pre-diabetes at baseline by values or by the doctor's diagnosis. */
export function isPrediabetesBaseline(facts: PrediabetesBaselineFacts, thresholds: Partial<GlycemicThresholds> = {}): boolean {
  if (!facts.values) return false;
  const status = classifyGlycemia(facts.values, thresholds);
  if (isDiabeticRange(status) || status === 'hypoglycaemia' || facts.westernDiagnosis === 'T2DM') return false;
  return baselineAbnormalMeasures(facts, thresholds).length > 0;
}
