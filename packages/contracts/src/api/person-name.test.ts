import { describe, expect, it } from 'vitest';
import { hasConfusableScriptMix, personNameSchema } from './person-name';

function messageOf(value: string): string | undefined {
  const parsed = personNameSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('person names: one spelling, no stacked marks, no look-alike scripts', () => {
  it('stores the NFC form, so a decomposed é and a precomposed é are one name', () => {
    const decomposed = 'Jose\u0301 Nu\u0301n\u0303ez';
    const parsed = personNameSchema.parse(decomposed);
    expect(parsed).toBe('José Núñez');
    expect(parsed).toBe(personNameSchema.parse('José Núñez'));
    expect(parsed.length).toBe(10);
  });

  it('keeps the marks real names need: Vietnamese, Tibetan stacks, Uyghur, Devanagari', () => {
    for (const good of ['Nguyễn Thị Ệ', 'Ngu\u0323\u0302y', 'རྒྱུ', 'ئەخمەت', 'देवनागरी', '阿依古丽·买买提']) {
      expect(messageOf(good), good).toBeUndefined();
    }
  });

  it('refuses 48 combining marks on a letter, four on one letter, and a mark on no letter', () => {
    const zalgo = `张${'\u0301'.repeat(48)}三`;
    expect(zalgo).toHaveLength(50);
    expect(messageOf(zalgo)).toBe('姓名中的附加符号过多');
    expect(messageOf('x\u0300\u0301\u0302\u0303b')).toBe('姓名中的附加符号过多');
    expect(messageOf('x\u0300\u0301\u0302b')).toBeUndefined();
    expect(messageOf('\u0301张三')).toBe('姓名中的附加符号过多');
    expect(messageOf('张 \u0301三')).toBe('姓名中的附加符号过多');
    expect(messageOf('李四2\u0301')).toBe('姓名中的附加符号过多');
  });

  it('refuses a Latin name with a Cyrillic or Greek look-alike letter', () => {
    expect(messageOf('\u0430dmin')).toBe('姓名不能混用不同的文字（如拉丁字母与西里尔字母）');
    expect(messageOf('J\u043ehn Smith')).toBe('姓名不能混用不同的文字（如拉丁字母与西里尔字母）');
    expect(messageOf('M\u03bfrgan')).toBe('姓名不能混用不同的文字（如拉丁字母与西里尔字母）');
    expect(messageOf('张三\u0430')).toBe('姓名不能混用不同的文字（如拉丁字母与西里尔字母）');
  });

  it('accepts one script, and Han with Latin, kana, Hangul or Bopomofo', () => {
    for (const good of ['Иван Петров', 'Γιώργος', '张三', 'Mary-Jane O.Neil', '李A', '山田たろう', '김민준', '李ㄅ']) {
      expect(messageOf(good), good).toBeUndefined();
    }
    expect(hasConfusableScriptMix('김민준たろう')).toBe(true);
    expect(hasConfusableScriptMix('ئەخمەت Ahmet')).toBe(true);
  });
});
