import { describe, expect, it } from 'vitest';
import {
  type DayCounts,
  kaplanMeier,
  meanWithCi,
  proportion,
  ratePer100PersonYears,
  riskRatio,
  type SampleSummary,
  welchDegreesOfFreedom,
  welchDifference,
  Z_975,
} from './statistics';

/**
 * Expected values are worked by hand (the arithmetic is written beside each; quantiles from printed
 * t and normal tables, digits checked with a calculator) and taken from published worked examples,
 * cited where used. None of them comes from the code under test.
 */

/** n, mean and sample variance (n − 1) of a list, as SQL's count/avg/var_samp would give them. */
function summary(values: readonly number[]): SampleSummary {
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const variance = n < 2 ? null : values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  return { n, mean, variance };
}

/** Student's sleep data (Cushny & Peebles 1905; Student 1908), R's `sleep` data set: extra hours of sleep. */
const SLEEP_DRUG_1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const SLEEP_DRUG_2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];

describe('shares and rates', () => {
  it('divides by the denominator and answers null for an empty one', () => {
    expect(proportion(3, 4)).toBe(0.75);
    expect(proportion(0, 5)).toBe(0);
    expect(proportion(0, 0)).toBeNull();
  });

  it('gives events per 100 person-years: 2 events over 8 person-years = 25', () => {
    expect(ratePer100PersonYears(2, 8)).toBe(25);
    expect(ratePer100PersonYears(0, 3)).toBe(0);
    expect(ratePer100PersonYears(1, 0)).toBeNull();
  });

  it('uses z = 1.95996 (normal table: 1.96)', () => {
    expect(Z_975).toBeCloseTo(1.959964, 6);
  });
});

describe('mean with a 95 % t interval', () => {
  it('works {2, 4, 6} by hand: mean 4, s = 2, t(0.975, 2) = 4.302653, half-width 4.302653 · 2/√3 = 4.968275', () => {
    const result = meanWithCi(summary([2, 4, 6]));
    expect(result.n).toBe(3);
    expect(result.mean).toBe(4);
    expect(result.low).toBeCloseTo(-0.968275, 5);
    expect(result.high).toBeCloseTo(8.968275, 5);
  });

  it("matches R's t.test(sleep$extra[sleep$group == 1]): mean 0.75, 95 % CI −0.5297804 to 2.0297804", () => {
    // Published output of `t.test` on R's sleep data (R documentation, datasets::sleep).
    const result = meanWithCi(summary(SLEEP_DRUG_1));
    expect(result.mean).toBeCloseTo(0.75, 10);
    expect(result.low).toBeCloseTo(-0.5297804, 6);
    expect(result.high).toBeCloseTo(2.0297804, 6);
  });

  it('gives the mean without an interval for one value, and nothing for none', () => {
    expect(meanWithCi({ n: 1, mean: 5.2, variance: null })).toEqual({ n: 1, mean: 5.2, low: null, high: null });
    expect(meanWithCi({ n: 0, mean: null, variance: null })).toEqual({ n: 0, mean: null, low: null, high: null });
  });

  it('gives a zero-width interval when every value is the same', () => {
    expect(meanWithCi(summary([3, 3, 3]))).toEqual({ n: 3, mean: 3, low: 3, high: 3 });
  });
});

describe('risk ratio, log method', () => {
  it('works 2/10 against 4/10 by hand: RR 0.5, SE = √(1/2 − 1/10 + 1/4 − 1/10) = √0.55, CI exp(ln 0.5 ± 1.96 · 0.7416)', () => {
    const result = riskRatio(2, 10, 4, 10)!;
    expect(result.value).toBeCloseTo(0.5, 10);
    expect(result.low).toBeCloseTo(0.11687, 4);
    expect(result.high).toBeCloseTo(2.13913, 4);
  });

  it('matches the published example: new pain reliever 23/50 against standard 11/50, RR 2.09 (1.14 to 3.82)', () => {
    // Sullivan L. Confidence Intervals, module BS704, Boston University School of Public Health
    // (sphweb.bumc.bu.edu/otlt/MPH-Modules/BS/BS704_Confidence_Intervals). The module exponentiates
    // a rounded ln RR (0.737); unrounded the limits are 1.1451 and 3.8181.
    const result = riskRatio(23, 50, 11, 50)!;
    expect(result.value.toFixed(2)).toBe('2.09');
    expect(Math.abs(result.low - 1.14)).toBeLessThan(0.006);
    expect(result.high.toFixed(2)).toBe('3.82');
    expect(result.low).toBeCloseTo(1.14505, 4);
    expect(result.high).toBeCloseTo(3.81809, 4);
  });

  it('is not estimable with a zero count or an empty group (never Infinity)', () => {
    expect(riskRatio(0, 10, 3, 10)).toBeNull();
    expect(riskRatio(3, 10, 0, 10)).toBeNull();
    expect(riskRatio(0, 0, 3, 10)).toBeNull();
    expect(riskRatio(3, 10, 0, 0)).toBeNull();
  });

  it('is not estimable when every patient of both groups had the event (SE = √(1/5 − 1/5 + 1/4 − 1/4) = 0)', () => {
    expect(riskRatio(5, 5, 4, 4)).toBeNull();
  });
});

describe('Welch difference of means', () => {
  it('works {1, 2, 3} against {2, 4, 6, 8} by hand: −3, SE √(1/3 + (20/3)/4) = √2, df = 4/(1/18 + 25/27) = 4.07547', () => {
    const x = summary([1, 2, 3]);
    const y = summary([2, 4, 6, 8]);
    expect(welchDegreesOfFreedom(x, y)).toBeCloseTo(4.075472, 5);
    // t(0.975, 4.07547) = 2.756285; half-width 2.756285 · √2 = 3.897975.
    const result = welchDifference(x, y)!;
    expect(result.value).toBeCloseTo(-3, 10);
    expect(result.low).toBeCloseTo(-6.897975, 4);
    expect(result.high).toBeCloseTo(0.897975, 4);
  });

  it("matches R's t.test(extra ~ group, data = sleep): t = −1.8608, df = 17.776, 95 % CI −3.3654832 to 0.2054832", () => {
    // Published output of R's Welch two-sample t-test on the sleep data (R documentation, stats::t.test).
    const x = summary(SLEEP_DRUG_1);
    const y = summary(SLEEP_DRUG_2);
    expect(welchDegreesOfFreedom(x, y)).toBeCloseTo(17.776, 3);
    const result = welchDifference(x, y)!;
    expect(result.value).toBeCloseTo(-1.58, 10);
    expect(result.low).toBeCloseTo(-3.3654832, 5);
    expect(result.high).toBeCloseTo(0.2054832, 5);
  });

  it('is not estimable below two values in a group or with no spread in either', () => {
    expect(welchDifference(summary([1]), summary([1, 2, 3]))).toBeNull();
    expect(welchDifference({ n: 0, mean: null, variance: null }, summary([1, 2]))).toBeNull();
    expect(welchDifference(summary([2, 2]), summary([5, 5, 5]))).toBeNull();
  });
});

describe('Kaplan–Meier', () => {
  it('works a small cohort by hand: 5 followed, events on days 10 and 30, censored on 20 and 40, an event and a censoring on 30', () => {
    // Day 10: 5 at risk, 1 event → 4/5 = 0.8. Day 20: 4 at risk, censored → 0.8.
    // Day 30: 3 at risk, 1 event (the censoring that day counts after it) → 0.8 · 2/3 = 0.533333.
    // Day 40: 1 at risk, censored → 0.533333.
    const counts: DayCounts[] = [
      { day: 30, events: 1, censored: 1 },
      { day: 10, events: 1, censored: 0 },
      { day: 40, events: 0, censored: 1 },
      { day: 20, events: 0, censored: 1 },
    ];
    const steps = kaplanMeier(counts);
    expect(steps.map((s) => [s.day, s.atRisk])).toEqual([
      [0, 5],
      [10, 5],
      [20, 4],
      [30, 3],
      [40, 1],
    ]);
    expect(steps.map((s) => s.survival)).toEqual([1, 0.8, 0.8, expect.closeTo(0.533333, 5), expect.closeTo(0.533333, 5)]);
  });

  it('reproduces the published 6-MP arm of the Freireich leukaemia trial: 0.8571, 0.8067, 0.7529, 0.6902, 0.6275, 0.5378, 0.4482', () => {
    // Freireich EJ et al., Blood 1963;21:699–716 (remission times in weeks, + = censored):
    // 6, 6, 6, 6+, 7, 9+, 10, 10+, 11+, 13, 16, 17+, 19+, 20+, 22, 23, 25+, 32+, 32+, 34+, 35+.
    // Kaplan–Meier estimates as published in Kleinbaum DG, Klein M, Survival Analysis: A Self-Learning
    // Text, chapter 2, and Cox DR, Oakes D, Analysis of Survival Data (1984), table 1.1.
    const counts: DayCounts[] = [
      { day: 6, events: 3, censored: 1 },
      { day: 7, events: 1, censored: 0 },
      { day: 9, events: 0, censored: 1 },
      { day: 10, events: 1, censored: 1 },
      { day: 11, events: 0, censored: 1 },
      { day: 13, events: 1, censored: 0 },
      { day: 16, events: 1, censored: 0 },
      { day: 17, events: 0, censored: 1 },
      { day: 19, events: 0, censored: 1 },
      { day: 20, events: 0, censored: 1 },
      { day: 22, events: 1, censored: 0 },
      { day: 23, events: 1, censored: 0 },
      { day: 25, events: 0, censored: 1 },
      { day: 32, events: 0, censored: 2 },
      { day: 34, events: 0, censored: 1 },
      { day: 35, events: 0, censored: 1 },
    ];
    const steps = kaplanMeier(counts);
    const at = (day: number) => steps.find((s) => s.day === day)!;
    expect(at(0)).toEqual({ day: 0, survival: 1, atRisk: 21 });
    const published: [number, number, number][] = [
      [6, 21, 0.8571],
      [7, 17, 0.8067],
      [10, 15, 0.7529],
      [13, 12, 0.6902],
      [16, 11, 0.6275],
      [22, 7, 0.5378],
      [23, 6, 0.4482],
    ];
    for (const [day, atRisk, survival] of published) {
      expect(at(day).atRisk, `at risk at ${day}`).toBe(atRisk);
      expect(at(day).survival.toFixed(4), `S(${day})`).toBe(survival.toFixed(4));
    }
    expect(steps.at(-1)).toEqual({ day: 35, survival: at(23).survival, atRisk: 1 });
  });

  it('gives no steps for nobody followed, and starts at the first day when someone ends on day 0', () => {
    expect(kaplanMeier([])).toEqual([]);
    expect(kaplanMeier([{ day: 5, events: 0, censored: 0 }])).toEqual([]);
    expect(kaplanMeier([{ day: 0, events: 1, censored: 1 }])).toEqual([{ day: 0, survival: 0.5, atRisk: 2 }]);
  });
});
