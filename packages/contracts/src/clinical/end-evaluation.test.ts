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
    expect(managementOutcome('IGT', 'elevatedHbA1c')).toBe('prediabetes');
    expect(managementOutcome('elevatedHbA1c', 'normal')).toBe('reverted');
    expect(managementOutcome('IGT', 'repeatOgtt')).toBe('repeatOgtt');
  });

  it('never declares a reversal of a baseline IGT without a final 2h-PG', () => {
    const outcome = (input: Parameters<typeof evaluateEndOfManagement>[0]) => evaluateEndOfManagement(input).outcome;
    // The case: baseline FPG 5.5 + 2h-PG 8.6 (IGT), final FPG 5.6 only.
    expect(outcome({ baselineStatus: 'IGT', finalValues: { fpg: 5.6 } })).toBe('repeatOgtt');
    expect(outcome({ baselineStatus: 'IFG+IGT', finalValues: { fpg: 5.6, hba1c: 5.4 } })).toBe('repeatOgtt');
    expect(outcome({ baselineStatus: 'IGT', finalValues: { fpg: 5.6, ogtt2h: 7.7 } })).toBe('reverted');
    expect(outcome({ baselineStatus: 'IGT', finalValues: { fpg: 5.6, ogtt2h: 7.8 } })).toBe('prediabetes');
    // IFG alone is excluded by FPG; HbA1c 5.7 % keeps the outcome at pre-diabetes.
    expect(outcome({ baselineStatus: 'IFG', finalValues: { fpg: 5.6 } })).toBe('reverted');
    expect(outcome({ baselineStatus: 'IFG', finalValues: { fpg: 5.6, hba1c: 5.7 } })).toBe('prediabetes');
    expect(outcome({ baselineStatus: 'IGT', finalValues: { fpg: 5.6, hba1c: 5.7 } })).toBe('prediabetes');
    // One diabetic value is suspected progression until a second one on another day confirms it.
    expect(outcome({ baselineStatus: 'IGT', finalValues: { fpg: 7.1 } })).toBe('suspectedProgression');
    expect(outcome({ baselineStatus: 'IGT', finalValues: { fpg: 7.1, hba1c: 6.5 } })).toBe('progressed');
    const history = [{ date: '2026-03-01', fpg: 7.4 }];
    expect(outcome({ baselineStatus: 'IGT', finalValues: { fpg: 7.1 }, finalDate: '2026-03-20', history })).toBe('progressed');
    // A final FPG of 2.8 is hypoglycaemia, never a return to normal.
    expect(outcome({ baselineStatus: 'IFG', finalValues: { fpg: 2.8 } })).toBe('hypoglycaemia');
    // IGT known from the doctor's diagnosis only: values read normal, the rule still applies.
    expect(outcome({ baselineStatus: 'normal', baselineInvolvedIgt: true, finalValues: { fpg: 5.6 } })).toBe('repeatOgtt');
  });

  it('reports weight change against the 7 % target and the symptom efficacy', () => {
    expect(
      evaluateEndOfManagement({
        baselineStatus: 'IFG',
        finalValues: { fpg: 5.6 },
        baselineWeightKg: 80,
        finalWeightKg: 74.4,
        baselineSymptomTotal: 20,
        finalSymptomTotal: 6,
      }),
    ).toEqual({
      finalStatus: 'normal',
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
