import { describe, expect, it } from 'vitest';
import { suggestPhysique } from './physique-guidance';
import { exerciseHoldReason, vigorousHoldReason } from './safety';
import { suggestPrescription } from './suggestions';

const motion = (facts: Parameters<typeof suggestPrescription>[2]) => suggestPrescription('motion', 1, facts).template;

describe('exercise safety gate (中国2型糖尿病防治指南 2020, 中国高血压防治指南 2018)', () => {
  it('holds exercise at FPG 16.7 (not 16.6), 3.9 (not 4.0), BP 180 or 110 (not 179/109), recurrent hypoglycaemia', () => {
    expect([16.6, 16.7, 3.9, 4.0].map((fpg) => exerciseHoldReason({ fpg }) !== null)).toEqual([false, true, true, false]);
    expect(exerciseHoldReason({ sbp: 179, dbp: 109 })).toBeNull();
    expect(exerciseHoldReason({ sbp: 180, dbp: 90 })).toBe('血压 180/90 mmHg（≥180/110）');
    expect(exerciseHoldReason({ sbp: 150, dbp: 110 })).not.toBeNull();
    expect(exerciseHoldReason({ recurrentHypoglycaemia: true })).toBe('反复发生低血糖');
  });

  it('prescribes no walking at FPG 3.5 and says why and what to do in the printed precautions', () => {
    const held = motion({ fpg: 3.5, activityMinutesPerWeek: 30 });
    expect([held.a1, held.a11, held.a41]).toEqual([false, false, '']);
    expect(held.a42).toMatch(/^暂缓中等及以上强度运动（空腹血糖 3.5 mmol\/L（≤3.9，低血糖））。请先就诊/);
    expect(motion({ fpg: 17.2, sbp: 185, dbp: 112, activityMinutesPerWeek: 30 }).a42).toContain('血压 185/112 mmHg');
    const fine = motion({ fpg: 5.8, activityMinutesPerWeek: 30 });
    expect([fine.a1, fine.a11, fine.a42]).toEqual([true, true, '']);
  });

  it('limits vigorous exercise from age 60 (not 59), BP 160/100 (not 159/99) and a cardiovascular disease', () => {
    expect([59, 60].map((age) => vigorousHoldReason({ age }) !== null)).toEqual([false, true]);
    expect(vigorousHoldReason({ sbp: 159, dbp: 99 })).toBeNull();
    expect(vigorousHoldReason({ sbp: 160, dbp: 80 })).not.toBeNull();
    expect(vigorousHoldReason({ cardiovascular: true })).toBe('合并心血管疾病');
    expect(motion({ age: 66, activityMinutesPerWeek: 30 }).a42).toBe('以中等强度为宜，不做中长跑、登山等高强度运动。');
  });

  it('湿热质 alone is advised 中长跑、登山 only without a reason to avoid vigorous exercise', () => {
    const exercise = (facts: Parameters<typeof suggestPhysique>[3]) => suggestPhysique(['湿热质'], [], 1, facts).template.a41;
    expect(exercise({ age: 45 })).toContain('中长跑');
    const older = exercise({ age: 60 });
    expect(older).not.toContain('中长跑、游泳、球类');
    expect(older).not.toContain('秋季可登山');
    expect(older).toContain('不做中长跑、登山等高强度运动');
    expect(older).toContain('【安全提示】不宜高强度运动（年龄 60 岁（≥60））');
    const held = exercise({ sbp: 190, dbp: 100 });
    expect(held).toMatch(/^【运动安全】暂缓中等及以上强度运动/);
    expect(held).not.toContain('游泳');
    expect(held).toContain('穴位：按揉支沟、阴陵泉');
  });
});

describe('pregnancy and lactation on the physique sheet', () => {
  it('leaves out 三阴交、合谷 and abdominal moxibustion in pregnancy, and says so', () => {
    const sheet = (types: string[], pregnancy?: 'pregnant' | 'lactating') =>
      suggestPhysique(types, [], 1, pregnancy ? { pregnancy } : {}).template;
    expect(sheet(['阴虚质']).a41).toContain('三阴交');
    // The advice lines, without the safety note that names what was left out.
    const advice = (text: string) =>
      text
        .split('\n')
        .filter((line) => !line.startsWith('【安全提示】'))
        .join('\n');
    const yinxu = sheet(['阴虚质'], 'pregnant');
    expect(advice(yinxu.a41)).not.toContain('三阴交');
    expect(yinxu.a41).toContain('【安全提示】孕期禁用的穴位');
    expect(advice(sheet(['气郁质'], 'pregnant').a41)).not.toContain('合谷');
    expect(advice(sheet(['气虚质'], 'pregnant').a41)).not.toMatch(/气海|关元|艾条/);
    const diet = sheet(['痰湿质', '血瘀质'], 'pregnant').a23;
    expect(advice(diet)).not.toMatch(/山楂|薏苡仁|玫瑰花/);
    expect(diet).toContain('【安全提示】孕期慎用的食材与代茶饮（山楂、薏苡仁、马齿苋、玫瑰花）已略去。');
    const lactating = sheet(['气郁质'], 'lactating');
    expect(advice(lactating.a23)).not.toContain('大麦');
    expect(lactating.a41).toContain('合谷');
  });
});

describe('suggestions read the latest values', () => {
  it('a follow-up FPG 8.5 turns the health education to 复查确诊 and adds glucose monitoring to exercise', () => {
    const before = suggestPrescription('healthEducation', 1, { fpg: 6.4 }).template;
    const after = suggestPrescription('healthEducation', 1, { fpg: 8.5 }).template;
    expect(before.a4).toBe('每6个月复查一次空腹血糖或OGTT 2小时血糖。');
    expect(after.a4).toBe('血糖已达到糖尿病诊断切点，请尽快到医院复查确诊。');
    expect(motion({ fpg: 8.5, activityMinutesPerWeek: 30 }).a42).toContain('运动前后监测血糖');
    expect(suggestPrescription('healthEducation', 1, { glycemicStatus: 'diabetesUnconfirmed' }).template.a3).toBe(true);
  });
});
