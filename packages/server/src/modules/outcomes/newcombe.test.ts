import { describe, expect, it } from 'vitest';
import { newcombeDifference, wilsonInterval } from './newcombe';

/**
 * Newcombe RG. Interval estimation for the difference between independent proportions: comparison
 * of eleven methods. Stat Med 1998;17:873–890, Table II, method 10 (score, no continuity correction),
 * printed to 4 decimals; the paper's examples (a)–(h).
 */
const TABLE_II: Array<[number, number, number, number, number, number]> = [
  [56, 70, 48, 80, 0.0524, 0.3339],
  [9, 10, 3, 10, 0.1705, 0.809],
  [6, 7, 2, 7, 0.0582, 0.8062],
  [5, 56, 0, 29, -0.0381, 0.1926],
  [0, 10, 0, 20, -0.1611, 0.2775],
  [0, 10, 0, 10, -0.2775, 0.2775],
  [10, 10, 0, 20, 0.6791, 1.0],
  [10, 10, 0, 10, 0.6075, 1.0],
];

describe('Wilson score interval', () => {
  it('gives 0 to 0.2775 for 0/10 and 0.7225 to 1 for 10/10 (Newcombe 1998, single-proportion limits)', () => {
    const none = wilsonInterval(0, 10)!;
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 4);
    const all = wilsonInterval(10, 10)!;
    expect(all.low).toBeCloseTo(0.7225, 4);
    expect(all.high).toBe(1);
  });

  it('works 5/10 by hand: (10 + 3.8415 ∓ 1.96·√(3.8415 + 10)) / (2 · 13.8415) = 0.2366 to 0.7634', () => {
    const half = wilsonInterval(5, 10)!;
    expect(half.low).toBeCloseTo(0.2366, 4);
    expect(half.high).toBeCloseTo(0.7634, 4);
  });

  it('is undefined for an empty group', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe("Newcombe's hybrid score interval (method 10)", () => {
  for (const [a, n1, c, n2, low, high] of TABLE_II) {
    it(`matches Table II for ${a}/${n1} − ${c}/${n2}: ${low} to ${high}`, () => {
      const result = newcombeDifference(a, n1, c, n2)!;
      expect(result.value).toBeCloseTo(a / n1 - c / n2, 12);
      expect(Math.abs(result.low - low)).toBeLessThan(5e-5);
      expect(Math.abs(result.high - high)).toBeLessThan(5e-5);
    });
  }

  it('widens the 0/4 vs 2/5 interval that Wald closed at +0.029: upper bound 0.165', () => {
    // By hand: Wilson 0/4 = (0, 3.8415/7.8415 = 0.48990); Wilson 2/5 = (0.11762, 0.76928);
    // low = −0.4 − √(0² + (0.76928 − 0.4)²) = −0.76928; high = −0.4 + √(0.48990² + (0.4 − 0.11762)²) = 0.16545.
    const result = newcombeDifference(0, 4, 2, 5)!;
    expect(result.value).toBeCloseTo(-0.4, 12);
    expect(result.low).toBeCloseTo(-0.76928, 4);
    expect(result.high).toBeCloseTo(0.16545, 4);
  });

  it('is not estimable only when a group is empty', () => {
    expect(newcombeDifference(0, 0, 1, 10)).toBeNull();
    expect(newcombeDifference(1, 10, 0, 0)).toBeNull();
  });
});
