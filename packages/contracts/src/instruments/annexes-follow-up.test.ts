import { describe, expect, it } from 'vitest';
import { annex5 } from './annex5';
import { annex7, defaultNextVisitDate } from './annex7';
import { annex8 } from './annex8';
import { annex9 } from './annex9';
import { custom } from './custom';
import { suggestedValues, validateRecord } from './engine';
import type { InstrumentContext, InstrumentDefinition, RecordData, RecordSnapshot } from './types';

const context: InstrumentContext = { today: '2026-03-01', gender: 'woman', cohort: 'managed' };

function valid(def: InstrumentDefinition, data: RecordData, ctx: InstrumentContext = context) {
  const result = validateRecord(def, data, ctx);
  if (!result.ok) throw new Error(`expected valid, got ${JSON.stringify(result.errors)}`);
  return result;
}

const baselineExam: RecordSnapshot = { data: { examDate: '2025-09-01', height: 160, weight: 70 }, derived: { bmi: 27.3 } };

describe('annex 5 干预记录', () => {
  it('validates a realistic session and requires details of an adverse event', () => {
    const session = {
      interventionDate: '2026-02-25',
      kinds: ['baduanjin', 'healthEducation'],
      setting: 'group',
      content: '集体练习八段锦全套两遍；讲解控制主食量与食盐摄入',
      durationMinutes: 60,
      adherence: 'full',
      adverseEvent: 'no',
    };
    expect(valid(annex5, session).data).toEqual(session);
    expect(annex5.summary?.({ data: session, derived: {} }, 'zh')).toBe('八段锦、健康教育课');
    const result = validateRecord(annex5, { ...session, adverseEvent: 'yes' }, context);
    expect(result.ok ? [] : result.errors).toEqual([{ item: 'adverseEventDetail', message: '请填写 不良事件描述及处理' }]);
  });
});

describe('annex 7 随访记录', () => {
  const visit = {
    visitDate: '2026-02-28',
    way: 'clinic',
    weight: 66.5,
    waist: 86,
    sbp: 128,
    dbp: 82,
    fpg: 6.3,
    symptoms: ['fatigue'],
    adherenceDiet: 'good',
    adherenceSleep: 'fair',
    adherenceMotion: 'good',
    adherenceLoseWeight: 'fair',
    adherenceHealthEducation: 'good',
    adherencePhysique: 'good',
    adherenceOther: 'notPrescribed',
    problems: '晚餐主食偏多',
    guidance: '晚餐主食减至一两半，饭后散步30分钟',
    nextVisitDate: '2026-03-15',
  };

  it('validates a realistic follow-up and derives BMI and weight change from the baseline exam', () => {
    const { derived } = valid(annex7, visit, { ...context, baseline: { '6': baselineExam } });
    expect(derived).toMatchObject({ bmi: 26, bmiBand: 'overweight', weightChangePercent: -5, glycemicStatus: 'IFG', hasAlert: false });
  });

  it('shows "repeat the OGTT" instead of normal when the baseline had IGT and there is no 2h-PG', () => {
    const igt = { '1': { data: { testDate: '2025-09-01', fpg: 5.5, ogtt2h: 8.6 }, derived: { glycemicStatus: 'IGT' } } };
    const statusOf = (values: RecordData, baseline: InstrumentContext['baseline'] = igt) =>
      valid(annex7, { ...visit, fpg: undefined, ...values }, { ...context, baseline }).derived.glycemicStatus;
    expect(statusOf({ fpg: 5.6 })).toBe('repeatOgtt');
    expect(statusOf({ fpg: 5.6, ogtt2h: 7.0 })).toBe('normal');
    expect(statusOf({ fpg: 6.3 })).toBe('IFG');
    expect(statusOf({ fpg: 5.6 }, {})).toBe('normal');
    expect(statusOf({ fpg: 5.5, hba1c: 6.2 }, {})).toBe('elevatedHbA1c');
    const column = annex7.derivedColumns?.find((c) => c.key === 'glycemicStatus');
    expect(column?.attention?.('repeatOgtt')).toBe(true);
    expect(column?.options?.find((o) => o.value === 'repeatOgtt')?.label.zh).toBe('无法判定（基线有糖耐量减低，需复查OGTT）');
  });

  it('bands the blood pressure and flags HbA1c > 6.0 %', () => {
    const derived = valid(annex7, { ...visit, sbp: 142, dbp: 88, hba1c: 6.1 }).derived;
    expect(derived).toMatchObject({ bpBand: 'grade1', hba1cVeryHighRisk: true });
    expect(valid(annex7, { ...visit, sbp: 118, dbp: 78 }).derived.bpBand).toBe('normal');
  });

  it('defaults the next visit to +15 days for managed and +90 for comparison patients', () => {
    expect(defaultNextVisitDate('2026-02-28', 'managed')).toBe('2026-03-15');
    expect(defaultNextVisitDate('2026-02-28', 'comparison')).toBe('2026-05-29');
  });

  it('rejects "no symptoms" together with a symptom', () => {
    const result = validateRecord(annex7, { ...visit, symptoms: ['none', 'fatigue'] }, context);
    expect(result.ok ? [] : result.errors).toEqual([{ item: 'symptoms', message: '症状：「无症状」不能与其他选项同时选择' }]);
  });
});

describe('annex 8 管理结束评估', () => {
  const baseline = {
    '1': { data: { testDate: '2025-09-01', fpg: 6.6, ogtt2h: 8.9 }, derived: { glycemicStatus: 'IFG+IGT' } },
    '4': { data: { assessDate: '2025-09-01' }, derived: { total: 20 } },
    '6': baselineExam,
  };

  it('derives the outcome, weight change and symptom efficacy against baseline', () => {
    const { derived } = valid(
      annex8,
      { evaluationDate: '2026-02-28', fpg: 5.8, ogtt2h: 7.2, hba1c: 5.6, weight: 65, waist: 84, satisfaction: 'verySatisfied' },
      { ...context, baseline, latest: { '4': { data: { assessDate: '2026-02-25' }, derived: { total: 6 } } } },
    );
    expect(derived).toMatchObject({
      baselineStatus: 'IFG+IGT',
      finalStatus: 'normal',
      outcome: 'reverted',
      baselineWeight: 70,
      weightChangePercent: -7.1,
      weightLossTargetMet: true,
      finalBmi: 25.4,
      symptomReductionRate: 70,
      symptomEfficacy: 'marked',
    });
  });

  it('cannot declare a reversal of a baseline IGT without a final 2h-PG (the issue’s case)', () => {
    const igt = { '1': { data: { testDate: '2025-09-01', fpg: 5.5, ogtt2h: 8.6 }, derived: { glycemicStatus: 'IGT' } } };
    const final = (values: RecordData, baseline: InstrumentContext['baseline'] = igt) =>
      valid(annex8, { evaluationDate: '2026-02-28', satisfaction: 'satisfied', ...values }, { ...context, baseline }).derived;
    expect(final({ fpg: 5.6 })).toMatchObject({ baselineStatus: 'IGT', finalStatus: 'repeatOgtt', outcome: 'repeatOgtt' });
    expect(annex8.summary?.({ data: {}, derived: final({ fpg: 5.6 }) }, 'zh')).toBe('无法判定，需复查OGTT（基线有糖耐量减低）');
    expect(final({ fpg: 5.6, ogtt2h: 7.7 })).toMatchObject({ finalStatus: 'normal', outcome: 'reverted' });
    expect(final({ fpg: 5.6, ogtt2h: 7.8 })).toMatchObject({ finalStatus: 'IGT', outcome: 'prediabetes' });
    // HbA1c 5.7–6.4 % is still pre-diabetes without the OGTT; > 6.0 % is flagged.
    expect(final({ fpg: 5.6, hba1c: 6.2 })).toMatchObject({
      finalStatus: 'elevatedHbA1c',
      outcome: 'prediabetes',
      hba1cVeryHighRisk: true,
    });
    // IGT known only from the doctor's diagnosis (the OGTT was done elsewhere).
    const byDiagnosis = { '1': { data: { testDate: '2025-09-01', fpg: 5.5, westernDiagnosis: 'IGT' }, derived: {} } };
    expect(final({ fpg: 5.6 }, byDiagnosis)).toMatchObject({ finalStatus: 'repeatOgtt', outcome: 'repeatOgtt' });
    // A baseline IFG alone is excluded by FPG.
    const ifg = { '1': { data: { testDate: '2025-09-01', fpg: 6.4 }, derived: {} } };
    expect(final({ fpg: 5.6 }, ifg)).toMatchObject({ finalStatus: 'normal', outcome: 'reverted' });
    expect(annex8.derivedColumns?.find((column) => column.key === 'outcome')?.attention?.('repeatOgtt')).toBe(true);
  });

  it('has no symptom result when the only symptom scale is the baseline itself', () => {
    const symptoms = { data: { assessDate: '2025-09-01', fatigue: 'severe' }, derived: { total: 20 } };
    const { derived } = valid(
      annex8,
      { evaluationDate: '2026-02-28', fpg: 5.8, satisfaction: 'satisfied' },
      {
        ...context,
        baseline: { ...baseline, '4': symptoms },
        latest: { '4': { ...symptoms } },
      },
    );
    expect(derived).toMatchObject({ baselineSymptomTotal: 20, finalSymptomTotal: null, symptomReductionRate: null, symptomEfficacy: null });
  });

  it('recomputes the baseline status from raw answers and reports progression', () => {
    const { derived } = valid(
      annex8,
      { evaluationDate: '2026-02-28', fpg: 7.3, satisfaction: 'satisfied' },
      {
        ...context,
        baseline: { '1': { data: { fpg: 6.4 }, derived: {} } },
        // The follow-up of 2026-02-10 had FPG 7.1: the final 7.3 on another day confirms it.
        glucoseHistory: [
          { date: '2025-09-01', fpg: 6.4 },
          { date: '2026-02-10', fpg: 7.1 },
        ],
      },
    );
    expect(derived).toMatchObject({
      baselineStatus: 'IFG',
      finalStatus: 'diabetes',
      outcome: 'progressed',
      weightChangePercent: null,
      symptomEfficacy: null,
    });
  });
});

describe('annex 9 2型糖尿病患者随访服务记录表', () => {
  const visit = {
    visitDate: '2026-02-28',
    way: 'clinic',
    symptoms: ['polydipsia', 'numbness'],
    urgentSigns: ['none'],
    sbp: 142,
    dbp: 88,
    weight: 72,
    targetWeight: 68,
    targetBmi: 24,
    dorsalisPedis: 'weakened',
    dorsalisPedisSide: 'left',
    cigarettesPerDay: 10,
    targetCigarettesPerDay: 5,
    alcoholPerDay: 1,
    targetAlcoholPerDay: 0,
    exerciseTimesPerWeek: 3,
    exerciseMinutesPerTime: 30,
    targetExerciseTimesPerWeek: 5,
    targetExerciseMinutesPerTime: 30,
    stapleGramsPerDay: 400,
    targetStapleGramsPerDay: 300,
    psychologicalAdjustment: 'good',
    complianceBehaviour: 'fair',
    fpg: 7.8,
    hba1c: 7.4,
    hba1cDate: '2026-02-20',
    medicationCompliance: 'intermittent',
    adverseReaction: 'no',
    hypoglycaemia: 'none',
    newComplication: false,
    visitClass: 'unsatisfactory',
    medications: [
      { name: '二甲双胍', timesPerDay: 3, dosePerTime: 500, doseUnit: 'mg' },
      { name: '阿卡波糖', timesPerDay: 3, dosePerTime: 50, doseUnit: 'mg' },
    ],
    referral: false,
    nextVisitDate: '2026-03-14',
  };
  const unsatisfied: RecordSnapshot = { data: { visitClass: 'unsatisfactory' }, derived: {} };

  it('validates the full national form and suggests a 2-week revisit the first time', () => {
    const { data, derived } = valid(annex9, visit, { ...context, cohort: 'comparison', baseline: { '6': baselineExam } });
    expect(data).toEqual(visit);
    expect(derived).toMatchObject({
      bmi: 28.1,
      bmiBand: 'obese',
      suggestedVisitClass: 'unsatisfactory',
      suggestedNextStep: 'revisit',
      suggestedNextVisitDate: '2026-03-14',
      classificationOverridden: false,
    });
  });

  it('suggests referral on the second unsatisfactory visit in a row', () => {
    const { derived } = valid(annex9, visit, { ...context, previous: unsatisfied });
    expect(derived).toMatchObject({ suggestedNextStep: 'referral', suggestedNextVisitDate: '2026-03-14' });
  });

  it('keeps the doctor override next to the suggestion', () => {
    const { data, derived } = valid(annex9, {
      ...visit,
      adverseReaction: 'yes',
      adverseReactionDetail: '胃肠不适',
      visitClass: 'unsatisfactory',
    });
    expect(data.visitClass).toBe('unsatisfactory');
    expect(derived).toMatchObject({ suggestedVisitClass: 'adverseReaction', classificationOverridden: true });
  });

  it('classifies a controlled visit as routine and proposes the next date', () => {
    const controlled = { ...visit, fpg: 6.4, visitClass: 'satisfactory', nextVisitDate: undefined };
    expect(valid(annex9, controlled).derived).toMatchObject({ suggestedVisitClass: 'satisfactory', suggestedNextStep: 'routine' });
    expect(suggestedValues(annex9, controlled, context)).toEqual({ nextVisitDate: '2026-05-29' });
  });

  describe('danger values send the visit to urgent referral within 14 days', () => {
    const controlled = { ...visit, fpg: 6.4, sbp: 130, dbp: 80, visitClass: 'satisfactory', nextVisitDate: undefined };
    const derivedOf = (values: RecordData) => valid(annex9, { ...controlled, ...values }).derived;
    const urgent = { suggestedNextStep: 'urgentReferral', suggestedNextVisitDate: '2026-03-14', hasAlert: true };

    it('FPG 3.9 / 4.0 and 16.6 / 16.7 mmol/L', () => {
      expect(derivedOf({ fpg: 3.9 })).toMatchObject({ suggestedVisitClass: 'unsatisfactory', ...urgent });
      expect(derivedOf({ fpg: 4.0 })).toMatchObject({ suggestedVisitClass: 'satisfactory', suggestedNextStep: 'routine', hasAlert: false });
      expect(derivedOf({ fpg: 16.6 })).toMatchObject({
        suggestedVisitClass: 'unsatisfactory',
        suggestedNextStep: 'revisit',
        hasAlert: false,
      });
      expect(derivedOf({ fpg: 16.7 })).toMatchObject({ suggestedVisitClass: 'unsatisfactory', ...urgent });
      // The case: FPG 3.5 was "satisfactory, routine, 90 days".
      expect(derivedOf({ fpg: 3.5 })).toMatchObject({ suggestedVisitClass: 'unsatisfactory', ...urgent });
    });

    it('SBP 179 / 180 and DBP 109 / 110 mmHg, with the BP category', () => {
      expect(derivedOf({ sbp: 179, dbp: 109 })).toMatchObject({ suggestedNextStep: 'routine', bpBand: 'grade2', hasAlert: false });
      expect(derivedOf({ sbp: 180, dbp: 90 })).toMatchObject({ suggestedVisitClass: 'unsatisfactory', bpBand: 'grade3', ...urgent });
      expect(derivedOf({ sbp: 150, dbp: 110 })).toMatchObject({ suggestedVisitClass: 'unsatisfactory', bpBand: 'grade3', ...urgent });
      // The case: 182/100 was "satisfactory, routine".
      expect(derivedOf({ sbp: 182, dbp: 100 })).toMatchObject({ suggestedVisitClass: 'unsatisfactory', ...urgent });
      expect(suggestedValues(annex9, { ...controlled, sbp: 182, dbp: 100 }, context)).toEqual({ nextVisitDate: '2026-03-14' });
    });

    it('acute signs too, and the urgent step outranks a complication', () => {
      expect(derivedOf({ urgentSigns: ['acetoneBreath'] })).toMatchObject(urgent);
      expect(derivedOf({ urgentSigns: ['none'] })).toMatchObject({ suggestedNextStep: 'routine', hasAlert: false });
      expect(derivedOf({ fpg: 17.2, newComplication: true })).toMatchObject({ suggestedVisitClass: 'complication', ...urgent });
      const column = annex9.derivedColumns?.find((c) => c.key === 'suggestedNextStep');
      expect(column?.options?.find((o) => o.value === 'urgentReferral')?.label.zh).toBe(
        '紧急转诊（危急值或危急情况），2周内主动随访转诊情况',
      );
      expect(column?.attention?.('urgentReferral')).toBe(true);
    });
  });

  it('counts frequent hypoglycaemia as an adverse reaction', () => {
    const derived = valid(annex9, { ...visit, fpg: 6.0, hypoglycaemia: 'frequent', visitClass: 'adverseReaction' }).derived;
    expect(derived).toMatchObject({
      suggestedVisitClass: 'adverseReaction',
      suggestedNextStep: 'revisit',
      classificationOverridden: false,
    });
    expect(valid(annex9, { ...visit, fpg: 6.0, hypoglycaemia: 'occasional' }).derived.suggestedVisitClass).toBe('satisfactory');
  });

  it('records referrals and asks for the side of an abnormal foot pulse', () => {
    const referred = {
      ...visit,
      referral: true,
      referralReason: '连续两次血糖控制不满意',
      referralInstitution: '市人民医院内分泌科',
      referralResult: 'arrived',
    };
    expect(valid(annex9, referred).data.referralInstitution).toBe('市人民医院内分泌科');
    const { dorsalisPedisSide: _side, ...noSide } = visit;
    const result = validateRecord(annex9, noSide, context);
    expect(result.ok ? [] : result.errors).toEqual([{ item: 'dorsalisPedisSide', message: '请选择 足背动脉搏动异常侧' }]);
  });
});

describe('custom 自定义记录', () => {
  it('validates title, date, text and label/value entries', () => {
    const record = {
      title: '眼底检查',
      recordDate: '2026-02-10',
      content: '市医院眼科检查结果',
      entries: [
        { label: '左眼', value: '未见明显异常' },
        { label: '右眼', value: '微血管瘤少许' },
      ],
    };
    expect(valid(custom, record).data).toEqual(record);
    const result = validateRecord(custom, { title: '空记录', recordDate: '2026-02-10' }, context);
    expect(result.ok ? [] : result.errors).toEqual([{ item: 'content', message: '请填写 内容，或至少添加一个条目' }]);
  });
});
