/// <reference path="../../types/jstat.d.ts" />
import jstatPkg from 'jstat';
import { eventDays } from './risk-sets';
import type { DayCounts } from './statistics';

const { jStat } = jstatPkg;

/**
 * The log-rank test of two survival curves (Mantel 1966; Peto & Peto 1972), as R's survdiff computes
 * it: at each event day with d events among r at risk (r₁ managed), the managed group's expected
 * events are d r₁/r with the hypergeometric variance d (r₁/r)(1 − r₁/r)(r − d)/(r − 1);
 * χ² = (O₁ − E₁)² / ΣV on 1 degree of freedom. Its p is computed as 2Φ(−|O₁ − E₁|/√V), the same
 * value as the χ² tail, without losing digits when p is small.
 */
export interface LogRankTest {
  observed: number;
  expected: number;
  variance: number;
  chiSquare: number;
  p: number;
}

/** The test, or null when nothing varies (no events, or no day where both groups are at risk). */
export function logRank(managed: readonly DayCounts[], comparison: readonly DayCounts[]): LogRankTest | null {
  let observed = 0;
  let expected = 0;
  let variance = 0;
  for (const d of eventDays(managed, comparison)) {
    const events = d.managedEvents + d.comparisonEvents;
    const atRisk = d.managedAtRisk + d.comparisonAtRisk;
    const share = d.managedAtRisk / atRisk;
    observed += d.managedEvents;
    expected += events * share;
    if (atRisk > 1) variance += (events * share * (1 - share) * (atRisk - events)) / (atRisk - 1);
  }
  if (!(variance > 0)) return null;
  const chiSquare = (observed - expected) ** 2 / variance;
  return { observed, expected, variance, chiSquare, p: 2 * jStat.normal.cdf(-Math.abs(observed - expected) / Math.sqrt(variance), 0, 1) };
}
