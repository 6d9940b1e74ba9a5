import { describe, expect, it } from 'vitest';
import { baselineAbnormalMeasures, isPrediabetesBaseline } from './prediabetes-baseline';
import { judgeReversal } from './reversal';

/** Hand-worked cases of the shared baseline and reversal rules (WHO 1999 cut-offs; HbA1c 5.7–6.4 %). */
describe('pre-diabetes baseline', () => {
  it('names the abnormal measures from the values and the diagnosis', () => {
    expect(baselineAbnormalMeasures({ values: { fpg: 6.1 } })).toEqual(['fpg']);
    expect(baselineAbnormalMeasures({ values: { fpg: 6.09 } })).toEqual([]);
    expect(baselineAbnormalMeasures({ values: { fpg: 5.6, hba1c: 6.1 } })).toEqual(['hba1c']);
    expect(baselineAbnormalMeasures({ values: { fpg: 6.3, ogtt2h: 9.0, hba1c: 6.0 } })).toEqual(['fpg', 'ogtt2h', 'hba1c']);
    expect(baselineAbnormalMeasures({ values: { fpg: 5.0 }, westernDiagnosis: 'IFG+IGT' })).toEqual(['fpg', 'ogtt2h']);
    // 7.0 is diabetic, not IFG; 6.5 % likewise.
    expect(baselineAbnormalMeasures({ values: { fpg: 7.0, hba1c: 6.5 } })).toEqual([]);
  });

  it('admits values or a recorded IGT/IFG diagnosis, never a diabetic or hypoglycaemic baseline', () => {
    expect(isPrediabetesBaseline({ values: { fpg: 5.2, ogtt2h: 7.0 }, westernDiagnosis: 'IGT' })).toBe(true);
    expect(isPrediabetesBaseline({ values: { fpg: 5.2, ogtt2h: 7.0 } })).toBe(false);
    expect(isPrediabetesBaseline({ values: { hba1c: 5.7 } })).toBe(true);
    expect(isPrediabetesBaseline({ values: { fpg: 7.2 }, westernDiagnosis: 'IFG' })).toBe(false);
    expect(isPrediabetesBaseline({ values: { fpg: 6.4 }, westernDiagnosis: 'T2DM' })).toBe(false);
    expect(isPrediabetesBaseline({ values: { fpg: 3.5, hba1c: 6.0 } })).toBe(false);
    expect(isPrediabetesBaseline({ values: null, westernDiagnosis: 'IGT' })).toBe(false);
  });
});

describe('reversal', () => {
  it('needs the test that defined pre-diabetes', () => {
    // Baseline HbA1c 6.1 (FPG 5.6), later FPG 5.6 only: HbA1c not re-measured.
    expect(judgeReversal(['hba1c'], { fpg: 5.6 })).toEqual({ verdict: 'notJudged', missing: ['hba1c'] });
    // Baseline HbA1c 6.0 only, later HbA1c 5.5 only: re-measured and normal.
    expect(judgeReversal(['hba1c'], { hba1c: 5.5 }).verdict).toBe('reverted');
    // IGT needs a 2h-PG; IFG an FPG.
    expect(judgeReversal(['ogtt2h'], { fpg: 5.0, hba1c: 5.3 })).toEqual({ verdict: 'notJudged', missing: ['ogtt2h'] });
    expect(judgeReversal(['ogtt2h'], { fpg: 5.0, ogtt2h: 7.7 }).verdict).toBe('reverted');
    expect(judgeReversal(['fpg'], { ogtt2h: 6.0 }).verdict).toBe('notJudged');
    expect(judgeReversal(['fpg', 'ogtt2h', 'hba1c'], { fpg: 5.5, ogtt2h: 7.0, hba1c: 5.5 }).verdict).toBe('reverted');
  });

  it('answers not reverted for any abnormal value, and never judges an unknown baseline', () => {
    expect(judgeReversal(['fpg'], { fpg: 5.6, hba1c: 5.7 }).verdict).toBe('notReverted');
    expect(judgeReversal(['fpg'], { fpg: 6.1 }).verdict).toBe('notReverted');
    expect(judgeReversal(['fpg'], { fpg: 7.1 }).verdict).toBe('notReverted');
    expect(judgeReversal(['fpg'], { fpg: 3.5 }).verdict).toBe('notJudged');
    expect(judgeReversal([], { fpg: 5.0, ogtt2h: 6.0, hba1c: 5.2 }).verdict).toBe('notJudged');
  });
});
