import { BODY_THRESHOLDS, GLYCEMIC_THRESHOLDS, LIFESTYLE_TARGETS } from '../clinical/programme';
import type { Gender } from '../clinical/resident-id';
import type { Bilingual } from './labels';
import { suggestPhysique } from './physique-guidance';
import { exerciseHold, exerciseHoldAdvice, exerciseHoldAdviceEn, type SafetyFacts, vigorousHold } from './safety';
import {
  blankPrescription,
  PRESCRIPTION_FIELDS,
  type PrescriptionContent,
  type PrescriptionKind,
  type PrescriptionSuggestion,
  type SuggestedPrescription,
} from './templates';

/**
 * The latest clinical values the rules look at (each from the most recent record that has it, follow-ups
 * included); anything missing (or not a finite number) is ignored. The safety facts (BP, recurrent
 * hypoglycaemia, age, cardiovascular disease, pregnancy) gate the exercise and physique advice (safety.ts).
 */
export interface ClinicalFacts extends SafetyFacts {
  bmi?: number;
  waistCm?: number;
  gender?: Gender;
  weightKg?: number;
  activityMinutesPerWeek?: number;
  saltGramsPerDay?: number;
  /** Fasting plasma glucose, mmol/L. */
  fpg?: number;
  /** OGTT 2-hour plasma glucose, mmol/L. */
  ogtt2h?: number;
  /** HbA1c, %. */
  hba1c?: number;
  /** Annex 1's derived status (clinical/glycemic `GlycemicStatus`: normal, elevatedHbA1c, IFG, IGT, IFG+IGT, diabetes); Chinese names accepted too. */
  glycemicStatus?: string;
  sleepHours?: number;
  /** The latest constitution result, for the physique prescription. */
  physique?: { primaryTypes: string[]; tendencyTypes: string[] };
}

/**
 * The cut-offs the rules use: China BMI bands and central obesity, the lifestyle targets (weight −7 % or
 * BMI → 24, ≥ 150 min/week moderate activity, salt ≤ 5 g/day) and the WHO 1999 glucose cut-points, all
 * from the programme's config module (PRODUCT §3) so the rules cannot drift from it. The adults' 7-hour
 * sleep floor is 健康中国行动 (2019–2030), which asks adults to sleep 7–8 hours.
 */
export const SUGGESTION_THRESHOLDS = {
  overweightBmi: BODY_THRESHOLDS.overweightFrom,
  obeseBmi: BODY_THRESHOLDS.obeseFrom,
  centralObesityWaistCm: BODY_THRESHOLDS.centralObesityWaist,
  weightLossFraction: LIFESTYLE_TARGETS.weightLossPercent / 100,
  targetBmi: LIFESTYLE_TARGETS.targetBmi,
  activityMinutesPerWeek: LIFESTYLE_TARGETS.activityMinutesPerWeek,
  saltGramsPerDay: LIFESTYLE_TARGETS.saltGramsPerDay,
  sleepHours: 7,
  ifgFpg: GLYCEMIC_THRESHOLDS.ifgFpgLower,
  diabetesFpg: GLYCEMIC_THRESHOLDS.diabetesFpg,
  igtOgtt2h: GLYCEMIC_THRESHOLDS.igtOgtt2hLower,
  diabetesOgtt2h: GLYCEMIC_THRESHOLDS.diabetesOgtt2h,
} as const;

const T = SUGGESTION_THRESHOLDS;

const known = (n: number | undefined): number | undefined => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined);
const fixed = (n: number) => n.toFixed(1);
const bi = (zh: string, en: string): Bilingual => ({ zh, en });
/** Reasons listed the way each language lists them. */
const list = (parts: readonly Bilingual[]): Bilingual => bi(parts.map((p) => p.zh).join('；'), parts.map((p) => p.en).join('; '));
/** A cause followed by what it leads to: "BMI 26.1（超重，≥24）：控制饮食减重". */
const because = (why: Bilingual, zh: string, en: string): Bilingual => bi(`${why.zh}：${zh}`, `${why.en}: ${en}`);

/**
 * A blank of one kind plus the means to prefill it and say why. The template holds the Chinese (the
 * default language of the sheets); each suggestion also carries its reason and, for a text it prefilled,
 * the text in English, so the English interface can show both in English.
 */
function draft<K extends PrescriptionKind>(kind: K, patientId: number) {
  const template = blankPrescription(kind, patientId);
  const values = template as unknown as Record<string, boolean | string>;
  const suggestions: PrescriptionSuggestion[] = [];
  return {
    tick(field: string, reason: Bilingual) {
      values[field] = true;
      suggestions.push({ field, reason: reason.zh, reasonEn: reason.en });
    },
    fill(field: string, text: Bilingual, reason: Bilingual) {
      values[field] = text.zh;
      suggestions.push({ field, reason: reason.zh, reasonEn: reason.en, valueEn: text.en });
    },
    done: (): SuggestedPrescription<K> => ({ template, suggestions }),
  };
}

interface Weight {
  /** Why weight matters, e.g. "BMI 26.1（超重，≥24）"; empty when it does not. */
  reasons: Bilingual[];
  overweight: boolean;
  /** The waist target in words when the waist shows central obesity. */
  waistTarget?: Bilingual;
}

function weightStatus(facts: ClinicalFacts): Weight {
  const bmi = known(facts.bmi);
  const waist = known(facts.waistCm);
  const reasons: Bilingual[] = [];
  const overweight = bmi !== undefined && bmi >= T.overweightBmi;
  if (overweight) {
    const obese = bmi >= T.obeseBmi;
    reasons.push(
      bi(
        `BMI ${fixed(bmi)}（${obese ? `肥胖，≥${T.obeseBmi}` : `超重，≥${T.overweightBmi}`}）`,
        `BMI ${fixed(bmi)} (${obese ? `obese, ≥ ${T.obeseBmi}` : `overweight, ≥ ${T.overweightBmi}`})`,
      ),
    );
  }
  const { man, woman } = T.centralObesityWaistCm;
  // Without gender, only the men's cut-off (the higher one) is central obesity whoever the patient is.
  const cut = facts.gender === 'woman' ? woman : man;
  if (waist === undefined || waist < cut) return { reasons, overweight };
  const who = facts.gender === 'man' ? '男性' : facts.gender === 'woman' ? '女性' : '';
  const whoEn = facts.gender === 'man' ? 'men ' : facts.gender === 'woman' ? 'women ' : '';
  reasons.push(bi(`腰围 ${waist} cm（中心性肥胖，${who}≥${cut} cm）`, `waist ${waist} cm (central obesity, ${whoEn}≥ ${cut} cm)`));
  const waistTarget = facts.gender
    ? bi(`腰围降至 ${cut} cm 以下`, `waist below ${cut} cm`)
    : bi(`腰围降至 ${man} cm（男）/${woman} cm（女）以下`, `waist below ${man} cm (men) / ${woman} cm (women)`);
  return { reasons, overweight, waistTarget };
}

/** The ≥ 7 % target in both languages; the target weight is rounded down so that reaching it is a loss of at least 7 %. */
export function weightLossTargetText(facts: ClinicalFacts): Bilingual {
  const weight = known(facts.weightKg);
  const { overweight, waistTarget } = weightStatus(facts);
  const percent = LIFESTYLE_TARGETS.weightLossPercent;
  const tenths = weight === undefined ? undefined : Math.floor(weight * (1 - T.weightLossFraction) * 10 + 1e-9);
  const hasWeight = weight !== undefined && tenths !== undefined;
  const from = hasWeight ? `（由 ${fixed(weight)} kg 减至 ${fixed(tenths / 10)} kg 以下）` : '';
  const fromEn = hasWeight ? ` (from ${fixed(weight)} kg to below ${fixed(tenths / 10)} kg)` : '';
  const bmi = overweight ? bi(`，或 BMI 降至 ${T.targetBmi} 以下`, `, or BMI below ${T.targetBmi}`) : bi('', '');
  const waist = waistTarget ? bi(`；${waistTarget.zh}`, `; ${waistTarget.en}`) : bi('', '');
  return bi(`目标：减重≥${percent}%${from}${bmi.zh}${waist.zh}`, `Target: lose ≥ ${percent}% of body weight${fromEn}${bmi.en}${waist.en}`);
}

/** The ≥ 7 % target as the Chinese sheet words it. */
export function weightLossTarget(facts: ClinicalFacts): string {
  return weightLossTargetText(facts).zh;
}

function loseWeight(patientId: number, facts: ClinicalFacts) {
  const d = draft('loseWeight', patientId);
  const { reasons } = weightStatus(facts);
  if (reasons.length === 0) return d.done();
  const why = list(reasons);
  const percent = LIFESTYLE_TARGETS.weightLossPercent;
  d.tick('a1', because(why, '控制饮食减重', 'lose weight by controlling the diet'));
  d.tick('a2', because(why, '增加运动减重', 'lose weight by exercising more'));
  d.tick(
    'a31',
    because(
      why,
      `生活方式目标为减重≥${percent}%或 BMI 降至 ${T.targetBmi} 以下`,
      `the lifestyle goal is to lose ≥ ${percent}% of body weight or bring BMI below ${T.targetBmi}`,
    ),
  );
  d.fill('a32', weightLossTargetText(facts), because(why, '按体重计算减重目标', 'weight-loss target worked out from the weight'));
  return d.done();
}

function diet(patientId: number, facts: ClinicalFacts) {
  const d = draft('diet', patientId);
  const { reasons } = weightStatus(facts);
  if (reasons.length > 0) d.tick('a1', because(list(reasons), '需控制总热量', 'total energy intake needs controlling'));
  const salt = known(facts.saltGramsPerDay);
  if (salt !== undefined && salt > T.saltGramsPerDay)
    d.tick(
      'a2',
      bi(`每日食盐约 ${salt} g，超过 ${T.saltGramsPerDay} g`, `about ${salt} g of salt a day, more than ${T.saltGramsPerDay} g`),
    );
  return d.done();
}

function motion(patientId: number, facts: ClinicalFacts) {
  const d = draft('motion', patientId);
  const hold = exerciseHold(facts);
  if (hold) {
    // No exercise is prescribed: the precautions say why and what to do instead.
    d.fill(
      'a42',
      bi(exerciseHoldAdvice(hold.zh), exerciseHoldAdviceEn(hold.en)),
      because(
        hold,
        '暂缓运动，先就诊（中国2型糖尿病防治指南 2020；中国高血压防治指南 2018）',
        'exercise postponed, see a doctor first (Chinese guideline for type 2 diabetes 2020; Chinese hypertension guideline 2018)',
      ),
    );
    return d.done();
  }
  const precautions: Bilingual[] = [];
  const reasons: Bilingual[] = [];
  const vigorous = vigorousHold(facts);
  if (vigorous) {
    precautions.push(
      bi(
        '以中等强度为宜，不做中长跑、登山等高强度运动',
        'keep to moderate intensity, with no middle- or long-distance running, mountain climbing or other vigorous exercise',
      ),
    );
    reasons.push(vigorous);
  }
  const g = glycemia(facts);
  if (g?.level === 'diabetes') {
    precautions.push(
      bi(
        '运动前后监测血糖，随身携带糖果以防低血糖，血糖控制前避免空腹运动',
        'check blood glucose before and after exercise, carry sweets in case of hypoglycaemia, and do not exercise on an empty stomach until glucose is controlled',
      ),
    );
    reasons.push(g.why);
  }
  const minutes = known(facts.activityMinutesPerWeek);
  if (minutes !== undefined && minutes < T.activityMinutesPerWeek) {
    const why = bi(
      `每周中等强度活动 ${minutes} 分钟，少于 ${T.activityMinutesPerWeek} 分钟`,
      `${minutes} minutes of moderate activity a week, less than ${T.activityMinutesPerWeek}`,
    );
    d.tick('a1', because(why, '以有氧运动为主', 'mainly aerobic exercise'));
    d.tick('a11', because(why, '快走简单易行、强度适中', 'brisk walking is simple and of moderate intensity'));
    d.fill(
      'a41',
      bi(
        `每周中等强度运动≥${T.activityMinutesPerWeek}分钟（如快走每次30分钟、每周5天），循序渐进，以微微出汗为度。`,
        `At least ${T.activityMinutesPerWeek} minutes of moderate exercise a week (e.g. brisk walking for 30 minutes, 5 days a week), built up gradually, until slightly sweating.`,
      ),
      why,
    );
  }
  if (precautions.length > 0) {
    const text = list(precautions);
    const en = text.en.charAt(0).toUpperCase() + text.en.slice(1);
    d.fill('a42', bi(`${text.zh}。`, `${en}.`), because(list(reasons), '运动注意事项', 'exercise precautions'));
  }
  return d.done();
}

function sleep(patientId: number, facts: ClinicalFacts) {
  const d = draft('sleep', patientId);
  const hours = known(facts.sleepHours);
  if (hours !== undefined && hours < T.sleepHours)
    d.tick(
      'a1',
      bi(
        `每天睡眠约 ${hours} 小时，少于成人推荐的 7～8 小时`,
        `sleeps about ${hours} hours a day, less than the 7–8 hours advised for adults`,
      ),
    );
  return d.done();
}

type Glycemia = { level: 'diabetes' | 'prediabetes'; why: Bilingual } | undefined;

function glycemia(facts: ClinicalFacts): Glycemia {
  const fpg = known(facts.fpg);
  const ogtt = known(facts.ogtt2h);
  const status = (facts.glycemicStatus ?? '').toLowerCase().replace(/\s/g, '');
  const over: Bilingual[] = [];
  if (fpg !== undefined && fpg >= T.diabetesFpg)
    over.push(bi(`空腹血糖 ${fpg} mmol/L（≥${fixed(T.diabetesFpg)}）`, `fasting glucose ${fpg} mmol/L (≥ ${fixed(T.diabetesFpg)})`));
  if (ogtt !== undefined && ogtt >= T.diabetesOgtt2h)
    over.push(
      bi(
        `OGTT 2小时血糖 ${ogtt} mmol/L（≥${fixed(T.diabetesOgtt2h)}）`,
        `OGTT 2-hour glucose ${ogtt} mmol/L (≥ ${fixed(T.diabetesOgtt2h)})`,
      ),
    );
  const hba1c = known(facts.hba1c);
  const a1cCut = GLYCEMIC_THRESHOLDS.diabetesHba1c;
  if (hba1c !== undefined && hba1c >= a1cCut) over.push(bi(`糖化血红蛋白 ${hba1c}%（≥${a1cCut}%）`, `HbA1c ${hba1c}% (≥ ${a1cCut}%)`));
  if (status === 'diabetes' || status === '糖尿病' || status === '确诊糖尿病')
    over.push(bi('血糖分类为糖尿病', 'glycaemic status: diabetes'));
  if (status === 'diabetesunconfirmed')
    over.push(bi('血糖分类为疑似糖尿病（需复查确诊）', 'glycaemic status: suspected diabetes (to be confirmed by a repeat test)'));
  if (over.length > 0) return { level: 'diabetes', why: list(over) };
  const pre: Bilingual[] = [];
  if (fpg !== undefined && fpg >= T.ifgFpg)
    pre.push(
      bi(
        `空腹血糖 ${fpg} mmol/L（${fixed(T.ifgFpg)}～<${fixed(T.diabetesFpg)}）`,
        `fasting glucose ${fpg} mmol/L (${fixed(T.ifgFpg)} to < ${fixed(T.diabetesFpg)})`,
      ),
    );
  if (ogtt !== undefined && ogtt >= T.igtOgtt2h)
    pre.push(
      bi(
        `OGTT 2小时血糖 ${ogtt} mmol/L（${fixed(T.igtOgtt2h)}～<${fixed(T.diabetesOgtt2h)}）`,
        `OGTT 2-hour glucose ${ogtt} mmol/L (${fixed(T.igtOgtt2h)} to < ${fixed(T.diabetesOgtt2h)})`,
      ),
    );
  if (status === 'elevatedhba1c') pre.push(bi('糖化血红蛋白 5.7%～6.4%（糖尿病前期范围）', 'HbA1c 5.7%–6.4% (prediabetes range)'));
  else if (/ifg|igt|前期|空腹血糖受损|糖耐量/.test(status))
    pre.push(bi(`血糖分类为${facts.glycemicStatus}`, `glycaemic status: ${facts.glycemicStatus}`));
  return pre.length > 0 ? { level: 'prediabetes', why: list(pre) } : undefined;
}

function healthEducation(patientId: number, facts: ClinicalFacts) {
  const d = draft('healthEducation', patientId);
  const g = glycemia(facts);
  if (!g) return d.done();
  if (g.level === 'diabetes') {
    // Not a lifestyle matter any more: the sheet tells the patient to get the diagnosis confirmed.
    d.tick('a3', because(g.why, '已达糖尿病诊断切点', 'at the diagnostic cut-point for diabetes'));
    d.fill(
      'a4',
      bi(
        '血糖已达到糖尿病诊断切点，请尽快到医院复查确诊。',
        'Blood glucose has reached the diagnostic cut-point for diabetes; please have it rechecked at a hospital soon to confirm the diagnosis.',
      ),
      because(g.why, '需复查确诊', 'needs a repeat test to confirm'),
    );
    return d.done();
  }
  d.tick('a1', because(g.why, '糖尿病前期，需了解其危害与可逆转性', 'prediabetes: learn its harms and that it can be reversed'));
  d.tick('a3', because(g.why, '糖尿病前期需定期监测血糖', 'prediabetes needs regular glucose checks'));
  d.fill(
    'a4',
    bi('每6个月复查一次空腹血糖或OGTT 2小时血糖。', 'Recheck fasting glucose or OGTT 2-hour glucose every 6 months.'),
    bi(
      '健康中国行动建议糖尿病前期人群每6个月检测一次空腹或餐后2小时血糖',
      'Healthy China Action advises people with prediabetes to test fasting or 2-hour post-meal glucose every 6 months',
    ),
  );
  return d.done();
}

/**
 * A template of one kind, prefilled by the rules from the latest clinical values, with the reasons.
 * Kinds no rule applies to come back blank. Use `prefillBlank` so a suggestion never replaces the
 * doctor's work.
 */
export function suggestPrescription<K extends PrescriptionKind>(
  kind: K,
  patientId: number,
  facts: ClinicalFacts,
): SuggestedPrescription<K> {
  const rules: { [P in PrescriptionKind]: () => SuggestedPrescription<P> } = {
    diet: () => diet(patientId, facts),
    sleep: () => sleep(patientId, facts),
    motion: () => motion(patientId, facts),
    loseWeight: () => loseWeight(patientId, facts),
    healthEducation: () => healthEducation(patientId, facts),
    physique: () => suggestPhysique(facts.physique?.primaryTypes ?? [], facts.physique?.tendencyTypes ?? [], patientId, facts),
    other: () => ({ template: blankPrescription('other', patientId), suggestions: [] }),
  };
  return rules[kind]() as SuggestedPrescription<K>;
}

/** True when the content is an untouched blank: nothing ticked, nothing typed, not saved. */
export function isPristine<K extends PrescriptionKind>(kind: K, content: PrescriptionContent<K>): boolean {
  const values = content as unknown as Record<string, unknown>;
  if (values.isBlank !== true) return false;
  return Object.entries(PRESCRIPTION_FIELDS[kind]).every(([field, type]) => values[field] === (type === 'boolean' ? false : ''));
}

/**
 * Apply a suggestion only to an untouched blank of the same patient; anything the doctor has ticked,
 * typed or saved is returned unchanged, with no suggestions to mark.
 */
export function prefillBlank<K extends PrescriptionKind>(
  kind: K,
  current: PrescriptionContent<K>,
  suggested: SuggestedPrescription<K>,
): { template: PrescriptionContent<K>; suggestions: PrescriptionSuggestion[] } {
  if (!isPristine(kind, current) || current.patientId !== suggested.template.patientId) return { template: current, suggestions: [] };
  return { template: { ...suggested.template }, suggestions: [...suggested.suggestions] };
}
