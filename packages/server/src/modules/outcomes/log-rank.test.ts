import { describe, expect, it } from 'vitest';
import { logRank } from './log-rank';
import oracle from './oracle-fixture.json';
import { dayCounts, ovarian, type TestPatient } from './survival-test-data';

const test = (patients: readonly TestPatient[]) => logRank(dayCounts(patients, true), dayCounts(patients, false));

describe('log-rank test', () => {
  it('works a four-patient cohort by hand: O − E = 1 − 4/3, V = 1/4 + 2/9 + 1/4 = 13/18, χ² = 2/13', () => {
    // Managed: event day 1, censored day 3 (at risk on day 3); comparison: events days 2 and 3.
    // Day 1: 1 event among 4 (2 managed): E = 1/2, V = 1·(1/2)(1/2)·3/3. Day 2: among 3 (1 managed):
    // E = 1/3, V = (1/3)(2/3)·2/2. Day 3: among 2 (1 managed): E = 1/2, V = (1/2)(1/2)·1/1.
    const result = test([
      { managed: true, day: 1, event: true },
      { managed: true, day: 3, event: false },
      { managed: false, day: 2, event: true },
      { managed: false, day: 3, event: true },
    ])!;
    expect(result.observed).toBe(1);
    expect(result.expected).toBeCloseTo(4 / 3, 12);
    expect(result.variance).toBeCloseTo(13 / 18, 12);
    expect(result.chiSquare).toBeCloseTo(2 / 13, 12);
    // P(χ²₁ > 2/13) = 2(1 − Φ(√(2/13))) = 2(1 − Φ(0.392232)) = 0.694887 (normal table).
    expect(result.p).toBeCloseTo(0.694887, 5);
  });

  it("matches R's published survdiff on the ovarian data: Chisq = 1.1 on 1 df, p = 0.3", () => {
    const result = test(ovarian)!;
    expect(result.chiSquare.toFixed(1)).toBe('1.1');
    expect(result.p.toFixed(1)).toBe('0.3');
  });

  for (const [name, cohort] of Object.entries(oracle.cohorts)) {
    it(`agrees with statsmodels survdiff to 1e-6 on the ${name} cohort`, () => {
      const result = test(cohort.patients)!;
      expect(Math.abs(result.chiSquare - cohort.logRank.chiSquare)).toBeLessThan(1e-6);
      expect(Math.abs(result.p - cohort.logRank.p)).toBeLessThan(1e-6);
    });
  }

  it('is not computable without events', () => {
    expect(
      test([
        { managed: true, day: 5, event: false },
        { managed: false, day: 9, event: false },
      ]),
    ).toBeNull();
    expect(test([])).toBeNull();
  });
});
