import { describe, expect, it } from 'vitest';
import { annex1 } from './annex1';
import { annex6 } from './annex6';
import { annex7 } from './annex7';
import { annex9 } from './annex9';
import { initialValues, previewDerived, suggestedValues, validateRecord } from './engine';
import type { InstrumentContext, InstrumentDefinition, ItemError } from './types';
import { visibleItems, visibleRowItems } from './visibility';

const context: InstrumentContext = { today: '2026-03-01', gender: 'woman', cohort: 'managed' };

function errorsOf(def: InstrumentDefinition, data: unknown, ctx: InstrumentContext = context): ItemError[] {
  const result = validateRecord(def, data, ctx);
  return result.ok ? [] : result.errors;
}

const minimalAnnex1 = { testDate: '2026-02-20', fpg: 6.4, westernDiagnosis: 'IFG' };

/** A small definition exercising what the annexes do not: chains and a shared-slot questionnaire. */
const probe: InstrumentDefinition = {
  key: 'custom',
  version: 1,
  title: { zh: '测试', en: 'Probe' },
  dateItem: 'day',
  history: [],
  sections: [
    {
      key: 's',
      title: { zh: '节', en: 'Section' },
      items: [
        { key: 'day', label: { zh: '日期', en: 'Day' }, type: 'date' },
        {
          key: 'a',
          label: { zh: '甲', en: 'A' },
          type: 'single',
          options: [
            { value: 'yes', label: { zh: '是', en: 'Yes' } },
            { value: 'no', label: { zh: '否', en: 'No' } },
          ],
        },
        { key: 'b', label: { zh: '乙', en: 'B' }, type: 'text', maxLength: 5, showWhen: { item: 'a', equals: 'yes' } },
        { key: 'c', label: { zh: '丙', en: 'C' }, type: 'number', min: 0, max: 10, decimals: 0, required: true, showWhen: { item: 'b' } },
        {
          key: 'q',
          label: { zh: '问卷', en: 'Questionnaire' },
          type: 'likert',
          required: true,
          options: [1, 2, 3].map((value) => ({ value, label: { zh: String(value), en: String(value) } })),
          questions: [
            { key: 'q1', label: { zh: '第一问', en: 'One' }, slots: ['x1'] },
            { key: 'q2', label: { zh: '共用问', en: 'Shared' }, slots: ['x2', 'y1'] },
          ],
        },
      ],
    },
  ],
};

describe('validateRecord', () => {
  it('accepts a valid record and returns cleaned data with derived values', () => {
    const result = validateRecord(annex1, { ...minimalAnnex1, westernDiagnosisNote: '  初诊  ' }, context);
    expect(result).toEqual({
      ok: true,
      data: { testDate: '2026-02-20', fpg: 6.4, westernDiagnosis: 'IFG', westernDiagnosisNote: '初诊' },
      derived: { glycemicStatus: 'IFG', diabetesEventDate: null, hba1cVeryHighRisk: null, alerts: [], hasAlert: false, alertText: null },
    });
  });

  it('names a missing required item', () => {
    expect(errorsOf(annex1, { fpg: 6.4, westernDiagnosis: 'IFG' })).toEqual([{ item: 'testDate', message: '请填写 检测日期' }]);
    // Annex 1 needs only the test date and one glucose value.
    expect(errorsOf(annex1, { testDate: '2026-02-20', fpg: 6.4 })).toEqual([]);
    expect(errorsOf(annex7, { visitDate: '2026-02-20' })).toEqual([{ item: 'way', message: '请选择 随访方式' }]);
  });

  it('stores every glucose from 0.5 to 70.0 mmol/L and refuses 0.4 and 70.1 with the range and unit', () => {
    const message = '空腹血糖 超出范围（0.5–70.0 mmol/L）';
    expect(errorsOf(annex1, { ...minimalAnnex1, fpg: 0.4 })).toEqual([{ item: 'fpg', message }]);
    expect(errorsOf(annex1, { ...minimalAnnex1, fpg: 70.1 })).toEqual([{ item: 'fpg', message }]);
    // The most dangerous readings are stored, so that they raise their alert.
    for (const fpg of [0.5, 0.8, 1.0, 2.0, 33.3, 35.0, 70.0]) expect(errorsOf(annex1, { ...minimalAnnex1, fpg }), String(fpg)).toEqual([]);
    expect(errorsOf(annex1, { ...minimalAnnex1, randomGlucose: 34 })).toEqual([]);
  });

  it('rejects a height of 30 cm', () => {
    expect(errorsOf(annex6, { examDate: '2026-02-20', height: 30, weight: 60 })).toEqual([
      { item: 'height', message: '身高 超出范围（100–250 cm）' },
    ]);
  });

  it('asks for at least one glucose value, but not on top of an invalid one', () => {
    const { fpg: _fpg, ...noGlucose } = minimalAnnex1;
    expect(errorsOf(annex1, noGlucose)).toEqual([
      { item: 'fpg', message: '请至少填写一项血糖指标（空腹血糖、OGTT 2小时血糖、糖化血红蛋白或随机血糖）' },
    ]);
    expect(errorsOf(annex1, { ...minimalAnnex1, fpg: 0.4 })).toHaveLength(1);
  });

  it('refuses dates in the future except where allowed', () => {
    expect(errorsOf(annex1, { ...minimalAnnex1, testDate: '2026-03-02' })).toEqual([
      { item: 'testDate', message: '检测日期 不能晚于今天（2026-03-01）' },
    ]);
    expect(errorsOf(annex1, { ...minimalAnnex1, testDate: '2026-03-01' })).toEqual([]);
    expect(errorsOf(annex1, { ...minimalAnnex1, testDate: '2026-02-30' })[0]?.message).toBe('检测日期 日期无效，应为 YYYY-MM-DD');
    const visit = { visitDate: '2026-02-28', way: 'clinic' };
    expect(errorsOf(annex7, { ...visit, nextVisitDate: '2026-06-01' })).toEqual([]);
    expect(errorsOf(annex7, { ...visit, nextVisitDate: '2026-02-01' })).toEqual([
      { item: 'nextVisitDate', message: '下次随访日期 不能早于 随访日期（2026-02-28）' },
    ]);
  });

  it('rejects unknown keys', () => {
    expect(errorsOf(annex1, { ...minimalAnnex1, foo: 1 })).toEqual([{ item: 'foo', message: '未知字段：foo' }]);
  });

  it('refuses unknown keys before checking any value: only they are reported', () => {
    expect(errorsOf(annex1, { testDate: 'not a date', fpg: 'x', foo: 1, bar: 2 })).toEqual([
      { item: 'foo', message: '未知字段：foo' },
      { item: 'bar', message: '未知字段：bar' },
    ]);
    expect(errorsOf(annex1, 'not an object')).toEqual([{ item: '', message: '诊断记录 的数据格式不正确' }]);
  });

  it('drops hidden items instead of storing stale answers', () => {
    const result = validateRecord(annex1, { ...minimalAnnex1, comorbidities: ['hypertension'], comorbiditiesOther: '痛风' }, context);
    expect(result.ok && result.data).toEqual({ ...minimalAnnex1, comorbidities: ['hypertension'] });
    // Shown once 'other' is ticked, and then required.
    expect(errorsOf(annex1, { ...minimalAnnex1, comorbidities: ['other'] })).toEqual([
      { item: 'comorbiditiesOther', message: '请填写 其他合并疾病' },
    ]);
  });

  it('hides a whole chain when its first condition fails', () => {
    const answers = { q1: undefined, x1: 1, x2: 2, y1: 2 };
    const { q1: _q1, ...q } = answers;
    const hidden = validateRecord(probe, { a: 'no', b: 'abc', c: 99, q }, context);
    expect(hidden.ok && hidden.data).toEqual({ a: 'no', q: { x1: 1, x2: 2, y1: 2 } });
    expect(errorsOf(probe, { a: 'yes', b: 'abc', q })).toEqual([{ item: 'c', message: '请填写 丙' }]);
    expect(visibleItems(probe, { a: 'yes', b: 'x' }).map((item) => item.key)).toEqual(['day', 'a', 'b', 'c', 'q']);
    expect(visibleItems(probe, { a: 'no', b: 'x' }).map((item) => item.key)).toEqual(['day', 'a', 'q']);
  });

  it('checks option values, multiple-choice exclusivity, integers, decimals and text length', () => {
    expect(errorsOf(annex1, { ...minimalAnnex1, westernDiagnosis: 'flu' })).toEqual([
      { item: 'westernDiagnosis', message: '西医诊断 的选项无效：flu' },
    ]);
    expect(errorsOf(annex1, { ...minimalAnnex1, comorbidities: ['none', 'hypertension'] })).toEqual([
      { item: 'comorbidities', message: '合并疾病：「无」不能与其他选项同时选择' },
    ]);
    expect(errorsOf(annex6, { examDate: '2026-02-20', height: 165, weight: 60, sbp: 130.5, dbp: 80 })).toEqual([
      { item: 'sbp', message: '收缩压 应为整数' },
    ]);
    expect(errorsOf(annex6, { examDate: '2026-02-20', height: 165.25, weight: 60 })).toEqual([
      { item: 'height', message: '身高 最多保留1位小数' },
    ]);
    expect(errorsOf(probe, { a: 'yes', b: '超过五个字了', c: 1, q: { x1: 1, x2: 1, y1: 1 } })).toEqual([
      { item: 'b', message: '乙 不能超过5个字' },
    ]);
    expect(errorsOf(annex1, { ...minimalAnnex1, fpg: 'abc' })).toEqual([{ item: 'fpg', message: '空腹血糖 应为数字' }]);
  });

  it('parses numbers typed as text and stores multiple choices in option order', () => {
    const result = validateRecord(
      annex1,
      { ...minimalAnnex1, fpg: ' 6.4 ', comorbidities: ['obesity', 'hypertension', 'obesity'] },
      context,
    );
    expect(result.ok && result.data.fpg).toBe(6.4);
    expect(result.ok && result.data.comorbidities).toEqual(['hypertension', 'obesity']);
  });

  it('validates group rows by row and drops blank rows', () => {
    const visit = {
      visitDate: '2026-02-28',
      way: 'clinic',
      symptoms: ['none'],
      urgentSigns: ['none'],
      adverseReaction: 'no',
      visitClass: 'satisfactory',
      fpg: 6.2,
    };
    const result = validateRecord(
      annex9,
      {
        ...visit,
        medications: [
          { name: '二甲双胍', timesPerDay: 3, dosePerTime: 500, doseUnit: 'mg' },
          { name: '', timesPerDay: undefined },
        ],
      },
      context,
    );
    expect(result.ok && result.data.medications).toEqual([{ name: '二甲双胍', timesPerDay: 3, dosePerTime: 500, doseUnit: 'mg' }]);
    expect(errorsOf(annex9, { ...visit, medications: [{ timesPerDay: 3, dosePerTime: 500, doseUnit: 'mg' }] })).toEqual([
      { item: 'medications.0.name', message: '请填写 用药第1行 药物名称' },
    ]);
    expect(
      errorsOf(annex9, { ...visit, medications: [{ name: 'x', timesPerDay: 3, dosePerTime: 500, doseUnit: 'mg', colour: 'red' }] }),
    ).toEqual([{ item: 'medications.0.colour', message: '未知字段：medications.0.colour' }]);
    const many = Array.from({ length: 5 }, () => ({ type: '门冬胰岛素', usage: '每餐前 6U' }));
    expect(errorsOf(annex9, { ...visit, insulin: many })).toEqual([{ item: 'insulin', message: '胰岛素 最多填写4行' }]);
  });

  it('fills shared questionnaire slots from one answer and flags unanswered or conflicting ones', () => {
    const result = validateRecord(probe, { q: { x1: 3, x2: '2' } }, context);
    expect(result.ok && result.data.q).toEqual({ x1: 3, x2: 2, y1: 2 });
    expect(errorsOf(probe, { q: { x1: 3 } })).toEqual([{ item: 'q.q2', message: '请回答 问卷 第2题（共用问）' }]);
    expect(errorsOf(probe, { q: { x1: 3, x2: 1, y1: 2 } })).toEqual([
      { item: 'q.q2', message: '问卷 第2题（共用问） 在各分量表中的答案不一致' },
    ]);
    expect(errorsOf(probe, { q: { x1: 4, x2: 1, zz: 1 } })).toEqual([
      { item: 'q.zz', message: '未知字段：q.zz' },
      { item: 'q.q1', message: '问卷 第1题（第一问） 的答案无效：4' },
    ]);
  });
});

describe('form helpers', () => {
  it('builds initial values from defaults', () => {
    const values = initialValues(annex9);
    expect(values.symptoms).toEqual([]);
    expect(values.medications).toEqual([]);
    expect(values.newComplication).toBe(false);
    expect(values.visitDate).toBeUndefined();
    expect(initialValues(probe)).toEqual({ q: {} });
  });

  it('lists the visible items of a group row', () => {
    const rowItems = visibleRowItems(annex9, 'medications', {}, {});
    expect(rowItems.map((item) => item.key)).toEqual(['name', 'timesPerDay', 'dosePerTime', 'doseUnit']);
    expect(visibleRowItems(annex9, 'visitDate', {}, {})).toEqual([]);
  });

  it('previews derived values while the form is incomplete', () => {
    expect(previewDerived(annex6, { height: 160, weight: 64 }, context)).toMatchObject({ bmi: 25, bmiBand: 'overweight' });
  });

  it('proposes the next visit date for the cohort without overwriting one', () => {
    expect(suggestedValues(annex7, { visitDate: '2026-02-28' }, context)).toEqual({ nextVisitDate: '2026-03-15' });
    expect(suggestedValues(annex7, { visitDate: '2026-02-28' }, { ...context, cohort: 'comparison' })).toEqual({
      nextVisitDate: '2026-05-29',
    });
    expect(suggestedValues(annex7, { visitDate: '2026-02-28', nextVisitDate: '2026-03-10' }, context)).toEqual({});
  });
});

describe('messages in the interface language', () => {
  const english: InstrumentContext = { ...context, lang: 'en' };

  it('speaks Chinese by default (the server) and English when the context asks, naming the item in that language', () => {
    const data = { ...minimalAnnex1, fpg: 80, testDate: '2026-03-05' };
    expect(errorsOf(annex1, data)).toEqual([
      { item: 'testDate', message: '检测日期 不能晚于今天（2026-03-01）' },
      { item: 'fpg', message: '空腹血糖 超出范围（0.5–70.0 mmol/L）' },
    ]);
    expect(errorsOf(annex1, data, english)).toEqual([
      { item: 'testDate', message: 'Test date cannot be after today (2026-03-01)' },
      { item: 'fpg', message: 'Fasting plasma glucose is out of range (0.5–70.0 mmol/L)' },
    ]);
  });

  it('translates the required, option, unknown-field and cross-item messages too', () => {
    const messages = (data: unknown) => errorsOf(annex7, data, english).map((e) => e.message);
    expect(messages({ way: 'clinic', unknownKey: 1 })).toEqual(['Unknown field: unknownKey']);
    expect(messages({ way: 'clinic' })).toEqual(expect.arrayContaining([expect.stringMatching(/^Please fill in /)]));
    expect(messages({ visitDate: '2026-02-20', way: 'boat' })).toEqual([expect.stringMatching(/ has an invalid option: boat$/)]);
    expect(messages({ visitDate: '2026-02-20', way: 'clinic', sbp: 120 })).toEqual([
      'Blood pressure: please fill in both systolic and diastolic',
    ]);
    expect(errorsOf(annex1, { testDate: '2026-02-20' }, english).map((e) => e.message)).toEqual([
      'Please fill in at least one glucose value (FPG, OGTT 2-h glucose, HbA1c or random glucose)',
    ]);
    // Every message of an English context is free of Chinese except the values the user typed.
    const all = errorsOf(annex9, { visitDate: 'soon', unknown: true }, english).map((e) => e.message);
    expect(all.length).toBeGreaterThan(0);
    for (const message of all) expect(message, message).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
