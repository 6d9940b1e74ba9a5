import { allItems, annex4, answersFromQuestions, CCMQ_QUESTIONS } from '@tcm/contracts';
import type { Random } from './random';

/**
 * Plausible instrument answers for a pre-diabetes patient whose values drift with the programme:
 * `progress` 0 at baseline to 1 at the end of management (glucose and weight improve a little).
 */
export interface PatientProfile {
  heightCm: number;
  baselineWeight: number;
  baselineFpg: number;
  baselineOgtt: number;
  baselineHba1c: number;
  improves: boolean;
}

export function makeProfile(r: Random): PatientProfile {
  const heightCm = r.real(152, 180, 0);
  const bmi = r.real(22.5, 30);
  return {
    heightCm,
    baselineWeight: Number(((bmi * heightCm * heightCm) / 10_000).toFixed(1)),
    baselineFpg: r.real(6.1, 6.9),
    baselineOgtt: r.real(7.0, 10.8),
    baselineHba1c: r.real(5.7, 6.4),
    improves: r.next() < 0.7,
  };
}

function drift(start: number, progress: number, improves: boolean, amount: number, decimals = 1) {
  const delta = improves ? -amount * progress : amount * 0.3 * progress;
  return Number((start + delta).toFixed(decimals));
}

export function annex1Data(p: PatientProfile, date: string, r: Random) {
  return {
    testDate: date,
    fpg: p.baselineFpg,
    ogtt2h: p.baselineOgtt,
    hba1c: p.baselineHba1c,
    familyHistory: r.pick(['no', 'no', 'yes', 'unknown']),
    comorbidities: [r.pick(['none', 'hypertension', 'dyslipidaemia', 'fattyLiver'])],
    westernDiagnosis: p.baselineOgtt >= 7.8 ? 'IFG+IGT' : 'IFG',
    tcmDisease: 'pidan',
    pidanType: p.baselineWeight / (p.heightCm / 100) ** 2 >= 24 ? 'obese' : 'nonObese',
    syndrome: r.pick(['tanshiNeiyun', 'pixuShikun', 'shireYunpi', 'qiyinLiangxu', 'ganyuPixu']),
    tongueBody: r.pick(['paleRed', 'pale', 'enlarged']),
    tongueCoating: r.pick(['thinWhite', 'whiteGreasy', 'yellowGreasy']),
    pulse: r.pick(['slippery', 'wirySlippery', 'soggy', 'thready']),
  };
}

export function annex2Data(date: string, r: Random) {
  const days = r.int(0, 6);
  return {
    surveyDate: date,
    stapleGrams: r.int(250, 500),
    vegetableGrams: r.int(200, 500),
    fruitGrams: r.int(50, 300),
    oilGrams: r.int(20, 45),
    saltGrams: r.real(4, 11),
    sugaryDrinks: r.pick(['never', 'lessThanWeekly', 'weekly1to3', 'weekly4to6']),
    mealRegularity: r.pick(['regular', 'regular', 'sometimes', 'irregular']),
    activityDaysPerWeek: days,
    ...(days > 0
      ? {
          activityMinutesPerDay: r.pick([15, 20, 30, 40, 60]),
          activityTypes: [r.pick(['walking', 'briskWalking', 'squareDance', 'taichi', 'baduanjin'])],
        }
      : {}),
    smoking: r.pick(['never', 'never', 'former', 'current']),
    drinking: r.pick(['never', 'lessThanWeekly', 'weekly1to3']),
    sleepHours: r.real(5.5, 8.5),
    sleepQuality: r.pick(['good', 'fair', 'poor']),
    bedtime: r.pick(['before22', '22to23', '23to24']),
    mood: r.pick(['calm', 'calm', 'anxious', 'irritable']),
  };
}

export function annex3Data(date: string, r: Random) {
  // Mostly "sometimes/rarely", with one constitution leaning higher so conclusions vary.
  const leaning = r.int(0, CCMQ_QUESTIONS.length - 1);
  const byQuestion = Object.fromEntries(CCMQ_QUESTIONS.map((q, i) => [q.key, Math.abs(i - leaning) < 5 ? r.int(3, 5) : r.int(1, 3)]));
  return { assessDate: date, answers: answersFromQuestions(byQuestion) };
}

const GRADE_LEVELS = ['none', 'mild', 'moderate', 'severe'] as const;
export function annex4Data(date: string, progress: number, improves: boolean, r: Random) {
  const grades = allItems(annex4).filter((i) => i.type === 'grade');
  const ceiling = improves ? Math.max(0, Math.round(2 - 2 * progress)) : 2;
  return { assessDate: date, ...Object.fromEntries(grades.map((g) => [g.key, GRADE_LEVELS[r.int(0, ceiling)]])) };
}

export function annex5Data(date: string, r: Random) {
  const kind = r.pick(['dietTherapy', 'herbalTea', 'baduanjin', 'taichi', 'acupointMassage', 'auricularAcupressure', 'healthEducation']);
  const content: Record<string, string> = {
    dietTherapy: '山药薏米粥食疗指导，控制主食总量',
    herbalTea: '桑叶、玉米须代茶饮，每日一剂',
    baduanjin: '八段锦集体练习一次',
    taichi: '二十四式太极拳练习',
    acupointMassage: '按揉足三里、三阴交，每穴3分钟',
    auricularAcupressure: '耳穴压豆：胰、内分泌、脾',
    healthEducation: '糖尿病前期防治知识讲座',
  };
  return {
    interventionDate: date,
    kinds: [kind],
    setting: r.pick(['individual', 'group']),
    content: content[kind] ?? '干预',
    durationMinutes: r.pick([20, 30, 45, 60]),
    adherence: r.pick(['full', 'full', 'partial']),
    adverseEvent: 'no',
  };
}

export function annex6Data(p: PatientProfile, date: string, r: Random) {
  const waist = Number((p.baselineWeight * 0.85 + r.real(10, 20)).toFixed(1));
  return {
    examDate: date,
    height: p.heightCm,
    weight: p.baselineWeight,
    waist,
    hip: Number((waist + r.real(6, 14)).toFixed(1)),
    sbp: r.int(112, 148),
    dbp: r.int(70, 92),
    heartRate: r.int(62, 88),
  };
}

export function annex7Data(p: PatientProfile, date: string, progress: number, nextVisitDate: string, r: Random) {
  return {
    visitDate: date,
    way: r.pick(['clinic', 'clinic', 'phone', 'home']),
    weight: drift(p.baselineWeight, progress, p.improves, p.baselineWeight * 0.06),
    sbp: r.int(110, 145),
    dbp: r.int(68, 90),
    fpg: drift(p.baselineFpg, progress, p.improves, 0.8),
    symptoms: ['none'],
    adherenceDiet: r.pick(['good', 'fair']),
    adherenceMotion: r.pick(['good', 'fair', 'poor']),
    nextVisitDate,
  };
}

export function annex8Data(p: PatientProfile, date: string, r: Random) {
  return {
    evaluationDate: date,
    fpg: drift(p.baselineFpg, 1, p.improves, 0.9),
    ogtt2h: drift(p.baselineOgtt, 1, p.improves, 1.5),
    hba1c: drift(p.baselineHba1c, 1, p.improves, 0.4),
    weight: drift(p.baselineWeight, 1, p.improves, p.baselineWeight * 0.07),
    satisfaction: r.pick(['verySatisfied', 'satisfied', 'satisfied', 'neutral']),
  };
}

export function annex9Data(date: string, fpg: number, r: Random) {
  return {
    visitDate: date,
    way: r.pick(['clinic', 'clinic', 'phone']),
    symptoms: ['none'],
    urgentSigns: ['none'],
    sbp: r.int(118, 150),
    dbp: r.int(70, 92),
    weight: r.real(58, 82),
    fpg,
    medicationCompliance: r.pick(['regular', 'regular', 'intermittent']),
    adverseReaction: 'no',
    hypoglycaemia: 'none',
    visitClass: fpg < 7 ? 'satisfactory' : 'unsatisfactory',
  };
}
