import { describe, expect, it } from 'vitest';
import { evaluateEndOfManagement, managementOutcome } from './end-evaluation';

describe('end-of-management evaluation', () => {
  it('compares the final status with a pre-diabetes baseline', () => {
    expect(managementOutcome('IFG', 'normal')).toBe('reverted');
    expect(managementOutcome('IGT', 'IFG')).toBe('prediabetes');
    expect(managementOutcome('IFG+IGT', 'diabetes')).toBe('progressed');
    // An unknown baseline never yields a return to normal.
    expect(managementOutcome(null, 'normal')).toBe('notJudged');
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

  it('judges a return to normal only on every baseline-abnormal measure, re-measured', () => {
    const outcome = (input: Parameters<typeof evaluateEndOfManagement>[0]) => evaluateEndOfManagement(input).outcome;
    // Baseline HbA1c 6.1 with FPG 5.6 (elevated HbA1c); the final FPG 5.6 alone cannot exclude it.
    const hba1cBaseline = { values: { fpg: 5.6, hba1c: 6.1 } };
    expect(outcome({ baselineStatus: 'elevatedHbA1c', baseline: hba1cBaseline, finalValues: { fpg: 5.6 } })).toBe('notJudged');
    // Baseline HbA1c 6.0 only, final HbA1c 5.5 only: the defining test is normal again.
    expect(outcome({ baselineStatus: 'elevatedHbA1c', baseline: { values: { hba1c: 6.0 } }, finalValues: { hba1c: 5.5 } })).toBe(
      'reverted',
    );
    // Unknown baseline (no annex 1): never 逆转为正常, even with a normal final measurement.
    expect(outcome({ finalValues: { fpg: 5.0, ogtt2h: 6.0, hba1c: 5.2 } })).toBe('notJudged');
    // Values normal, the doctor recorded IGT: a pre-diabetes baseline whose reversal needs a 2h-PG.
    const diagnosedIgt = { values: { fpg: 5.4 }, westernDiagnosis: 'IGT' };
    expect(outcome({ baselineStatus: 'normal', baseline: diagnosedIgt, finalValues: { fpg: 5.3 } })).toBe('repeatOgtt');
    expect(outcome({ baselineStatus: 'normal', baseline: diagnosedIgt, finalValues: { fpg: 5.3, ogtt2h: 7.0 } })).toBe('reverted');
    // Values normal and no pre-diabetes diagnosis: the outcome does not apply.
    expect(outcome({ baselineStatus: 'normal', baseline: { values: { fpg: 5.4 } }, finalValues: { fpg: 5.3 } })).toBeNull();
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
