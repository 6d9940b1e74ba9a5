import { BLOOD_PRESSURE_BANDS, type BloodPressureBandThresholds } from './programme';

/**
 * Blood pressure category of one measurement, per the Chinese hypertension guideline (2018 revision):
 * normal < 120/80; high-normal 120–139/80–89; grade 1 140–159/90–99; grade 2 160–179/100–109;
 * grade 3 ≥ 180/≥ 110. Systolic and diastolic are banded separately and the higher category wins.
 * It describes the reading; a diagnosis of hypertension needs repeated readings, which the doctor judges.
 */
export type BpBand = 'normal' | 'highNormal' | 'grade1' | 'grade2' | 'grade3';

export const BP_BAND_LABELS: Record<BpBand, { zh: string; en: string }> = {
  normal: { zh: '正常血压（<120/80）', en: 'Normal (<120/80)' },
  highNormal: { zh: '正常高值（120–139/80–89）', en: 'High-normal (120–139/80–89)' },
  grade1: { zh: '1级高血压（轻度，140–159/90–99）', en: 'Grade 1 hypertension (140–159/90–99)' },
  grade2: { zh: '2级高血压（中度，160–179/100–109）', en: 'Grade 2 hypertension (160–179/100–109)' },
  grade3: { zh: '3级高血压（重度，≥180/≥110）', en: 'Grade 3 hypertension (≥180/≥110)' },
};

/** Ascending severity. */
export const BP_BAND_ORDER: readonly BpBand[] = ['normal', 'highNormal', 'grade1', 'grade2', 'grade3'];

function isPressure(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function bandOf(value: number, side: 'systolic' | 'diastolic', t: BloodPressureBandThresholds): BpBand {
  if (value >= t.grade3[side]) return 'grade3';
  if (value >= t.grade2[side]) return 'grade2';
  if (value >= t.grade1[side]) return 'grade1';
  if (value >= t.highNormal[side]) return 'highNormal';
  return 'normal';
}

/**
 * The category of a reading; null unless both pressures are known (one side alone could understate
 * it, since the higher of the two decides).
 */
export function bpBand(
  systolic: number | null | undefined,
  diastolic: number | null | undefined,
  thresholds: Partial<BloodPressureBandThresholds> = {},
): BpBand | null {
  if (!isPressure(systolic) || !isPressure(diastolic)) return null;
  const t = { ...BLOOD_PRESSURE_BANDS, ...thresholds };
  const bySystolic = BP_BAND_ORDER.indexOf(bandOf(systolic, 'systolic', t));
  const byDiastolic = BP_BAND_ORDER.indexOf(bandOf(diastolic, 'diastolic', t));
  return BP_BAND_ORDER[Math.max(bySystolic, byDiastolic)] ?? null;
}
