import { ALERT_THRESHOLDS, GLYCEMIC_THRESHOLDS, type GlycemicThresholds } from './programme';

/**
 * `elevatedHbA1c`: FPG and 2h-PG (where measured) are within WHO 1999 normal limits, or neither was
 * measured, but HbA1c is in the 2023 consensus's pre-diabetes range (5.7–6.4 %), so the status can
 * never read "normal".
 */
/**
 * `hypoglycaemia`: a glucose value at or below the danger value of 3.9 mmol/L, which is never "normal".
 * `randomHigh`: a random glucose ≥ 11.1 mmol/L without classic symptoms, which diagnoses nothing on its
 * own but must be followed by a fasting test or an OGTT.
 * `diabetesUnconfirmed`: one diabetic-range test without classic symptoms; WHO 1999 and the national
 * primary-care diabetes guideline ask for a second test on another day before the diagnosis.
 * `diabetes`: confirmed (two different tests diabetic in one sitting, a diabetic value with classic
 * symptoms, or a second diabetic value on another day; see diabetes-confirmation.ts).
 */
export type GlycemicStatus =
  | 'normal'
  | 'elevatedHbA1c'
  | 'IFG'
  | 'IGT'
  | 'IFG+IGT'
  | 'hypoglycaemia'
  | 'randomHigh'
  | 'diabetesUnconfirmed'
  | 'diabetes';

export const GLYCEMIC_STATUS_LABELS: Record<GlycemicStatus, { zh: string; en: string }> = {
  normal: { zh: '血糖正常', en: 'Normal glucose regulation' },
  elevatedHbA1c: {
    zh: '糖化血红蛋白升高（5.7%～6.4%，糖尿病前期范围）',
    en: 'Elevated HbA1c (5.7–6.4 %, pre-diabetes range)',
  },
  IFG: { zh: '空腹血糖受损（IFG）', en: 'Impaired fasting glucose (IFG)' },
  IGT: { zh: '糖耐量减低（IGT）', en: 'Impaired glucose tolerance (IGT)' },
  'IFG+IGT': { zh: '空腹血糖受损合并糖耐量减低（IFG+IGT）', en: 'IFG and IGT' },
  hypoglycaemia: { zh: '低血糖', en: 'Hypoglycaemia' },
  randomHigh: {
    zh: '随机血糖 ≥ 11.1 mmol/L（无典型症状），需复查/OGTT',
    en: 'Random glucose ≥ 11.1 mmol/L without symptoms: repeat the test or do an OGTT',
  },
  diabetesUnconfirmed: { zh: '疑似糖尿病，需复查确诊', en: 'Possible diabetes: repeat the test to confirm' },
  diabetes: { zh: '确诊糖尿病', en: 'Diabetes (confirmed)' },
};

/** A diabetic-range reading, confirmed or not. */
export function isDiabeticRange(status: string | null | undefined): boolean {
  return status === 'diabetes' || status === 'diabetesUnconfirmed';
}

/**
 * The status of a follow-up measurement (annexes 7 and 8) also has `repeatOgtt`: the baseline
 * involved IGT, and IGT can only be excluded by a 2-hour value, so without one a result that would
 * otherwise read "normal" cannot be judged.
 */
export type FollowUpGlycemicStatus = GlycemicStatus | 'repeatOgtt';

export const FOLLOW_UP_GLYCEMIC_STATUS_LABELS: Record<FollowUpGlycemicStatus, { zh: string; en: string }> = {
  ...GLYCEMIC_STATUS_LABELS,
  repeatOgtt: {
    zh: '无法判定（基线有糖耐量减低，需复查OGTT）',
    en: 'Cannot be judged: the baseline had IGT, repeat the OGTT',
  },
};

export interface GlycemicValues {
  fpg?: number | null;
  ogtt2h?: number | null;
  hba1c?: number | null;
  randomGlucose?: number | null;
  /** The classic symptoms (polydipsia, polyuria, polyphagia, unexplained weight loss). */
  hasClassicSymptoms?: boolean | null;
}

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** How many different tests of one sitting are in the diabetic range (random glucose only with symptoms). */
export function diabeticTestCount(values: GlycemicValues, thresholds: Partial<GlycemicThresholds> = {}): number {
  const t = { ...GLYCEMIC_THRESHOLDS, ...thresholds };
  const { fpg, ogtt2h, hba1c, randomGlucose } = values;
  return [
    isNumber(fpg) && fpg >= t.diabetesFpg,
    isNumber(ogtt2h) && ogtt2h >= t.diabetesOgtt2h,
    isNumber(hba1c) && hba1c >= t.diabetesHba1c,
    isNumber(randomGlucose) && randomGlucose >= t.diabetesRandom && values.hasClassicSymptoms === true,
  ].filter(Boolean).length;
}

/**
 * Glycemic status of one sitting (one day's values), without the patient's history.
 *
 * Diabetic-range values decide first: two different tests diabetic, or classic symptoms with one,
 * confirm the diagnosis on the spot (`diabetes`); one test alone is `diabetesUnconfirmed` until a
 * second test on another day (diabetes-confirmation.ts). Then any glucose at or below 3.9 mmol/L is
 * `hypoglycaemia`. Below that, IFG and IGT are defined only by FPG and 2h-PG (WHO 1999 as used in
 * China); HbA1c 5.7–6.4 % never lets the status read "normal" (`elevatedHbA1c`); a random glucose
 * ≥ 11.1 without symptoms (`randomHigh`) neither. When nothing decides (no FPG, no 2h-PG, HbA1c below
 * 5.7 % or absent) the status is undetermined (null) rather than "normal".
 */
export function classifyGlycemia(values: GlycemicValues, thresholds: Partial<GlycemicThresholds> = {}): GlycemicStatus | null {
  const t = { ...GLYCEMIC_THRESHOLDS, ...thresholds };
  const { fpg, ogtt2h, hba1c, randomGlucose } = values;

  const diabetic = diabeticTestCount(values, t);
  if (diabetic >= 2 || (diabetic === 1 && values.hasClassicSymptoms === true)) return 'diabetes';
  if (diabetic === 1) return 'diabetesUnconfirmed';
  if ([fpg, ogtt2h, randomGlucose].some((value) => isNumber(value) && value <= ALERT_THRESHOLDS.glucoseLow)) return 'hypoglycaemia';

  const hba1cElevated = isNumber(hba1c) && hba1c >= t.prediabetesHba1c;
  const randomHigh = isNumber(randomGlucose) && randomGlucose >= t.diabetesRandom;
  if (!isNumber(fpg) && !isNumber(ogtt2h)) return hba1cElevated ? 'elevatedHbA1c' : randomHigh ? 'randomHigh' : null;
  const ifg = isNumber(fpg) && fpg >= t.ifgFpgLower;
  const igt = isNumber(ogtt2h) && ogtt2h >= t.igtOgtt2hLower;
  if (ifg && igt) return 'IFG+IGT';
  if (ifg) return 'IFG';
  if (igt) return 'IGT';
  if (hba1cElevated) return 'elevatedHbA1c';
  return randomHigh ? 'randomHigh' : 'normal';
}

/**
 * HbA1c above 6.0 % and below the diabetes cut-off: very high risk of progressing (2023 consensus).
 * Null when HbA1c was not measured; false at 6.5 % and above, which is diabetes, not a risk band.
 */
export function isHba1cVeryHighRisk(hba1c: number | null | undefined, thresholds: Partial<GlycemicThresholds> = {}): boolean | null {
  if (!isNumber(hba1c)) return null;
  const t = { ...GLYCEMIC_THRESHOLDS, ...thresholds };
  return hba1c > t.veryHighRiskHba1cAbove && hba1c < t.diabetesHba1c;
}

/** Pre-diabetes: IFG, IGT, both (WHO 1999), or HbA1c in the 5.7–6.4 % range (2023 consensus). */
export function isPrediabetes(status: FollowUpGlycemicStatus | null | undefined): boolean {
  return status === 'IFG' || status === 'IGT' || status === 'IFG+IGT' || status === 'elevatedHbA1c';
}

/** The statuses with impaired glucose tolerance, which only a 2-hour value can exclude later. */
export function involvesIgt(status: string | null | undefined): boolean {
  return status === 'IGT' || status === 'IFG+IGT';
}

/**
 * The status of a follow-up or final measurement. When the baseline involved IGT and no 2h-PG was
 * measured now, a result that would read "normal" (or, with some glucose value measured, nothing at
 * all) is `repeatOgtt`: FPG and HbA1c cannot exclude IGT. A result that shows pre-diabetes or
 * diabetes without the 2-hour value stands, since it does not claim that IGT is gone.
 */
export function classifyFollowUpGlycemia(
  values: GlycemicValues,
  baselineInvolvedIgt: boolean,
  thresholds: Partial<GlycemicThresholds> = {},
): FollowUpGlycemicStatus | null {
  const status = classifyGlycemia(values, thresholds);
  if (!baselineInvolvedIgt || isNumber(values.ogtt2h)) return status;
  const measured = [values.fpg, values.hba1c, values.randomGlucose].some(isNumber);
  if (status === 'normal' || (status === null && measured)) return 'repeatOgtt';
  return status;
}
