import { describe, expect, it } from 'vitest';
import { parsePrescription } from './schemas';
import { isPristine, prefillBlank, suggestPrescription, weightLossTarget } from './suggestions';
import { blankPrescription, PRESCRIPTION_KINDS } from './templates';

const fields = (s: { suggestions: { field: string }[] }) => s.suggestions.map((x) => x.field);

describe('weight rule: BMI ≥ 24 or central obesity → loseWeight (and diet energy control)', () => {
  it('BMI 23.9 suggests nothing, 24.0 suggests', () => {
    expect(suggestPrescription('loseWeight', 1, { bmi: 23.9 })).toEqual({ template: blankPrescription('loseWeight', 1), suggestions: [] });
    const s = suggestPrescription('loseWeight', 1, { bmi: 24.0 });
    expect(s.template).toMatchObject({ a1: true, a2: true, a31: true, a32: '目标：减重≥7%，或 BMI 降至 24 以下' });
    expect(fields(s)).toEqual(['a1', 'a2', 'a31', 'a32']);
    expect(s.suggestions[0]?.reason).toContain('BMI 24.0（超重，≥24）');
  });

  it('computes the target weight from the weight', () => {
    const s = suggestPrescription('loseWeight', 1, { bmi: 27.7, weightKg: 80 });
    expect(s.template.a32).toBe('目标：减重≥7%（由 80.0 kg 减至 74.4 kg 以下），或 BMI 降至 24 以下');
    // Rounded down, so the target is never a loss of less than 7 %: 75 × 0.93 = 69.75 → 69.7.
    expect(weightLossTarget({ bmi: 25, weightKg: 75 })).toBe('目标：减重≥7%（由 75.0 kg 减至 69.7 kg 以下），或 BMI 降至 24 以下');
  });

  it('waist 89 vs 90 cm for a man, 84 vs 85 cm for a woman', () => {
    expect(fields(suggestPrescription('loseWeight', 1, { waistCm: 89, gender: 'man' }))).toEqual([]);
    const man = suggestPrescription('loseWeight', 1, { waistCm: 90, gender: 'man', weightKg: 70 });
    expect(man.template.a32).toBe('目标：减重≥7%（由 70.0 kg 减至 65.1 kg 以下）；腰围降至 90 cm 以下');
    expect(man.suggestions[0]?.reason).toContain('腰围 90 cm（中心性肥胖，男性≥90 cm）');
    expect(fields(suggestPrescription('loseWeight', 1, { waistCm: 84, gender: 'woman' }))).toEqual([]);
    expect(suggestPrescription('loseWeight', 1, { waistCm: 85, gender: 'woman' }).template.a32).toBe('目标：减重≥7%；腰围降至 85 cm 以下');
  });

  it('without gender only a waist of 90 cm or more counts', () => {
    expect(fields(suggestPrescription('loseWeight', 1, { waistCm: 88 }))).toEqual([]);
    expect(suggestPrescription('loseWeight', 1, { waistCm: 90 }).template.a32).toBe('目标：减重≥7%；腰围降至 90 cm（男）/85 cm（女）以下');
  });

  it('also ticks diet energy control', () => {
    expect(fields(suggestPrescription('diet', 1, { bmi: 23.9 }))).toEqual([]);
    expect(fields(suggestPrescription('diet', 1, { bmi: 24 }))).toEqual(['a1']);
  });
});

describe('activity rule: < 150 min/week → motion', () => {
  it('149 suggests brisk walking and the 150-minute target, 150 does not', () => {
    const s = suggestPrescription('motion', 1, { activityMinutesPerWeek: 149 });
    expect(s.template).toMatchObject({ a1: true, a11: true });
    expect(s.template.a41).toMatch(/^每周中等强度运动≥150分钟/);
    expect(fields(s)).toEqual(['a1', 'a11', 'a41']);
    expect(s.suggestions[0]?.reason).toContain('每周中等强度活动 149 分钟，少于 150 分钟');
    expect(suggestPrescription('motion', 1, { activityMinutesPerWeek: 150 }).suggestions).toEqual([]);
  });
});

describe('salt rule: > 5 g/day → diet low salt', () => {
  it('5 g does not suggest, 5.1 g does', () => {
    expect(fields(suggestPrescription('diet', 1, { saltGramsPerDay: 5 }))).toEqual([]);
    const s = suggestPrescription('diet', 1, { saltGramsPerDay: 5.1 });
    expect(s.template.a2).toBe(true);
    expect(s.suggestions).toEqual([
      { field: 'a2', reason: '每日食盐约 5.1 g，超过 5 g', reasonEn: 'about 5.1 g of salt a day, more than 5 g' },
    ]);
  });
});

describe('sleep rule: < 7 h → sleep', () => {
  it('6.5 h suggests a regular schedule, 7 h does not', () => {
    expect(fields(suggestPrescription('sleep', 1, { sleepHours: 6.5 }))).toEqual(['a1']);
    expect(fields(suggestPrescription('sleep', 1, { sleepHours: 7 }))).toEqual([]);
  });
});

describe('glucose rule → health education', () => {
  it('pre-diabetes: knowledge and 6-monthly re-test', () => {
    const s = suggestPrescription('healthEducation', 1, { fpg: 6.1 });
    expect(s.template).toMatchObject({ a1: true, a3: true, a4: '每6个月复查一次空腹血糖或OGTT 2小时血糖。' });
    expect(fields(suggestPrescription('healthEducation', 1, { fpg: 6.0, ogtt2h: 7.7 }))).toEqual([]);
    expect(fields(suggestPrescription('healthEducation', 1, { ogtt2h: 7.8 }))).toEqual(['a1', 'a3', 'a4']);
    expect(fields(suggestPrescription('healthEducation', 1, { glycemicStatus: 'IFG+IGT' }))).toEqual(['a1', 'a3', 'a4']);
  });

  it('counts HbA1c in the pre-diabetes range (status elevatedHbA1c) as pre-diabetes', () => {
    const s = suggestPrescription('healthEducation', 1, { fpg: 5.5, glycemicStatus: 'elevatedHbA1c' });
    expect(fields(s)).toEqual(['a1', 'a3', 'a4']);
    expect(s.suggestions[0]?.reason).toContain('糖化血红蛋白 5.7%～6.4%');
    expect(fields(suggestPrescription('healthEducation', 1, { fpg: 5.5, glycemicStatus: 'normal' }))).toEqual([]);
  });

  it('diabetes range: asks for confirmation instead', () => {
    const s = suggestPrescription('healthEducation', 1, { fpg: 6.5, ogtt2h: 11.1 });
    expect(s.template).toMatchObject({ a1: false, a3: true, a4: '血糖已达到糖尿病诊断切点，请尽快到医院复查确诊。' });
    expect(s.suggestions[0]?.reason).toContain('OGTT 2小时血糖 11.1 mmol/L（≥11.1）');
  });
});

describe('suggestions only prefill a blank', () => {
  const facts = { bmi: 26, weightKg: 72, activityMinutesPerWeek: 60, saltGramsPerDay: 9, sleepHours: 5, fpg: 6.4 };

  it('every suggested template passes its schema', () => {
    const withPhysique = { ...facts, physique: { primaryTypes: ['qixu'], tendencyTypes: ['tanshi'] } };
    for (const kind of PRESCRIPTION_KINDS) {
      if (kind === 'other') continue; // nothing to suggest; a blank "other" is not a prescription
      const result = parsePrescription(kind, suggestPrescription(kind, 5, withPhysique).template);
      expect(result.success, `${kind}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
    expect(suggestPrescription('other', 5, withPhysique)).toEqual({ template: blankPrescription('other', 5), suggestions: [] });
  });

  it('fills an untouched blank', () => {
    const suggested = suggestPrescription('loseWeight', 5, facts);
    const blank = blankPrescription('loseWeight', 5);
    expect(isPristine('loseWeight', blank)).toBe(true);
    expect(prefillBlank('loseWeight', blank, suggested)).toEqual(suggested);
  });

  it('leaves what the doctor typed, ticked or saved untouched', () => {
    const suggested = suggestPrescription('loseWeight', 5, facts);
    const typed = { ...blankPrescription('loseWeight', 5), a32: '半年减5公斤' };
    expect(prefillBlank('loseWeight', typed, suggested)).toEqual({ template: typed, suggestions: [] });
    const saved = { ...blankPrescription('loseWeight', 5), isBlank: false as const };
    expect(prefillBlank('loseWeight', saved, suggested)).toEqual({ template: saved, suggestions: [] });
    const otherPatient = blankPrescription('loseWeight', 6);
    expect(prefillBlank('loseWeight', otherPatient, suggested).template).toBe(otherPatient);
  });

  it('ignores values that are not finite numbers', () => {
    expect(suggestPrescription('loseWeight', 1, { bmi: Number.NaN, waistCm: Number.POSITIVE_INFINITY, gender: 'man' }).suggestions).toEqual(
      [],
    );
  });
});
