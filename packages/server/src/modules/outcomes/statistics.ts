/// <reference path="../../types/jstat.d.ts" />
import jstatPkg from 'jstat';

/**
 * The estimators of the outcome report (docs/outcomes.md), as pure functions of the aggregates the
 * database returns: counts, means and sample variances, and events/censorings per day. Anything that
 * cannot be estimated (an empty group, a zero count under a logarithm, a zero standard error) is null,
 * never Infinity or NaN, so the page can say "not estimable".
 */

const { jStat } = jstatPkg;

/** The 97.5th percentile of the standard normal distribution: two-sided 95 % intervals. */
export const Z_975 = jStat.normal.inv(0.975, 0, 1);

/** An estimate with its 95 % confidence interval. */
export interface Estimate {
  value: number;
  low: number;
  high: number;
}

/** A mean with its 95 % t interval; the interval is null below two observations. */
export interface MeanEstimate {
  n: number;
  mean: number | null;
  low: number | null;
  high: number | null;
}

/** What SQL's count(x), avg(x) and var_samp(x) give for one variable (var_samp is null when n < 2). */
export interface SampleSummary {
  n: number;
  mean: number | null;
  variance: number | null;
}

/** Events (progression) and censorings on one day of follow-up, counted from time zero. */
export interface DayCounts {
  day: number;
  events: number;
  censored: number;
}

/** The Kaplan–Meier estimate just after `day`, and how many were at risk just before it. */
export interface SurvivalStep {
  day: number;
  survival: number;
  atRisk: number;
}

const finite = (value: number) => Number.isFinite(value);

/** A returned estimate only when every part is a finite number. */
function estimate(value: number, low: number, high: number): Estimate | null {
  return finite(value) && finite(low) && finite(high) ? { value, low, high } : null;
}

/** count / denominator, or null for an empty denominator. */
export function proportion(count: number, denominator: number): number | null {
  return denominator > 0 ? count / denominator : null;
}

/** Events per 100 person-years, or null when there is no follow-up time. */
export function ratePer100PersonYears(events: number, personYears: number): number | null {
  return personYears > 0 ? (events / personYears) * 100 : null;
}

/** Student's t quantile (fractional degrees of freedom allowed, as Welch's df are). */
export function tQuantile(p: number, df: number): number {
  return jStat.studentt.inv(p, df);
}

/** Mean ± t(0.975, n − 1) · s / √n. */
export function meanWithCi(summary: SampleSummary): MeanEstimate {
  const { n, mean, variance } = summary;
  if (n < 1 || mean === null || !finite(mean)) return { n, mean: null, low: null, high: null };
  if (n < 2 || variance === null || !finite(variance) || variance < 0) return { n, mean, low: null, high: null };
  const half = tQuantile(0.975, n - 1) * Math.sqrt(variance / n);
  return { n, mean, low: mean - half, high: mean + half };
}

/**
 * Risk ratio (a/n1)/(c/n2) with the log method's 95 % CI: exp(ln RR ± z · SE),
 * SE = √(1/a − 1/n1 + 1/c − 1/n2). Not estimable when either group is empty or either count is 0
 * (the logarithm of 0 or a division by 0), nor when SE is 0 (every patient of both groups had the
 * event). The report corrects tables with a zero cell before this (zero-cells.ts).
 */
export function riskRatio(a: number, n1: number, c: number, n2: number): Estimate | null {
  if (n1 <= 0 || n2 <= 0 || a <= 0 || c <= 0) return null;
  const logRatio = Math.log(a / n1 / (c / n2));
  const se = Math.sqrt(1 / a - 1 / n1 + 1 / c - 1 / n2);
  if (!(se > 0)) return null;
  return estimate(Math.exp(logRatio), Math.exp(logRatio - Z_975 * se), Math.exp(logRatio + Z_975 * se));
}

/** Welch–Satterthwaite degrees of freedom: (v1 + v2)² / (v1²/(n1 − 1) + v2²/(n2 − 1)), vi = si²/ni. */
export function welchDegreesOfFreedom(x: SampleSummary, y: SampleSummary): number | null {
  if (x.n < 2 || y.n < 2 || x.variance === null || y.variance === null) return null;
  const vx = x.variance / x.n;
  const vy = y.variance / y.n;
  const df = (vx + vy) ** 2 / (vx ** 2 / (x.n - 1) + vy ** 2 / (y.n - 1));
  return finite(df) && df > 0 ? df : null;
}

/**
 * Difference of means x̄ − ȳ with Welch's 95 % CI: ± t(0.975, df) · √(sx²/nx + sy²/ny), df by
 * Welch–Satterthwaite. Not estimable below two observations in either group or with no spread at all.
 */
export function welchDifference(x: SampleSummary, y: SampleSummary): Estimate | null {
  const df = welchDegreesOfFreedom(x, y);
  if (df === null || x.mean === null || y.mean === null || x.variance === null || y.variance === null) return null;
  const se = Math.sqrt(x.variance / x.n + y.variance / y.n);
  if (!(se > 0)) return null;
  const difference = x.mean - y.mean;
  const half = tQuantile(0.975, df) * se;
  return estimate(difference, difference - half, difference + half);
}

/**
 * Kaplan–Meier product-limit estimate from events and censorings per day: S(t) = Π (1 − dᵢ/nᵢ) over
 * event days tᵢ ≤ t, nᵢ = those still followed just before tᵢ. A censoring on an event day counts as
 * after the event (the usual convention). One step per day with an event or a censoring, after a
 * first step at day 0 with everyone at risk; an empty cohort gives no steps.
 */
export function kaplanMeier(counts: readonly DayCounts[]): SurvivalStep[] {
  const days = [...counts].filter((c) => c.events + c.censored > 0).sort((a, b) => a.day - b.day);
  let atRisk = days.reduce((sum, c) => sum + c.events + c.censored, 0);
  if (atRisk === 0) return [];
  let survival = 1;
  const steps: SurvivalStep[] = days[0] && days[0].day > 0 ? [{ day: 0, survival, atRisk }] : [];
  for (const { day, events, censored } of days) {
    if (events > 0) survival *= 1 - events / atRisk;
    steps.push({ day, survival, atRisk });
    atRisk -= events + censored;
  }
  return steps;
}
