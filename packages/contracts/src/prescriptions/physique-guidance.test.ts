import { describe, expect, it } from 'vitest';
import { PHYSIQUE_GUIDANCE, PHYSIQUE_TYPES, suggestPhysique, toPhysiqueType } from './physique-guidance';
import { PRESCRIPTION_TEXT_MAX, parsePrescription } from './schemas';
import { blankPrescription } from './templates';

describe('physique guidance data', () => {
  it('covers the nine constitutions in all four areas', () => {
    expect(Object.keys(PHYSIQUE_GUIDANCE)).toEqual(['pinghe', 'qixu', 'yangxu', 'yinxu', 'tanshi', 'shire', 'xueyu', 'qiyu', 'tebing']);
    for (const type of PHYSIQUE_TYPES) {
      const g = PHYSIQUE_GUIDANCE[type];
      for (const text of [g.emotion, g.diet, g.living, g.exercise]) expect(text.length, type).toBeGreaterThan(10);
      // Short enough that two constitutions, each with a heading, fit in one field.
      for (const text of [g.emotion, g.diet, g.living, g.exercise]) expect(text.length, type).toBeLessThan(PRESCRIPTION_TEXT_MAX / 2 - 10);
      expect(g.exercise, type).toContain('穴位');
    }
  });

  it('keeps sugary foods and alcohol-as-remedy out (pre-diabetes)', () => {
    const all = PHYSIQUE_TYPES.map((t) => PHYSIQUE_GUIDANCE[t].diet).join('');
    for (const food of ['蜂蜜', '甘蔗', '大枣', '绿豆糕', '糯米甜酒', '葡萄酒']) expect(all).not.toContain(food);
  });

  it('reads keys and Chinese names', () => {
    expect(toPhysiqueType('tanshi')).toBe('tanshi');
    expect(toPhysiqueType(' QIXU ')).toBe('qixu');
    expect(toPhysiqueType('痰湿质')).toBe('tanshi');
    expect(toPhysiqueType('气郁')).toBe('qiyu');
    expect(toPhysiqueType('unknown')).toBeUndefined();
  });
});

describe('suggestPhysique', () => {
  it('basically pinghe with a tanshi tendency: pinghe as the main type, then the tendency as 兼夹', () => {
    const { template, suggestions } = suggestPhysique(['pinghe'], ['tanshi'], 9);
    expect(template).toMatchObject({ patientId: 9, isBlank: true, a1: true, a2: true, a3: true, a4: true });
    expect(template.a13).toBe(`【平和质·主】${PHYSIQUE_GUIDANCE.pinghe.emotion}\n【痰湿质倾向·兼夹】${PHYSIQUE_GUIDANCE.tanshi.emotion}`);
    expect(template.a23.split('\n')).toEqual([
      `【平和质·主】${PHYSIQUE_GUIDANCE.pinghe.diet}`,
      `【痰湿质倾向·兼夹】${PHYSIQUE_GUIDANCE.tanshi.diet}`,
    ]);
    expect(template.a33).toContain('【痰湿质倾向·兼夹】居处宜干燥');
    expect(template.a41).toContain('丰隆、足三里');
    // a32 (surroundings and clothing) is not in the pinghe advice but is in the tanshi advice.
    expect(template).toMatchObject({ a11: true, a12: true, a21: true, a22: true, a31: true, a32: true });
    expect(suggestions.find((s) => s.field === 'a32')?.reason).toBe('起居调摄指导涉及此项（痰湿质倾向）');
    expect(suggestions.find((s) => s.field === 'a1')?.reason).toBe(
      '体质辨识：主 平和质；兼夹 痰湿质倾向；按中医药健康管理服务规范的情志调摄要点预填',
    );
    expect(suggestions.map((s) => s.field)).toEqual([
      'a1',
      'a11',
      'a12',
      'a13',
      'a2',
      'a21',
      'a22',
      'a23',
      'a3',
      'a31',
      'a32',
      'a33',
      'a4',
      'a41',
    ]);
    expect(parsePrescription('physique', template).success).toBe(true);
  });

  it('pinghe alone ticks only the sub-items its advice speaks to, with no 主/兼夹 label', () => {
    const { template } = suggestPhysique(['pinghe'], [], 9);
    expect(template.a32).toBe(false);
    expect(template.a13).toBe(`【平和质】${PHYSIQUE_GUIDANCE.pinghe.emotion}`);
  });

  it('qixu + tanshi: the first listed is the main type and leads every area', () => {
    const { template } = suggestPhysique(['qixu', 'tanshi'], [], 9);
    expect(template.a13).toBe(`【气虚质·主】${PHYSIQUE_GUIDANCE.qixu.emotion}\n【痰湿质·兼夹】${PHYSIQUE_GUIDANCE.tanshi.emotion}`);
    expect(template.a41).toMatch(/^【气虚质·主】.*气海、关元.*\n【痰湿质·兼夹】.*丰隆、足三里.*\n【兼顾】/s);
    expect(parsePrescription('physique', template).success).toBe(true);
  });

  it('a type in both lists counts once, as primary; unknown names are ignored', () => {
    const { template } = suggestPhysique(['qixu', 'nonsense'], ['qixu', '湿热质'], 9);
    expect(template.a13.split('\n').map((l) => l.slice(0, l.indexOf('】') + 1))).toEqual(['【气虚质·主】', '【湿热质倾向·兼夹】']);
  });

  it('returns the blank with no suggestions when no type is known', () => {
    expect(suggestPhysique([], ['x'], 9)).toEqual({ template: blankPrescription('physique', 9), suggestions: [] });
  });

  it('never exceeds the text limit, and says which types were left out', () => {
    const { template, suggestions } = suggestPhysique(['qixu', 'yangxu', 'yinxu', 'tanshi', 'shire'], ['xueyu', 'qiyu'], 9);
    for (const f of ['a13', 'a23', 'a33', 'a41'] as const) expect(template[f].length).toBeLessThanOrEqual(PRESCRIPTION_TEXT_MAX);
    expect(suggestions.find((s) => s.field === 'a41')?.reason).toMatch(/篇幅所限未列入.*请医生酌情补充/);
    expect(parsePrescription('physique', template).success).toBe(true);
  });
});
