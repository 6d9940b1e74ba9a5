import { describe, expect, it } from 'vitest';
import { suggestPhysique } from './physique-guidance';
import { describePrescription } from './print';
import { blankPrescription } from './templates';

describe('describePrescription (A4 sheet lines)', () => {
  it('diet: ticked items in plain words, texts as written, unticked skipped', () => {
    const diet = { ...blankPrescription('diet', 1), a2: true, a41: true, a42: '山药薏米粥，每周3次' };
    expect(describePrescription('diet', diet, 'zh')).toEqual([
      '低盐低脂：每日食盐不超过5克，少油，少吃肥肉和动物内脏',
      '食疗方：山药薏米粥，每周3次',
    ]);
    expect(describePrescription('diet', diet, 'en')).toEqual([
      'Low salt, low fat: Salt no more than 5 g a day; little oil; little fatty meat or offal',
      'TCM diet therapy: 山药薏米粥，每周3次',
    ]);
  });

  it('motion: one line per group with its chosen items, then the notes', () => {
    const motion = {
      ...blankPrescription('motion', 1),
      a1: true,
      a11: true,
      a18: true,
      a181: '广场舞',
      a3: true,
      a32: true,
      a41: '每周5次，每次30分钟',
      a22: false,
    };
    expect(describePrescription('motion', motion, 'zh')).toEqual([
      '有氧运动：快走、其他有氧运动（广场舞）',
      '传统功法：八段锦',
      '运动频率、时间与强度：每周5次，每次30分钟',
    ]);
    expect(describePrescription('motion', motion, 'en')[0]).toBe('Aerobic exercise: Brisk walking, Other aerobic exercise (广场舞)');
  });

  it('physique: each area with its sub-items, then one line per constitution', () => {
    const { template } = suggestPhysique(['qixu'], ['tanshi'], 1);
    const lines = describePrescription('physique', { ...template, a3: false, a31: false, a32: false, a33: '' }, 'zh');
    expect(lines[0]).toBe('情志调摄：调畅情志、音乐与爱好调摄');
    expect(lines[1]).toMatch(/^【气虚质·主】/);
    expect(lines[2]).toMatch(/^【痰湿质倾向·兼夹】/);
    expect(lines).toContain('饮食调养：宜食之品、少食之品');
    expect(lines.some((l) => l.startsWith('起居调摄'))).toBe(false);
    // The opposing exercise advice of the two types is printed once, reconciled, after them.
    expect(lines.at(-4)).toBe('运动保健/穴位保健');
    expect(lines.at(-2)).toMatch(/^【痰湿质倾向·兼夹】.*丰隆/);
    expect(lines.at(-1)).toBe('【兼顾】运动量力而行，以中小强度为宜，不做剧烈运动和大运动量的锻炼。');
  });

  it('other: the content lines without a label; a blank gives nothing', () => {
    expect(describePrescription('other', { ...blankPrescription('other', 1), content: '戒烟。\n\n  限酒。 ' }, 'zh')).toEqual([
      '戒烟。',
      '限酒。',
    ]);
    expect(describePrescription('sleep', blankPrescription('sleep', 1), 'zh')).toEqual([]);
  });

  it('sleep and loseWeight: text replaces the explanation, a multi-line text goes below its label', () => {
    const sleep = { ...blankPrescription('sleep', 1), a1: true, a2: true, a21: '睡前温水泡脚\n按揉涌泉穴' };
    expect(describePrescription('sleep', sleep, 'zh')).toEqual([
      '规律作息：按时睡觉、按时起床，每天睡足7～8小时，避免熬夜',
      '助眠调护',
      '睡前温水泡脚',
      '按揉涌泉穴',
    ]);
    const lose = { ...blankPrescription('loseWeight', 1), a31: true, a32: '目标：减重≥7%' };
    expect(describePrescription('loseWeight', lose, 'zh')).toEqual(['减重目标：目标：减重≥7%']);
  });
});
