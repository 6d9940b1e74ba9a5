import { describe, expect, it } from 'vitest';
import { FOOD_STANCES, foodEn, PHRASE_CLASHES, TEBING_ALLERGENS } from './physique-conflicts';
import { PHYSIQUE_GUIDANCE, PHYSIQUE_TYPES, type PhysiqueType, suggestPhysique } from './physique-guidance';
import { PREGNANCY_POINTS, VIGOROUS } from './safety';
import { PRESCRIPTION_TEXT_MAX } from './schemas';

const HAN = /\p{Script=Han}/u;
const AREAS = ['emotion', 'diet', 'living', 'exercise'] as const;
const FIELDS = ['a13', 'a23', 'a33', 'a41'] as const;
const occurrences = (text: string, part: string) => text.split(part).length - 1;
const pairs: [PhysiqueType, PhysiqueType][] = PHYSIQUE_TYPES.flatMap((a) =>
  PHYSIQUE_TYPES.filter((b) => b !== a).map((b) => [a, b] as [PhysiqueType, PhysiqueType]),
);

/** The acupoints of the Chinese guidance and their English (pinyin with the WHO standard code). */
const ACUPOINTS: Record<string, string> = {
  涌泉: 'Yongquan (KI1)',
  足三里: 'Zusanli (ST36)',
  气海: 'Qihai (CV6)',
  关元: 'Guanyuan (CV4)',
  命门: 'Mingmen (GV4)',
  太溪: 'Taixi (KI3)',
  三阴交: 'Sanyinjiao (SP6)',
  丰隆: 'Fenglong (ST40)',
  支沟: 'Zhigou (TE6)',
  阴陵泉: 'Yinlingquan (SP9)',
  期门: 'Qimen (LR14)',
  血海: 'Xuehai (SP10)',
  合谷: 'Hegu (LI4)',
  太冲: 'Taichong (LR3)',
  神阙: 'Shenque (CV8)',
  曲池: 'Quchi (LI11)',
};

/** The English sheet of one text field: the valueEn of its suggestion. */
const english = (s: ReturnType<typeof suggestPhysique>, field: string) => s.suggestions.find((x) => x.field === field)?.valueEn ?? '';
const reasonEn = (s: ReturnType<typeof suggestPhysique>, field: string) => s.suggestions.find((x) => x.field === field)?.reasonEn ?? '';
const typeLines = (text: string) => text.split('\n').filter((line) => !line.startsWith('[Combined advice]'));

describe('the English physique guidance', () => {
  it('has English for every constitution and area, with no Chinese, and the structure of the Chinese', () => {
    for (const type of PHYSIQUE_TYPES) {
      const g = PHYSIQUE_GUIDANCE[type];
      expect(Object.keys(g.en).sort(), type).toEqual([...AREAS].sort());
      for (const area of AREAS) {
        const en = g.en[area];
        expect(en.length, `${type} ${area}`).toBeGreaterThan(40);
        expect(en, `${type} ${area}`).not.toMatch(HAN);
        // Sentences end as the Chinese ones do; the Baduanjin moves quoted in Chinese are quoted in English.
        expect(en.endsWith('.') || en.endsWith(').'), `${type} ${area}`).toBe(true);
        if (area === 'exercise') expect(occurrences(en, '"') / 2, `${type} Baduanjin moves`).toBe(occurrences(g[area], '“'));
      }
      // The acupoints: every point of the Chinese, by name and code, and no other.
      expect(g.en.exercise.split('Acupoints: '), type).toHaveLength(2);
      const points = Object.keys(ACUPOINTS).filter((point) => g.exercise.includes(point));
      expect(points.length, type).toBeGreaterThan(0);
      for (const point of points) expect(g.en.exercise, `${type} ${point}`).toContain(ACUPOINTS[point]);
      expect(g.en.exercise.match(/\([A-Z]{2}\d+\)/g), type).toHaveLength(points.length);
      expect(g.en.exercise.includes('moxa'), `${type} moxibustion`).toBe(g.exercise.includes('灸'));
    }
  });

  it('names every food of the conflict tables as one list item of its own English diet text', () => {
    for (const type of PHYSIQUE_TYPES) {
      const diet = PHYSIQUE_GUIDANCE[type].en.diet;
      for (const food of [...FOOD_STANCES[type].favour, ...FOOD_STANCES[type].limit]) {
        const name = foodEn(food);
        expect(name, food).not.toBe(food);
        expect(occurrences(diet, name), `${type} ${food} ${name}`).toBe(1);
        expect(diet.includes(`${name}, `) || diet.includes(`, ${name}`), `${type} ${food} ${name}`).toBe(true);
      }
    }
    for (const food of TEBING_ALLERGENS) expect(PHYSIQUE_GUIDANCE.tebing.en.diet, food).toContain(foodEn(food));
  });

  it('finds every English phrase an edit or a safety gate replaces exactly once in its text', () => {
    for (const clash of PHRASE_CLASHES) {
      expect(Object.keys(clash.editsEn).sort(), clash.name).toEqual(Object.keys(clash.edits).sort());
      expect(clash.adviceEn === undefined, clash.name).toBe(clash.advice === undefined);
      for (const [type, edits] of Object.entries(clash.editsEn)) {
        for (const edit of edits ?? []) {
          expect(occurrences(PHYSIQUE_GUIDANCE[type as PhysiqueType].en[clash.area], edit.from), `${clash.name} ${type} ${edit.from}`).toBe(
            1,
          );
        }
      }
    }
    for (const [type, phrases] of Object.entries(VIGOROUS)) {
      expect(occurrences(PHYSIQUE_GUIDANCE[type as PhysiqueType].en.exercise, phrases?.en[0] ?? '-'), type).toBe(1);
    }
    for (const [type, sentence] of Object.entries(PREGNANCY_POINTS)) {
      expect(occurrences(PHYSIQUE_GUIDANCE[type as PhysiqueType].en.exercise, sentence?.en ?? '-'), type).toBe(1);
    }
  });
});

describe('the English physique sheet (valueEn)', () => {
  it('痰湿质 alone: the English guidance under its heading, in every area', () => {
    const s = suggestPhysique(['痰湿质'], [], 1);
    expect(english(s, 'a13')).toBe(`[Phlegm-dampness] ${PHYSIQUE_GUIDANCE.tanshi.en.emotion}`);
    expect(english(s, 'a23')).toBe(`[Phlegm-dampness] ${PHYSIQUE_GUIDANCE.tanshi.en.diet}`);
    expect(english(s, 'a33')).toBe(`[Phlegm-dampness] ${PHYSIQUE_GUIDANCE.tanshi.en.living}`);
    expect(english(s, 'a41')).toBe(`[Phlegm-dampness] ${PHYSIQUE_GUIDANCE.tanshi.en.exercise}`);
    // The Chinese sheet stays the default.
    expect(s.template.a13).toBe(`【痰湿质】${PHYSIQUE_GUIDANCE.tanshi.emotion}`);
  });

  it('痰湿质 (main) with 气虚质: radish cooked only, moderate exercise, said once, as in Chinese', () => {
    const s = suggestPhysique(['tanshi', 'qixu'], [], 1);
    expect(english(s, 'a13').split('\n')).toEqual([
      `[Phlegm-dampness, main] ${PHYSIQUE_GUIDANCE.tanshi.en.emotion}`,
      `[Qi deficiency, concurrent] ${PHYSIQUE_GUIDANCE.qixu.en.emotion}`,
    ]);
    // Two diets do not fit one field in English: the main type's, with what 气虚质 forbids taken out
    // all the same (radish), and the combined advice; the reason names what was left out.
    expect(english(s, 'a23').split('\n')).toEqual([
      '[Phlegm-dampness, main] Eat food that strengthens the spleen, drains dampness and resolves phlegm, such as wax gourd, coix seed, adzuki beans, lotus leaf, hawthorn, kelp, laver, crucian carp, common carp. Eat little fatty, sweet, oily or sticky food.',
      '[Combined advice] Eat radish cooked, never raw.',
    ]);
    expect(reasonEn(s, 'a23')).toContain('advice that differs between the constitutions has been reconciled, please check it');
    expect(reasonEn(s, 'a23')).toContain('left out for lack of space: Qi deficiency, please add as needed');
    const exercise = english(s, 'a41');
    expect(exercise).not.toMatch(/martial arts|badminton/);
    expect(exercise).toContain('e.g. brisk walking;');
    expect(exercise).toMatch(
      /\n\[Combined advice\] Exercise within your limits, at low to moderate intensity, with no strenuous or heavy exercise\.$/,
    );
  });

  it('阳虚质 with 阴虚质 (tendency): warming foods, music and napping reconciled', () => {
    const s = suggestPhysique(['yangxu'], ['yinxu'], 1);
    expect(typeLines(english(s, 'a23')).join()).not.toMatch(/lamb|Chinese chives|sweet-cool/);
    expect(english(s, 'a23')).toContain('such as chicken, hairtail, fresh ginger. Limit');
    expect(english(s, 'a23')).toContain(
      '[Combined advice] Lamb, Chinese chives are warming: small amounts only; keep the diet mild: little very cooling or very warm-dry food.',
    );
    expect(english(s, 'a13')).toContain('[Yin deficiency (tendency), concurrent]');
    expect(english(s, 'a13')).toContain('stirring, powerful');
    expect(english(s, 'a13')).not.toContain('soft, soothing');
    expect(english(s, 'a33')).not.toMatch(/midnight|nap little;/);
    expect(english(s, 'a33')).toContain('[Combined advice] A nap of about half an hour at noon is fine; otherwise nap little by day.');
  });

  it('气虚质 with 特禀质: the allergy warning names the food', () => {
    expect(english(suggestPhysique(['qixu'], ['tebing'], 1), 'a23')).toContain(
      '[Combined advice] Of the food advised, never eat any you are allergic to (such as white hyacinth beans).',
    );
  });

  it('every single constitution fits its fields with its safety lines', () => {
    const pregnantOlder = { age: 70, sbp: 165, dbp: 85, cardiovascular: true, pregnancy: 'pregnant' as const };
    const held = { sbp: 185, dbp: 100, pregnancy: 'pregnant' as const };
    const worst = {
      fpg: 17.5,
      recurrentHypoglycaemia: true,
      sbp: 190,
      dbp: 115,
      age: 70,
      cardiovascular: true,
      pregnancy: 'pregnant' as const,
    };
    for (const type of PHYSIQUE_TYPES) {
      for (const facts of [{}, pregnantOlder, held, worst]) {
        const s = suggestPhysique([type], [], 1, facts);
        for (const field of FIELDS) {
          const text = english(s, field);
          const context = `${type} ${field} ${JSON.stringify(facts)}`;
          expect(text.length, context).toBeLessThanOrEqual(PRESCRIPTION_TEXT_MAX);
          expect(text, context).not.toMatch(HAN);
          // With every hold at once the acupoints may not fit beside the hold's advice: the reason says so.
          if (facts !== worst) expect(reasonEn(s, field), context).not.toContain('left out for lack of space');
          else if (!text.includes(`] Acupoints`) && field === 'a41')
            expect(reasonEn(s, field), context).toContain('left out for lack of space');
        }
      }
    }
  });

  it('holds exercise: the English says so, keeps the acupoints and advises no exercise', () => {
    const held = english(suggestPhysique(['湿热质'], [], 1, { sbp: 190, dbp: 100 }), 'a41');
    expect(held).toMatch(/^\[Exercise safety\] Postpone moderate and vigorous exercise \(blood pressure 190\/100 mmHg/);
    expect(held).not.toContain('swimming');
    expect(held).toContain('[Damp-heat] Acupoints: knead Zhigou (TE6) and Yinlingquan (SP9)');
    const older = english(suggestPhysique(['湿热质'], [], 1, { age: 60 }), 'a41');
    expect(older).not.toMatch(/fairly vigorous|climb hills in autumn/);
    expect(older).toContain('tai chi, not distance running or hill climbing;');
    expect(older).toContain('[Safety note] No vigorous exercise (age 60 (≥ 60)): changed to moderate intensity.');
  });

  it('leaves out the points and foods unsafe in pregnancy, and barley while breastfeeding, and says so', () => {
    const advice = (text: string) =>
      text
        .split('\n')
        .filter((line) => !line.startsWith('[Safety note]'))
        .join('\n');
    const sheet = (types: string[], pregnancy?: 'pregnant' | 'lactating') => suggestPhysique(types, [], 1, pregnancy ? { pregnancy } : {});
    expect(english(sheet(['阴虚质']), 'a41')).toContain('Sanyinjiao');
    const yinxu = english(sheet(['阴虚质'], 'pregnant'), 'a41');
    expect(advice(yinxu)).not.toMatch(/Sanyinjiao|Acupoints/);
    expect(yinxu).toContain('[Safety note] Acupoints forbidden in pregnancy (LI4, SP6, SP10, CV6, CV4, CV8) left out.');
    // A constitution whose points are safe in pregnancy keeps them, with no note about it.
    expect(english(sheet(['痰湿质'], 'pregnant'), 'a41')).toBe(`[Phlegm-dampness] ${PHYSIQUE_GUIDANCE.tanshi.en.exercise}`);
    expect(advice(english(sheet(['气郁质'], 'pregnant'), 'a41'))).not.toContain('Hegu');
    expect(advice(english(sheet(['气虚质'], 'pregnant'), 'a41'))).not.toMatch(/Qihai|Guanyuan|moxa/);
    const diet = english(sheet(['痰湿质'], 'pregnant'), 'a23');
    expect(advice(diet)).not.toMatch(/hawthorn|coix seed/);
    expect(advice(diet)).toContain('adzuki beans, lotus leaf, kelp,');
    expect(diet).toContain(
      '[Safety note] Foods and teas to use with caution in pregnancy (hawthorn, coix seed, purslane, rose tea) left out.',
    );
    const lactating = sheet(['气郁质'], 'lactating');
    expect(advice(english(lactating, 'a23'))).not.toContain('barley');
    expect(advice(english(lactating, 'a23'))).toContain('jasmine tea, kumquat');
    expect(english(lactating, 'a41')).toContain('Hegu');
  });

  it('never says two opposite things for any pair either way round, and never exceeds the limit', () => {
    const vigorous = /martial arts|badminton|long-distance running|ball games|fairly vigorous/;
    const gentle: PhysiqueType[] = ['qixu', 'yangxu', 'yinxu', 'xueyu', 'tebing'];
    for (const [a, b] of pairs) {
      for (const s of [suggestPhysique([a, b], [], 1), suggestPhysique([a], [b], 1)]) {
        const context = `${a}+${b}`;
        const diet = typeLines(english(s, 'a23')).join('\n');
        // Opposite advice can only meet when both constitutions are on the sheet.
        if (diet.includes(', concurrent] ')) {
          for (const food of FOOD_STANCES[a].favour) {
            if (FOOD_STANCES[b].limit.some((other) => other === food)) expect(diet, `${context} ${food}`).not.toContain(foodEn(food));
          }
        }
        // Even when the gentle type's own text does not fit, the other's vigorous advice is moderated.
        if ([a, b].some((t) => gentle.includes(t))) expect(english(s, 'a41'), context).not.toMatch(vigorous);
        for (const field of FIELDS) {
          const text = english(s, field);
          expect(text.length, `${context} ${field}`).toBeLessThanOrEqual(PRESCRIPTION_TEXT_MAX);
          expect(text, `${context} ${field}`).not.toMatch(HAN);
          expect(text, `${context} ${field}`).not.toMatch(/such as ;|such as \.|, ;|, \.|;;|, ,|e\.g\. ;/);
          // The main constitution always leads; what did not fit is named in the reason.
          expect(
            text.split('\n').some((line) => line.includes(', main] ')),
            `${context} ${field}`,
          ).toBe(true);
          if (!text.includes(', concurrent] ')) {
            expect(reasonEn(s, field), `${context} ${field}`).toContain('left out for lack of space');
          }
        }
      }
    }
  });
});
