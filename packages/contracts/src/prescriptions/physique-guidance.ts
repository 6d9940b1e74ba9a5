import type { Bilingual, PrescriptionLang } from './labels';
import { PRESCRIPTION_TEXT_MAX } from './limits';
import { reconcileArea } from './physique-conflicts';
import { ACUPOINTS_LEAD, adaptGuidance, exerciseHold, exerciseHoldAdvice, exerciseHoldAdviceEn, type SafetyFacts } from './safety';
import { blankPrescription, type PrescriptionSuggestion, type SuggestedPrescription } from './templates';

/**
 * Constitution-specific health guidance for the physique prescription.
 *
 * Source: the national 中医药健康管理服务技术规范 (国家中医药管理局, 2013), part 老年人中医药健康管理服务,
 * "中医药保健指导" — per constitution of 中医体质分类与判定 (ZYYXH/T 157-2009): 情志调摄, 饮食调养,
 * 起居调摄, 运动保健, 穴位保健 (the last two share field a4 here, as PRODUCT §5 pairs them).
 * Paraphrased into short sentences a doctor can hand to a patient. Adapted for pre-diabetes: sugary
 * foods the original lists (蜂蜜, 甘蔗, 大枣, 绿豆糕, 糯米甜酒), alcohol as a remedy (血瘀质 葡萄酒) and
 * 狗肉 are left out; everything else keeps the original's advice, music and acupoints.
 */
export const PHYSIQUE_TYPES = ['pinghe', 'qixu', 'yangxu', 'yinxu', 'tanshi', 'shire', 'xueyu', 'qiyu', 'tebing'] as const;
export type PhysiqueType = (typeof PHYSIQUE_TYPES)[number];

export const PHYSIQUE_TYPE_LABELS: Record<PhysiqueType, Bilingual> = {
  pinghe: { zh: '平和质', en: 'Balanced' },
  qixu: { zh: '气虚质', en: 'Qi deficiency' },
  yangxu: { zh: '阳虚质', en: 'Yang deficiency' },
  yinxu: { zh: '阴虚质', en: 'Yin deficiency' },
  tanshi: { zh: '痰湿质', en: 'Phlegm-dampness' },
  shire: { zh: '湿热质', en: 'Damp-heat' },
  xueyu: { zh: '血瘀质', en: 'Blood stasis' },
  qiyu: { zh: '气郁质', en: 'Qi stagnation' },
  tebing: { zh: '特禀质', en: 'Inherited special (allergic)' },
};

/** The physique sub-items a constitution's guidance actually speaks to (see the labels for their meaning). */
export type PhysiqueSubItem = 'a11' | 'a12' | 'a21' | 'a22' | 'a31' | 'a32';

/** One constitution's guidance text per area, in one language. */
export interface GuidanceTexts {
  /** 情志调摄 → a13 */
  emotion: string;
  /** 饮食调养 → a23 */
  diet: string;
  /** 起居调摄 → a33 */
  living: string;
  /** 运动保健 / 穴位保健 → a41 */
  exercise: string;
}

export interface PhysiqueGuidance extends GuidanceTexts {
  /**
   * The same guidance in English, for a sheet issued from the English interface: sentence for
   * sentence, with the same foods (physique-conflicts FOOD_EN), exercises and acupoints (pinyin with
   * the WHO standard code), so that the safety gates and the reconciliation act on it as on the Chinese.
   */
  en: GuidanceTexts;
  subItems: readonly PhysiqueSubItem[];
}

const ALL: readonly PhysiqueSubItem[] = ['a11', 'a12', 'a21', 'a22', 'a31', 'a32'];

export const PHYSIQUE_GUIDANCE: Record<PhysiqueType, PhysiqueGuidance> = {
  pinghe: {
    emotion: '保持平和的心态。可按个人爱好弹琴、下棋、练书法、绘画、听音乐、阅读、种花草，放松心情。',
    diet: '粗细粮合理搭配，多吃五谷杂粮和蔬菜，少吃油腻、辛辣食物；不过饥过饱，不吃过冷过烫或不洁食物；戒烟限酒。',
    living: '起居规律，睡眠充足，劳逸结合，穿戴自然得体。',
    exercise: '养成规律运动的习惯，按爱好和耐受程度选择项目。穴位：按揉涌泉、足三里，每穴2～3分钟，每天1～2次。',
    en: {
      emotion:
        'Keep a calm, even mind. Relax with what you enjoy: playing music, chess, calligraphy, painting, listening to music, reading, growing plants.',
      diet: 'Mix whole and refined grains; eat plenty of grains, pulses and vegetables, little greasy or spicy food. Do not go hungry or overeat; avoid food that is too cold, too hot or unclean. No smoking; limit alcohol.',
      living: 'Keep regular hours, sleep enough, balance work and rest, and dress sensibly.',
      exercise:
        'Make regular exercise a habit, choosing activities you enjoy and can manage. Acupoints: knead Yongquan (KI1) and Zusanli (ST36), 2–3 min each, 1–2 times a day.',
    },
    subItems: ['a11', 'a12', 'a21', 'a22', 'a31'],
  },
  qixu: {
    emotion: '保持稳定乐观的心态，不要过度思虑劳神。宜听节奏明快的乐曲，如笛子曲《喜相逢》。',
    diet: '宜吃性平偏温、健脾益气的食物，如小米、山药、南瓜、香菇、白扁豆、黄豆、豆腐、鸡肉、鸡蛋、牛肉；少吃生萝卜、槟榔等耗气之物，不宜多吃生冷或辛辣燥热食物。',
    living: '劳逸结合，不要过度劳累；出汗后避免受风；居室宜明亮、暖色调。',
    exercise:
      '宜做八段锦等柔和的传统运动，做完整套后加做“两手攀足固肾腰”“攒拳怒目增力气”1～3遍，避免剧烈运动；可做提肛。穴位：掌根按揉气海、关元，每穴2～3分钟，每天1～2次，也可艾条温和灸。',
    en: {
      emotion:
        'Stay steady and optimistic; do not overthink or wear yourself out. Listen to bright, lively music, such as the bamboo-flute piece Happy Reunion.',
      diet: 'Eat neutral to warm food that strengthens the spleen and replenishes qi, such as millet, Chinese yam, pumpkin, shiitake, white hyacinth beans, soybeans, tofu, chicken, eggs, beef. Limit qi-draining food such as raw radish, betel nut; little raw, cold, spicy or hot-dry food.',
      living: 'Balance work and rest, do not overtire; keep out of the wind after sweating; keep your room bright and warm in colour.',
      exercise:
        'Do gentle traditional exercise such as Baduanjin, adding "Touching the Toes" and "Clenching the Fists" 1–3 times after the full set; avoid strenuous exercise; pelvic-floor lifts help. Acupoints: knead Qihai (CV6) and Guanyuan (CV4) with the heel of the palm, 2–3 min each, 1–2 times a day, or warm them with a moxa stick.',
    },
    subItems: ALL,
  },
  yangxu: {
    emotion: '保持积极向上的心态，正确看待不顺心的事，及时排解消极情绪。宜听激昂豪迈的乐曲，如《黄河大合唱》。',
    diet: '宜吃温补脾肾阳气的食物，如羊肉、鸡肉、带鱼、韭菜、生姜；少吃生冷寒凉、黏腻食物，如螃蟹、苦瓜、冬瓜、西瓜、梨、绿豆、绿茶、冷饮，盛夏也不要贪凉。',
    living: '居室宜温暖、向阳，不要长期在阴暗潮湿寒冷处生活；注意腰背和下肢保暖；白天保持活动，少打盹；睡前少喝水并排空小便。',
    exercise:
      '宜在阳光充足时做舒缓的户外活动，避免在大风、大寒、大雪中锻炼；可练八段锦，整套后加做“五劳七伤往后瞧”“两手攀足固肾腰”1～3遍。穴位：关元、命门艾条温和灸，每周1次；关元也可掌根按揉2～3分钟。',
    en: {
      emotion:
        'Keep a positive outlook, take setbacks calmly and let go of low moods promptly. Listen to stirring, powerful music, such as the Yellow River Cantata.',
      diet: 'Eat food that warms spleen and kidney yang, such as lamb, chicken, hairtail, Chinese chives, fresh ginger. Limit raw, cold, cooling or sticky food, such as crab, bitter melon, wax gourd, watermelon, pear, mung beans, green tea, cold drinks, even in midsummer.',
      living:
        'Live somewhere warm and sunny, not for long in dark, damp, cold places; keep the lower back and legs warm; stay active by day and nap little; drink little before bed and empty the bladder.',
      exercise:
        'Take gentle outdoor exercise in sunshine, not in strong wind, severe cold or snow; Baduanjin, adding "Looking Back" and "Touching the Toes" 1–3 times after the full set. Acupoints: warm Guanyuan (CV4) and Mingmen (GV4) with a moxa stick once a week; Guanyuan may also be kneaded with the heel of the palm, 2–3 min.',
    },
    subItems: ALL,
  },
  yinxu: {
    emotion: '加强修养，少与人争执动怒，少参加争输赢的活动；可在安静处练书法、绘画。宜听轻柔舒缓的乐曲，如舒伯特《小夜曲》。',
    diet: '宜吃甘凉滋润的食物，如鸭肉、瘦猪肉、百合、黑芝麻、银耳、荸荠、海参；少吃温燥辛辣、香浓之物，如羊肉、韭菜、辣椒、葱、蒜、葵花子、酒、咖啡、浓茶、荔枝、龙眼、核桃。',
    living: '居处宜安静，睡好“子午觉”；避免熬夜和在高温下劳作，不宜蒸桑拿、泡温泉；戒烟；注意防晒，衣物宜清凉柔软。',
    exercise:
      '宜做中小强度运动，控制出汗量，及时补水；可练太极拳，或八段锦整套后加做“摇头摆尾去心火”“两手攀足固肾腰”1～3遍。穴位：按揉太溪、三阴交，每穴2～3分钟，每天1～2次。',
    en: {
      emotion:
        "Cultivate calm: avoid arguments, anger and competitive games; practise calligraphy or painting somewhere quiet. Listen to soft, soothing music, such as Schubert's Serenade.",
      diet: 'Eat sweet-cool, moistening food, such as duck, lean pork, lily bulb, black sesame, white fungus, water chestnut, sea cucumber. Limit warm-dry, pungent or rich food, such as lamb, Chinese chives, chilli, spring onion, garlic, sunflower seeds, alcohol, coffee, strong tea, lychee, longan, walnuts.',
      living:
        'Keep your home quiet; sleep well at midnight and take a short nap at noon; do not stay up late or work in the heat; no sauna or hot springs; no smoking; avoid strong sun; wear cool, soft clothes.',
      exercise:
        'Do low- to moderate-intensity exercise, sweat little and drink water; tai chi, or Baduanjin adding "Swaying Head and Tail" and "Touching the Toes" 1–3 times after the full set. Acupoints: knead Taixi (KI3) and Sanyinjiao (SP6), 2–3 min each, 1–2 times a day.',
    },
    subItems: ALL,
  },
  tanshi: {
    emotion: '多参加社会活动，培养广泛的兴趣爱好。宜听振奋人心的乐曲，如二胡《赛马》。',
    diet: '宜吃健脾祛湿化痰的食物，如冬瓜、白萝卜、薏苡仁、赤小豆、荷叶、山楂、海带、紫菜、鲫鱼、鲤鱼；少吃肥、甜、油、黏的食物。',
    living: '居处宜干燥；衣着宽松透气，宜棉、麻、丝；枕头不宜过高；早睡早起，不要久坐久卧。',
    exercise:
      '长期坚持运动，循序渐进，如快走、武术、羽毛球；体重大或膝关节不好者可游泳；不在阴雨湿冷天气运动。穴位：按揉丰隆、足三里，每穴2～3分钟，每天1～2次。',
    en: {
      emotion:
        'Take part in social activities and cultivate a wide range of interests. Listen to rousing music, such as the erhu piece Horse Racing.',
      diet: 'Eat food that strengthens the spleen, drains dampness and resolves phlegm, such as wax gourd, white radish, coix seed, adzuki beans, lotus leaf, hawthorn, kelp, laver, crucian carp, common carp. Eat little fatty, sweet, oily or sticky food.',
      living:
        'Keep your home dry; wear loose, breathable cotton, linen or silk; use a low pillow; go to bed early, rise early, and do not sit or lie about for long.',
      exercise:
        'Exercise for the long term, building up gradually, e.g. brisk walking, martial arts, badminton; swim if heavy or with bad knees; not in wet, cold weather. Acupoints: knead Fenglong (ST40) and Zusanli (ST36), 2–3 min each, 1–2 times a day.',
    },
    subItems: ALL,
  },
  shire: {
    emotion: '稳定情绪，尽量少烦恼，培养兴趣爱好。宜听悠扬的乐曲，如古筝《高山流水》。',
    diet: '宜吃清利化湿的食物，如绿豆芽、芹菜、黄瓜、苦瓜、冬瓜、薏苡仁、赤小豆、马齿苋、藕；少吃羊肉、动物内脏等肥腻之物，少吃辣椒、花椒、生姜、韭菜及火锅、油炸、烧烤。',
    living: '居室干燥通风；衣着宽松透气；注意个人卫生；睡眠规律，睡前不看紧张的节目、不喝兴奋饮料；不吸烟饮酒；保持大小便通畅。',
    exercise:
      '宜做强度稍大的运动，如中长跑、游泳、球类、武术；夏季避开烈日，秋季可登山。八段锦整套后加做“双手托天理三焦”“调理脾胃须单举”1～3遍。穴位：按揉支沟、阴陵泉，每穴2～3分钟，每天1～2次。',
    en: {
      emotion:
        'Keep your emotions steady, worry as little as possible and cultivate interests. Listen to flowing music, such as the guzheng piece High Mountains and Flowing Water.',
      diet: 'Eat food that clears heat and drains dampness, such as mung bean sprouts, celery, cucumber, bitter melon, wax gourd, coix seed, adzuki beans, purslane, lotus root. Limit rich food such as lamb, animal offal, and chilli, Sichuan pepper, fresh ginger, Chinese chives, hotpot, fried food, barbecue.',
      living:
        'Keep your home dry and aired; wear loose, breathable clothes; keep clean; sleep regularly, with no tense programmes or stimulating drinks before bed; no smoking or alcohol; keep bowels and bladder regular.',
      exercise:
        'Do fairly vigorous exercise, e.g. middle- and long-distance running, swimming, ball games, martial arts; avoid the summer midday sun; climb hills in autumn. Baduanjin, adding "Holding up the Sky" and "Raising One Arm" 1–3 times after the full set. Acupoints: knead Zhigou (TE6) and Yinlingquan (SP9), 2–3 min each, 1–2 times a day.',
    },
    subItems: ALL,
  },
  xueyu: {
    emotion: '遇事沉稳，克服浮躁。宜听流畅抒情的乐曲，如《春江花月夜》。',
    diet: '宜吃调畅气血的食物，如山楂、醋、玫瑰花、黑豆、油菜；少吃收涩寒凉和冰冻之物，如乌梅、柿子、石榴、苦瓜；少吃蛋黄、虾、动物脑、奶酪等高脂肪高胆固醇食物。',
    living: '居室温暖舒适；衣着宽松，注意保暖；保持大便通畅；不要贪图安逸，避免长时间打麻将、看电视等久坐，多在阳光充足时到户外活动。',
    exercise:
      '坚持促进气血运行的运动，如健步走，或八段锦整套后加做“左右开弓似射雕”“背后七颠百病消”1～3遍；不在封闭环境锻炼，不做大强度、大负荷运动。穴位：按揉期门、血海，每穴2～3分钟，每天1～2次。',
    en: {
      emotion:
        'Meet events calmly and overcome restlessness. Listen to flowing, lyrical music, such as Spring River in the Flower Moon Night.',
      diet: 'Eat food that moves qi and blood, such as hawthorn, vinegar, rose tea, black beans, rapeseed greens. Limit astringent, cold or frozen food, such as smoked plum, persimmon, pomegranate, bitter melon; limit fatty, high-cholesterol food such as egg yolk, shrimp, animal brain, cheese.',
      living:
        'Keep your home warm and comfortable; wear loose, warm clothes; keep bowels regular; do not sit for long at mahjong or television; spend time outdoors in the sunshine.',
      exercise:
        'Keep up exercise that moves qi and blood, e.g. brisk walking, or Baduanjin adding "Drawing the Bow" and "Bouncing on the Toes" 1–3 times after the full set; not in closed rooms, no high-intensity or heavy-load exercise. Acupoints: knead Qimen (LR14) and Xuehai (SP10), 2–3 min each, 1–2 times a day.',
    },
    subItems: ALL,
  },
  qiyu: {
    emotion: '乐观开朗，多与人相处，不苛求自己和他人；心情郁闷时主动找朋友倾诉。宜听欢快的乐曲，如《金蛇狂舞》，多看喜剧、相声。',
    diet: '宜吃理气解郁的食物，如黄花菜、菊花、玫瑰花、茉莉花、大麦、金橘、柑橘、柚子；少吃收敛酸涩之物，如石榴、乌梅、青梅、杨梅、酸枣、柠檬、泡菜。',
    living: '多到户外活动、参加社交，避免独处；居室安静、宽敞明亮；睡眠规律，睡前不喝茶、咖啡；衣着柔软透气。',
    exercise:
      '多参加集体运动，坚持跑步、登山、游泳等强度较大的锻炼，也可下棋、打牌分散注意力；八段锦整套后加做“攒拳怒目增力气”“背后七颠百病消”1～3遍。穴位：按揉合谷、太冲，每穴2～3分钟，每天1～2次。',
    en: {
      emotion:
        'Be cheerful and open, spend time with others and do not demand too much of yourself or others; when low, talk to a friend. Listen to cheerful music, such as Dance of the Golden Snake. Watch comedies and crosstalk.',
      diet: 'Eat food that moves qi and relieves stagnation, such as daylily, chrysanthemum tea, rose tea, jasmine tea, barley, kumquat, tangerine, pomelo. Limit sour, astringent food, such as pomegranate, smoked plum, green plum, bayberry, sour jujube, lemon, pickles.',
      living:
        'Get outdoors and mix with people rather than being alone; keep your home quiet, spacious and bright; sleep regularly, with no tea or coffee before bed; wear soft, breathable clothes.',
      exercise:
        'Join group exercise; keep up fairly vigorous exercise such as running, hill climbing, swimming; chess or cards also take the mind off things. Baduanjin, adding "Clenching the Fists" and "Bouncing on the Toes" 1–3 times after the full set. Acupoints: knead Hegu (LI4) and Taichong (LR3), 2–3 min each, 1–2 times a day.',
    },
    subItems: ALL,
  },
  tebing: {
    emotion: '过敏体质容易紧张焦虑，在避开过敏原的同时注意放松，避免紧张情绪。',
    diet: '饮食均衡，粗细粮、荤素搭配合理；少吃辛辣、腥发之物；不吃会引起自己过敏的食物（常见如蚕豆、白扁豆、羊肉、鹅肉、鲤鱼、虾、蟹、茄子、辣椒、浓茶、咖啡）。',
    living: '起居规律，睡眠充足；居室通风；枕头、被褥、床垫、地毯、窗帘常清洗日晒，防尘螨；外出避开花粉和油漆气味。',
    exercise:
      '宜慢跑、散步等户外活动，也可练瑜伽、下棋；不做大运动量的活动，季节交替时不要长时间在野外锻炼；运动时避风寒，出现哮喘、憋闷立即停止。穴位：神阙艾条温和灸，曲池按揉2～3分钟，每天1～2次。',
    en: {
      emotion: 'People with allergies tend to be tense and anxious: besides avoiding allergens, learn to relax and keep tension away.',
      diet: 'Eat a balanced diet of grains, meat and vegetables; little spicy food or seafood and other "triggering" food; never eat food you are allergic to (common ones: broad beans, white hyacinth beans, lamb, goose, common carp, shrimp, crab, aubergine, chilli, strong tea, coffee).',
      living:
        'Keep regular hours and sleep enough; air your home; wash and sun pillows, bedding, mattresses, carpets and curtains often against dust mites; avoid pollen and paint fumes when out.',
      exercise:
        'Jogging, walking and other outdoor activities suit, as do yoga and chess; no heavy exercise, nor long outdoor exercise as the seasons change; keep out of wind and cold; stop at once on wheezing or chest tightness. Acupoints: warm Shenque (CV8) with a moxa stick; knead Quchi (LI11), 2–3 min, 1–2 times a day.',
    },
    // The original gives no music or hobby advice for this constitution.
    subItems: ['a11', 'a21', 'a22', 'a31', 'a32'],
  },
};

const AREAS = [
  { box: 'a1', text: 'a13', part: 'emotion', name: '情志调摄', nameEn: 'emotional care' },
  { box: 'a2', text: 'a23', part: 'diet', name: '饮食调养', nameEn: 'dietary care' },
  { box: 'a3', text: 'a33', part: 'living', name: '起居调摄', nameEn: 'daily-living care' },
  { box: 'a4', text: 'a41', part: 'exercise', name: '运动保健/穴位保健', nameEn: 'exercise and acupoint care' },
] as const;

const SUB_ITEMS_OF: Record<'a1' | 'a2' | 'a3' | 'a4', readonly PhysiqueSubItem[]> = {
  a1: ['a11', 'a12'],
  a2: ['a21', 'a22'],
  a3: ['a31', 'a32'],
  a4: [],
};

/** Accept the keys, and the Chinese names with or without 质, so a CCMQ result can be passed as it reads. */
export function toPhysiqueType(value: string): PhysiqueType | undefined {
  const v = value.trim();
  const lower = v.toLowerCase();
  return PHYSIQUE_TYPES.find((t) => t === lower || PHYSIQUE_TYPE_LABELS[t].zh === v || PHYSIQUE_TYPE_LABELS[t].zh.slice(0, -1) === v);
}

interface Entry {
  type: PhysiqueType;
  tendency: boolean;
}

/**
 * A physique prescription prefilled from the latest constitution result: the four areas ticked, the
 * sub-items each type's guidance speaks to, and each area's text with the guidance of every type.
 *
 * The main (主) type leads: it is the first known type of `primaryTypes` (types judged 是, or 平和质),
 * else of `tendencyTypes` (倾向是); the CCMQ result lists both highest transformed score first, so the
 * main type is the highest-scoring 是 type, else the highest-scoring 倾向是 type (clinical/ccmq
 * `mainType`). Every other type is concurrent (兼夹) and follows in the same order. With several
 * types each line is headed 【X质·主】 or 【Y质(倾向)·兼夹】, and advice that opposes between them is
 * reconciled (physique-conflicts): the opposing phrases leave the texts and a 【兼顾】 line says what
 * serves both, so the printed sheet never says two opposite things. Unknown names are ignored; a type
 * in both lists counts as 是. A text never exceeds the schema's limit: types that do not fit are left
 * for the doctor and said so.
 *
 * Each text suggestion carries the same sheet in English (`valueEn`), built the same way from the
 * English guidance, for a prescription issued from the English interface. English is longer, so it
 * may fit fewer constitutions in a field than the Chinese; its reason says which were left out.
 */
export function suggestPhysique(
  primaryTypes: string[],
  tendencyTypes: string[],
  patientId: number,
  safety: SafetyFacts = {},
): SuggestedPrescription<'physique'> {
  const template = blankPrescription('physique', patientId);
  const suggestions: PrescriptionSuggestion[] = [];
  const entries: Entry[] = [];
  const add = (raw: string, tendency: boolean) => {
    const type = toPhysiqueType(raw);
    if (type && !entries.some((e) => e.type === type)) entries.push({ type, tendency: tendency && type !== 'pinghe' });
  };
  for (const raw of primaryTypes) add(raw, false);
  for (const raw of tendencyTypes) add(raw, true);
  if (entries.length === 0) return { template, suggestions };

  const several = entries.length > 1;
  const name = (e: Entry) => `${PHYSIQUE_TYPE_LABELS[e.type].zh}${e.tendency ? '倾向' : ''}`;
  const nameEn = (e: Entry) => `${PHYSIQUE_TYPE_LABELS[e.type].en}${e.tendency ? ' (tendency)' : ''}`;
  const main = entries[0] as Entry;
  const headings: Record<PrescriptionLang, (e: Entry) => string> = {
    zh: (e) => `【${several ? `${name(e)}·${e === main ? '主' : '兼夹'}` : name(e)}】`,
    en: (e) => `[${several ? `${nameEn(e)}, ${e === main ? 'main' : 'concurrent'}` : nameEn(e)}] `,
  };
  const basisEn = several
    ? `Constitution: main ${nameEn(main)}; concurrent ${entries.slice(1).map(nameEn).join(', ')}`
    : `Constitution: ${nameEn(main)}`;
  const basis = several ? `体质辨识：主 ${name(main)}；兼夹 ${entries.slice(1).map(name).join('、')}` : `体质辨识：${name(main)}`;
  const values = template as unknown as Record<string, boolean | string>;
  // The safety gates (safety.ts): vigorous advice made moderate, pregnancy-unsafe points and foods left
  // out, and while exercise is held the exercise area says so instead of advising exercise.
  const hold = exerciseHold(safety);
  const adapted = (lang: PrescriptionLang) => {
    const table = Object.fromEntries(PHYSIQUE_TYPES.map((t) => [t, lang === 'en' ? PHYSIQUE_GUIDANCE[t].en : PHYSIQUE_GUIDANCE[t]]));
    const onSheet = lang === 'en' ? entries.map((e) => e.type) : undefined;
    const result = adaptGuidance(table as Record<PhysiqueType, GuidanceTexts>, safety, lang, onSheet);
    if (hold) {
      for (const e of entries) {
        const exercise = result.guidance[e.type].exercise;
        const points = exercise.indexOf(ACUPOINTS_LEAD[lang]);
        result.guidance[e.type] = { ...result.guidance[e.type], exercise: points >= 0 ? exercise.slice(points) : '' };
      }
    }
    return result;
  };
  const { guidance, notes } = adapted('zh');
  const { guidance: guidanceEn, notesEn } = adapted('en');

  for (const area of AREAS) {
    const safetyLines: string[] = [];
    const safetyLinesEn: string[] = [];
    const safetyEn: string[] = [];
    if (area.part === 'exercise' && hold) {
      safetyLines.push(`【运动安全】${exerciseHoldAdvice(hold.zh)}`);
      safetyLinesEn.push(`[Exercise safety] ${exerciseHoldAdviceEn(hold.en)}`);
      safetyEn.push(`exercise postponed (${hold.en})`);
    }
    const note = area.part === 'diet' || area.part === 'exercise' ? notes[area.part] : undefined;
    if (note) safetyLines.push(`【安全提示】${note}。`);
    const noteEn = area.part === 'diet' || area.part === 'exercise' ? notesEn[area.part] : undefined;
    if (noteEn) {
      safetyLinesEn.push(`[Safety note] ${capitalised(noteEn)}.`);
      safetyEn.push(noteEn);
    }
    const { lines, left, conflicts } = areaLines(area.part, entries, headings.zh, guidance, safetyLines, 'zh');
    const english = areaLines(area.part, entries, headings.en, guidanceEn, safetyLinesEn, 'en');
    const reason = `${basis}；按中医药健康管理服务规范的${area.name}要点预填`;
    const reasonEn = `${basisEn}; prefilled from the ${area.nameEn} points of the national TCM health management service specification`;
    values[area.box] = true;
    suggestions.push({ field: area.box, reason, reasonEn });
    for (const sub of SUB_ITEMS_OF[area.box]) {
      const from = entries.filter((e) => PHYSIQUE_GUIDANCE[e.type].subItems.includes(sub));
      if (from.length === 0) continue;
      values[sub] = true;
      suggestions.push({
        field: sub,
        reason: `${area.name}指导涉及此项（${from.map(name).join('、')}）`,
        reasonEn: `the ${area.nameEn} guidance covers this item (${from.map(nameEn).join(', ')})`,
      });
    }
    values[area.text] = lines.join('\n');
    const clash = conflicts.length > 0 ? `；各体质建议相反之处（${conflicts.join('、')}）已按兼顾原则统一，请医生核对` : '';
    const safe = safetyLines.length > 0 ? `；${safetyLines.join('')}` : '';
    const leftOut = left.length > 0 ? `；篇幅所限未列入${left.map(name).join('、')}，请医生酌情补充` : '';
    const clashEn =
      english.conflicts.length > 0 ? '; advice that differs between the constitutions has been reconciled, please check it' : '';
    const safeEn = safetyEn.length > 0 ? `; safety: ${safetyEn.join('; ')}` : '';
    const leftOutEn =
      english.left.length > 0 ? `; left out for lack of space: ${english.left.map(nameEn).join(', ')}, please add as needed` : '';
    suggestions.push({
      field: area.text,
      reason: `${reason}${clash}${safe}${leftOut}`,
      reasonEn: `${reasonEn}${clashEn}${safeEn}${leftOutEn}`,
      valueEn: english.lines.join('\n'),
    });
  }
  return { template, suggestions };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The line that says, once, what serves all the constitutions on the sheet. */
const COMBINED: Record<PrescriptionLang, (advice: readonly string[]) => string> = {
  zh: (advice) => `【兼顾】${advice.join('；')}。`,
  en: (advice) => `[Combined advice] ${capitalised(advice.join('; '))}.`,
};

/**
 * One area's lines: the types in order, each added only if the text (with the reconciliation its
 * presence brings) still fits the field; the 【兼顾】 line last.
 *
 * In English, which is longer, a constitution is left out more often; the advice is then reconciled
 * over every constitution of the result all the same, so that the main type's text never keeps what
 * a left-out type forbids (vigorous exercise beside a deficient type, a food it limits).
 */
function areaLines(
  part: (typeof AREAS)[number]['part'],
  entries: readonly Entry[],
  heading: (e: Entry) => string,
  guidance: Record<PhysiqueType, GuidanceTexts>,
  safetyLines: readonly string[],
  lang: PrescriptionLang,
) {
  const all =
    lang === 'en'
      ? reconcileArea(
          part,
          entries.map((e) => e.type),
          guidance,
          lang,
        )
      : null;
  const empty = all && all.advice.length > 0 ? [...safetyLines, COMBINED[lang](all.advice)] : [...safetyLines];
  let fitted: { entries: Entry[]; lines: string[]; conflicts: string[] } = {
    entries: [],
    lines: empty.join('\n').length <= PRESCRIPTION_TEXT_MAX ? empty : [...safetyLines],
    conflicts: all?.conflicts ?? [],
  };
  const left: Entry[] = [];
  for (const entry of entries) {
    const candidate = [...fitted.entries, entry];
    const reconciled =
      all ??
      reconcileArea(
        part,
        candidate.map((e) => e.type),
        guidance,
        lang,
      );
    const text = (e: Entry, index: number) => reconciled.texts[all ? entries.indexOf(e) : index];
    const lines = [...safetyLines, ...candidate.map((e, index) => `${heading(e)}${text(e, index)}`)];
    if (reconciled.advice.length > 0) lines.push(COMBINED[lang](reconciled.advice));
    if (lines.join('\n').length <= PRESCRIPTION_TEXT_MAX) fitted = { entries: candidate, lines, conflicts: reconciled.conflicts };
    else left.push(entry);
  }
  return { lines: fitted.lines, left, conflicts: fitted.conflicts };
}
