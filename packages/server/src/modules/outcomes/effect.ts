import type { OutcomeEffect, OutcomeEstimate } from '@tcm/contracts';
import { type DayCounts, type Estimate, riskDifference, riskRatio, type SampleSummary, welchDifference } from './statistics';

/** One group's counts that the effect estimates compare. */
export interface EffectGroupCounts {
  evaluable: number;
  progressed: number;
  reverted: number;
}

/** Everything the effect estimates need, for one analysis (all measurements, or a sensitivity one). */
export interface EffectInput {
  managed: EffectGroupCounts;
  comparison: EffectGroupCounts;
  weightChange: { managed: SampleSummary; comparison: SampleSummary };
  /** Per-day events and censorings of each group, from time zero: the survival estimators' input. */
  days: { managed: readonly DayCounts[]; comparison: readonly DayCounts[] };
}

/** An interval estimate, with whether its interval excludes the null value (1 for ratios, 0 for differences). */
function judged(estimate: Estimate | null, nullValue: number): OutcomeEstimate {
  if (estimate === null) return null;
  return { ...estimate, significant: estimate.low > nullValue || estimate.high < nullValue };
}

/** The managed group against the comparison group: the report's `effect`. */
export function buildEffect(input: EffectInput): OutcomeEffect {
  const { managed: m, comparison: c } = input;
  return {
    progressionRiskRatio: judged(riskRatio(m.progressed, m.evaluable, c.progressed, c.evaluable), 1),
    progressionRiskDifference: judged(riskDifference(m.progressed, m.evaluable, c.progressed, c.evaluable), 0),
    reversionRiskRatio: judged(riskRatio(m.reverted, m.evaluable, c.reverted, c.evaluable), 1),
    weightChangeDifference: judged(welchDifference(input.weightChange.managed, input.weightChange.comparison), 0),
  };
}
