import { describe, expect, it } from 'vitest';
import { buildEffect } from './effect';
import oracle from './oracle-fixture.json';
import { dayCounts, type TestPatient } from './survival-test-data';

const noWeights = { managed: { n: 0, mean: null, variance: null }, comparison: { n: 0, mean: null, variance: null } };

function effectOf(patients: readonly TestPatient[]) {
  const counts = (managed: boolean) => {
    const group = patients.filter((p) => p.managed === managed);
    return { evaluable: group.length, progressed: group.filter((p) => p.event).length, reverted: 0 };
  };
  return buildEffect({
    managed: counts(true),
    comparison: counts(false),
    weightChange: noWeights,
    days: { managed: dayCounts(patients, true), comparison: dayCounts(patients, false) },
  });
}

describe('the effect of one analysis', () => {
  it('gives a zero-cell cohort (0/8 against 6/8) a labelled risk ratio, a significant difference and its NNT', () => {
    const effect = effectOf(oracle.logRankOnly.apiInstitutionB.patients);
    // Haldane–Anscombe: (0.5/9)/(6.5/9) = 1/13; its interval (statsmodels) includes 1.
    expect(effect.progressionRiskRatio).toMatchObject({ value: 1 / 13, significant: false, method: 'haldaneAnscombe' });
    // Newcombe: −0.75 (−0.928521 to −0.279539), excludes 0.
    expect(effect.progressionRiskDifference?.value).toBeCloseTo(-0.75, 12);
    expect(effect.progressionRiskDifference?.high).toBeCloseTo(-0.279539, 6);
    expect(effect.progressionRiskDifference?.significant).toBe(true);
    // NNT = 1/0.75 = 1.333333, from 1/0.928521 = 1.076981 to 1/0.279539 = 3.577318.
    expect(effect.nnt?.value).toBeCloseTo(4 / 3, 12);
    expect(effect.nnt?.low).toBeCloseTo(1.076981, 5);
    expect(effect.nnt?.high).toBeCloseTo(3.577318, 5);
    expect(effect.nnt?.significant).toBe(true);
    // No progression in the managed group: no finite hazard ratio, but the log-rank test applies.
    expect(effect.hazardRatio).toBeNull();
    expect(effect.logRankP).toBeCloseTo(oracle.logRankOnly.apiInstitutionB.logRank.p, 9);
    // 0 against 0 reversions: not estimable.
    expect(effect.reversionRiskRatio).toBeNull();
  });

  it('judges the hazard ratio by its interval and leaves the NNT out when the difference interval includes 0', () => {
    const cohort = oracle.cohorts.apiInstitutionA;
    const effect = effectOf(cohort.patients);
    expect(effect.hazardRatio?.value).toBeCloseTo(cohort.cox.hazardRatio, 9);
    expect(effect.hazardRatio?.significant).toBe(false);
    expect(effect.hazardRatio?.method).toBeUndefined();
    expect(effect.progressionRiskRatio).toMatchObject({ significant: false });
    expect(effect.progressionRiskRatio?.method).toBeUndefined();
    expect(effect.nnt).toBeNull();
  });
});
