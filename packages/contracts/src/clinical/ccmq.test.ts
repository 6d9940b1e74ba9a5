import { describe, expect, it } from 'vitest';
import { answersFromQuestions, ccmqTransformedScore, judgeCcmq, scoreCcmq, validateCcmqAnswers } from './ccmq';
import { CCMQ_ANSWER_OPTIONS, CCMQ_QUESTIONS, CCMQ_SLOTS, CCMQ_SUBSCALES, type CcmqQuestion, type CcmqSubscale } from './ccmq-items';

function questionOf(slot: string): CcmqQuestion {
  const question = CCMQ_QUESTIONS.find((q) => q.slots.includes(slot));
  if (!question) throw new Error(`no question for ${slot}`);
  return question;
}

/**
 * A consistent answer set built the way the form builds it (one answer per question): everything
 * 没有 (1) except the two positively worded 平和质 questions (精力充沛, 适应环境) answered 总是 (5),
 * which is a perfectly balanced person; `bySlot` overrides the question that fills each given slot.
 */
function answers(bySlot: Record<string, number> = {}): Record<string, number> {
  const byQuestion: Record<string, number> = {};
  for (const q of CCMQ_QUESTIONS) byQuestion[q.key] = 1;
  byQuestion[questionOf('pinghe1').key] = 5;
  byQuestion[questionOf('pinghe6').key] = 5;
  for (const [slot, value] of Object.entries(bySlot)) byQuestion[questionOf(slot).key] = value;
  return answersFromQuestions(byQuestion);
}

function scores(values: Partial<Record<CcmqSubscale, number>>): Record<CcmqSubscale, number> {
  return { pinghe: 0, qixu: 0, yangxu: 0, yinxu: 0, tanshi: 0, shire: 0, xueyu: 0, qiyu: 0, tebing: 0, ...values };
}

describe('CCMQ items (ZYYXH/T 157-2009 annex tables)', () => {
  it('has 60 questions q1…q60 filling 66 slots, each slot exactly once', () => {
    expect(CCMQ_QUESTIONS).toHaveLength(60);
    expect(CCMQ_QUESTIONS.map((q) => q.key)).toEqual(Array.from({ length: 60 }, (_, i) => `q${i + 1}`));
    expect(CCMQ_SLOTS).toHaveLength(66);
    const filled = CCMQ_QUESTIONS.flatMap((q) => q.slots);
    expect(filled).toHaveLength(66);
    expect([...filled].sort()).toEqual([...CCMQ_SLOTS].sort());
    expect(new Set(CCMQ_QUESTIONS.map((q) => q.zh)).size).toBe(60);
  });

  it('has the standard item count per sub-scale, numbered 1…n', () => {
    const expected: Record<CcmqSubscale, number> = {
      pinghe: 8,
      qixu: 8,
      yangxu: 7,
      yinxu: 8,
      tanshi: 8,
      shire: 6,
      xueyu: 7,
      qiyu: 7,
      tebing: 7,
    };
    expect(Object.fromEntries(CCMQ_SUBSCALES.map((s) => [s.key, s.itemCount]))).toEqual(expected);
    for (const [key, n] of Object.entries(expected)) {
      const slots = CCMQ_SLOTS.filter((slot) => slot.replace(/\d+$/, '') === key);
      expect(slots).toEqual(Array.from({ length: n }, (_, i) => `${key}${i + 1}`));
    }
    expect(CCMQ_SUBSCALES.map((s) => s.zh)).toEqual([
      '平和质',
      '气虚质',
      '阳虚质',
      '阴虚质',
      '痰湿质',
      '湿热质',
      '血瘀质',
      '气郁质',
      '特禀质',
    ]);
  });

  it('asks the six shared questions once and maps them to both sub-scales', () => {
    const shared = CCMQ_QUESTIONS.filter((q) => q.slots.length > 1).map((q) => ({ key: q.key, zh: q.zh, slots: q.slots }));
    expect(shared).toEqual([
      { key: 'q2', zh: '您容易疲乏吗？', slots: ['pinghe2', 'qixu1'] },
      { key: 'q3', zh: '您说话声音低弱无力吗？', slots: ['pinghe3', 'qixu7'] },
      { key: 'q4', zh: '您感到闷闷不乐、情绪低沉吗？', slots: ['pinghe4', 'qiyu1'] },
      { key: 'q5', zh: '您比一般人耐受不了寒冷（冬天的寒冷，夏天的冷空调、电扇等）吗？', slots: ['pinghe5', 'yangxu4'] },
      { key: 'q8', zh: '您容易忘事（健忘）吗？', slots: ['pinghe8', 'xueyu6'] },
      { key: 'q12', zh: '您比别人容易患感冒吗？', slots: ['qixu5', 'yangxu5'] },
    ]);
  });

  it('marks exactly 平和质 items 2, 3, 4, 5, 7 and 8 as reverse-scored', () => {
    const reversed = CCMQ_QUESTIONS.flatMap((q) => q.reversedSlots ?? []);
    expect(reversed).toEqual(['pinghe2', 'pinghe3', 'pinghe4', 'pinghe5', 'pinghe7', 'pinghe8']);
    // The shared partner of a reversed item is scored forwards.
    expect(questionOf('qixu1').reversedSlots).toEqual(['pinghe2']);
  });

  it('keeps the standard wording and order within sub-scales', () => {
    const text = (slot: string) => questionOf(slot).zh;
    expect(text('pinghe1')).toBe('您精力充沛吗？');
    expect(text('pinghe6')).toBe('您能适应外界自然和社会环境的变化吗？');
    expect(text('pinghe7')).toBe('您容易失眠吗？');
    expect(text('qixu2')).toBe('您容易气短（呼吸短促，接不上气）吗？');
    expect(text('qixu8')).toBe('您活动量稍大就容易出虚汗吗？');
    expect(text('yangxu1')).toBe('您手脚发凉吗？');
    expect(text('yangxu7')).toBe('您受凉或吃（喝）凉的东西后，容易腹泻（拉肚子）吗？');
    expect(text('yinxu6')).toBe('您面部两颧潮红或偏红吗？');
    expect(text('yinxu8')).toBe('您感到口干咽燥、总想喝水吗？');
    expect(text('tanshi5')).toBe('您上眼睑比别人肿（上眼睑有轻微隆起的现象）吗？');
    expect(text('tanshi8')).toBe('您舌苔厚腻或有舌苔厚厚的感觉吗？');
    expect(text('shire5')).toBe('您小便时尿道有发热感、尿色浓（深）吗？');
    expect(text('xueyu1')).toBe('您的皮肤在不知不觉中会出现青紫瘀斑（皮下出血）吗？');
    expect(text('xueyu7')).toBe('您口唇颜色偏黯吗？');
    expect(text('qiyu7')).toBe('您咽喉部有异物感，且吐之不出、咽之不下吗？');
    expect(text('tebing1')).toBe('您没有感冒时也会打喷嚏吗？');
    expect(text('tebing7')).toBe('您的皮肤一抓就红，并出现抓痕吗？');
    for (const q of CCMQ_QUESTIONS) {
      expect(q.zh.endsWith('？') || q.zh.endsWith('）')).toBe(true);
      expect(q.en.length).toBeGreaterThan(10);
    }
  });

  it('gives 湿热质 item 6 a women’s and a men’s wording, and no other question', () => {
    const sexSpecific = CCMQ_QUESTIONS.filter((q) => q.bySex);
    expect(sexSpecific.map((q) => q.slots)).toEqual([['shire6']]);
    expect(sexSpecific[0]?.bySex?.woman.zh).toBe('您带下色黄（白带颜色发黄）吗？');
    expect(sexSpecific[0]?.bySex?.man.zh).toBe('您的阴囊部位潮湿吗？');
    expect(sexSpecific[0]?.zh).toContain('限女性回答');
    expect(sexSpecific[0]?.zh).toContain('限男性回答');
  });

  it('offers the five graded answers', () => {
    expect(CCMQ_ANSWER_OPTIONS.map((o) => [o.value, o.zh])).toEqual([
      [1, '没有（根本不）'],
      [2, '很少（有一点）'],
      [3, '有时（有些）'],
      [4, '经常（相当）'],
      [5, '总是（非常）'],
    ]);
  });
});

describe('CCMQ scoring', () => {
  it('scores a perfectly balanced person as 是平和质', () => {
    const result = scoreCcmq(answers());
    expect(result.raw).toEqual({ pinghe: 40, qixu: 8, yangxu: 7, yinxu: 8, tanshi: 8, shire: 6, xueyu: 7, qiyu: 7, tebing: 7 });
    expect(result.transformed).toEqual(scores({ pinghe: 100 }));
    expect(result.judgement.pinghe).toBe('yes');
    expect(result.conclusion).toBe('是平和质');
    expect(result.conclusionEn).toBe('Balanced constitution');
    expect(result.primaryTypes).toEqual(['pinghe']);
    expect(result.tendencyTypes).toEqual([]);
  });

  it('reverse-scores the 平和质 slot of a shared question but not its partner (1↔5, 2↔4)', () => {
    const tired = scoreCcmq(answers({ qixu1: 5 })); // 您容易疲乏吗？ 总是
    expect(tired.raw.pinghe).toBe(40 - 4); // pinghe2 scores 1 instead of 5
    expect(tired.raw.qixu).toBe(8 + 4); // qixu1 scores 5
    const rarely = scoreCcmq(answers({ pinghe7: 2 })); // 失眠 很少 → 4 for 平和质
    expect(rarely.raw.pinghe).toBe(40 - 1);
    const forgetful = scoreCcmq(answers({ pinghe8: 4 })); // 健忘 经常 → 平和质 2, 血瘀质 4
    expect(forgetful.raw.pinghe).toBe(40 - 3);
    expect(forgetful.raw.xueyu).toBe(7 + 3);
    const neutral = scoreCcmq(answers({ pinghe4: 3 })); // 3 stays 3
    expect(neutral.raw.pinghe).toBe(40 - 2);
    expect(neutral.raw.qiyu).toBe(7 + 2);
  });

  it('applies transformed = (raw − n) / (n × 4) × 100, reported to one decimal', () => {
    expect(ccmqTransformedScore(8, 8)).toBe(0);
    expect(ccmqTransformedScore(40, 8)).toBe(100);
    expect(ccmqTransformedScore(18, 7)).toBeCloseTo(39.2857, 4);
    expect(ccmqTransformedScore(14, 6)).toBeCloseTo(33.3333, 4);
    const result = scoreCcmq(answers({ yangxu1: 5, yangxu2: 5, yangxu3: 4 }));
    expect(result.raw.yangxu).toBe(18);
    expect(result.transformed.yangxu).toBe(39.3);
  });

  it('judges a biased type at the reachable values either side of 30 and 40', () => {
    // 湿热质 (n = 6): raw 13 → 29.2 否, raw 14 → 33.3 倾向是.
    const shire13 = scoreCcmq(answers({ shire1: 5, shire2: 4 }));
    expect([shire13.transformed.shire, shire13.judgement.shire]).toEqual([29.2, 'no']);
    const shire14 = scoreCcmq(answers({ shire1: 5, shire2: 5 }));
    expect([shire14.transformed.shire, shire14.judgement.shire]).toEqual([33.3, 'tendency']);
    // 阳虚质 (n = 7): raw 18 → 39.3 倾向是, raw 19 → 42.9 是.
    const yangxu18 = scoreCcmq(answers({ yangxu1: 5, yangxu2: 5, yangxu3: 4 }));
    expect([yangxu18.transformed.yangxu, yangxu18.judgement.yangxu]).toEqual([39.3, 'tendency']);
    const yangxu19 = scoreCcmq(answers({ yangxu1: 5, yangxu2: 5, yangxu3: 5 }));
    expect([yangxu19.transformed.yangxu, yangxu19.judgement.yangxu]).toEqual([42.9, 'yes']);
    // 痰湿质 (n = 8): raw 20 → 37.5 倾向是, raw 21 → 40.6 是.
    const tanshi20 = scoreCcmq(answers({ tanshi1: 5, tanshi2: 5, tanshi3: 5 }));
    expect([tanshi20.transformed.tanshi, tanshi20.judgement.tanshi]).toEqual([37.5, 'tendency']);
    const tanshi21 = scoreCcmq(answers({ tanshi1: 5, tanshi2: 5, tanshi3: 5, tanshi4: 2 }));
    expect([tanshi21.transformed.tanshi, tanshi21.judgement.tanshi]).toEqual([40.6, 'yes']);
  });

  it('judges 平和质 at the reachable values either side of 60', () => {
    // 精力充沛 没有, 适应 没有, 失眠 总是: 平和质 raw 28 → 62.5.
    const at62 = scoreCcmq(answers({ pinghe1: 1, pinghe6: 1, pinghe7: 5 }));
    expect([at62.raw.pinghe, at62.transformed.pinghe, at62.judgement.pinghe]).toEqual([28, 62.5, 'yes']);
    // One more point off (健忘 很少): raw 27 → 59.4, not 平和质 although every biased type is < 30.
    const at59 = scoreCcmq(answers({ pinghe1: 1, pinghe6: 1, pinghe7: 5, pinghe8: 2 }));
    expect([at59.raw.pinghe, at59.transformed.pinghe, at59.judgement.pinghe]).toEqual([27, 59.4, 'no']);
    expect(at59.conclusion).toBe('未能判定体质类型（平和质转化分未达60分，且无偏颇体质或倾向）');
    expect(at59.primaryTypes).toEqual([]);
  });

  it('never moves a reachable score across 30, 40 or 60 by rounding it', () => {
    for (const n of [6, 7, 8]) {
      for (let raw = n; raw <= 5 * n; raw++) {
        const exact = ccmqTransformedScore(raw, n);
        for (const shown of [Math.round(exact * 10) / 10, Math.round(exact)]) {
          expect(judgeCcmq(scores({ qixu: shown })).judgement.qixu).toBe(judgeCcmq(scores({ qixu: exact })).judgement.qixu);
          expect(judgeCcmq(scores({ pinghe: shown })).judgement.pinghe).toBe(judgeCcmq(scores({ pinghe: exact })).judgement.pinghe);
        }
      }
    }
  });

  it('reproduces the standard’s cases from a real answer set', () => {
    // Like 示例1: 平和质 high but 气虚质 ≥ 40 → not 平和质, 是气虚质.
    const qixu = scoreCcmq(answers({ qixu2: 4, qixu3: 4, qixu4: 4, qixu6: 4, qixu8: 4 }));
    expect(qixu.transformed.qixu).toBe(46.9);
    expect(qixu.transformed.pinghe).toBe(100);
    expect(qixu.judgement.pinghe).toBe('no');
    expect(qixu.conclusion).toBe('是气虚质');
    // Like 示例2: 平和质 high, 痰湿质 between 30 and 39 → 基本是平和质，有痰湿质倾向.
    const tanshi = scoreCcmq(answers({ tanshi1: 3, tanshi2: 3, tanshi3: 3, tanshi4: 3, tanshi5: 3 }));
    expect(tanshi.transformed.tanshi).toBe(31.3);
    expect(tanshi.conclusion).toBe('基本是平和质，有痰湿质倾向');
    expect(tanshi.primaryTypes).toEqual(['pinghe']);
    expect(tanshi.tendencyTypes).toEqual(['tanshi']);
  });

  it('refuses a missing slot or an answer outside 1…5', () => {
    const missing = answers();
    delete missing.tanshi3;
    expect(() => scoreCcmq(missing)).toThrow(/tanshi3.*您腹部肥满松软吗/);
    expect(() => scoreCcmq({ ...answers(), tebing7: 0 })).toThrow('CCMQ answer for slot tebing7 must be an integer from 1 to 5, got 0');
    expect(() => scoreCcmq({ ...answers(), qixu2: 2.5 })).toThrow(/qixu2/);
    expect(() => scoreCcmq({ ...answers(), qixu2: '3' as unknown as number })).toThrow(/got "3"/);
  });
});

describe('CCMQ judgement (判定标准)', () => {
  it('示例1: 平和质75 气虚质56 阳虚质27 阴虚质25 痰湿质12 湿热质15 血瘀质20 气郁质18 特禀质10 → 是气虚质', () => {
    const result = judgeCcmq(
      scores({ pinghe: 75, qixu: 56, yangxu: 27, yinxu: 25, tanshi: 12, shire: 15, xueyu: 20, qiyu: 18, tebing: 10 }),
    );
    expect(result.judgement).toEqual({
      pinghe: 'no',
      qixu: 'yes',
      yangxu: 'no',
      yinxu: 'no',
      tanshi: 'no',
      shire: 'no',
      xueyu: 'no',
      qiyu: 'no',
      tebing: 'no',
    });
    expect(result.conclusion).toBe('是气虚质');
    expect(result.conclusionEn).toBe('Qi deficiency constitution');
    expect(result.primaryTypes).toEqual(['qixu']);
    expect(result.tendencyTypes).toEqual([]);
  });

  it('示例2: 平和质75 气虚质16 阳虚质27 阴虚质25 痰湿质32 湿热质25 血瘀质10 气郁质18 特禀质10 → 基本是平和质，有痰湿质倾向', () => {
    const result = judgeCcmq(
      scores({ pinghe: 75, qixu: 16, yangxu: 27, yinxu: 25, tanshi: 32, shire: 25, xueyu: 10, qiyu: 18, tebing: 10 }),
    );
    expect(result.judgement.pinghe).toBe('basically');
    expect(result.judgement.tanshi).toBe('tendency');
    expect(othersAreNo(result.judgement, ['tanshi'])).toBe(true);
    expect(result.conclusion).toBe('基本是平和质，有痰湿质倾向');
    expect(result.conclusionEn).toBe('Basically balanced constitution, with a tendency to phlegm-dampness');
    expect(result.primaryTypes).toEqual(['pinghe']);
    expect(result.tendencyTypes).toEqual(['tanshi']);
  });

  it('draws the biased-type bands at exactly 40 and 30', () => {
    const judge = (value: number) => judgeCcmq(scores({ xueyu: value })).judgement.xueyu;
    expect(judge(40)).toBe('yes');
    expect(judge(39.9)).toBe('tendency');
    expect(judge(39)).toBe('tendency');
    expect(judge(30)).toBe('tendency');
    expect(judge(29.9)).toBe('no');
  });

  it('draws 平和质 是 / 基本是 / 否 at 60 and at the other types’ 30 and 40', () => {
    const judge = (pinghe: number, other: number) => judgeCcmq(scores({ pinghe, qiyu: other })).judgement.pinghe;
    expect(judge(60, 29.9)).toBe('yes');
    expect(judge(60, 30)).toBe('basically');
    expect(judge(60, 39.9)).toBe('basically');
    expect(judge(60, 40)).toBe('no');
    expect(judge(59.9, 0)).toBe('no');
    expect(judge(100, 40)).toBe('no');
  });
});

describe('CCMQ conclusion wording', () => {
  it('names the main (主) type of several 是 types, highest score first, and the rest as 兼夹; ties in the standard’s order', () => {
    const result = judgeCcmq(scores({ pinghe: 40, qixu: 45, tanshi: 50 }));
    expect(result.conclusion).toBe('以痰湿质为主，兼夹气虚质');
    expect(result.conclusionEn).toBe('Mainly phlegm-dampness constitution, mixed with qi deficiency');
    expect(result.primaryTypes).toEqual(['tanshi', 'qixu']);
    expect(result.mainType).toBe('tanshi');
    const tie = judgeCcmq(scores({ qixu: 45, tanshi: 45 }));
    expect([tie.conclusion, tie.mainType]).toEqual(['以气虚质为主，兼夹痰湿质', 'qixu']);
    const three = judgeCcmq(scores({ pinghe: 30, qixu: 41, tanshi: 62, shire: 47, xueyu: 33 }));
    expect(three.conclusion).toBe('以痰湿质为主，兼夹湿热质、气虚质，有血瘀质倾向');
    expect(three.conclusionEn).toBe(
      'Mainly phlegm-dampness constitution, mixed with damp-heat and qi deficiency, with a tendency to blood stasis',
    );
  });

  it('adds the tendency clause after the 是 types', () => {
    const result = judgeCcmq(scores({ pinghe: 50, qixu: 56, tanshi: 32, shire: 38 }));
    expect(result.conclusion).toBe('是气虚质，有湿热质、痰湿质倾向');
    expect(result.conclusionEn).toBe('Qi deficiency constitution, with a tendency to damp-heat and phlegm-dampness');
    expect(result.primaryTypes).toEqual(['qixu']);
    expect(result.mainType).toBe('qixu');
    expect(result.tendencyTypes).toEqual(['shire', 'tanshi']);
  });

  it('states tendencies alone when no type is 是 and 平和质 is not reached', () => {
    const result = judgeCcmq(scores({ pinghe: 50, shire: 35, xueyu: 31 }));
    expect(result.conclusion).toBe('有湿热质、血瘀质倾向，以湿热质倾向为主');
    expect(result.conclusionEn).toBe('Tendency to damp-heat and blood stasis, mainly damp-heat');
    expect(result.primaryTypes).toEqual([]);
    expect(result.mainType).toBe('shire');
    expect(judgeCcmq(scores({ pinghe: 50, xueyu: 31 })).conclusion).toBe('有血瘀质倾向');
  });

  it('keeps several tendencies after 基本是平和质', () => {
    const result = judgeCcmq(scores({ pinghe: 62.5, yinxu: 31.3, tebing: 35.7, qixu: 28 }));
    expect(result.conclusion).toBe('基本是平和质，有特禀质、阴虚质倾向');
    expect(result.tendencyTypes).toEqual(['tebing', 'yinxu']);
  });

  it('says plainly when no type can be determined', () => {
    const result = judgeCcmq(scores({ pinghe: 55, qixu: 20 }));
    expect(result.conclusion).toBe('未能判定体质类型（平和质转化分未达60分，且无偏颇体质或倾向）');
    expect(result.conclusionEn).toMatch(/^No constitution type determined/);
    expect(result.primaryTypes).toEqual([]);
    expect(result.tendencyTypes).toEqual([]);
    expect(result.mainType).toBeNull();
  });
});

describe('CCMQ answers by question and validation', () => {
  it('fills both slots of a shared question and one slot otherwise', () => {
    expect(answersFromQuestions({ q2: 3, q9: 4 })).toEqual({ pinghe2: 3, qixu1: 3, qixu2: 4 });
    expect(Object.keys(answers())).toHaveLength(66);
    expect(() => answersFromQuestions({ q61: 1 })).toThrow('Unknown CCMQ question key: q61');
  });

  it('accepts a complete, consistent answer set', () => {
    expect(validateCcmqAnswers(answers())).toEqual([]);
    expect(validateCcmqAnswers(answers({ qixu1: 5, shire6: 3 }))).toEqual([]);
  });

  it('names the question of a missing answer', () => {
    const both = answers();
    delete both.pinghe2;
    delete both.qixu1;
    expect(validateCcmqAnswers(both)).toEqual(['第2题未作答：您容易疲乏吗？']);
    const one = answers();
    delete one.qixu1;
    expect(validateCcmqAnswers(one)).toEqual(['第2题缺少条目qixu1的答案：您容易疲乏吗？']);
    const sexSpecific = { ...answers(), shire6: null };
    expect(validateCcmqAnswers(sexSpecific)).toEqual([
      '第41题未作答：您带下色黄（白带颜色发黄）吗？（限女性回答）／您的阴囊部位潮湿吗？（限男性回答）',
    ]);
  });

  it('reports values outside 1…5, unknown keys and disagreeing shared slots', () => {
    expect(validateCcmqAnswers({ ...answers(), tebing7: 6 })).toEqual(['第60题（条目tebing7）的答案应为1至5的整数，实际为6']);
    expect(validateCcmqAnswers({ ...answers(), yinxu1: '3' })).toEqual(['第20题（条目yinxu1）的答案应为1至5的整数，实际为"3"']);
    expect(validateCcmqAnswers({ ...answers(), yinxu1: 2.5 })).toEqual(['第20题（条目yinxu1）的答案应为1至5的整数，实际为2.5']);
    expect(validateCcmqAnswers({ ...answers(), sex: 'man' })).toEqual(['未知条目：sex']);
    expect(validateCcmqAnswers({ ...answers(), pinghe2: 2, qixu1: 4 })).toEqual([
      '第2题的两个条目答案不一致（pinghe2=2，qixu1=4）：您容易疲乏吗？',
    ]);
    expect(validateCcmqAnswers({ ...answers(), qixu5: 5 })[0]).toMatch(/^第12题的两个条目答案不一致/);
  });
});

/** True when every biased type except `except` is judged 否. */
function othersAreNo(judgement: Record<CcmqSubscale, string>, except: CcmqSubscale[]): boolean {
  return CCMQ_SUBSCALES.filter((s) => s.key !== 'pinghe' && !except.includes(s.key)).every((s) => judgement[s.key] === 'no');
}
