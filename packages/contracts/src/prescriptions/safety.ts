import { ALERT_THRESHOLDS, BLOOD_PRESSURE_BANDS } from '../clinical/programme';
import type { Bilingual, PrescriptionLang } from './labels';
import { foodEn, removeListItemEn } from './physique-conflicts';
import type { GuidanceTexts, PhysiqueType } from './physique-guidance';

/**
 * The safety gates of the suggestions.
 *
 * Exercise (中国2型糖尿病防治指南 2020, 运动治疗; 中国高血压防治指南 2018 revision): no moderate or vigorous
 * exercise while the fasting glucose is above 16.7 mmol/L, after recurrent hypoglycaemia, or with a blood
 * pressure of 180/110 mmHg or more. The programme's danger values are FPG ≥ 16.7 or ≤ 3.9 and BP ≥ 180/110
 * (PRODUCT §3), so a danger value holds exercise too: the patient sees the doctor first. Vigorous
 * exercise (中长跑、登山…) is for no one aged 60 or more, with grade 2 hypertension or above (≥ 160/100),
 * or with a cardiovascular disease.
 *
 * Pregnancy: 合谷、三阴交 and the points of the lower abdomen (气海、关元、神阙) are the classical points
 * forbidden in pregnancy (针灸学, 孕妇禁针禁灸穴), 血海 activates blood; 山楂、薏苡仁、马齿苋、玫瑰花
 * are foods and teas to avoid in pregnancy (中药学, 妊娠慎用); 大麦 (麦芽) reduces milk while breastfeeding.
 */
export const EXERCISE_SAFETY = {
  glucoseHigh: ALERT_THRESHOLDS.glucoseHigh,
  glucoseLow: ALERT_THRESHOLDS.glucoseLow,
  systolic: ALERT_THRESHOLDS.systolic,
  diastolic: ALERT_THRESHOLDS.diastolic,
  vigorousAge: 60,
  vigorousBp: BLOOD_PRESSURE_BANDS.grade2,
} as const;

export type PregnancyState = 'pregnant' | 'lactating';

export interface SafetyFacts {
  fpg?: number;
  sbp?: number;
  dbp?: number;
  /** Frequent hypoglycaemia (annex 9) or two or more glucose values ≤ 3.9 mmol/L on record. */
  recurrentHypoglycaemia?: boolean;
  age?: number;
  /** Coronary heart disease or another cardiovascular disease on annex 1. */
  cardiovascular?: boolean;
  pregnancy?: PregnancyState;
}

const isNum = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** Parts of a reason joined the way each language lists them; null when there are none. */
function joined(parts: readonly Bilingual[]): Bilingual | null {
  if (parts.length === 0) return null;
  return { zh: parts.map((p) => p.zh).join('；'), en: parts.map((p) => p.en).join('; ') };
}

/** Why moderate or vigorous exercise must wait for the doctor, in both languages; null when nothing holds it. */
export function exerciseHold(facts: SafetyFacts): Bilingual | null {
  const s = EXERCISE_SAFETY;
  const why: Bilingual[] = [];
  if (isNum(facts.fpg) && facts.fpg >= s.glucoseHigh)
    why.push({ zh: `空腹血糖 ${facts.fpg} mmol/L（≥${s.glucoseHigh}）`, en: `fasting glucose ${facts.fpg} mmol/L (≥ ${s.glucoseHigh})` });
  if (isNum(facts.fpg) && facts.fpg <= s.glucoseLow)
    why.push({
      zh: `空腹血糖 ${facts.fpg} mmol/L（≤${s.glucoseLow}，低血糖）`,
      en: `fasting glucose ${facts.fpg} mmol/L (≤ ${s.glucoseLow}, hypoglycaemia)`,
    });
  if (facts.recurrentHypoglycaemia === true) why.push({ zh: '反复发生低血糖', en: 'recurrent hypoglycaemia' });
  const high = (isNum(facts.sbp) && facts.sbp >= s.systolic) || (isNum(facts.dbp) && facts.dbp >= s.diastolic);
  const bp = `${facts.sbp ?? '-'}/${facts.dbp ?? '-'} mmHg`;
  if (high) why.push({ zh: `血压 ${bp}（≥${s.systolic}/${s.diastolic}）`, en: `blood pressure ${bp} (≥ ${s.systolic}/${s.diastolic})` });
  return joined(why);
}

/** Why moderate or vigorous exercise must wait for the doctor; null when nothing holds it. */
export function exerciseHoldReason(facts: SafetyFacts): string | null {
  return exerciseHold(facts)?.zh ?? null;
}

/** Why vigorous exercise is not advised (moderate exercise stays), in both languages; null when nothing limits it. */
export function vigorousHold(facts: SafetyFacts): Bilingual | null {
  const s = EXERCISE_SAFETY;
  const why: Bilingual[] = [];
  if (isNum(facts.age) && facts.age >= s.vigorousAge)
    why.push({ zh: `年龄 ${facts.age} 岁（≥${s.vigorousAge}）`, en: `age ${facts.age} (≥ ${s.vigorousAge})` });
  const grade2 = (isNum(facts.sbp) && facts.sbp >= s.vigorousBp.systolic) || (isNum(facts.dbp) && facts.dbp >= s.vigorousBp.diastolic);
  const bp = `${facts.sbp ?? '-'}/${facts.dbp ?? '-'} mmHg`;
  if (grade2) why.push({ zh: `血压 ${bp}（2级及以上高血压）`, en: `blood pressure ${bp} (grade 2 hypertension or above)` });
  if (facts.cardiovascular === true) why.push({ zh: '合并心血管疾病', en: 'cardiovascular disease' });
  return joined(why);
}

/** Why vigorous exercise is not advised (moderate exercise stays); null when nothing limits it. */
export function vigorousHoldReason(facts: SafetyFacts): string | null {
  return vigorousHold(facts)?.zh ?? null;
}

/** What the sheet says instead of exercise advice while exercise is held. */
export function exerciseHoldAdvice(reason: string): string {
  return `暂缓中等及以上强度运动（${reason}）。请先就诊，待血糖、血压控制后（空腹血糖 3.9～16.7 mmol/L、血压 < 180/110 mmHg、无反复低血糖）在医生指导下从散步等轻度活动开始逐步恢复；运动时随身携带糖果，出现心慌、出汗、头晕立即停止。`;
}

/** The same advice in English, for a sheet issued from the English interface. */
export function exerciseHoldAdviceEn(reason: string): string {
  return `Postpone moderate and vigorous exercise (${reason}). See a doctor first; restart gradually with light activity, e.g. walking, once fasting glucose is 3.9–16.7 mmol/L, blood pressure < 180/110 mmHg and there is no more hypoglycaemia. Carry sweets; stop at once on palpitations, sweating or dizziness.`;
}

/**
 * The vigorous advice of the guidance, with its moderate replacement, in each language's text (each
 * phrase occurs once).
 */
export const VIGOROUS: Partial<Record<PhysiqueType, Record<PrescriptionLang, readonly [string, string]>>> = {
  shire: {
    zh: [
      '宜做强度稍大的运动，如中长跑、游泳、球类、武术；夏季避开烈日，秋季可登山。',
      '宜做中等强度运动，如快走、游泳、太极拳，不做中长跑、登山等高强度运动；夏季避开烈日。',
    ],
    en: [
      'Do fairly vigorous exercise, e.g. middle- and long-distance running, swimming, ball games, martial arts; avoid the summer midday sun; climb hills in autumn.',
      'Do moderate exercise, e.g. brisk walking, swimming, tai chi, not distance running or hill climbing; avoid the summer midday sun.',
    ],
  },
  qiyu: {
    zh: ['坚持跑步、登山、游泳等强度较大的锻炼', '坚持快走、游泳、太极拳等中等强度的锻炼'],
    en: [
      'keep up fairly vigorous exercise such as running, hill climbing, swimming',
      'keep up moderate exercise such as brisk walking, swimming, tai chi',
    ],
  },
  tanshi: {
    zh: ['如快走、武术、羽毛球', '如快走、太极拳'],
    en: ['e.g. brisk walking, martial arts, badminton', 'e.g. brisk walking, tai chi'],
  },
};

/** The acupoint sentence of each type that uses points or moxibustion forbidden in pregnancy, in each language's text. */
export const PREGNANCY_POINTS: Partial<Record<PhysiqueType, Bilingual>> = {
  qixu: {
    zh: '穴位：掌根按揉气海、关元，每穴2～3分钟，每天1～2次，也可艾条温和灸。',
    en: 'Acupoints: knead Qihai (CV6) and Guanyuan (CV4) with the heel of the palm, 2–3 min each, 1–2 times a day, or warm them with a moxa stick.',
  },
  yangxu: {
    zh: '穴位：关元、命门艾条温和灸，每周1次；关元也可掌根按揉2～3分钟。',
    en: 'Acupoints: warm Guanyuan (CV4) and Mingmen (GV4) with a moxa stick once a week; Guanyuan may also be kneaded with the heel of the palm, 2–3 min.',
  },
  yinxu: {
    zh: '穴位：按揉太溪、三阴交，每穴2～3分钟，每天1～2次。',
    en: 'Acupoints: knead Taixi (KI3) and Sanyinjiao (SP6), 2–3 min each, 1–2 times a day.',
  },
  xueyu: {
    zh: '穴位：按揉期门、血海，每穴2～3分钟，每天1～2次。',
    en: 'Acupoints: knead Qimen (LR14) and Xuehai (SP10), 2–3 min each, 1–2 times a day.',
  },
  qiyu: {
    zh: '穴位：按揉合谷、太冲，每穴2～3分钟，每天1～2次。',
    en: 'Acupoints: knead Hegu (LI4) and Taichong (LR3), 2–3 min each, 1–2 times a day.',
  },
  tebing: {
    zh: '穴位：神阙艾条温和灸，曲池按揉2～3分钟，每天1～2次。',
    en: 'Acupoints: warm Shenque (CV8) with a moxa stick; knead Quchi (LI11), 2–3 min, 1–2 times a day.',
  },
};

/** Where the acupoint advice begins in each language's exercise text (it stays while exercise is held). */
export const ACUPOINTS_LEAD: Record<PrescriptionLang, string> = { zh: '穴位：', en: 'Acupoints: ' };

const PREGNANCY_FOODS = ['山楂', '薏苡仁', '马齿苋', '玫瑰花'];
const LACTATION_FOODS = ['大麦'];

/** A food taken out of a list written with 、 (and the list's neighbours joined up). */
function withoutFood(text: string, food: string): string {
  return text.replace(`、${food}`, '').replace(`${food}、`, '').replace(food, '');
}

const PHYSIQUE_TYPES_OF = (guidance: Record<PhysiqueType, GuidanceTexts>) => Object.keys(guidance) as PhysiqueType[];

const withoutFoodEn = (text: string, food: string): string => removeListItemEn(text, foodEn(food));

export interface AdaptedGuidance {
  guidance: Record<PhysiqueType, GuidanceTexts>;
  /** What was left out and why, one line per area that changed (for the sheet and the reasons). */
  notes: Partial<Record<'diet' | 'exercise', string>>;
  /** The same notes in English, for the reasons shown in the English interface. */
  notesEn: Partial<Record<'diet' | 'exercise', string>>;
}

/**
 * The guidance table with the safety gates applied: vigorous advice made moderate, pregnancy-unsafe
 * points and foods left out. `table` holds the texts of `lang` (PHYSIQUE_GUIDANCE, or its `en` texts).
 * Given `onSheet` (the constitutions of the sheet), a gate's note is kept only when it changed one of
 * their texts: the English sheet, longer, has no room for notes about advice it never gave.
 */
export function adaptGuidance(
  table: Record<PhysiqueType, GuidanceTexts>,
  facts: SafetyFacts,
  lang: PrescriptionLang = 'zh',
  onSheet?: readonly PhysiqueType[],
): AdaptedGuidance {
  const guidance = Object.fromEntries(Object.entries(table).map(([type, g]) => [type, { ...g }])) as Record<PhysiqueType, GuidanceTexts>;
  const changed = (area: 'diet' | 'exercise', types: readonly PhysiqueType[]) =>
    onSheet === undefined || types.some((type) => onSheet.includes(type) && guidance[type][area] !== table[type][area]);
  const notes: AdaptedGuidance['notes'] = {};
  const notesEn: AdaptedGuidance['notesEn'] = {};
  const vigorous = vigorousHold(facts);
  const exerciseNotes: string[] = [];
  const exerciseNotesEn: string[] = [];
  if (vigorous) {
    for (const [type, phrases] of Object.entries(VIGOROUS) as [PhysiqueType, Record<PrescriptionLang, readonly [string, string]>][]) {
      const [from, to] = phrases[lang];
      guidance[type].exercise = guidance[type].exercise.replace(from, to);
    }
    exerciseNotes.push(`不宜高强度运动（${vigorous.zh}），已改为中等强度`);
    // While all moderate and vigorous exercise is held the English says only that (the longer English
    // must fit the field with the hold's advice).
    if (!exerciseHold(facts) && changed('exercise', Object.keys(VIGOROUS) as PhysiqueType[]))
      exerciseNotesEn.push(`no vigorous exercise (${vigorous.en}): changed to moderate intensity`);
  }
  if (facts.pregnancy === 'pregnant') {
    for (const [type, sentence] of Object.entries(PREGNANCY_POINTS) as [PhysiqueType, Bilingual][]) {
      guidance[type].exercise = guidance[type].exercise.replace(sentence[lang], '').trim();
    }
    exerciseNotes.push('孕期禁用的穴位（合谷、三阴交、血海及下腹部气海、关元、神阙）按揉与艾灸已略去');
    if (changed('exercise', Object.keys(PREGNANCY_POINTS) as PhysiqueType[]))
      exerciseNotesEn.push('acupoints forbidden in pregnancy (LI4, SP6, SP10, CV6, CV4, CV8) left out');
  }
  const foods = facts.pregnancy === 'pregnant' ? PREGNANCY_FOODS : facts.pregnancy === 'lactating' ? LACTATION_FOODS : [];
  if (foods.length > 0) {
    for (const g of Object.values(guidance)) g.diet = foods.reduce(lang === 'en' ? withoutFoodEn : withoutFood, g.diet);
    notes.diet =
      facts.pregnancy === 'pregnant'
        ? `孕期慎用的食材与代茶饮（${foods.join('、')}）已略去`
        : `哺乳期回乳的食材（${foods.join('、')}）已略去`;
    if (changed('diet', PHYSIQUE_TYPES_OF(guidance)))
      notesEn.diet =
        facts.pregnancy === 'pregnant'
          ? `foods and teas to use with caution in pregnancy (${foods.map(foodEn).join(', ')}) left out`
          : `foods that reduce breast milk (${foods.map(foodEn).join(', ')}) left out`;
  }
  if (exerciseNotes.length > 0) notes.exercise = exerciseNotes.join('；');
  if (exerciseNotesEn.length > 0) notesEn.exercise = exerciseNotesEn.join('; ');
  return { guidance, notes, notesEn };
}
