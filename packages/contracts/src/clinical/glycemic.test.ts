import { describe, expect, it } from 'vitest';
import { classifyGlycemia, isPrediabetes } from './glycemic';

describe('classifyGlycemia (WHO 1999 pre-diabetes, China 2020 diabetes)', () => {
  it('puts FPG 6.0 / 6.1 / 6.9 / 7.0 on the right side of the IFG and diabetes bounds', () => {
    expect(classifyGlycemia({ fpg: 6.0 })).toBe('normal');
    expect(classifyGlycemia({ fpg: 6.1 })).toBe('IFG');
    expect(classifyGlycemia({ fpg: 6.9 })).toBe('IFG');
    expect(classifyGlycemia({ fpg: 7.0 })).toBe('diabetes');
  });

  it('puts 2h-PG 7.7 / 7.8 / 11.0 / 11.1 on the right side of the IGT and diabetes bounds', () => {
    expect(classifyGlycemia({ ogtt2h: 7.7 })).toBe('normal');
    expect(classifyGlycemia({ ogtt2h: 7.8 })).toBe('IGT');
    expect(classifyGlycemia({ ogtt2h: 11.0 })).toBe('IGT');
    expect(classifyGlycemia({ ogtt2h: 11.1 })).toBe('diabetes');
  });

  it('combines IFG and IGT, and lets any diabetes criterion win', () => {
    expect(classifyGlycemia({ fpg: 6.5, ogtt2h: 8.0 })).toBe('IFG+IGT');
    expect(classifyGlycemia({ fpg: 6.5, ogtt2h: 6.0 })).toBe('IFG');
    expect(classifyGlycemia({ fpg: 5.5, ogtt2h: 9.0 })).toBe('IGT');
    expect(classifyGlycemia({ fpg: 5.5, ogtt2h: 12.0 })).toBe('diabetes');
  });

  it('uses HbA1c 6.4 / 6.5 only for diabetes', () => {
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 6.4 })).toBe('normal');
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 6.5 })).toBe('diabetes');
    // HbA1c below 6.5 alone cannot tell normal from IFG/IGT.
    expect(classifyGlycemia({ hba1c: 6.4 })).toBeNull();
    expect(classifyGlycemia({ hba1c: 6.5 })).toBe('diabetes');
  });

  it('counts random glucose ≥ 11.1 only with classic symptoms', () => {
    expect(classifyGlycemia({ randomGlucose: 11.1, hasClassicSymptoms: true })).toBe('diabetes');
    expect(classifyGlycemia({ randomGlucose: 11.0, hasClassicSymptoms: true })).toBeNull();
    expect(classifyGlycemia({ randomGlucose: 13.0, hasClassicSymptoms: false })).toBeNull();
    expect(classifyGlycemia({ fpg: 5.2, randomGlucose: 13.0 })).toBe('normal');
  });

  it('returns null when nothing was measured and accepts other thresholds', () => {
    expect(classifyGlycemia({})).toBeNull();
    expect(classifyGlycemia({ fpg: null, ogtt2h: undefined })).toBeNull();
    expect(classifyGlycemia({ fpg: 5.6 })).toBe('normal');
    expect(classifyGlycemia({ fpg: 5.6 }, { ifgFpgLower: 5.6 })).toBe('IFG');
  });

  it('knows which statuses are pre-diabetes', () => {
    expect(['IFG', 'IGT', 'IFG+IGT', 'normal', 'diabetes', null].map((s) => isPrediabetes(s as never))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
