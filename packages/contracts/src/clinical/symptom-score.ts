import { roundTo } from './body-measures';

/**
 * TCM symptom scoring (《中药新药临床研究指导原则》 style, as used for 脾瘅/消渴): the efficacy of an
 * intervention is graded by how much the total symptom score fell from baseline (尼莫地平法).
 */
export type SymptomEfficacy = 'cure' | 'marked' | 'effective' | 'ineffective';

export const SYMPTOM_EFFICACY_LABELS: Record<SymptomEfficacy, { zh: string; en: string }> = {
  cure: { zh: '临床痊愈', en: 'Clinical cure' },
  marked: { zh: '显效', en: 'Markedly effective' },
  effective: { zh: '有效', en: 'Effective' },
  ineffective: { zh: '无效', en: 'Ineffective' },
};

/** Lower bounds (percent reduction, inclusive) of each grade. */
export const SYMPTOM_EFFICACY_THRESHOLDS = { cure: 95, marked: 70, effective: 30 } as const;

export function symptomTotal(scores: readonly (number | null | undefined)[]): number {
  return scores.reduce<number>((sum, score) => sum + (typeof score === 'number' && Number.isFinite(score) ? score : 0), 0);
}

/**
 * (before − after) / before × 100, one decimal. Null when there is no baseline score to fall from
 * (before missing or 0): a reduction from nothing is undefined, not 0 %.
 */
export function symptomReductionRate(before: number | null | undefined, after: number | null | undefined): number | null {
  if (typeof before !== 'number' || typeof after !== 'number' || !Number.isFinite(before) || !Number.isFinite(after)) return null;
  if (before <= 0) return null;
  // Multiplying first keeps exact cases exact, e.g. (30 − 21) × 100 / 30 = 30, not 29.999….
  return roundTo(((before - after) * 100) / before, 1);
}

/** Graded on the rate as displayed (one decimal). A worsening (negative rate) is ineffective. */
export function symptomEfficacy(reductionRate: number | null | undefined): SymptomEfficacy | null {
  if (typeof reductionRate !== 'number' || !Number.isFinite(reductionRate)) return null;
  const rate = roundTo(reductionRate, 1);
  if (rate >= SYMPTOM_EFFICACY_THRESHOLDS.cure) return 'cure';
  if (rate >= SYMPTOM_EFFICACY_THRESHOLDS.marked) return 'marked';
  if (rate >= SYMPTOM_EFFICACY_THRESHOLDS.effective) return 'effective';
  return 'ineffective';
}
