import type { PrescriptionField, PrescriptionKind } from './templates';

export type PrescriptionLang = 'zh' | 'en';

export interface Bilingual {
  zh: string;
  en: string;
}

/** A field's label; `detail` is the plain-words explanation printed for the patient when ticked. */
export interface FieldLabel extends Bilingual {
  detail?: Bilingual;
}

export const PRESCRIPTION_KIND_LABELS: Record<PrescriptionKind, Bilingual> = {
  diet: { zh: '饮食处方', en: 'Diet prescription' },
  sleep: { zh: '睡眠处方', en: 'Sleep prescription' },
  motion: { zh: '运动处方', en: 'Exercise prescription' },
  loseWeight: { zh: '减重处方', en: 'Weight-loss prescription' },
  healthEducation: { zh: '健康教育处方', en: 'Health-education prescription' },
  physique: { zh: '体质调养处方', en: 'Constitution-care prescription' },
  other: { zh: '其他处方', en: 'Other prescription' },
};

type Labels = { [K in PrescriptionKind]: Record<PrescriptionField<K>, FieldLabel> };

export const PRESCRIPTION_FIELD_LABELS: Labels = {
  // The seed names no diet item. a1–a3 are the three dietary measures the Chinese pre-diabetes consensus
  // (中国成人糖尿病前期干预的专家共识 2023) puts first: energy control, salt ≤ 5 g/day with less fat, and
  // regular meals with whole grains. a41/a51 are the two TCM dietary interventions the programme records
  // (PRODUCT annex 5: 中医食疗, 代茶饮); their texts name the recipe and the tea's ingredients.
  diet: {
    a1: {
      zh: '控制总热量',
      en: 'Control total energy intake',
      detail: {
        zh: '每餐七八分饱，少吃甜食、油炸食品，不喝含糖饮料',
        en: 'Eat until 70–80 % full; limit sweets and fried food; no sugary drinks',
      },
    },
    a2: {
      zh: '低盐低脂',
      en: 'Low salt, low fat',
      detail: {
        zh: '每日食盐不超过5克，少油，少吃肥肉和动物内脏',
        en: 'Salt no more than 5 g a day; little oil; little fatty meat or offal',
      },
    },
    a3: {
      zh: '定时定量、粗细搭配',
      en: 'Regular meals, mixed whole grains',
      detail: {
        zh: '三餐定时定量，主食粗细搭配，多吃蔬菜',
        en: 'Three regular meals; mix whole grains into staples; plenty of vegetables',
      },
    },
    a41: { zh: '食疗方', en: 'TCM diet therapy' },
    a42: { zh: '食疗方内容', en: 'Diet-therapy recipe' },
    a51: { zh: '代茶饮', en: 'Herbal tea' },
    a52: { zh: '代茶饮组成', en: 'Herbal-tea ingredients' },
  },
  // Unnamed by the seed. a1 is the national sleep advice (健康中国行动 2019–2030: adults sleep 7–8 hours,
  // keep regular hours); a2 is the TCM sleep care the doctor spells out in a21 (foot bath, acupoint massage…).
  sleep: {
    a1: {
      zh: '规律作息',
      en: 'Regular sleep schedule',
      detail: {
        zh: '按时睡觉、按时起床，每天睡足7～8小时，避免熬夜',
        en: 'Fixed bed and wake times; 7–8 hours a night; avoid staying up late',
      },
    },
    a2: { zh: '助眠调护', en: 'Sleep-promoting care' },
    a21: { zh: '助眠调护方法', en: 'Sleep-care methods' },
  },
  // Named by the seed; the items match the aerobic and resistance options of the 2023 consensus.
  // a41/a42 are only "texts" in the seed: we use them for frequency/duration/intensity and precautions.
  motion: {
    a1: { zh: '有氧运动', en: 'Aerobic exercise' },
    a11: { zh: '快走', en: 'Brisk walking' },
    a12: { zh: '慢跑', en: 'Jogging' },
    a13: { zh: '骑自行车', en: 'Cycling' },
    a14: { zh: '游泳', en: 'Swimming' },
    a15: { zh: '健身操', en: 'Aerobics' },
    a16: { zh: '乒乓球', en: 'Table tennis' },
    a17: { zh: '羽毛球', en: 'Badminton' },
    a18: { zh: '其他有氧运动', en: 'Other aerobic exercise' },
    a181: { zh: '其他有氧运动项目', en: 'Other aerobic exercise (specify)' },
    a2: { zh: '抗阻运动', en: 'Resistance exercise' },
    a21: { zh: '哑铃', en: 'Dumbbell' },
    a22: { zh: '杠铃', en: 'Barbell' },
    a23: { zh: '其他抗阻运动', en: 'Other resistance exercise' },
    a231: { zh: '其他抗阻运动项目', en: 'Other resistance exercise (specify)' },
    a3: { zh: '传统功法', en: 'Traditional exercise' },
    a31: { zh: '二十四式太极拳', en: '24-form tai chi' },
    a32: { zh: '八段锦', en: 'Eight-section brocade (Baduanjin)' },
    a33: { zh: '五禽戏', en: 'Five-animal exercise (Wuqinxi)' },
    a34: { zh: '身心桩', en: 'Body-mind pile standing' },
    a35: { zh: '其他传统功法', en: 'Other traditional exercise' },
    a351: { zh: '其他传统功法项目', en: 'Other traditional exercise (specify)' },
    a41: { zh: '运动频率、时间与强度', en: 'Frequency, duration and intensity' },
    a42: { zh: '运动注意事项', en: 'Precautions' },
  },
  // a1/a2 are named by the seed; a31 is the weight-loss target (≥ 7 %, or BMI below 24: PRODUCT §3) and
  // a32 its wording.
  loseWeight: {
    a1: {
      zh: '控制饮食',
      en: 'Diet control',
      detail: { zh: '控制总热量，减少主食和油脂', en: 'Cut total energy, staples and fat' },
    },
    a2: {
      zh: '增加运动',
      en: 'More exercise',
      detail: { zh: '增加日常活动量，坚持规律运动', en: 'Move more every day and exercise regularly' },
    },
    a31: { zh: '减重目标', en: 'Weight-loss target' },
    a32: { zh: '减重目标内容', en: 'Target' },
  },
  other: {
    content: { zh: '处方内容', en: 'Content' },
  },
  // Unnamed by the seed. a1 is what the patient must know first (pre-diabetes is reversible; lifestyle is the
  // basis — 2023 consensus); a2 the TCM 治未病 / constitution care this programme adds; a3 glucose monitoring
  // with the re-test plan in a4 (健康中国行动: pre-diabetes re-tested every 6 months); a5/a6 anything else.
  healthEducation: {
    a1: {
      zh: '糖尿病前期防治知识',
      en: 'Knowing pre-diabetes',
      detail: {
        zh: '糖尿病前期可以逆转，改变生活方式是预防糖尿病的基础',
        en: 'Pre-diabetes can be reversed; lifestyle change is the basis of prevention',
      },
    },
    a2: {
      zh: '中医“治未病”与体质养生',
      en: 'TCM preventive care and constitution',
      detail: { zh: '了解自己的体质，按体质调养身体', en: 'Know your constitution and care for it accordingly' },
    },
    a3: { zh: '定期监测血糖', en: 'Regular glucose monitoring' },
    a4: { zh: '监测与复查安排', en: 'Monitoring and re-test plan' },
    a5: { zh: '其他健康教育', en: 'Other health education' },
    a6: { zh: '其他健康教育内容', en: 'Other health education (specify)' },
  },
  // The four areas of the national TCM health-management guidance (PRODUCT §5). The sub-items are the
  // parts every constitution's guidance has: emotions and music/hobbies; foods to choose and to limit;
  // routine and sleep, and surroundings and clothing.
  physique: {
    a1: { zh: '情志调摄', en: 'Emotional regulation' },
    a11: { zh: '调畅情志', en: 'Keep emotions even' },
    a12: { zh: '音乐与爱好调摄', en: 'Music and hobbies' },
    a13: { zh: '情志调摄指导', en: 'Emotional-regulation advice' },
    a2: { zh: '饮食调养', en: 'Dietary care' },
    a21: { zh: '宜食之品', en: 'Foods to choose' },
    a22: { zh: '少食之品', en: 'Foods to limit' },
    a23: { zh: '饮食调养指导', en: 'Dietary advice' },
    a3: { zh: '起居调摄', en: 'Daily-life care' },
    a31: { zh: '作息睡眠', en: 'Routine and sleep' },
    a32: { zh: '居处与衣着', en: 'Surroundings and clothing' },
    a33: { zh: '起居调摄指导', en: 'Daily-life advice' },
    a4: { zh: '运动保健/穴位保健', en: 'Exercise and acupoint care' },
    a41: { zh: '运动与穴位保健指导', en: 'Exercise and acupoint advice' },
  },
};

export function prescriptionKindLabel(kind: PrescriptionKind, lang: PrescriptionLang = 'zh'): string {
  return PRESCRIPTION_KIND_LABELS[kind][lang];
}

export function prescriptionFieldLabel<K extends PrescriptionKind>(
  kind: K,
  field: PrescriptionField<K>,
  lang: PrescriptionLang = 'zh',
): string {
  return (PRESCRIPTION_FIELD_LABELS[kind] as Record<string, FieldLabel>)[field]?.[lang] ?? field;
}
