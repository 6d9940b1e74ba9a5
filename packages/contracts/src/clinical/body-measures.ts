import { BODY_THRESHOLDS, type BodyThresholds } from './programme';
import type { Gender } from './resident-id';

export type BmiBand = 'underweight' | 'normal' | 'overweight' | 'obese';

export const BMI_BAND_LABELS: Record<BmiBand, { zh: string; en: string }> = {
  underweight: { zh: '体重过低', en: 'Underweight' },
  normal: { zh: '体重正常', en: 'Normal weight' },
  overweight: { zh: '超重', en: 'Overweight' },
  obese: { zh: '肥胖', en: 'Obese' },
};

function isPositive(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** Rounds half away from zero to `decimals`, avoiding binary artefacts such as 1.005 → 1.00. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON * factor)) / factor;
}

/** kg/m², one decimal as printed on the forms; null when a measurement is missing. */
export function computeBmi(heightCm: number | null | undefined, weightKg: number | null | undefined): number | null {
  if (!isPositive(heightCm) || !isPositive(weightKg)) return null;
  const metres = heightCm / 100;
  return roundTo(weightKg / (metres * metres), 1);
}

/**
 * The band of a BMI as displayed (one decimal), so that the band a doctor reads next to "23.9"
 * is always "normal" even if the unrounded value was 23.94.
 */
export function bmiBand(bmi: number | null | undefined, thresholds: Partial<BodyThresholds> = {}): BmiBand | null {
  if (!isPositive(bmi)) return null;
  const t = { ...BODY_THRESHOLDS, ...thresholds };
  const shown = roundTo(bmi, 1);
  if (shown >= t.obeseFrom) return 'obese';
  if (shown >= t.overweightFrom) return 'overweight';
  if (shown < t.underweightBelow) return 'underweight';
  return 'normal';
}

/** Two decimals; null when a measurement is missing. */
export function computeWaistHipRatio(waistCm: number | null | undefined, hipCm: number | null | undefined): number | null {
  if (!isPositive(waistCm) || !isPositive(hipCm)) return null;
  return roundTo(waistCm / hipCm, 2);
}

/** Null when the gender or waist is unknown: the cut-off differs by sex. */
export function isCentralObesity(
  waistCm: number | null | undefined,
  gender: Gender | null | undefined,
  thresholds: Partial<BodyThresholds> = {},
): boolean | null {
  if (!isPositive(waistCm) || (gender !== 'man' && gender !== 'woman')) return null;
  const t = { ...BODY_THRESHOLDS, ...thresholds };
  return waistCm >= t.centralObesityWaist[gender];
}

/** Percent change from a baseline weight, one decimal; negative means weight lost. */
export function weightChangePercent(baselineKg: number | null | undefined, currentKg: number | null | undefined): number | null {
  if (!isPositive(baselineKg) || !isPositive(currentKg)) return null;
  return roundTo(((currentKg - baselineKg) * 100) / baselineKg, 1);
}
