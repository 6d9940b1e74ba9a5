import { describe, expect, it } from 'vitest';
import { suggestPhysique } from './physique-guidance';
import { suggestPrescription } from './suggestions';

/** Field → [Chinese reason, English reason, English text]: what each language's interface shows. */
const byField = (s: { suggestions: { field: string; reason: string; reasonEn: string; valueEn?: string }[] }) =>
  Object.fromEntries(s.suggestions.map((x) => [x.field, [x.reason, x.reasonEn, x.valueEn]]));

const HAN = /\p{Script=Han}/u;

describe('suggestions in both languages: Chinese by default, English alongside', () => {
  it('weight: BMI 26.1 and a man’s waist of 92 cm, 80 kg (7 % of 80 kg is 5.6 kg → below 74.4 kg)', () => {
    const s = suggestPrescription('loseWeight', 1, { bmi: 26.1, waistCm: 92, gender: 'man', weightKg: 80 });
    // The sheet keeps the Chinese text.
    expect(s.template.a32).toBe('目标：减重≥7%（由 80.0 kg 减至 74.4 kg 以下），或 BMI 降至 24 以下；腰围降至 90 cm 以下');
    const f = byField(s);
    expect(f.a1).toEqual([
      'BMI 26.1（超重，≥24）；腰围 92 cm（中心性肥胖，男性≥90 cm）：控制饮食减重',
      'BMI 26.1 (overweight, ≥ 24); waist 92 cm (central obesity, men ≥ 90 cm): lose weight by controlling the diet',
      undefined,
    ]);
    expect(f.a32?.[2]).toBe('Target: lose ≥ 7% of body weight (from 80.0 kg to below 74.4 kg), or BMI below 24; waist below 90 cm');
  });

  it('diet, sleep and motion reasons and texts', () => {
    expect(byField(suggestPrescription('diet', 1, { bmi: 28.4 })).a1?.[1]).toBe(
      'BMI 28.4 (obese, ≥ 28): total energy intake needs controlling',
    );
    expect(byField(suggestPrescription('sleep', 1, { sleepHours: 6 })).a1?.[1]).toBe(
      'sleeps about 6 hours a day, less than the 7–8 hours advised for adults',
    );
    const motion = byField(suggestPrescription('motion', 1, { activityMinutesPerWeek: 90, age: 65 }));
    expect(motion.a41?.[1]).toBe('90 minutes of moderate activity a week, less than 150');
    expect(motion.a41?.[2]).toBe(
      'At least 150 minutes of moderate exercise a week (e.g. brisk walking for 30 minutes, 5 days a week), built up gradually, until slightly sweating.',
    );
    expect(motion.a42?.[1]).toBe('age 65 (≥ 60): exercise precautions');
    expect(motion.a42?.[2]).toBe(
      'Keep to moderate intensity, with no middle- or long-distance running, mountain climbing or other vigorous exercise.',
    );
  });

  it('exercise held: FPG 17.2 mmol/L is above 16.7', () => {
    const s = suggestPrescription('motion', 1, { fpg: 17.2 });
    expect(s.template.a42).toMatch(/^暂缓中等及以上强度运动（空腹血糖 17.2 mmol\/L（≥16.7））/);
    const [zh, en, text] = byField(s).a42 ?? [];
    expect(zh).toBe('空腹血糖 17.2 mmol/L（≥16.7）：暂缓运动，先就诊（中国2型糖尿病防治指南 2020；中国高血压防治指南 2018）');
    expect(en).toMatch(/^fasting glucose 17\.2 mmol\/L \(≥ 16\.7\): exercise postponed, see a doctor first/);
    expect(text).toMatch(/^Postpone moderate and vigorous exercise \(fasting glucose 17\.2 mmol\/L \(≥ 16\.7\)\)\. See a doctor first/);
  });

  it('health education: FPG 6.5 is prediabetes (6.1 to < 7.0), OGTT 11.1 is diabetes', () => {
    const pre = byField(suggestPrescription('healthEducation', 1, { fpg: 6.5 }));
    expect(pre.a1?.[1]).toBe('fasting glucose 6.5 mmol/L (6.1 to < 7.0): prediabetes: learn its harms and that it can be reversed');
    expect(pre.a4?.[2]).toBe('Recheck fasting glucose or OGTT 2-hour glucose every 6 months.');
    const dm = byField(suggestPrescription('healthEducation', 1, { ogtt2h: 11.1 }));
    expect(dm.a3?.[0]).toBe('OGTT 2小时血糖 11.1 mmol/L（≥11.1）：已达糖尿病诊断切点');
    expect(dm.a3?.[1]).toBe('OGTT 2-hour glucose 11.1 mmol/L (≥ 11.1): at the diagnostic cut-point for diabetes');
  });

  it('physique reasons name the constitutions in English', () => {
    const s = suggestPhysique(['痰湿质'], ['气虚质'], 1, { age: 70 });
    const f = byField(s);
    expect(f.a1?.[1]).toBe(
      'Constitution: main Phlegm-dampness; concurrent Qi deficiency (tendency); prefilled from the emotional care points of the national TCM health management service specification',
    );
    expect(f.a41?.[1]).toContain('; safety: no vigorous exercise (age 70 (≥ 60)): changed to moderate intensity');
  });

  it('no English reason or text holds Chinese, whatever rule fired', () => {
    const facts = { bmi: 29, waistCm: 88, gender: 'woman' as const, weightKg: 75, activityMinutesPerWeek: 60, saltGramsPerDay: 9 };
    const all = [
      ...(['diet', 'sleep', 'motion', 'loseWeight'] as const).flatMap(
        (k) => suggestPrescription(k, 1, { ...facts, sleepHours: 5 }).suggestions,
      ),
      ...suggestPrescription('motion', 1, { sbp: 185, dbp: 100, recurrentHypoglycaemia: true }).suggestions,
      ...suggestPrescription('healthEducation', 1, { hba1c: 6.8, glycemicStatus: 'diabetesUnconfirmed' }).suggestions,
      ...suggestPhysique(['阳虚质', '湿热质', '血瘀质'], ['特禀质'], 1, { pregnancy: 'pregnant', fpg: 17 }).suggestions,
    ];
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((s) => HAN.test(s.reasonEn) || HAN.test(s.valueEn ?? '')).map((s) => s.reasonEn)).toEqual([]);
    expect(all.every((s) => HAN.test(s.reason))).toBe(true);
  });
});
