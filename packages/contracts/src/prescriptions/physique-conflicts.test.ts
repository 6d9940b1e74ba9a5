import { describe, expect, it } from 'vitest';
import { judgeCcmq } from '../clinical/ccmq';
import { FOOD_RESOLUTIONS, FOOD_STANCES, foodKey, PHRASE_CLASHES, reconcileArea, TEBING_ALLERGENS } from './physique-conflicts';
import { PHYSIQUE_GUIDANCE, PHYSIQUE_TYPES, type PhysiqueType, suggestPhysique } from './physique-guidance';
import { PRESCRIPTION_TEXT_MAX } from './schemas';

const occurrences = (text: string, part: string) => text.split(part).length - 1;
const BIASED = PHYSIQUE_TYPES.filter((type) => type !== 'pinghe');
const pairs: [PhysiqueType, PhysiqueType][] = PHYSIQUE_TYPES.flatMap((a) =>
  PHYSIQUE_TYPES.filter((b) => b !== a).map((b) => [a, b] as [PhysiqueType, PhysiqueType]),
);

/** The sheet's lines of one area without the reconciling line. */
const typeLines = (text: string) => text.split('\n').filter((line) => !line.startsWith('【兼顾】'));

describe('physique conflict tables agree with the guidance texts', () => {
  it('finds every declared food as one list item of its own diet text, and each allergen in 特禀质 text', () => {
    for (const type of PHYSIQUE_TYPES) {
      const diet = PHYSIQUE_GUIDANCE[type].diet;
      for (const food of [...FOOD_STANCES[type].favour, ...FOOD_STANCES[type].limit]) {
        expect(occurrences(diet, `${food}、`) + occurrences(diet, `、${food}`), `${type} ${food}`).toBeGreaterThan(0);
      }
    }
    for (const food of TEBING_ALLERGENS) expect(PHYSIQUE_GUIDANCE.tebing.diet).toContain(food);
  });

  it('finds every phrase a clash edits exactly once in its text', () => {
    for (const clash of PHRASE_CLASHES) {
      for (const [type, edits] of Object.entries(clash.edits)) {
        for (const edit of edits ?? []) {
          expect(occurrences(PHYSIQUE_GUIDANCE[type as PhysiqueType][clash.area], edit.from), `${clash.name} ${type} ${edit.from}`).toBe(1);
        }
      }
    }
  });

  it('has a written reconciliation for every food one constitution recommends and another limits', () => {
    const opposed = new Set<string>();
    for (const [a, b] of pairs) {
      const limited = new Set(FOOD_STANCES[b].limit.map(foodKey));
      for (const food of FOOD_STANCES[a].favour) if (limited.has(foodKey(food))) opposed.add(foodKey(food));
    }
    expect([...opposed].sort()).toEqual(Object.keys(FOOD_RESOLUTIONS).sort());
    for (const [a, b] of pairs) expect(reconcileArea('diet', [a, b], PHYSIQUE_GUIDANCE).advice.join()).not.toContain('遵医嘱');
  });
});

describe('a sheet with several constitutions never says two opposite things', () => {
  it('痰湿质 (主) with 气虚质: radish cooked only, moderate exercise, said once', () => {
    const { template, suggestions } = suggestPhysique(['tanshi', 'qixu'], [], 1);
    const diet = template.a23.split('\n');
    expect(diet[0]?.startsWith('【痰湿质·主】宜吃健脾祛湿化痰的食物，如冬瓜、薏苡仁')).toBe(true);
    expect(diet[1]).toContain('【气虚质·兼夹】');
    expect(diet[1]).toContain('少吃槟榔等耗气之物');
    expect(typeLines(template.a23).join()).not.toMatch(/萝卜/);
    expect(diet[2]).toBe('【兼顾】萝卜宜煮熟吃，不吃生萝卜。');
    const exercise = template.a41.split('\n');
    expect(exercise[0]).toContain('循序渐进，如快走；体重大或膝关节不好者可游泳');
    expect(template.a41).not.toMatch(/武术|羽毛球/);
    expect(exercise[1]).toContain('避免剧烈运动');
    expect(exercise[2]).toBe('【兼顾】运动量力而行，以中小强度为宜，不做剧烈运动和大运动量的锻炼。');
    expect(suggestions.find((s) => s.field === 'a23')?.reason).toContain('各体质建议相反之处（萝卜）已按兼顾原则统一，请医生核对');
    expect(suggestions.find((s) => s.field === 'a41')?.reason).toContain('（运动强度）');
  });

  it('阳虚质 with 阴虚质: no food both recommended and limited, one kind of music, one answer on napping', () => {
    const { template } = suggestPhysique(['yangxu'], ['yinxu'], 1);
    expect(typeLines(template.a23).join()).not.toMatch(/羊肉|韭菜|甘凉/);
    expect(template.a23).toContain('【兼顾】羊肉、韭菜性温热，只宜少量，不宜多吃；饮食宜平和，过于寒凉或过于温燥的食物都不宜多吃。');
    // The main type's rousing music stays; the opposite, soothing one goes.
    expect(template.a13).toContain('激昂豪迈');
    expect(template.a13).not.toContain('轻柔舒缓');
    expect(suggestPhysique(['yinxu'], ['yangxu'], 1).template.a13).not.toContain('激昂豪迈');
    expect(template.a33).not.toMatch(/子午觉|少打盹；/);
    expect(template.a33).toContain('【兼顾】午间可小睡半小时左右，白天其余时间少打盹。');
  });

  it('特禀质 with foods it may be allergic to: kept, with the warning once', () => {
    const { template } = suggestPhysique(['qixu'], ['tebing'], 1);
    expect(template.a23).toContain('【兼顾】宜吃的食物中，凡会引起自己过敏的（如白扁豆），一律不吃。');
  });

  it('holds for every pair of constitutions, either way round, and for the main type of a CCMQ result', () => {
    const vigorous = /武术|羽毛球|中长跑|球类|强度稍大|强度较大/;
    const gentle: PhysiqueType[] = ['qixu', 'yangxu', 'yinxu', 'xueyu', 'tebing'];
    const rousing = /节奏明快|激昂豪迈|振奋人心|欢快的乐曲/;
    for (const [a, b] of pairs) {
      for (const { template, suggestions } of [suggestPhysique([a, b], [], 1), suggestPhysique([a], [b], 1)]) {
        const context = `${a}+${b}`;
        const diet = typeLines(template.a23).join('\n');
        for (const food of FOOD_STANCES[a].favour) {
          const key = foodKey(food);
          if (FOOD_STANCES[b].limit.some((other) => foodKey(other) === key)) expect(diet, `${context} ${food}`).not.toContain(food);
        }
        if (([a, b] as PhysiqueType[]).some((t) => gentle.includes(t))) expect(template.a41, context).not.toMatch(vigorous);
        if ([a, b].includes('yinxu') && rousing.test(template.a13)) expect(template.a13, context).not.toContain('轻柔舒缓');
        for (const field of ['a13', 'a23', 'a33', 'a41'] as const) {
          expect(template[field].length, `${context} ${field}`).toBeLessThanOrEqual(PRESCRIPTION_TEXT_MAX);
          expect(template[field], `${context} ${field}`).not.toMatch(/如；|如，|、；|、，|；；|，，|、。|如。/);
        }
        expect(
          suggestions.some((s) => s.reason.includes('篇幅所限')),
          context,
        ).toBe(false);
      }
    }
    expect(BIASED).toHaveLength(8);
  });

  it('leads with the CCMQ main type: the highest 是 score, then the others as 兼夹', () => {
    const result = judgeCcmq({ pinghe: 30, qixu: 41, yangxu: 0, yinxu: 0, tanshi: 62, shire: 0, xueyu: 33, qiyu: 0, tebing: 0 });
    expect(result.mainType).toBe('tanshi');
    const { template } = suggestPhysique(result.primaryTypes, result.tendencyTypes, 1);
    expect(template.a13.split('\n').map((line) => line.slice(0, line.indexOf('】') + 1))).toEqual([
      '【痰湿质·主】',
      '【气虚质·兼夹】',
      '【血瘀质倾向·兼夹】',
    ]);
  });
});
