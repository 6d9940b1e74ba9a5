import type { PhysiqueGuidance, PhysiqueType } from './physique-guidance';

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

const GROUP_ADVICE: Record<'radish' | 'egg' | 'warm' | 'cool', (foods: string) => string> = {
  radish: () => '萝卜宜煮熟吃，不吃生萝卜',
  egg: () => '鸡蛋适量，每天不超过1个',
  warm: (foods) => `${foods}性温热，只宜少量，不宜多吃`,
  cool: (foods) => `${foods}等寒凉之物宜煮熟、少量吃，不吃生冷`,
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
  /** What the sheet says instead, once. */
  advice?: string;
  /** Only the side without the highest-ranked type present is edited (a matter of choice, not of harm). */
  higherRankedWins?: boolean;
}

const MUSIC: Partial<Record<PhysiqueType, string>> = {
  qixu: '宜听节奏明快的乐曲，如笛子曲《喜相逢》。',
  yangxu: '宜听激昂豪迈的乐曲，如《黄河大合唱》。',
  yinxu: '宜听轻柔舒缓的乐曲，如舒伯特《小夜曲》。',
  tanshi: '宜听振奋人心的乐曲，如二胡《赛马》。',
  qiyu: '宜听欢快的乐曲，如《金蛇狂舞》，',
};
const dropMusic = (type: PhysiqueType): PhraseEdit[] => [{ from: MUSIC[type] ?? '', to: '' }];

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
    advice: '运动量力而行，以中小强度为宜，不做剧烈运动和大运动量的锻炼',
  },
  {
    name: '音乐',
    area: 'emotion',
    sides: [['yinxu'], ['qixu', 'yangxu', 'tanshi', 'qiyu']],
    edits: {
      yinxu: dropMusic('yinxu'),
      qixu: dropMusic('qixu'),
      yangxu: dropMusic('yangxu'),
      tanshi: dropMusic('tanshi'),
      qiyu: dropMusic('qiyu'),
    },
    higherRankedWins: true,
  },
  {
    // 阳虚质 asks for warming food and no cold; 阴虚质 for cool, moist food and 湿热质 for clearing food.
    name: '饮食寒温',
    area: 'diet',
    sides: [['yangxu'], ['yinxu', 'shire']],
    edits: { yinxu: [{ from: '宜吃甘凉滋润的食物', to: '宜吃滋润的食物' }] },
    advice: '饮食宜平和，过于寒凉或过于温燥的食物都不宜多吃',
  },
  {
    name: '午睡',
    area: 'living',
    sides: [['yangxu'], ['yinxu']],
    edits: {
      yangxu: [{ from: '白天保持活动，少打盹', to: '白天保持活动' }],
      yinxu: [{ from: '睡好“子午觉”', to: '夜间按时入睡' }],
    },
    advice: '午间可小睡半小时左右，白天其余时间少打盹',
  },
];

/** Takes one item out of a "、" list, with its separator. */
export function removeListItem(text: string, item: string): string {
  if (text.includes(`${item}、`)) return text.replace(`${item}、`, '');
  if (text.includes(`、${item}`)) return text.replace(`、${item}`, '');
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

function reconcileFoods(types: readonly PhysiqueType[], texts: string[], result: ReconciledArea): void {
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
  const byGroup = new Map<keyof typeof GROUP_ADVICE, string[]>();
  const stillFavoured: string[] = [];
  for (const [key, { favour, limit }] of stances) {
    if (favour.length === 0) continue;
    if (limit.length === 0) {
      stillFavoured.push(...favour.map(([, food]) => food));
      continue;
    }
    for (const [index, food] of [...favour, ...limit]) texts[index] = removeListItem(texts[index] ?? '', food);
    const group = FOOD_RESOLUTIONS[key]?.group;
    if (group) byGroup.set(group, [...(byGroup.get(group) ?? []), key]);
    else result.advice.push(`${key}是否食用请遵医嘱`);
    result.conflicts.push(key);
  }
  for (const [group, foods] of byGroup) result.advice.push(GROUP_ADVICE[group](foods.join('、')));
  if (types.includes('tebing')) {
    const allergens = new Set(TEBING_ALLERGENS.map(foodKey));
    const risky = [...new Set(stillFavoured.filter((food) => allergens.has(foodKey(food))))];
    if (risky.length > 0) {
      result.advice.push(`宜吃的食物中，凡会引起自己过敏的（如${risky.join('、')}），一律不吃`);
      result.conflicts.push('过敏食物');
    }
  }
}

/**
 * The guidance of one area for the constitutions on a sheet, main type first, with opposing advice
 * reconciled. `guidance` is PHYSIQUE_GUIDANCE (passed in to keep the data module free of this one).
 */
export function reconcileArea(
  area: GuidanceArea,
  types: readonly PhysiqueType[],
  guidance: Record<PhysiqueType, PhysiqueGuidance>,
): ReconciledArea {
  const texts = types.map((type) => guidance[type][area]);
  const result: ReconciledArea = { texts, advice: [], conflicts: [] };
  if (area === 'diet') reconcileFoods(types, texts, result);
  for (const clash of PHRASE_CLASHES) {
    if (clash.area !== area) continue;
    const [a, b] = clash.sides;
    if (!types.some((type) => a.includes(type)) || !types.some((type) => b.includes(type))) continue;
    const first = types.find((type) => a.includes(type) || b.includes(type));
    const losers = clash.higherRankedWins ? (first && a.includes(first) ? b : a) : [...a, ...b];
    types.forEach((type, index) => {
      if (!losers.includes(type)) return;
      for (const edit of clash.edits[type] ?? []) texts[index] = (texts[index] ?? '').replace(edit.from, edit.to);
    });
    if (clash.advice) result.advice.push(clash.advice);
    result.conflicts.push(clash.name);
  }
  return result;
}
