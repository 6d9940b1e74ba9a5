import { classifyGlycemia, type GlycemicValues, isPrediabetes } from './glycemic';
import type { BaselineMeasure } from './prediabetes-baseline';
import type { GlycemicThresholds } from './programme';

/**
 * Whether a pre-diabetes patient is back to normal at a later measurement (one sitting): every
 * baseline-abnormal measure (prediabetes-baseline.ts) must have been measured again and every value of
 * the sitting must be normal. IFG is excluded only by an FPG, IGT only by a 2h-PG, an elevated HbA1c
 * only by an HbA1c (DPP; WHO 1999). A sitting with an abnormal value is `notReverted`; one that lacks a
 * baseline-abnormal measure (or follows an unknown baseline), or reads hypoglycaemia, is `notJudged`.
 * The outcome report (SQL written from this rule, compared over a grid) and annex 8 both use it.
 */
export type ReversalVerdict = 'reverted' | 'notReverted' | 'notJudged';

export interface Reversal {
  verdict: ReversalVerdict;
  /** The baseline-abnormal measures the sitting lacks (what to measure before judging). */
  missing: BaselineMeasure[];
}

const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

export function judgeReversal(
  baselineAbnormal: readonly BaselineMeasure[],
  later: GlycemicValues,
  thresholds: Partial<GlycemicThresholds> = {},
): Reversal {
  const status = classifyGlycemia(later, thresholds);
  const missing = baselineAbnormal.filter((measure) => !isNumber(later[measure]));
  if (status === 'diabetes' || status === 'diabetesUnconfirmed' || status === 'randomHigh' || isPrediabetes(status)) {
    return { verdict: 'notReverted', missing };
  }
  if (status === 'hypoglycaemia' || baselineAbnormal.length === 0 || missing.length > 0) return { verdict: 'notJudged', missing };
  return { verdict: 'reverted', missing };
}
