import type { OutcomeEffect, OutcomeEstimate } from '@tcm/contracts';
import { coxBinary } from './cox';
import { logRank } from './log-rank';
import { newcombeDifference } from './newcombe';
import { numberNeededToTreat } from './nnt';
import { type DayCounts, type Estimate, type SampleSummary, welchDifference } from './statistics';
import { type LabelledEstimate, riskRatioWithZeroCells } from './zero-cells';

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
function judged(estimate: Estimate | LabelledEstimate | null, nullValue: number): OutcomeEstimate {
  if (estimate === null) return null;
  return { ...estimate, significant: estimate.low > nullValue || estimate.high < nullValue };
}

/** The managed group against the comparison group: the report's `effect` (docs/outcomes.md, "Effect estimates"). */
export function buildEffect(input: EffectInput): OutcomeEffect {
  const { managed: m, comparison: c } = input;
  const difference = newcombeDifference(m.progressed, m.evaluable, c.progressed, c.evaluable);
  const nnt = numberNeededToTreat(difference);
  return {
    progressionRiskRatio: judged(riskRatioWithZeroCells(m.progressed, m.evaluable, c.progressed, c.evaluable), 1),
    progressionRiskDifference: judged(difference, 0),
    reversionRiskRatio: judged(riskRatioWithZeroCells(m.reverted, m.evaluable, c.reverted, c.evaluable), 1),
    weightChangeDifference: judged(welchDifference(input.weightChange.managed, input.weightChange.comparison), 0),
    hazardRatio: judged(coxBinary(input.days.managed, input.days.comparison)?.hazardRatio ?? null, 1),
    logRankP: logRank(input.days.managed, input.days.comparison)?.p ?? null,
    // An NNT exists only when the difference's interval excludes 0, so it is significant whenever given.
    nnt: nnt === null ? null : { ...nnt, significant: true },
  };
}
