import { describe, expect, it } from 'vitest';
import { classifyFollowUpGlycemia, classifyGlycemia, involvesIgt, isDiabeticRange, isHba1cVeryHighRisk, isPrediabetes } from './glycemic';

describe('classifyGlycemia (WHO 1999 pre-diabetes, China 2020 diabetes)', () => {
  it('puts FPG 6.0 / 6.1 / 6.9 / 7.0 on the right side of the IFG and diabetes bounds', () => {
    expect(classifyGlycemia({ fpg: 6.0 })).toBe('normal');
    expect(classifyGlycemia({ fpg: 6.1 })).toBe('IFG');
    expect(classifyGlycemia({ fpg: 6.9 })).toBe('IFG');
    expect(classifyGlycemia({ fpg: 7.0 })).toBe('diabetesUnconfirmed');
  });

  it('puts 2h-PG 7.7 / 7.8 / 11.0 / 11.1 on the right side of the IGT and diabetes bounds', () => {
    expect(classifyGlycemia({ ogtt2h: 7.7 })).toBe('normal');
    expect(classifyGlycemia({ ogtt2h: 7.8 })).toBe('IGT');
    expect(classifyGlycemia({ ogtt2h: 11.0 })).toBe('IGT');
    expect(classifyGlycemia({ ogtt2h: 11.1 })).toBe('diabetesUnconfirmed');
  });

  it('combines IFG and IGT, and lets any diabetes criterion win', () => {
    expect(classifyGlycemia({ fpg: 6.5, ogtt2h: 8.0 })).toBe('IFG+IGT');
    expect(classifyGlycemia({ fpg: 6.5, ogtt2h: 6.0 })).toBe('IFG');
    expect(classifyGlycemia({ fpg: 5.5, ogtt2h: 9.0 })).toBe('IGT');
    expect(classifyGlycemia({ fpg: 5.5, ogtt2h: 12.0 })).toBe('diabetesUnconfirmed');
  });

  it('never reads normal from HbA1c 5.7 %: 5.6 / 5.7 / 6.0 / 6.1 / 6.4 / 6.5 with a normal FPG (5.0)', () => {
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 5.6 })).toBe('normal');
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 5.7 })).toBe('elevatedHbA1c');
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 6.0 })).toBe('elevatedHbA1c');
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 6.1 })).toBe('elevatedHbA1c');
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 6.4 })).toBe('elevatedHbA1c');
    expect(classifyGlycemia({ fpg: 5.0, hba1c: 6.5 })).toBe('diabetesUnconfirmed');
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
    expect(classifyGlycemia({ hba1c: 6.5 })).toBe('diabetesUnconfirmed');
  });

  it('flags HbA1c above 6.0 % and below 6.5 % as very high risk', () => {
    expect([5.6, 5.7, 6.0, 6.1, 6.4, 6.5].map((value) => isHba1cVeryHighRisk(value))).toEqual([false, false, false, true, true, false]);
    expect(isHba1cVeryHighRisk(undefined)).toBeNull();
    expect(isHba1cVeryHighRisk(null)).toBeNull();
  });

  it('counts random glucose ≥ 11.1 only with classic symptoms', () => {
    expect(classifyGlycemia({ randomGlucose: 11.1, hasClassicSymptoms: true })).toBe('diabetes');
    expect(classifyGlycemia({ randomGlucose: 11.0, hasClassicSymptoms: true })).toBeNull();
    // Without symptoms a random 13.0 diagnoses nothing, but it is never "normal": repeat or OGTT.
    expect(classifyGlycemia({ randomGlucose: 13.0, hasClassicSymptoms: false })).toBe('randomHigh');
    expect(classifyGlycemia({ fpg: 5.2, randomGlucose: 13.0 })).toBe('randomHigh');
    expect(classifyGlycemia({ fpg: 5.2, randomGlucose: 11.0 })).toBe('normal');
    // A pre-diabetes finding says more than "repeat": it stays.
    expect(classifyGlycemia({ fpg: 6.5, randomGlucose: 13.0 })).toBe('IFG');
  });

  it('confirms diabetes in one sitting with two different diabetic tests or with classic symptoms', () => {
    // FPG and 2h-PG of one OGTT, or a glucose and HbA1c ≥ 6.5 %.
    expect(classifyGlycemia({ fpg: 7.0, ogtt2h: 11.1 })).toBe('diabetes');
    expect(classifyGlycemia({ fpg: 7.0, hba1c: 6.5 })).toBe('diabetes');
    expect(classifyGlycemia({ fpg: 7.0, hba1c: 6.4 })).toBe('diabetesUnconfirmed');
    expect(classifyGlycemia({ fpg: 6.9, ogtt2h: 11.1 })).toBe('diabetesUnconfirmed');
    expect(classifyGlycemia({ fpg: 7.0, hasClassicSymptoms: true })).toBe('diabetes');
    expect(classifyGlycemia({ randomGlucose: 11.1, hasClassicSymptoms: true, hba1c: 6.5 })).toBe('diabetes');
  });

  it('never labels a glucose at or below 3.9 mmol/L normal: 2.2 / 3.9 / 4.0, and 0.5 / 1.0 / 2.0', () => {
    expect(classifyGlycemia({ fpg: 2.2 })).toBe('hypoglycaemia');
    expect(classifyGlycemia({ fpg: 3.9 })).toBe('hypoglycaemia');
    expect(classifyGlycemia({ fpg: 4.0 })).toBe('normal');
    expect([0.5, 1.0, 2.0].map((fpg) => classifyGlycemia({ fpg }))).toEqual(['hypoglycaemia', 'hypoglycaemia', 'hypoglycaemia']);
    expect(classifyGlycemia({ fpg: 5.0, ogtt2h: 3.5 })).toBe('hypoglycaemia');
    expect(classifyGlycemia({ hba1c: 5.0, randomGlucose: 3.0 })).toBe('hypoglycaemia');
    // A diabetic-range value is the diagnosis; the low value raises its own alert.
    expect(classifyGlycemia({ fpg: 2.5, hba1c: 7.0 })).toBe('diabetesUnconfirmed');
    expect(classifyFollowUpGlycemia({ fpg: 2.8 }, true)).toBe('hypoglycaemia');
    expect(classifyFollowUpGlycemia({ fpg: 2.8 }, false)).toBe('hypoglycaemia');
  });

  it('returns null when nothing was measured and accepts other thresholds', () => {
    expect(classifyGlycemia({})).toBeNull();
    expect(classifyGlycemia({ fpg: null, ogtt2h: undefined })).toBeNull();
    expect(classifyGlycemia({ fpg: 5.6 })).toBe('normal');
    expect(classifyGlycemia({ fpg: 5.6 }, { ifgFpgLower: 5.6 })).toBe('IFG');
  });

  it('knows which statuses are pre-diabetes and which involve IGT', () => {
    const statuses = [
      'IFG',
      'IGT',
      'IFG+IGT',
      'elevatedHbA1c',
      'normal',
      'diabetes',
      'repeatOgtt',
      null,
      'hypoglycaemia',
      'diabetesUnconfirmed',
    ] as const;
    expect(statuses.map((s) => isPrediabetes(s))).toEqual([true, true, true, true, false, false, false, false, false, false]);
    expect(statuses.map((s) => involvesIgt(s))).toEqual([false, true, true, false, false, false, false, false, false, false]);
    expect(statuses.map((s) => isDiabeticRange(s))).toEqual([false, false, false, false, false, true, false, false, false, true]);
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
    expect(classifyFollowUpGlycemia({ fpg: 7.2 }, true)).toBe('diabetesUnconfirmed');
    expect(classifyFollowUpGlycemia({}, true)).toBeNull();
    expect(classifyFollowUpGlycemia({ fpg: 5.6 }, false)).toBe('normal');
    expect(classifyFollowUpGlycemia({ hba1c: 5.5 }, false)).toBeNull();
  });
});
