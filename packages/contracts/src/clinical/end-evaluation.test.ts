import { describe, expect, it } from 'vitest';
import { evaluateEndOfManagement, managementOutcome } from './end-evaluation';

describe('end-of-management evaluation', () => {
  it('compares the final status with a pre-diabetes baseline', () => {
    expect(managementOutcome('IFG', 'normal')).toBe('reverted');
    expect(managementOutcome('IGT', 'IFG')).toBe('prediabetes');
    expect(managementOutcome('IFG+IGT', 'diabetes')).toBe('progressed');
    expect(managementOutcome(null, 'normal')).toBe('reverted');
    expect(managementOutcome('diabetes', 'normal')).toBeNull();
    expect(managementOutcome('IFG', null)).toBeNull();
  });

  it('reports weight change against the 7 % target and the symptom efficacy', () => {
    expect(
      evaluateEndOfManagement({
        baselineStatus: 'IFG',
        finalStatus: 'normal',
        baselineWeightKg: 80,
        finalWeightKg: 74.4,
        baselineSymptomTotal: 20,
        finalSymptomTotal: 6,
      }),
    ).toEqual({
      outcome: 'reverted',
      weightChangePercent: -7,
      weightLossTargetMet: true,
      symptomReductionRate: 70,
      symptomEfficacy: 'marked',
    });
    const short = evaluateEndOfManagement({ baselineWeightKg: 80, finalWeightKg: 74.5 });
    expect([short.weightChangePercent, short.weightLossTargetMet, short.symptomEfficacy]).toEqual([-6.9, false, null]);
  });
});
