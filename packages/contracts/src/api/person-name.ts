import { z } from 'zod';

/** Letters and combining marks of any script, digits, spaces, `·` (as in 欧阳·娜娜), `-` and `.`. */
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{N} ·.-]+$/u;
const NAME_CHARACTERS_MESSAGE = '姓名只能包含文字、数字、空格及“·”“-”“.”';

/**
 * Combining marks one letter may carry after NFC. Vietnamese needs two (ệ), a Tibetan stack three
 * (རྒྱུ: two subjoined consonants and a vowel sign); more only stacks marks over a line ("Zalgo").
 */
export const MAX_MARKS_PER_LETTER = 3;
const MARKS_MESSAGE = '姓名中的附加符号过多';
/** A mark at the start, or after something that is not a letter, or too many marks on one letter. */
const STRAY_OR_STACKED_MARKS = new RegExp(`(?:^|[^\\p{L}\\p{M}])\\p{M}|\\p{M}{${MAX_MARKS_PER_LETTER + 1}}`, 'u');

/**
 * The scripts a name's letters are told apart by. Letters of a script not listed count as one more
 * script, "other"; letters of no script (Common, Inherited) count as none.
 */
const SCRIPTS =
  'Latin Han Cyrillic Greek Armenian Arabic Hebrew Hangul Hiragana Katakana Bopomofo Tibetan Mongolian Yi Thai Devanagari Cherokee'
    .split(' ')
    .map((name): [string, RegExp] => [name, new RegExp(`\\p{Script=${name}}`, 'u')]);
const NO_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;

/**
 * The script mixes a name may have, after Unicode's "highly restrictive" level (UTS #39 §5.2): one
 * script, or Han with Latin and the Japanese, Korean or Bopomofo scripts that are written with it.
 * A Latin name with a Cyrillic а ("аdmin") is refused: it looks like another name.
 */
const ALLOWED_MIXES: readonly ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];
const MIXED_SCRIPTS_MESSAGE = '姓名不能混用不同的文字（如拉丁字母与西里尔字母）';

export function scriptsOf(value: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of value) {
    if (!/\p{L}/u.test(char) || NO_SCRIPT.test(char)) continue;
    scripts.add(SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'other');
  }
  return scripts;
}

export function hasConfusableScriptMix(value: string): boolean {
  const scripts = scriptsOf(value);
  if (scripts.size <= 1) return false;
  return !ALLOWED_MIXES.some((allowed) => [...scripts].every((script) => allowed.has(script)));
}

/**
 * A person's name (doctor, patient, comparison member): NFC-normalised so that one name has one
 * spelling, with no control characters, line breaks or bidirectional overrides, no stacked marks and
 * no look-alike mix of scripts.
 */
export const personNameSchema = z
  .string({ message: '请输入姓名' })
  .trim()
  .normalize('NFC')
  .min(1, { message: '请输入姓名' })
  .max(50, { message: '姓名不能超过50个字符' })
  .regex(NAME_CHARACTERS, { message: NAME_CHARACTERS_MESSAGE })
  .refine((value) => /\p{L}/u.test(value), { message: '姓名须包含文字' })
  .refine((value) => !STRAY_OR_STACKED_MARKS.test(value), { message: MARKS_MESSAGE })
  .refine((value) => !hasConfusableScriptMix(value), { message: MIXED_SCRIPTS_MESSAGE });
