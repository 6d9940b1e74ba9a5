import { describe, expect, it } from 'vitest';
import { answersFromQuestions, scoreCcmq } from '../clinical/ccmq';
import { CCMQ_QUESTIONS } from '../clinical/ccmq-items';
import { annex1 } from './annex1';
import { annex2 } from './annex2';
import { annex3 } from './annex3';
import { annex4 } from './annex4';
import { annex6 } from './annex6';
import { validateRecord } from './engine';
import type { InstrumentContext, InstrumentDefinition, RecordData } from './types';

const context: InstrumentContext = { today: '2026-03-01', gender: 'man', cohort: 'managed' };

function valid(def: InstrumentDefinition, data: RecordData, ctx: InstrumentContext = context) {
  const result = validateRecord(def, data, ctx);
  if (!result.ok) throw new Error(`expected valid, got ${JSON.stringify(result.errors)}`);
  return result;
}

describe('annex 1 诊断记录', () => {
  const filled = {
    testDate: '2026-02-18',
    fpg: 6.6,
    ogtt2h: 8.9,
    hba1c: 6.1,
    comorbidities: ['hypertension', 'fattyLiver'],
    familyHistory: 'yes',
    familyHistoryRelatives: '母亲',
    westernDiagnosis: 'IFG+IGT',
    tcmDisease: 'pidan',
    pidanType: 'obese',
    syndrome: 'tanshiNeiyun',
    tongueBody: 'enlarged',
    tongueCoating: 'whiteGreasy',
    pulse: 'wirySlippery',
  };

  it('validates a realistic record and derives IFG+IGT without alerts', () => {
    const { data, derived } = valid(annex1, filled);
    expect(data).toEqual(filled);
    expect(derived).toMatchObject({ glycemicStatus: 'IFG+IGT', hasAlert: false });
    expect(annex1.summary?.({ data, derived }, 'zh')).toBe('FPG 6.6 · 2h 8.9 · HbA1c 6.1 · 空腹血糖受损合并糖耐量减低（IFG+IGT）');
  });

  it('derives diabetes from random glucose with symptoms and flags a danger value', () => {
    const { derived } = valid(annex1, { testDate: '2026-02-18', randomGlucose: 17.0, classicSymptoms: true, westernDiagnosis: 'T2DM' });
    expect(derived.glycemicStatus).toBe('diabetes');
    expect(derived.alertText).toBe('随机血糖 17 mmol/L ≥ 16.7，属危急值，请紧急处理并转诊');
  });

  it('never reads normal with HbA1c ≥ 5.7 % and flags > 6.0 % as very high risk', () => {
    const derivedOf = (hba1c: number) => valid(annex1, { testDate: '2026-02-18', fpg: 5.5, hba1c }).derived;
    expect([5.6, 5.7, 6.0, 6.1, 6.4, 6.5].map((hba1c) => derivedOf(hba1c).glycemicStatus)).toEqual([
      'normal',
      'elevatedHbA1c',
      'elevatedHbA1c',
      'elevatedHbA1c',
      'elevatedHbA1c',
      'diabetesUnconfirmed',
    ]);
    expect([5.6, 5.7, 6.0, 6.1, 6.4, 6.5].map((hba1c) => derivedOf(hba1c).hba1cVeryHighRisk)).toEqual([
      false,
      false,
      false,
      true,
      true,
      false,
    ]);
    // The case.
    expect(derivedOf(6.2)).toMatchObject({ glycemicStatus: 'elevatedHbA1c', hba1cVeryHighRisk: true });
    expect(valid(annex1, { testDate: '2026-02-18', fpg: 5.5 }).derived.hba1cVeryHighRisk).toBeNull();
  });

  it('wants a note for an "other" western diagnosis', () => {
    const result = validateRecord(annex1, { ...filled, westernDiagnosis: 'other' }, context);
    expect(result.ok ? [] : result.errors).toEqual([{ item: 'westernDiagnosisNote', message: '请填写 西医诊断说明' }]);
  });
});

describe('annex 2 生活方式', () => {
  it('validates a realistic record and derives weekly activity against the targets', () => {
    const { derived } = valid(annex2, {
      surveyDate: '2026-02-18',
      stapleGrams: 350,
      vegetableGrams: 300,
      fruitGrams: 150,
      oilGrams: 35,
      saltGrams: 8.5,
      sugaryDrinks: 'weekly1to3',
      mealRegularity: 'regular',
      tastePreference: ['salty', 'greasy'],
      activityDaysPerWeek: 5,
      activityMinutesPerDay: 30,
      activityTypes: ['briskWalking', 'baduanjin'],
      sedentaryHours: 6,
      smoking: 'current',
      cigarettesPerDay: 10,
      smokingYears: 25,
      drinking: 'weekly1to3',
      alcoholLiangPerDay: 2,
      sleepHours: 6.5,
      sleepQuality: 'fair',
      bedtime: '23to24',
      mood: 'anxious',
    });
    expect(derived).toEqual({ activityMinutesPerWeek: 150, meetsActivityTarget: true, meetsSaltTarget: false });
  });

  it('counts no activity as 0 minutes, not unknown', () => {
    expect(
      valid(annex2, { surveyDate: '2026-02-18', activityDaysPerWeek: 0, activityMinutesPerDay: 40 }).derived.activityMinutesPerWeek,
    ).toBe(0);
  });
});

describe('annex 3 中医体质辨识', () => {
  // A realistic phlegm-dampness profile: mostly "rarely", the 痰湿 questions "often".
  const byQuestion = Object.fromEntries(
    CCMQ_QUESTIONS.map((question) => [question.key, question.slots.some((slot) => slot.startsWith('tanshi')) ? 4 : 2]),
  );
  const answers = answersFromQuestions(byQuestion);

  it('validates all 66 slots and derives the CCMQ result', () => {
    const { data, derived } = valid(annex3, { assessDate: '2026-02-18', answers });
    expect(Object.keys(data.answers as object)).toHaveLength(66);
    expect(derived).toEqual({ ...scoreCcmq(answers) });
    expect((derived.judgement as Record<string, string>).tanshi).toBe('yes');
    expect(derived.conclusion).toContain('痰湿质');
  });

  it('asks each question once: one slot of a shared question is enough, and a missing one is named', () => {
    const shared = CCMQ_QUESTIONS.find((question) => question.slots.length === 2);
    if (!shared) throw new Error('the CCMQ has shared questions');
    const [first, second] = shared.slots as [string, string];
    const { [second]: _dropped, ...oneSlot } = answers;
    expect(valid(annex3, { assessDate: '2026-02-18', answers: oneSlot }).data.answers).toEqual(answers);

    const index = CCMQ_QUESTIONS.indexOf(shared);
    const { [first]: _a, [second]: _b, ...unanswered } = answers;
    const result = validateRecord(annex3, { assessDate: '2026-02-18', answers: unanswered }, context);
    expect(result.ok ? [] : result.errors).toEqual([
      { item: `answers.${shared.key}`, message: `请回答 体质问卷 第${index + 1}题（${shared.zh}）` },
    ]);
  });

  it('offers the sex-specific wording of the damp-heat question', () => {
    const item = annex3.sections[1]?.items[0];
    const sexSpecific = item?.type === 'likert' ? item.questions.filter((question) => question.labelBySex) : [];
    expect(sexSpecific).toHaveLength(1);
    expect(sexSpecific[0]?.labelBySex?.woman.zh).toContain('带下');
    expect(sexSpecific[0]?.labelBySex?.man.zh).toContain('阴囊');
  });
});

describe('annex 4 中医症状评分', () => {
  const graded = {
    assessDate: '2026-02-18',
    dryThroat: 'moderate',
    thirst: 'mild',
    fatigue: 'severe',
    polyphagia: 'none',
    polyuria: 'mild',
    shortBreath: 'mild',
    fiveCentreHeat: 'none',
    palpitationInsomnia: 'moderate',
    darkUrineConstipation: 'none',
    spontaneousSweating: 'mild',
    limbNumbness: 'none',
    blurredVision: 'none',
    obesity: 'moderate',
    abdominalDistension: 'mild',
    tongueBody: 'enlarged',
    tongueCoating: 'whiteGreasy',
    pulse: 'slippery',
  };

  it('scores main symptoms 0/2/4/6 and secondary 0/1/2/3, tongue and pulse unscored', () => {
    const { derived } = valid(annex4, graded);
    expect(derived).toEqual({ mainScore: 14, secondaryScore: 7, total: 21, baselineTotal: null, reductionRate: null, efficacy: null });
  });

  it('grades efficacy against the baseline record in the context', () => {
    const baseline = { data: graded, derived: { total: 30 } };
    const { derived } = valid(annex4, graded, { ...context, baseline: { '4': baseline } });
    expect(derived).toMatchObject({ total: 21, baselineTotal: 30, reductionRate: 30, efficacy: 'effective' });
  });

  it('requires every symptom to be graded', () => {
    const { fatigue: _fatigue, ...missing } = graded;
    const result = validateRecord(annex4, missing, context);
    expect(result.ok ? [] : result.errors).toEqual([{ item: 'fatigue', message: '请选择 倦怠乏力' }]);
  });
});

describe('annex 6 体格检查', () => {
  it('validates a realistic record and derives BMI, band, WHR, central obesity', () => {
    const { derived } = valid(annex6, {
      examDate: '2026-02-18',
      height: 168,
      weight: 76.5,
      waist: 94,
      hip: 101,
      sbp: 138,
      dbp: 86,
      heartRate: 76,
    });
    expect(derived).toMatchObject({
      bmi: 27.1,
      bmiBand: 'overweight',
      waistHipRatio: 0.93,
      centralObesity: true,
      bpBand: 'highNormal',
      hasAlert: false,
    });
    expect(
      valid(annex6, { examDate: '2026-02-18', height: 168, weight: 76.5, waist: 88 }, { ...context, gender: 'woman' }).derived
        .centralObesity,
    ).toBe(true);
  });

  it('bands the blood pressure (2018 guideline), the higher of the two categories winning', () => {
    const band = (sbp?: number, dbp?: number) =>
      valid(annex6, { examDate: '2026-02-18', height: 168, weight: 70, sbp, dbp }).derived.bpBand;
    expect([band(119, 79), band(120, 79), band(119, 80), band(139, 89), band(140, 89), band(139, 90)]).toEqual([
      'normal',
      'highNormal',
      'highNormal',
      'highNormal',
      'grade1',
      'grade1',
    ]);
    expect([band(159, 99), band(160, 99), band(159, 100), band(179, 109), band(180, 109), band(179, 110)]).toEqual([
      'grade1',
      'grade2',
      'grade2',
      'grade2',
      'grade3',
      'grade3',
    ]);
    expect(band(undefined, undefined)).toBeNull();
    expect(annex6.derivedColumns?.find((column) => column.key === 'bpBand')?.besideItem).toBe('dbp');
  });

  it('flags blood pressure in the alert range and rejects DBP ≥ SBP', () => {
    expect(valid(annex6, { examDate: '2026-02-18', height: 168, weight: 70, sbp: 182, dbp: 100 }).derived.hasAlert).toBe(true);
    const result = validateRecord(annex6, { examDate: '2026-02-18', height: 168, weight: 70, sbp: 80, dbp: 120 }, context);
    expect(result.ok ? [] : result.errors).toEqual([{ item: 'dbp', message: '舒张压 应低于收缩压' }]);
  });
});
