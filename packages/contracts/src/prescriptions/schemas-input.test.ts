import { describe, expect, it } from 'vitest';
import { parsePrescription } from './schemas';
import { blankPrescription } from './templates';

const messages = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('prescription input that cannot be stored', () => {
  it('refuses NUL and unpaired surrogates in every text, naming the item', () => {
    expect(messages(parsePrescription('diet', { ...blankPrescription('diet', 3), a41: true, a42: '山药\u0000粥' }))).toEqual([
      'a42: “食疗方内容”含有无法保存的字符（空字符或不成对的代理字符）',
    ]);
    expect(messages(parsePrescription('other', { ...blankPrescription('other', 3), content: '多饮水\ud800' }))).toEqual([
      'content: 处方内容含有无法保存的字符（空字符或不成对的代理字符）',
    ]);
    expect(parsePrescription('diet', { ...blankPrescription('diet', 3), a41: true, a42: '山药粥 😀' }).success).toBe(true);
  });

  it('bounds the patient id to int4', () => {
    expect(messages(parsePrescription('sleep', { ...blankPrescription('sleep', 2147483648), a1: true }))).toEqual([
      'patientId: 患者编号无效',
    ]);
    expect(parsePrescription('sleep', { ...blankPrescription('sleep', 2147483647), a1: true }).success).toBe(true);
  });
});
