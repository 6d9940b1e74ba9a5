/**
 * Items of the Constitution in Chinese Medicine Questionnaire (CCMQ) as published in the China
 * Association of Chinese Medicine standard 中医体质分类与判定 (ZYYXH/T 157-2009), annex A
 * 中医体质分类与判定表.
 *
 * The annex prints one table per constitution type (it happens to start with 阳虚质 and end with
 * 平和质). Each table has its own item numbers (1)…(n); those numbers are the slot numbers here
 * (`qixu2` = 气虚质 table, item (2)). Six questions are printed in two tables; the person answers
 * them once and the answer counts in both sub-scales, so 66 item slots come from 60 questions:
 *
 *   您容易疲乏吗？                         pinghe2 (reversed) = qixu1
 *   您说话声音低弱无力吗？                 pinghe3 (reversed) = qixu7
 *   您感到闷闷不乐、情绪低沉吗？           pinghe4 (reversed) = qiyu1
 *   您比一般人耐受不了寒冷（…）吗？        pinghe5 (reversed) = yangxu4
 *   您容易忘事（健忘）吗？                 pinghe8 (reversed) = xueyu6
 *   您比别人容易患感冒吗？                 qixu5              = yangxu5
 *
 * Wording: each text was checked against at least two public copies of the annex tables (a
 * hospital information system's questionnaire schema and several published self-test forms);
 * where copies differed only by an obvious typo or OCR slip the majority reading is kept. The
 * English texts are our own plain translations for the bilingual UI, not an official version.
 *
 * This module is data only (browser-safe, no Node imports); scoring lives in ./ccmq.
 */

export type CcmqSubscale = 'pinghe' | 'qixu' | 'yangxu' | 'yinxu' | 'tanshi' | 'shire' | 'xueyu' | 'qiyu' | 'tebing';

/**
 * The nine sub-scales in the order the standard classifies them (§4: 平和质 first, then the eight
 * biased types). This order is also the order the form asks the questions in and the tie-break
 * order of conclusions.
 */
export const CCMQ_SUBSCALES: readonly { key: CcmqSubscale; zh: string; en: string; itemCount: number }[] = [
  { key: 'pinghe', zh: '平和质', en: 'Balanced', itemCount: 8 },
  { key: 'qixu', zh: '气虚质', en: 'Qi deficiency', itemCount: 8 },
  { key: 'yangxu', zh: '阳虚质', en: 'Yang deficiency', itemCount: 7 },
  { key: 'yinxu', zh: '阴虚质', en: 'Yin deficiency', itemCount: 8 },
  { key: 'tanshi', zh: '痰湿质', en: 'Phlegm-dampness', itemCount: 8 },
  { key: 'shire', zh: '湿热质', en: 'Damp-heat', itemCount: 6 },
  { key: 'xueyu', zh: '血瘀质', en: 'Blood stasis', itemCount: 7 },
  { key: 'qiyu', zh: '气郁质', en: 'Qi stagnation', itemCount: 7 },
  { key: 'tebing', zh: '特禀质', en: 'Special diathesis', itemCount: 7 },
];

/** The standard's five-point scale; the question is about the past year (近一年). */
export const CCMQ_ANSWER_OPTIONS: readonly { value: 1 | 2 | 3 | 4 | 5; zh: string; en: string }[] = [
  { value: 1, zh: '没有（根本不）', en: 'Never (not at all)' },
  { value: 2, zh: '很少（有一点）', en: 'Rarely (a little)' },
  { value: 3, zh: '有时（有些）', en: 'Sometimes (somewhat)' },
  { value: 4, zh: '经常（相当）', en: 'Often (quite a bit)' },
  { value: 5, zh: '总是（非常）', en: 'Always (very much)' },
];

/** The instruction printed above every table of the annex. */
export const CCMQ_INSTRUCTION = {
  zh: '请根据近一年的体验和感觉，回答以下问题',
  en: 'Please answer according to how you have felt over the past year',
};

export interface CcmqQuestion {
  key: string; // 'q1'…'q60', in the order the form asks them (grouped by sub-scale, standard order)
  zh: string;
  en: string; // the question; for the sex-specific one, the default text
  slots: string[]; // the answer slots it fills, e.g. ['qixu2'] or ['pinghe2', 'qixu1'] for a shared one
  reversedSlots?: string[]; // slots of this question that are reverse-scored (pinghe 2, 3, 4, 5, 7, 8)
  bySex?: { man: { zh: string; en: string }; woman: { zh: string; en: string } }; // only for shire6
}

/** 平和质 items marked * in the standard: scored 6 − answer, because a "yes" there means less balance. */
const PINGHE_REVERSED_ITEMS = [2, 3, 4, 5, 7, 8];
const REVERSED_SLOTS = new Set(PINGHE_REVERSED_ITEMS.map((n) => `pinghe${n}`));

type QuestionDraft = Omit<CcmqQuestion, 'key' | 'reversedSlots'>;

/**
 * One entry per distinct question. A shared question sits where its first slot falls in
 * CCMQ_SUBSCALES order (so the 平和质 group asks 疲乏, 声音低弱, …) and is skipped in the later group.
 */
const DRAFTS: QuestionDraft[] = [
  // 平和质 (items 2, 3, 4, 5, 7 and 8 are the reverse-scored ones)
  { slots: ['pinghe1'], zh: '您精力充沛吗？', en: 'Are you full of energy?' },
  { slots: ['pinghe2', 'qixu1'], zh: '您容易疲乏吗？', en: 'Do you get tired easily?' },
  { slots: ['pinghe3', 'qixu7'], zh: '您说话声音低弱无力吗？', en: 'Is your voice weak and feeble when you speak?' },
  { slots: ['pinghe4', 'qiyu1'], zh: '您感到闷闷不乐、情绪低沉吗？', en: 'Do you feel unhappy or low in spirits?' },
  {
    slots: ['pinghe5', 'yangxu4'],
    zh: '您比一般人耐受不了寒冷（冬天的寒冷，夏天的冷空调、电扇等）吗？',
    en: 'Do you tolerate cold less well than most people (winter cold, air conditioning or electric fans in summer, etc.)?',
  },
  {
    slots: ['pinghe6'],
    zh: '您能适应外界自然和社会环境的变化吗？',
    en: 'Can you adapt to changes in your natural and social surroundings?',
  },
  { slots: ['pinghe7'], zh: '您容易失眠吗？', en: 'Do you suffer from insomnia easily?' },
  { slots: ['pinghe8', 'xueyu6'], zh: '您容易忘事（健忘）吗？', en: 'Do you forget things easily?' },

  // 气虚质 (qixu1 and qixu7 were asked above)
  {
    slots: ['qixu2'],
    zh: '您容易气短（呼吸短促，接不上气）吗？',
    en: 'Do you get short of breath easily (quick, shallow breathing, unable to catch your breath)?',
  },
  { slots: ['qixu3'], zh: '您容易心慌吗？', en: 'Do you get palpitations easily?' },
  { slots: ['qixu4'], zh: '您容易头晕或站起时晕眩吗？', en: 'Do you get dizzy easily, or light-headed when you stand up?' },
  { slots: ['qixu5', 'yangxu5'], zh: '您比别人容易患感冒吗？', en: 'Do you catch colds more easily than other people?' },
  { slots: ['qixu6'], zh: '您喜欢安静、懒得说话吗？', en: 'Do you prefer quiet and feel too weary to talk?' },
  { slots: ['qixu8'], zh: '您活动量稍大就容易出虚汗吗？', en: 'Do you break into a sweat with only a little more activity than usual?' },

  // 阳虚质 (yangxu4 and yangxu5 were asked above)
  { slots: ['yangxu1'], zh: '您手脚发凉吗？', en: 'Are your hands and feet cold?' },
  {
    slots: ['yangxu2'],
    zh: '您胃脘部、背部或腰膝部怕冷吗？',
    en: 'Are your upper abdomen, back, or lower back and knees sensitive to cold?',
  },
  { slots: ['yangxu3'], zh: '您感到怕冷、衣服比别人穿得多吗？', en: 'Do you feel the cold and wear more clothes than other people?' },
  {
    slots: ['yangxu6'],
    zh: '您吃（喝）凉的东西会感到不舒服或者怕吃（喝）凉东西吗？',
    en: 'Does cold food or drink make you uncomfortable, or do you avoid cold food and drink?',
  },
  {
    slots: ['yangxu7'],
    zh: '您受凉或吃（喝）凉的东西后，容易腹泻（拉肚子）吗？',
    en: 'Do you get diarrhoea easily after catching a chill or having cold food or drink?',
  },

  // 阴虚质
  { slots: ['yinxu1'], zh: '您感到手脚心发热吗？', en: 'Do your palms and soles feel hot?' },
  { slots: ['yinxu2'], zh: '您感觉身体、脸上发热吗？', en: 'Do you feel heat in your body or face?' },
  { slots: ['yinxu3'], zh: '您皮肤或口唇干吗？', en: 'Are your skin or lips dry?' },
  { slots: ['yinxu4'], zh: '您口唇的颜色比一般人红吗？', en: 'Are your lips redder than most people’s?' },
  { slots: ['yinxu5'], zh: '您容易便秘或大便干燥吗？', en: 'Do you get constipated easily, or have dry stools?' },
  { slots: ['yinxu6'], zh: '您面部两颧潮红或偏红吗？', en: 'Are your cheeks flushed or reddish?' },
  { slots: ['yinxu7'], zh: '您感到眼睛干涩吗？', en: 'Do your eyes feel dry and gritty?' },
  { slots: ['yinxu8'], zh: '您感到口干咽燥、总想喝水吗？', en: 'Do your mouth and throat feel dry, so that you always want to drink?' },

  // 痰湿质
  { slots: ['tanshi1'], zh: '您感到胸闷或腹部胀满吗？', en: 'Do you feel tightness in the chest or fullness in the abdomen?' },
  { slots: ['tanshi2'], zh: '您感到身体沉重不轻松或不爽快吗？', en: 'Does your body feel heavy and sluggish rather than light and fresh?' },
  { slots: ['tanshi3'], zh: '您腹部肥满松软吗？', en: 'Is your abdomen fat and soft?' },
  { slots: ['tanshi4'], zh: '您有额部油脂分泌多的现象吗？', en: 'Is your forehead oily?' },
  {
    slots: ['tanshi5'],
    zh: '您上眼睑比别人肿（上眼睑有轻微隆起的现象）吗？',
    en: 'Are your upper eyelids puffier than other people’s (slightly swollen)?',
  },
  { slots: ['tanshi6'], zh: '您嘴里有黏黏的感觉吗？', en: 'Does your mouth feel sticky?' },
  {
    slots: ['tanshi7'],
    zh: '您平时痰多，特别是咽喉部总感到有痰堵着吗？',
    en: 'Do you usually have a lot of phlegm, especially a feeling of phlegm stuck in your throat?',
  },
  { slots: ['tanshi8'], zh: '您舌苔厚腻或有舌苔厚厚的感觉吗？', en: 'Is your tongue coating thick and greasy, or does it feel thick?' },

  // 湿热质
  { slots: ['shire1'], zh: '您面部或鼻部有油腻感或者油亮发光吗？', en: 'Does your face or nose feel greasy or look shiny with oil?' },
  { slots: ['shire2'], zh: '您易生痤疮或疮疖吗？', en: 'Do you get acne or boils easily?' },
  { slots: ['shire3'], zh: '您感到口苦或嘴里有异味吗？', en: 'Do you have a bitter or unpleasant taste in your mouth?' },
  {
    slots: ['shire4'],
    zh: '您大便黏滞不爽、有解不尽的感觉吗？',
    en: 'Are your stools sticky and hard to pass, with a feeling of incomplete emptying?',
  },
  {
    slots: ['shire5'],
    zh: '您小便时尿道有发热感、尿色浓（深）吗？',
    en: 'Do you feel heat in the urethra when passing urine, or is your urine dark?',
  },
  {
    // The standard prints two rows, (6) for women and (7) for men; each person answers one of them and
    // the sub-scale keeps 6 items either way, so both fill the same slot.
    slots: ['shire6'],
    zh: '您带下色黄（白带颜色发黄）吗？（限女性回答）／您的阴囊部位潮湿吗？（限男性回答）',
    en: 'Is your vaginal discharge yellowish? (women only) / Is your scrotum damp? (men only)',
    bySex: {
      woman: { zh: '您带下色黄（白带颜色发黄）吗？', en: 'Is your vaginal discharge yellowish?' },
      man: { zh: '您的阴囊部位潮湿吗？', en: 'Is your scrotum damp?' },
    },
  },

  // 血瘀质 (xueyu6 was asked above)
  {
    slots: ['xueyu1'],
    zh: '您的皮肤在不知不觉中会出现青紫瘀斑（皮下出血）吗？',
    en: 'Do bruises (bleeding under the skin) appear on your skin without your noticing how?',
  },
  { slots: ['xueyu2'], zh: '您两颧部有细微红丝吗？', en: 'Do you have fine red thread veins on your cheekbones?' },
  { slots: ['xueyu3'], zh: '您身体上有哪里疼痛吗？', en: 'Do you have pain anywhere in your body?' },
  { slots: ['xueyu4'], zh: '您面色晦黯或容易出现褐斑吗？', en: 'Is your complexion dull and dark, or do you get brown patches easily?' },
  { slots: ['xueyu5'], zh: '您容易有黑眼圈吗？', en: 'Do you get dark circles under your eyes easily?' },
  { slots: ['xueyu7'], zh: '您口唇颜色偏黯吗？', en: 'Are your lips darkish in colour?' },

  // 气郁质 (qiyu1 was asked above)
  { slots: ['qiyu2'], zh: '您容易精神紧张、焦虑不安吗？', en: 'Do you easily become tense or anxious?' },
  { slots: ['qiyu3'], zh: '您多愁善感、感情脆弱吗？', en: 'Are you sentimental and emotionally fragile?' },
  { slots: ['qiyu4'], zh: '您容易感到害怕或受到惊吓吗？', en: 'Do you get frightened or startled easily?' },
  { slots: ['qiyu5'], zh: '您胁肋部或乳房胀痛吗？', en: 'Do you have distending pain in your flanks or breasts?' },
  { slots: ['qiyu6'], zh: '您无缘无故叹气吗？', en: 'Do you sigh for no reason?' },
  {
    slots: ['qiyu7'],
    zh: '您咽喉部有异物感，且吐之不出、咽之不下吗？',
    en: 'Do you feel something stuck in your throat that you can neither cough up nor swallow?',
  },

  // 特禀质
  { slots: ['tebing1'], zh: '您没有感冒时也会打喷嚏吗？', en: 'Do you sneeze even when you do not have a cold?' },
  {
    slots: ['tebing2'],
    zh: '您没有感冒时也会鼻塞、流鼻涕吗？',
    en: 'Do you have a blocked or runny nose even when you do not have a cold?',
  },
  {
    slots: ['tebing3'],
    zh: '您有因季节变化、温度变化或异味等原因而咳喘的现象吗？',
    en: 'Do you cough or wheeze with changes of season or temperature, or because of smells?',
  },
  {
    slots: ['tebing4'],
    zh: '您容易过敏（对药物、食物、气味、花粉或在季节交替、气候变化时）吗？',
    en: 'Are you prone to allergies (to drugs, food, smells or pollen, or when the season or weather changes)?',
  },
  {
    slots: ['tebing5'],
    zh: '您的皮肤容易起荨麻疹（风团、风疹块、风疙瘩）吗？',
    en: 'Does your skin break out in hives (wheals, welts) easily?',
  },
  {
    slots: ['tebing6'],
    zh: '您的皮肤因过敏出现过紫癜（紫红色瘀点、瘀斑）吗？',
    en: 'Have you had purpura (purplish-red spots or patches) on your skin from an allergy?',
  },
  { slots: ['tebing7'], zh: '您的皮肤一抓就红，并出现抓痕吗？', en: 'Does your skin turn red and show marks as soon as you scratch it?' },
];

export const CCMQ_QUESTIONS: readonly CcmqQuestion[] = DRAFTS.map((draft, index) => {
  const reversed = draft.slots.filter((slot) => REVERSED_SLOTS.has(slot));
  return { key: `q${index + 1}`, ...draft, ...(reversed.length > 0 ? { reversedSlots: reversed } : {}) };
});

/** All 66 slots, sub-scale by sub-scale in CCMQ_SUBSCALES order, items in the standard's order. */
export const CCMQ_SLOTS: readonly string[] = CCMQ_SUBSCALES.flatMap(({ key, itemCount }) =>
  Array.from({ length: itemCount }, (_, i) => `${key}${i + 1}`),
);
