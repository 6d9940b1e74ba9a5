import { describe, expect, it } from 'vitest';
import { annex1 } from './annex1';
import { custom } from './custom';
import { validateRecord } from './engine';
import type { InstrumentContext, ItemError } from './types';

const context: InstrumentContext = { today: '2026-03-01', gender: 'woman', cohort: 'managed' };
const errorsOf = (data: unknown, ctx = context): ItemError[] => {
  const result = validateRecord(custom, data, ctx);
  return result.ok ? [] : result.errors;
};

describe('free text in records', () => {
  it('refuses NUL and unpaired surrogates in text items and group rows, naming the item', () => {
    expect(errorsOf({ title: '随访\u0000', recordDate: '2026-02-01', content: '正常' })).toEqual([
      { item: 'title', message: '标题 含有无法保存的字符（空字符或不成对的代理字符）' },
    ]);
    expect(errorsOf({ title: '随访', recordDate: '2026-02-01', content: '血糖\ud800' })).toEqual([
      { item: 'content', message: '内容 含有无法保存的字符（空字符或不成对的代理字符）' },
    ]);
    expect(errorsOf({ title: '随访', recordDate: '2026-02-01', entries: [{ label: '体温', value: '\udc0036.5' }] })).toEqual([
      { item: 'entries.0.value', message: '条目第1行 内容 含有无法保存的字符（空字符或不成对的代理字符）' },
    ]);
    expect(errorsOf({ title: 'x\u0000', recordDate: '2026-02-01', content: 'y' }, { ...context, lang: 'en' })[0]?.message).toBe(
      'Title contains characters that cannot be stored (NUL or an unpaired surrogate)',
    );
  });

  it('keeps paired surrogates (emoji, rare characters) and dates from 1900-01-01', () => {
    expect(errorsOf({ title: '𠮷 😀', recordDate: '1900-01-01', content: '正常' })).toEqual([]);
    expect(errorsOf({ title: '随访', recordDate: '1899-12-31', content: '正常' })).toEqual([
      { item: 'recordDate', message: '日期 日期无效' },
    ]);
  });

  it('echoes at most a short preview of an invalid option', () => {
    const result = validateRecord(annex1, { testDate: '2026-02-20', fpg: 6.4, westernDiagnosis: 'x'.repeat(10_000) }, context);
    const errors = result.ok ? [] : result.errors;
    expect(errors.map((e) => e.item)).toEqual(['westernDiagnosis']);
    expect(errors[0]!.message.length).toBeLessThan(60);
  });
});
