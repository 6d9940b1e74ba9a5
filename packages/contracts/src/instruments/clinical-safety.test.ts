import { describe, expect, it } from 'vitest';
import { annex1 } from './annex1';
import { annex6 } from './annex6';
import { annex7 } from './annex7';
import { annex8 } from './annex8';
import { annex9 } from './annex9';
import { suggestedValues, validateRecord } from './engine';
import { softRangeWarnings } from './soft-range';
import type { InstrumentContext, InstrumentDefinition, RecordData } from './types';

const context: InstrumentContext = { today: '2026-03-01', gender: 'woman', cohort: 'managed' };

function derivedOf(def: InstrumentDefinition, data: RecordData, ctx: InstrumentContext = context) {
  const result = validateRecord(def, data, ctx);
  if (!result.ok) throw new Error(`expected valid, got ${JSON.stringify(result.errors)}`);
  return result.derived;
}

const records = {
  annex1: (v: RecordData) => derivedOf(annex1, { testDate: '2026-02-20', ...v }),
  annex6: (v: RecordData) => derivedOf(annex6, { examDate: '2026-02-20', height: 160, weight: 60, ...v }),
  annex7: (v: RecordData) => derivedOf(annex7, { visitDate: '2026-02-20', way: 'clinic', ...v }),
  annex8: (v: RecordData) => derivedOf(annex8, { evaluationDate: '2026-02-20', satisfaction: 'satisfied', ...v }),
  annex9: (v: RecordData) =>
    derivedOf(annex9, {
      visitDate: '2026-02-20',
      way: 'clinic',
      symptoms: ['none'],
      urgentSigns: ['none'],
      adverseReaction: 'no',
      visitClass: 'satisfactory',
      ...v,
    }),
};
const glucoseAnnexes = ['annex1', 'annex7', 'annex8', 'annex9'] as const;
const bpAnnexes = ['annex6', 'annex7', 'annex9'] as const;

describe('the same alerts on every record with glucose or blood pressure', () => {
  it.each(glucoseAnnexes)('%s: FPG 3.9 / 4.0 and 16.6 / 16.7 mmol/L, and the extremes 0.8 and 35.0', (annex) => {
    const codes = (fpg: number) => (records[annex]({ fpg }).alerts as { code: string }[]).map((a) => a.code);
    expect([0.8, 3.9, 4.0, 16.6, 16.7, 35.0].map(codes)).toEqual([
      ['glucoseLow'],
      ['glucoseLow'],
      [],
      [],
      ['glucoseHigh'],
      ['glucoseHigh'],
    ]);
    expect(records[annex]({ fpg: 35.0 }).hasAlert).toBe(true);
  });

  it.each(bpAnnexes)('%s: SBP 179 / 180 and DBP 109 / 110 mmHg', (annex) => {
    const has = (sbp: number, dbp: number) => records[annex]({ sbp, dbp }).hasAlert;
    expect([has(179, 109), has(180, 90), has(150, 110)]).toEqual([false, true, true]);
  });

  it('annex 8: a final FPG of 2.5 or 25.0 raises its alert, and 2.8 is hypoglycaemia, never 逆转为正常', () => {
    const baseline = { '1': { data: { fpg: 6.4 }, derived: {} } };
    const final = (fpg: number) =>
      derivedOf(annex8, { evaluationDate: '2026-02-20', satisfaction: 'satisfied', fpg }, { ...context, baseline });
    expect(final(2.5)).toMatchObject({ hasAlert: true, finalStatus: 'hypoglycaemia', outcome: 'hypoglycaemia' });
    expect(final(25.0)).toMatchObject({ hasAlert: true, finalStatus: 'diabetesUnconfirmed', outcome: 'suspectedProgression' });
    expect(final(2.8)).toMatchObject({ finalStatus: 'hypoglycaemia', outcome: 'hypoglycaemia' });
    expect(final(5.0)).toMatchObject({ hasAlert: false, outcome: 'reverted' });
  });

  it('annex 1: FPG 2.2 reads 低血糖 beside its alert; random 34 without symptoms needs a repeat, not normal', () => {
    expect(records.annex1({ fpg: 2.2 })).toMatchObject({ glycemicStatus: 'hypoglycaemia', hasAlert: true });
    expect(records.annex1({ randomGlucose: 34 })).toMatchObject({ glycemicStatus: 'randomHigh', hasAlert: true });
    expect(annex1.derivedColumns?.[0]?.options?.find((o) => o.value === 'hypoglycaemia')?.label.zh).toBe('低血糖');
  });
});

describe('a danger value sets the next contact within 14 days', () => {
  const next = (data: RecordData, cohort: 'managed' | 'comparison') =>
    suggestedValues(annex7, { visitDate: '2026-02-20', way: 'clinic', ...data }, { ...context, cohort }).nextVisitDate;

  it('annex 7: FPG 3.6 (comparison), BP 186/104 (managed), FPG 17.2 + BP 185/112 (managed) → 2026-03-06 at the latest', () => {
    expect(next({ fpg: 3.6 }, 'comparison')).toBe('2026-03-06');
    expect(next({ sbp: 186, dbp: 104 }, 'managed')).toBe('2026-03-06');
    expect(next({ fpg: 17.2, sbp: 185, dbp: 112 }, 'managed')).toBe('2026-03-06');
    // Without a danger value the cohort rhythm stands: 90 and 15 days.
    expect(next({ fpg: 5.5 }, 'comparison')).toBe('2026-05-21');
    expect(next({ fpg: 5.5 }, 'managed')).toBe('2026-03-07');
    expect(records.annex7({ fpg: 3.6 }).nextContactBy).toBe('2026-03-06');
    expect(records.annex7({ fpg: 5.5 }).nextContactBy).toBeNull();
  });

  it('annex 9: an alert gives 14 days; no FPG gives no routine date, and 危急情况 must be answered', () => {
    expect(records.annex9({ fpg: 16.7 }).nextContactBy).toBe('2026-03-06');
    const noFpg = { visitDate: '2026-02-20', way: 'clinic', symptoms: ['none'], urgentSigns: ['none'], adverseReaction: 'no' };
    expect(suggestedValues(annex9, noFpg, context)).toEqual({});
    expect(derivedOf(annex9, { ...noFpg, visitClass: 'satisfactory' }).fpgMissing).toBe(true);
    expect(suggestedValues(annex9, { ...noFpg, fpg: 6.0 }, context)).toEqual({ nextVisitDate: '2026-05-21' });
    const { urgentSigns: _u, ...unanswered } = noFpg;
    const result = validateRecord(annex9, { ...unanswered, visitClass: 'satisfactory' }, context);
    expect(result.ok ? [] : result.errors).toEqual([{ item: 'urgentSigns', message: '请选择 危急情况' }]);
  });
});

describe('a diabetic-range value at a pre-diabetes visit', () => {
  it('annex 7 FPG 12.0 (comparison) is 疑似糖尿病 with a repeat within 14 days', () => {
    const derived = derivedOf(annex7, { visitDate: '2026-02-20', way: 'clinic', fpg: 12.0 }, { ...context, cohort: 'comparison' });
    expect(derived).toMatchObject({ glycemicStatus: 'diabetesUnconfirmed', nextContactBy: '2026-03-06', diabetesEventDate: null });
    expect(annex7.derivedColumns?.find((c) => c.key === 'glycemicStatus')?.attention?.('diabetesUnconfirmed')).toBe(true);
  });

  it('FPG 8.5 + HbA1c 7.1 in one sitting is 确诊糖尿病; so is a second diabetic value on another day', () => {
    expect(records.annex7({ fpg: 8.5, hba1c: 7.1 })).toMatchObject({ glycemicStatus: 'diabetes', diabetesEventDate: '2026-02-20' });
    const history = [{ date: '2026-02-01', fpg: 7.4 }];
    const second = derivedOf(annex7, { visitDate: '2026-02-20', way: 'clinic', fpg: 7.2 }, { ...context, glucoseHistory: history });
    expect(second).toMatchObject({ glycemicStatus: 'diabetes', diabetesEventDate: '2026-02-01' });
    // Classic symptoms (三多一少) confirm one value on the spot.
    expect(records.annex7({ fpg: 7.2, symptoms: ['polyuria'] }).glycemicStatus).toBe('diabetes');
    expect(records.annex7({ fpg: 7.2, symptoms: ['fatigue'] }).glycemicStatus).toBe('diabetesUnconfirmed');
  });
});

describe('soft ranges: stored as typed, confirmed in the form', () => {
  const warned = (data: RecordData) => softRangeWarnings(annex1, data).map((w) => w.item);

  it('asks to confirm glucose below 2.0 or above 33.3 mmol/L, at 0.5 / 1.0 / 1.9 / 2.0 / 33.3 / 33.4 / 70.0', () => {
    const at = (fpg: number) => warned({ fpg }).length > 0;
    expect([0.5, 1.0, 1.9, 2.0, 33.3, 33.4, 70.0].map(at)).toEqual([true, true, true, false, false, true, true]);
    expect(softRangeWarnings(annex1, { randomGlucose: 34 })).toEqual([
      { item: 'randomGlucose', message: '随机血糖 34 mmol/L 高于常见范围（2.0–33.3 mmol/L），请确认数值无误' },
    ]);
  });

  it('does the same for blood pressure and heart rate, which are stored from 50/30 up to 300/200', () => {
    const items = (data: RecordData) => softRangeWarnings(annex6, data).map((w) => w.item);
    expect(items({ sbp: 260, dbp: 160, heartRate: 35 })).toEqual(['sbp', 'dbp', 'heartRate']);
    expect(items({ sbp: 250, dbp: 150, heartRate: 40 })).toEqual([]);
    expect(
      validateRecord(annex6, { examDate: '2026-02-20', height: 160, weight: 60, sbp: 301, dbp: 200, heartRate: 250 }, context).ok,
    ).toBe(false);
    expect(
      validateRecord(annex6, { examDate: '2026-02-20', height: 160, weight: 60, sbp: 300, dbp: 200, heartRate: 250 }, context).ok,
    ).toBe(true);
  });
});

describe('record dates in the patient window (engine)', () => {
  const patient: InstrumentContext = { ...context, birthDate: '1976-05-10', enrolledAt: '2026-02-01' };
  const errors = (def: InstrumentDefinition, data: RecordData) => {
    const result = validateRecord(def, data, patient);
    return result.ok ? [] : result.errors;
  };

  it('refuses an annex 1 of 1900-01-01 and an annex 8 before enrolment', () => {
    expect(errors(annex1, { testDate: '1900-01-01', fpg: 6.4 })).toEqual([
      { item: 'testDate', message: '检测日期 不能早于患者出生日期（1976-05-10）' },
    ]);
    expect(errors(annex8, { evaluationDate: '2026-01-31', fpg: 6.4, satisfaction: 'satisfied' })).toEqual([
      { item: 'evaluationDate', message: '评估日期 不能早于入组日期（2026-02-01）' },
    ]);
    expect(errors(annex1, { testDate: '2025-11-03', fpg: 6.4 })).toEqual([]);
    expect(errors(annex1, { testDate: '2025-11-02', fpg: 6.4 })[0]?.item).toBe('testDate');
    expect(errors(annex7, { visitDate: '2026-02-20', way: 'clinic', nextVisitDate: '2027-03-02' })[0]?.message).toBe(
      '下次随访日期 不能晚于一年后（2027-03-01）',
    );
  });
});

describe('pregnancy and lactation are recorded for women only (annexes 1 and 6)', () => {
  it('stores a woman’s answer and refuses one on a man’s record', () => {
    const exam = { examDate: '2026-02-20', height: 160, weight: 60, pregnancy: 'pregnant' };
    expect(validateRecord(annex6, exam, context).ok).toBe(true);
    const man = validateRecord(annex6, exam, { ...context, gender: 'man' });
    expect(man.ok ? [] : man.errors).toEqual([{ item: 'pregnancy', message: '妊娠/哺乳 仅适用于女性患者' }]);
    const diagnosis = validateRecord(annex1, { testDate: '2026-02-20', fpg: 6.4, pregnancy: 'lactating' }, context);
    expect(diagnosis.ok && diagnosis.data.pregnancy).toBe('lactating');
  });
});

describe('annex 7 records a referral', () => {
  it('asks where and why when the patient is referred', () => {
    const visit = { visitDate: '2026-02-20', way: 'clinic', fpg: 17.0 };
    const missing = validateRecord(annex7, { ...visit, referral: true }, context);
    expect(missing.ok ? [] : missing.errors).toEqual([{ item: 'referralNote', message: '请填写 转诊机构及原因' }]);
    const referred = validateRecord(annex7, { ...visit, referral: true, referralNote: '市人民医院内分泌科：空腹血糖 17.0' }, context);
    expect(referred.ok && referred.data.referralNote).toBe('市人民医院内分泌科：空腹血糖 17.0');
  });
});

describe('annex 8 ends management with the reason 进展为糖尿病 only when diabetes is confirmed', () => {
  const evaluation = { evaluationDate: '2026-02-20', satisfaction: 'satisfied', endReason: 'progressedToDiabetes' };
  it('refuses it on one diabetic value and accepts it with a confirming earlier value on another day', () => {
    const alone = validateRecord(annex8, { ...evaluation, fpg: 7.5 }, context);
    expect(alone.ok ? [] : alone.errors.map((e) => e.item)).toEqual(['endReason']);
    const confirmed = validateRecord(
      annex8,
      { ...evaluation, fpg: 7.5 },
      { ...context, glucoseHistory: [{ date: '2026-02-01', fpg: 7.3 }] },
    );
    expect(confirmed.ok && confirmed.derived).toMatchObject({ finalStatus: 'diabetes' });
    expect(validateRecord(annex8, { ...evaluation, fpg: 7.5, endReason: 'completed' }, context).ok).toBe(true);
  });
});
