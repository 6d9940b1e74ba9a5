import { describe, expect, it } from 'vitest';
import { classifyFollowUpGlycemia, classifyGlycemia, involvesIgt, isHba1cVeryHighRisk, isPrediabetes } from './glycemic';

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

  it('never reads normal from HbA1c 5.7 %: 5.6 / 5.7 / 6.0 / 6.1 / 6.4 / 6.5 with a normal FPG (5.0)', () => {
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 5.6 })).toBe('normal');
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 5.7 })).toBe('elevatedHbA1c');
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 6.0 })).toBe('elevatedHbA1c');
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 6.1 })).toBe('elevatedHbA1c');
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 6.4 })).toBe('elevatedHbA1c');
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 6.5 })).toBe('diabetes');
    // The case: FPG 5.5 + HbA1c 6.2 %.
    expect(classifyGlycemia({ fpg: 5.5, hba1c: 6.2 })).toBe('elevatedHbA1c');
  });

  it('keeps WHO 1999 IFG/IGT ahead of the HbA1c band, and HbA1c alone decides only from 5.7 %', () => {
    expect(classifyGlycemia({ fpg: 6.3, hba1c: 6.2 })).toBe('IFG');
    expect(classifyGlycemia({ fpg: 5.5, ogtt2h: 8.6, hba1c: 6.0 })).toBe('IGT');
    expect(classifyGlycemia({ fpg: 5.5, ogtt2h: 7.0, hba1c: 5.8 })).toBe('elevatedHbA1c');
    expect(classifyGlycemia({ hba1c: 5.6 })).toBeNull();
    expect(classifyGlycemia({ hba1c: 5.7 })).toBe('elevatedHbA1c');
    expect(classifyGlycemia({ hba1c: 6.4 })).toBe('elevatedHbA1c');
    expect(classifyGlycemia({ hba1c: 6.5 })).toBe('diabetes');
  });

  it('flags HbA1c above 6.0 % and below 6.5 % as very high risk', () => {
    expect([5.6, 5.7, 6.0, 6.1, 6.4, 6.5].map((value) => isHba1cVeryHighRisk(value))).toEqual([false, false, false, true, true, false]);
    expect(isHba1cVeryHighRisk(undefined)).toBeNull();
    expect(isHba1cVeryHighRisk(null)).toBeNull();
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

  it('knows which statuses are pre-diabetes and which involve IGT', () => {
    const statuses = ['IFG', 'IGT', 'IFG+IGT', 'elevatedHbA1c', 'normal', 'diabetes', 'repeatOgtt', null] as const;
    expect(statuses.map((s) => isPrediabetes(s))).toEqual([true, true, true, true, false, false, false, false]);
    expect(statuses.map((s) => involvesIgt(s))).toEqual([false, true, true, false, false, false, false, false]);
  });
});

describe('classifyFollowUpGlycemia (IGT needs a 2h-PG to be excluded)', () => {
  it('cannot call a follow-up normal without a 2h-PG when the baseline involved IGT', () => {
    // The case: baseline FPG 5.5 + 2h-PG 8.6 (IGT), follow-up FPG 5.6 only.
    expect(classifyFollowUpGlycemia({ fpg: 5.6 }, true)).toBe('repeatOgtt');
    expect(classifyFollowUpGlycemia({ fpg: 5.6, hba1c: 5.6 }, true)).toBe('repeatOgtt');
    expect(classifyFollowUpGlycemia({ hba1c: 5.5 }, true)).toBe('repeatOgtt');
    // With the 2-hour value the judgement stands, either way of 7.8.
    expect(classifyFollowUpGlycemia({ fpg: 5.6, ogtt2h: 7.7 }, true)).toBe('normal');
    expect(classifyFollowUpGlycemia({ fpg: 5.6, ogtt2h: 7.8 }, true)).toBe('IGT');
  });

  it('keeps results that do not claim IGT is gone, and applies no rule without IGT at baseline', () => {
    expect(classifyFollowUpGlycemia({ fpg: 6.3 }, true)).toBe('IFG');
    expect(classifyFollowUpGlycemia({ fpg: 5.6, hba1c: 5.9 }, true)).toBe('elevatedHbA1c');
    expect(classifyFollowUpGlycemia({ fpg: 7.2 }, true)).toBe('diabetes');
    expect(classifyFollowUpGlycemia({}, true)).toBeNull();
    expect(classifyFollowUpGlycemia({ fpg: 5.6 }, false)).toBe('normal');
    expect(classifyFollowUpGlycemia({ hba1c: 5.5 }, false)).toBeNull();
  });
});
