import type { PrescriptionLang } from './labels';
import type { GuidanceTexts, PhysiqueType } from './physique-guidance';

/**
 * When several constitutions apply, their guidance can oppose each other (痰湿质 "宜吃白萝卜" next to
 * 气虚质 "少吃生萝卜"; 痰湿质 "快走、武术" next to 气虚质 "避免剧烈运动"). A printed sheet must never tell
 * a patient two opposite things, so before the texts are put together each opposing piece of advice
 * is taken out of every text that holds it and the sheet says, once, what serves both constitutions:
 * - foods one type recommends and another limits: the food leaves both lists and one sentence says
 *   how to eat it (cooked, small amounts); a food 特禀质 may be allergic to is kept, with a warning;
 * - exercise: the limit of a deficient or sensitive type (avoid vigorous exercise) wins over the
 *   vigorous advice of 痰湿/湿热/气郁质, which becomes moderate: too much is the harm that cannot be undone;
 * - music: soothing and rousing music oppose; the one of the higher-ranked type (the main type first) stays;
 * - 阳虚 with 阴虚 or 湿热: neither 温燥 nor 寒凉 food; 阳虚 with 阴虚: a short noon nap instead of
 *   "睡好子午觉" vs "少打盹".
 * The English guidance is reconciled the same way, with the same foods (FOOD_EN) and each edit's English.
 * The tables are checked against the guidance texts by tests (each phrase occurs exactly once).
 */

export type GuidanceArea = 'emotion' | 'diet' | 'living' | 'exercise';

/** The foods each constitution's diet text recommends (宜吃) and limits (少吃); a list item each, as written. */
export const FOOD_STANCES: Record<PhysiqueType, { favour: readonly string[]; limit: readonly string[] }> = {
  pinghe: { favour: [], limit: [] },
  qixu: { favour: ['小米', '山药', '南瓜', '香菇', '白扁豆', '黄豆', '豆腐', '鸡肉', '鸡蛋', '牛肉'], limit: ['生萝卜', '槟榔'] },
  yangxu: { favour: ['羊肉', '鸡肉', '带鱼', '韭菜', '生姜'], limit: ['螃蟹', '苦瓜', '冬瓜', '西瓜', '梨', '绿豆', '绿茶', '冷饮'] },
  yinxu: {
    favour: ['鸭肉', '瘦猪肉', '百合', '黑芝麻', '银耳', '荸荠', '海参'],
    limit: ['羊肉', '韭菜', '辣椒', '葱', '蒜', '葵花子', '酒', '咖啡', '浓茶', '荔枝', '龙眼', '核桃'],
  },
  tanshi: { favour: ['冬瓜', '白萝卜', '薏苡仁', '赤小豆', '荷叶', '山楂', '海带', '紫菜', '鲫鱼', '鲤鱼'], limit: [] },
  shire: {
    favour: ['绿豆芽', '芹菜', '黄瓜', '苦瓜', '冬瓜', '薏苡仁', '赤小豆', '马齿苋', '藕'],
    limit: ['羊肉', '动物内脏', '辣椒', '花椒', '生姜', '韭菜', '火锅', '油炸', '烧烤'],
  },
  xueyu: { favour: ['山楂', '醋', '玫瑰花', '黑豆', '油菜'], limit: ['乌梅', '柿子', '石榴', '苦瓜', '蛋黄', '虾', '动物脑', '奶酪'] },
  qiyu: {
    favour: ['黄花菜', '菊花', '玫瑰花', '茉莉花', '大麦', '金橘', '柑橘', '柚子'],
    limit: ['石榴', '乌梅', '青梅', '杨梅', '酸枣', '柠檬', '泡菜'],
  },
  tebing: { favour: [], limit: [] },
};

/** Foods 特禀质's text names as common allergens ("不吃会引起自己过敏的食物，常见如…"). */
export const TEBING_ALLERGENS: readonly string[] = ['蚕豆', '白扁豆', '羊肉', '鹅肉', '鲤鱼', '虾', '蟹', '茄子', '辣椒', '浓茶', '咖啡'];

/** Different wordings of one food, so that 白萝卜 and 生萝卜 are seen to be the same question. */
const FOOD_KEY: Record<string, string> = { 白萝卜: '萝卜', 生萝卜: '萝卜', 蛋黄: '鸡蛋', 螃蟹: '蟹' };
export const foodKey = (food: string): string => FOOD_KEY[food] ?? food;

/** Each food of the tables (and each foodKey) as the English guidance writes it in its lists. */
export const FOOD_EN: Record<string, string> = {
  小米: 'millet',
  山药: 'Chinese yam',
  南瓜: 'pumpkin',
  香菇: 'shiitake',
  白扁豆: 'white hyacinth beans',
  黄豆: 'soybeans',
  豆腐: 'tofu',
  鸡肉: 'chicken',
  鸡蛋: 'eggs',
  牛肉: 'beef',
  生萝卜: 'raw radish',
  槟榔: 'betel nut',
  羊肉: 'lamb',
  带鱼: 'hairtail',
  韭菜: 'Chinese chives',
  生姜: 'fresh ginger',
  螃蟹: 'crab',
  苦瓜: 'bitter melon',
  冬瓜: 'wax gourd',
  西瓜: 'watermelon',
  梨: 'pear',
  绿豆: 'mung beans',
  绿茶: 'green tea',
  冷饮: 'cold drinks',
  鸭肉: 'duck',
  瘦猪肉: 'lean pork',
  百合: 'lily bulb',
  黑芝麻: 'black sesame',
  银耳: 'white fungus',
  荸荠: 'water chestnut',
  海参: 'sea cucumber',
  辣椒: 'chilli',
  葱: 'spring onion',
  蒜: 'garlic',
  葵花子: 'sunflower seeds',
  酒: 'alcohol',
  咖啡: 'coffee',
  浓茶: 'strong tea',
  荔枝: 'lychee',
  龙眼: 'longan',
  核桃: 'walnuts',
  白萝卜: 'white radish',
  薏苡仁: 'coix seed',
  赤小豆: 'adzuki beans',
  荷叶: 'lotus leaf',
  山楂: 'hawthorn',
  海带: 'kelp',
  紫菜: 'laver',
  鲫鱼: 'crucian carp',
  鲤鱼: 'common carp',
  绿豆芽: 'mung bean sprouts',
  芹菜: 'celery',
  黄瓜: 'cucumber',
  马齿苋: 'purslane',
  藕: 'lotus root',
  动物内脏: 'animal offal',
  花椒: 'Sichuan pepper',
  火锅: 'hotpot',
  油炸: 'fried food',
  烧烤: 'barbecue',
  醋: 'vinegar',
  玫瑰花: 'rose tea',
  黑豆: 'black beans',
  油菜: 'rapeseed greens',
  乌梅: 'smoked plum',
  柿子: 'persimmon',
  石榴: 'pomegranate',
  蛋黄: 'egg yolk',
  虾: 'shrimp',
  动物脑: 'animal brain',
  奶酪: 'cheese',
  黄花菜: 'daylily',
  菊花: 'chrysanthemum tea',
  茉莉花: 'jasmine tea',
  大麦: 'barley',
  金橘: 'kumquat',
  柑橘: 'tangerine',
  柚子: 'pomelo',
  青梅: 'green plum',
  杨梅: 'bayberry',
  酸枣: 'sour jujube',
  柠檬: 'lemon',
  泡菜: 'pickles',
  蚕豆: 'broad beans',
  鹅肉: 'goose',
  蟹: 'crab',
  茄子: 'aubergine',
  萝卜: 'radish',
};
export const foodEn = (food: string): string => FOOD_EN[food] ?? food;

/** How the sheet reconciles a food that one type recommends and another limits (keyed by foodKey). */
export const FOOD_RESOLUTIONS: Record<string, { group: 'radish' | 'egg' | 'warm' | 'cool' }> = {
  萝卜: { group: 'radish' },
  鸡蛋: { group: 'egg' },
  羊肉: { group: 'warm' },
  韭菜: { group: 'warm' },
  生姜: { group: 'warm' },
  苦瓜: { group: 'cool' },
  冬瓜: { group: 'cool' },
};

type FoodGroup = 'radish' | 'egg' | 'warm' | 'cool';

const GROUP_ADVICE: Record<PrescriptionLang, Record<FoodGroup, (foods: string) => string>> = {
  zh: {
    radish: () => '萝卜宜煮熟吃，不吃生萝卜',
    egg: () => '鸡蛋适量，每天不超过1个',
    warm: (foods) => `${foods}性温热，只宜少量，不宜多吃`,
    cool: (foods) => `${foods}等寒凉之物宜煮熟、少量吃，不吃生冷`,
  },
  en: {
    radish: () => 'eat radish cooked, never raw',
    egg: () => 'eggs in moderation, no more than one a day',
    warm: (foods) => `${foods} are warming: small amounts only`,
    cool: (foods) => `${foods} and other cooling food: cooked, a little, never raw or cold`,
  },
};

interface PhraseEdit {
  from: string;
  to: string;
}

/** Advice of two groups of types that opposes; applies when both groups have a type on the sheet. */
export interface PhraseClash {
  name: string;
  area: GuidanceArea;
  sides: readonly [readonly PhysiqueType[], readonly PhysiqueType[]];
  /** What changes in each type's text of the area. */
  edits: Partial<Record<PhysiqueType, readonly PhraseEdit[]>>;
  /** The same changes in each type's English text. */
  editsEn: Partial<Record<PhysiqueType, readonly PhraseEdit[]>>;
  /** What the sheet says instead, once. */
  advice?: string;
  adviceEn?: string;
  /** Only the side without the highest-ranked type present is edited (a matter of choice, not of harm). */
  higherRankedWins?: boolean;
}

const MUSIC: Record<PrescriptionLang, Partial<Record<PhysiqueType, string>>> = {
  zh: {
    qixu: '宜听节奏明快的乐曲，如笛子曲《喜相逢》。',
    yangxu: '宜听激昂豪迈的乐曲，如《黄河大合唱》。',
    yinxu: '宜听轻柔舒缓的乐曲，如舒伯特《小夜曲》。',
    tanshi: '宜听振奋人心的乐曲，如二胡《赛马》。',
    qiyu: '宜听欢快的乐曲，如《金蛇狂舞》，',
  },
  en: {
    qixu: ' Listen to bright, lively music, such as the bamboo-flute piece Happy Reunion.',
    yangxu: ' Listen to stirring, powerful music, such as the Yellow River Cantata.',
    yinxu: " Listen to soft, soothing music, such as Schubert's Serenade.",
    tanshi: ' Listen to rousing music, such as the erhu piece Horse Racing.',
    qiyu: ' Listen to cheerful music, such as Dance of the Golden Snake.',
  },
};
const musicEdits = (lang: PrescriptionLang): Partial<Record<PhysiqueType, readonly PhraseEdit[]>> =>
  Object.fromEntries(Object.entries(MUSIC[lang]).map(([type, from]) => [type, [{ from, to: '' }]]));

export const PHRASE_CLASHES: readonly PhraseClash[] = [
  {
    name: '运动强度',
    area: 'exercise',
    sides: [
      ['tanshi', 'shire', 'qiyu'],
      ['qixu', 'yangxu', 'yinxu', 'xueyu', 'tebing'],
    ],
    edits: {
      tanshi: [{ from: '如快走、武术、羽毛球', to: '如快走' }],
      shire: [{ from: '宜做强度稍大的运动，如中长跑、游泳、球类、武术', to: '宜做快走、游泳等中等强度的运动' }],
      qiyu: [{ from: '坚持跑步、登山、游泳等强度较大的锻炼', to: '坚持快走、游泳等中等强度的锻炼' }],
    },
    editsEn: {
      tanshi: [{ from: 'e.g. brisk walking, martial arts, badminton', to: 'e.g. brisk walking' }],
      shire: [
        {
          from: 'Do fairly vigorous exercise, e.g. middle- and long-distance running, swimming, ball games, martial arts',
          to: 'Do moderate exercise, e.g. brisk walking, swimming',
        },
      ],
      qiyu: [
        {
          from: 'keep up fairly vigorous exercise such as running, hill climbing, swimming',
          to: 'keep up moderate exercise such as brisk walking, swimming',
        },
      ],
    },
    advice: '运动量力而行，以中小强度为宜，不做剧烈运动和大运动量的锻炼',
    adviceEn: 'exercise within your limits, at low to moderate intensity, with no strenuous or heavy exercise',
  },
  {
    name: '音乐',
    area: 'emotion',
    sides: [['yinxu'], ['qixu', 'yangxu', 'tanshi', 'qiyu']],
    edits: musicEdits('zh'),
    editsEn: musicEdits('en'),
    higherRankedWins: true,
  },
  {
    // 阳虚质 asks for warming food and no cold; 阴虚质 for cool, moist food and 湿热质 for clearing food.
    name: '饮食寒温',
    area: 'diet',
    sides: [['yangxu'], ['yinxu', 'shire']],
    edits: { yinxu: [{ from: '宜吃甘凉滋润的食物', to: '宜吃滋润的食物' }] },
    editsEn: { yinxu: [{ from: 'Eat sweet-cool, moistening food', to: 'Eat moistening food' }] },
    advice: '饮食宜平和，过于寒凉或过于温燥的食物都不宜多吃',
    adviceEn: 'keep the diet mild: little very cooling or very warm-dry food',
  },
  {
    name: '午睡',
    area: 'living',
    sides: [['yangxu'], ['yinxu']],
    edits: {
      yangxu: [{ from: '白天保持活动，少打盹', to: '白天保持活动' }],
      yinxu: [{ from: '睡好“子午觉”', to: '夜间按时入睡' }],
    },
    editsEn: {
      yangxu: [{ from: 'stay active by day and nap little', to: 'stay active by day' }],
      yinxu: [{ from: 'sleep well at midnight and take a short nap at noon', to: 'go to bed on time at night' }],
    },
    advice: '午间可小睡半小时左右，白天其余时间少打盹',
    adviceEn: 'a nap of about half an hour at noon is fine; otherwise nap little by day',
  },
];

/** Takes one item out of a "、" list, with its separator. */
export function removeListItem(text: string, item: string): string {
  if (text.includes(`${item}、`)) return text.replace(`${item}、`, '');
  if (text.includes(`、${item}`)) return text.replace(`、${item}`, '');
  return text;
}

/** Takes one item out of an English ", " list, with its separator. */
export function removeListItemEn(text: string, item: string): string {
  if (text.includes(`, ${item}`)) return text.replace(`, ${item}`, '');
  if (text.includes(`${item}, `)) return text.replace(`${item}, `, '');
  return text;
}

export interface ReconciledArea {
  /** Each type's text of the area with the opposing advice taken out, in the order given. */
  texts: string[];
  /** What the sheet says instead (sentences without final punctuation). */
  advice: string[];
  /** Short names of what opposed, for the doctor. */
  conflicts: string[];
}

function reconcileFoods(types: readonly PhysiqueType[], texts: string[], result: ReconciledArea, lang: PrescriptionLang): void {
  const en = lang === 'en';
  const remove = en ? (text: string, food: string) => removeListItemEn(text, foodEn(food)) : removeListItem;
  const list = (foods: readonly string[]) => (en ? foods.map(foodEn).join(', ') : foods.join('、'));
  const stances = new Map<string, { favour: [number, string][]; limit: [number, string][] }>();
  types.forEach((type, index) => {
    for (const side of ['favour', 'limit'] as const) {
      for (const food of FOOD_STANCES[type][side]) {
        const entry = stances.get(foodKey(food)) ?? { favour: [], limit: [] };
        entry[side].push([index, food]);
        stances.set(foodKey(food), entry);
      }
    }
  });
  const byGroup = new Map<FoodGroup, string[]>();
  const stillFavoured: string[] = [];
  for (const [key, { favour, limit }] of stances) {
    if (favour.length === 0) continue;
    if (limit.length === 0) {
      stillFavoured.push(...favour.map(([, food]) => food));
      continue;
    }
    for (const [index, food] of [...favour, ...limit]) texts[index] = remove(texts[index] ?? '', food);
    const group = FOOD_RESOLUTIONS[key]?.group;
    if (group) byGroup.set(group, [...(byGroup.get(group) ?? []), key]);
    else result.advice.push(en ? `ask your doctor whether to eat ${foodEn(key)}` : `${key}是否食用请遵医嘱`);
    result.conflicts.push(en ? foodEn(key) : key);
  }
  for (const [group, foods] of byGroup) result.advice.push(GROUP_ADVICE[lang][group](list(foods)));
  if (types.includes('tebing')) {
    const allergens = new Set(TEBING_ALLERGENS.map(foodKey));
    const risky = [...new Set(stillFavoured.filter((food) => allergens.has(foodKey(food))))];
    if (risky.length > 0) {
      result.advice.push(
        en
          ? `of the food advised, never eat any you are allergic to (such as ${list(risky)})`
          : `宜吃的食物中，凡会引起自己过敏的（如${list(risky)}），一律不吃`,
      );
      result.conflicts.push(en ? 'allergenic food' : '过敏食物');
    }
  }
}

/**
 * The guidance of one area for the constitutions on a sheet, main type first, with opposing advice
 * reconciled. `guidance` is PHYSIQUE_GUIDANCE, or its English texts with `lang` 'en' (passed in to
 * keep the data module free of this one).
 */
export function reconcileArea(
  area: GuidanceArea,
  types: readonly PhysiqueType[],
  guidance: Record<PhysiqueType, GuidanceTexts>,
  lang: PrescriptionLang = 'zh',
): ReconciledArea {
  const texts = types.map((type) => guidance[type][area]);
  const result: ReconciledArea = { texts, advice: [], conflicts: [] };
  if (area === 'diet') reconcileFoods(types, texts, result, lang);
  for (const clash of PHRASE_CLASHES) {
    if (clash.area !== area) continue;
    const [a, b] = clash.sides;
    if (!types.some((type) => a.includes(type)) || !types.some((type) => b.includes(type))) continue;
    const first = types.find((type) => a.includes(type) || b.includes(type));
    const losers = clash.higherRankedWins ? (first && a.includes(first) ? b : a) : [...a, ...b];
    types.forEach((type, index) => {
      if (!losers.includes(type)) return;
      const edits = lang === 'en' ? clash.editsEn : clash.edits;
      for (const edit of edits[type] ?? []) texts[index] = (texts[index] ?? '').replace(edit.from, edit.to);
    });
    const advice = lang === 'en' ? clash.adviceEn : clash.advice;
    if (advice) result.advice.push(advice);
    result.conflicts.push(clash.name);
  }
  return result;
}
