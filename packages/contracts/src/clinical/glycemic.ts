import { GLYCEMIC_THRESHOLDS, type GlycemicThresholds } from './programme';

export type GlycemicStatus = 'normal' | 'IFG' | 'IGT' | 'IFG+IGT' | 'diabetes';

export const GLYCEMIC_STATUS_LABELS: Record<GlycemicStatus, { zh: string; en: string }> = {
  normal: { zh: '血糖正常', en: 'Normal glucose regulation' },
  IFG: { zh: '空腹血糖受损（IFG）', en: 'Impaired fasting glucose (IFG)' },
  IGT: { zh: '糖耐量减低（IGT）', en: 'Impaired glucose tolerance (IGT)' },
  'IFG+IGT': { zh: '空腹血糖受损合并糖耐量减低（IFG+IGT）', en: 'IFG and IGT' },
  diabetes: { zh: '糖尿病', en: 'Diabetes' },
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

/**
 * Glycemic status from whatever values were measured.
 *
 * Any diabetes criterion decides on its own. Below that, IFG and IGT are defined only by FPG and
 * 2h-PG (WHO 1999 as used in China; HbA1c has no pre-diabetes band there), so when neither was
 * measured and no diabetes criterion is met the status is undetermined (null) rather than "normal".
 */
export function classifyGlycemia(values: GlycemicValues, thresholds: Partial<GlycemicThresholds> = {}): GlycemicStatus | null {
  const t = { ...GLYCEMIC_THRESHOLDS, ...thresholds };
  const { fpg, ogtt2h, hba1c, randomGlucose } = values;

  const isDiabetes =
    (isNumber(fpg) && fpg >= t.diabetesFpg) ||
    (isNumber(ogtt2h) && ogtt2h >= t.diabetesOgtt2h) ||
    (isNumber(hba1c) && hba1c >= t.diabetesHba1c) ||
    (isNumber(randomGlucose) && randomGlucose >= t.diabetesRandom && values.hasClassicSymptoms === true);
  if (isDiabetes) return 'diabetes';

  if (!isNumber(fpg) && !isNumber(ogtt2h)) return null;
  const ifg = isNumber(fpg) && fpg >= t.ifgFpgLower;
  const igt = isNumber(ogtt2h) && ogtt2h >= t.igtOgtt2hLower;
  if (ifg && igt) return 'IFG+IGT';
  if (ifg) return 'IFG';
  if (igt) return 'IGT';
  return 'normal';
}

export function isPrediabetes(status: GlycemicStatus | null | undefined): boolean {
  return status === 'IFG' || status === 'IGT' || status === 'IFG+IGT';
}
