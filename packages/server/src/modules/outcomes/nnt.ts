import type { Estimate } from './statistics';

/**
 * Number needed to treat from a risk difference and its interval (Cook & Sackett, BMJ 1995;310:452;
 * Altman, BMJ 1998;317:1309): NNT = 1/|RD|, its interval the reciprocals of the difference's limits.
 * When the difference's interval includes 0 the NNT's would run through infinity, so it is not
 * estimable (null) and the page says so.
 *
 * The NNT is always positive; the sign of the risk difference (managed − comparison) tells its
 * direction: negative (the managed group progresses less) reads "treat NNT patients to prevent one
 * progression" (NNT benefit), positive reads "one more progression per NNT patients" (NNT harm).
 */
export function numberNeededToTreat(riskDifference: Estimate | null): Estimate | null {
  if (riskDifference === null) return null;
  const { value, low, high } = riskDifference;
  if (!(low > 0 || high < 0) || value === 0) return null;
  const near = Math.min(Math.abs(low), Math.abs(high));
  const far = Math.max(Math.abs(low), Math.abs(high));
  return { value: 1 / Math.abs(value), low: 1 / far, high: 1 / near };
}
