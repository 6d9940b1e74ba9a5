import type { OutcomeReport } from '@tcm/contracts';
import { type DayCounts, riskDifference, riskRatio, type SampleSummary, welchDifference } from './statistics';

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

/** The managed group against the comparison group: the report's `effect`. */
export function buildEffect(input: EffectInput): OutcomeReport['effect'] {
  const { managed: m, comparison: c } = input;
  return {
    progressionRiskRatio: riskRatio(m.progressed, m.evaluable, c.progressed, c.evaluable),
    progressionRiskDifference: riskDifference(m.progressed, m.evaluable, c.progressed, c.evaluable),
    reversionRiskRatio: riskRatio(m.reverted, m.evaluable, c.reverted, c.evaluable),
    weightChangeDifference: welchDifference(input.weightChange.managed, input.weightChange.comparison),
  };
}
