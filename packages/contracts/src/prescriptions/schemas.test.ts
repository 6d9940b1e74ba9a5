import { describe, expect, it } from 'vitest';
import { PRESCRIPTION_SCHEMAS, parsePrescription } from './schemas';
import { blankPrescription } from './templates';

const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('saved prescription schemas', () => {
  it('accepts an edited blank and marks it no longer blank, trimming texts', () => {
    const diet = { ...blankPrescription('diet', 3), a2: true, a41: true, a42: '  山药薏米粥 ' };
    const result = parsePrescription('diet', diet);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ patientId: 3, isBlank: false, a2: true, a41: true, a42: '山药薏米粥' });
  });

  it('fails a ticked checkbox without its text, in Chinese naming the item', () => {
    expect(messages(parsePrescription('diet', { ...blankPrescription('diet', 3), a41: true }))).toEqual([
      'a42: 已勾选“食疗方”，请填写“食疗方内容”',
    ]);
    expect(messages(parsePrescription('diet', { ...blankPrescription('diet', 3), a51: true, a52: '   ' }))).toEqual([
      'a52: 已勾选“代茶饮”，请填写“代茶饮组成”',
    ]);
    expect(messages(parsePrescription('healthEducation', { ...blankPrescription('healthEducation', 3), a3: true }))).toEqual([
      'a4: 已勾选“定期监测血糖”，请填写“监测与复查安排”',
    ]);
    expect(messages(parsePrescription('sleep', { ...blankPrescription('sleep', 3), a2: true }))).toEqual([
      'a21: 已勾选“助眠调护”，请填写“助眠调护方法”',
    ]);
    expect(messages(parsePrescription('loseWeight', { ...blankPrescription('loseWeight', 3), a31: true }))).toEqual([
      'a32: 已勾选“减重目标”，请填写“减重目标内容”',
    ]);
    expect(messages(parsePrescription('physique', { ...blankPrescription('physique', 3), a4: true }))).toEqual([
      'a41: 已勾选“运动保健/穴位保健”，请填写“运动与穴位保健指导”',
    ]);
  });

  it('fails a text left under an unticked checkbox', () => {
    expect(messages(parsePrescription('diet', { ...blankPrescription('diet', 3), a1: true, a42: '山药粥' }))).toEqual([
      'a42: 未勾选“食疗方”，请勾选该项或清空“食疗方内容”',
    ]);
  });

  it('fails an unknown key', () => {
    const result = parsePrescription('sleep', { ...blankPrescription('sleep', 3), a1: true, a3: true });
    expect(messages(result)).toEqual([': 未知字段：a3']);
  });

  it('fails a missing or mistyped field and a bad patient id', () => {
    const { a2: _dropped, ...missing } = { ...blankPrescription('sleep', 3), a1: true };
    expect(messages(parsePrescription('sleep', missing))).toEqual(['a2: “助眠调护”应为是或否']);
    expect(messages(parsePrescription('sleep', { ...blankPrescription('sleep', 3), a1: 'yes' }))).toEqual(['a1: “规律作息”应为是或否']);
    expect(messages(parsePrescription('sleep', { ...blankPrescription('sleep', 3), a1: true, patientId: -1 }))).toEqual([
      'patientId: 患者编号无效',
    ]);
  });

  it('limits texts to 500 characters', () => {
    const result = parsePrescription('diet', { ...blankPrescription('diet', 3), a41: true, a42: '粥'.repeat(501) });
    expect(messages(result)).toEqual(['a42: “食疗方内容”不能超过500字']);
    expect(parsePrescription('diet', { ...blankPrescription('diet', 3), a41: true, a42: '粥'.repeat(500) }).success).toBe(true);
  });

  it('needs at least one ticked item', () => {
    expect(messages(parsePrescription('diet', blankPrescription('diet', 3)))).toEqual([': 请至少勾选一项']);
  });

  it('motion: a sub-item needs its group, a group needs a sub-item, "other" needs its text', () => {
    const blank = blankPrescription('motion', 3);
    expect(messages(parsePrescription('motion', { ...blank, a1: true, a11: true, a32: true }))).toEqual([
      'a32: 勾选“八段锦”时请同时勾选“传统功法”',
    ]);
    expect(messages(parsePrescription('motion', { ...blank, a2: true }))).toEqual(['a2: 请选择“抗阻运动”的具体项目']);
    expect(messages(parsePrescription('motion', { ...blank, a3: true, a35: true }))).toEqual([
      'a351: 已勾选“其他传统功法”，请填写“其他传统功法项目”',
    ]);
    const ok = parsePrescription('motion', { ...blank, a3: true, a32: true, a35: true, a351: '易筋经', a41: '每周5次，每次30分钟' });
    expect(ok.success).toBe(true);
  });

  it('other: content required, 1–2000 characters', () => {
    const blank = blankPrescription('other', 3);
    expect(messages(parsePrescription('other', blank))).toEqual(['content: 请填写处方内容']);
    expect(messages(parsePrescription('other', { ...blank, content: 'x'.repeat(2001) }))).toEqual(['content: 处方内容不能超过2000字']);
    expect(PRESCRIPTION_SCHEMAS.other.parse({ ...blank, content: '戒烟' })).toEqual({ patientId: 3, isBlank: false, content: '戒烟' });
  });

  it('speaks English when asked (the web form in the English interface), naming the item by its English label', () => {
    expect(messages(parsePrescription('diet', { ...blankPrescription('diet', 3), a41: true }, 'en'))).toEqual([
      'a42: "TCM diet therapy" is ticked: please fill in "Diet-therapy recipe"',
    ]);
    expect(messages(parsePrescription('diet', blankPrescription('diet', 3), 'en'))).toEqual([': Please tick at least one item']);
    expect(messages(parsePrescription('other', { ...blankPrescription('other', 3), content: ' ' }, 'en'))).toEqual([
      'content: Please fill in the prescription',
    ]);
    // Every message of every kind's blank is free of Chinese in English.
    for (const kind of Object.keys(PRESCRIPTION_SCHEMAS) as (keyof typeof PRESCRIPTION_SCHEMAS)[]) {
      for (const message of messages(parsePrescription(kind, { ...blankPrescription(kind, 3), extra: 1 }, 'en'))) {
        expect(message, message).not.toMatch(/\p{Script=Han}/u);
      }
    }
  });
});
