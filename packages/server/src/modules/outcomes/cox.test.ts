import { describe, expect, it } from 'vitest';
import { coxBinary } from './cox';
import oracle from './oracle-fixture.json';
import { dayCounts, ovarian, type TestPatient } from './survival-test-data';

const fit = (patients: readonly TestPatient[]) => coxBinary(dayCounts(patients, true), dayCounts(patients, false));

describe('Cox proportional hazards, one binary covariate, Breslow ties', () => {
  it("matches R survival's published fit on the ovarian data: coef −0.596, HR 0.551 (0.174 to 1.74), se 0.587", () => {
    const result = fit(ovarian)!;
    expect(result.coefficient.toFixed(3)).toBe('-0.596');
    expect(result.standardError.toFixed(3)).toBe('0.587');
    expect(result.hazardRatio.value.toFixed(3)).toBe('0.551');
    expect(result.hazardRatio.low.toFixed(3)).toBe('0.174');
    expect(result.hazardRatio.high.toFixed(2)).toBe('1.74');
  });

  for (const [name, cohort] of Object.entries(oracle.cohorts)) {
    it(`agrees with statsmodels PHReg(ties='breslow') to 1e-6 on the ${name} cohort`, () => {
      const result = fit(cohort.patients)!;
      expect(Math.abs(result.coefficient - cohort.cox.coefficient)).toBeLessThan(1e-6);
      expect(Math.abs(result.standardError - cohort.cox.standardError)).toBeLessThan(1e-6);
      expect(Math.abs(result.hazardRatio.value - cohort.cox.hazardRatio)).toBeLessThan(1e-6);
      expect(Math.abs(result.hazardRatio.low - cohort.cox.low)).toBeLessThan(1e-6);
      expect(Math.abs(result.hazardRatio.high - cohort.cox.high)).toBeLessThan(1e-6);
    });
  }

  it('works one tie-free cohort by hand: the first Newton step from 0 is U(0)/I(0) = (1 − 4/3)/(13/18) = −6/13', () => {
    // Managed: event day 1, censored day 3; comparison: events days 2 and 3. At β = 0, π = r₁/r:
    // day 1: 2/4, day 2: 1/3, day 3: 1/2, so U = 1 − (1/2 + 1/3 + 1/2) = −1/3 and
    // I = 1/4 + 2/9 + 1/4 = 13/18. At β̂ the score 1 − 2e/(2e + 2) − e/(e + 2) − e/(e + 1) is 0.
    const patients: TestPatient[] = [
      { managed: true, day: 1, event: true },
      { managed: true, day: 3, event: false },
      { managed: false, day: 2, event: true },
      { managed: false, day: 3, event: true },
    ];
    const result = fit(patients)!;
    const e = result.hazardRatio.value;
    expect(1 - (2 * e) / (2 * e + 2) - e / (e + 2) - e / (e + 1)).toBeCloseTo(0, 10);
    expect(result.coefficient).toBeLessThan(0);
  });

  it('is not estimable with events in one group only (the likelihood has no maximum) or none at all', () => {
    const oneSided: TestPatient[] = [
      { managed: true, day: 30, event: false },
      { managed: true, day: 60, event: false },
      { managed: false, day: 30, event: true },
      { managed: false, day: 90, event: true },
    ];
    expect(fit(oneSided)).toBeNull();
    expect(fit(oneSided.map((p) => ({ ...p, event: false })))).toBeNull();
    expect(fit([])).toBeNull();
  });

  it('treats both orders of the per-day rows alike', () => {
    const forward = fit(ovarian)!;
    const reversed = coxBinary(dayCounts(ovarian, true).reverse(), dayCounts(ovarian, false).reverse())!;
    expect(reversed.coefficient).toBeCloseTo(forward.coefficient, 12);
  });
});
