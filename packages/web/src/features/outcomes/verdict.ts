import { OUTCOME_MIN_EVENTS_FOR_PRECISION } from '@tcm/contracts/api/outcome-rules';
import type { OutcomeEstimate } from '@tcm/contracts/api/outcomes';
import type { TFunction } from 'i18next';

/**
 * What an effect estimate allows a reader to say. The verdict follows the interval, never the point
 * estimate alone: a ratio of 0.14 whose interval reaches 1.09 says only that no difference was shown.
 */
export interface Verdict {
  kind: 'notEstimable' | 'notSignificant' | 'lower' | 'higher';
  /** Fewer than the minimum of events in a group: the interval is wide, whatever it says. */
  imprecise: boolean;
}

export interface VerdictInput {
  estimate: OutcomeEstimate | undefined;
  /** 1 for ratios, 0 for differences. */
  nullValue: 0 | 1;
  /** Events each group's estimate rests on; absent for a measure without counted events (weight). */
  events?: { managed: number; comparison: number };
}

export function effectVerdict({ estimate, nullValue, events }: VerdictInput): Verdict {
  const imprecise = events !== undefined && Math.min(events.managed, events.comparison) < OUTCOME_MIN_EVENTS_FOR_PRECISION;
  if (!estimate) return { kind: 'notEstimable', imprecise };
  // The server says whether the interval excludes the null value; the direction is only read when it does.
  if (!estimate.significant) return { kind: 'notSignificant', imprecise };
  return { kind: estimate.value < nullValue ? 'lower' : 'higher', imprecise };
}

export type VerdictOutcome = 'progression' | 'reversion' | 'weight';

/** The 解读 of an estimate in the interface language: the verdict, then the imprecision warning if any. */
export function verdictText(t: TFunction, outcome: VerdictOutcome, verdict: Verdict): string {
  const said =
    verdict.kind === 'notEstimable' || verdict.kind === 'notSignificant'
      ? t(`outcomes.verdict.${verdict.kind}`)
      : t(`outcomes.verdict.${outcome}.${verdict.kind}`);
  if (!verdict.imprecise) return said;
  return t('outcomes.verdict.withImprecise', {
    verdict: said,
    imprecise: t('outcomes.verdict.imprecise', { minimum: OUTCOME_MIN_EVENTS_FOR_PRECISION }),
  });
}
