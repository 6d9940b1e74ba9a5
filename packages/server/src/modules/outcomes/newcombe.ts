import { type Estimate, Z_975 } from './statistics';

/**
 * Newcombe's hybrid score interval for a difference of two independent proportions (Newcombe RG,
 * "Interval estimation for the difference between independent proportions: comparison of eleven
 * methods", Stat Med 1998;17:873–890, method 10). Each proportion gets its Wilson score interval;
 * the difference's limits combine the distances from each proportion to its own limits. Unlike the
 * Wald interval it stays inside [−1, 1], never has zero width, and keeps its coverage with small
 * counts and with proportions of 0 or 1.
 */

/** Wilson score interval of k/n: (2k + z² ∓ z√(z² + 4k(1 − k/n))) / (2(n + z²)); null for n = 0. */
export function wilsonInterval(k: number, n: number, z = Z_975): { low: number; high: number } | null {
  if (!(n > 0) || k < 0 || k > n) return null;
  const p = k / n;
  const centre = 2 * n * p + z * z;
  const half = z * Math.sqrt(z * z + 4 * n * p * (1 - p));
  const denominator = 2 * (n + z * z);
  // At k = 0 or k = n the limit is exactly 0 or 1; rounding would otherwise leave ±1e-17.
  const low = k === 0 ? 0 : (centre - half) / denominator;
  const high = k === n ? 1 : (centre + half) / denominator;
  return { low, high };
}

/**
 * Risk difference a/n1 − c/n2 with Newcombe's hybrid score 95 % interval:
 * low = d − √((p1 − l1)² + (u2 − p2)²), high = d + √((u1 − p1)² + (p2 − l2)²), where (l, u) are the
 * Wilson limits of each group. Not estimable only when a group is empty.
 */
export function newcombeDifference(a: number, n1: number, c: number, n2: number): Estimate | null {
  const first = wilsonInterval(a, n1);
  const second = wilsonInterval(c, n2);
  if (first === null || second === null) return null;
  const p1 = a / n1;
  const p2 = c / n2;
  const difference = p1 - p2;
  const low = difference - Math.sqrt((p1 - first.low) ** 2 + (second.high - p2) ** 2);
  const high = difference + Math.sqrt((first.high - p1) ** 2 + (p2 - second.low) ** 2);
  return { value: difference, low, high };
}
