import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBody, registerBody } from './auth';
import { createComparativeBody } from './comparative';
import { pageBody, pageQuery } from './envelope';
import { exportQuery } from './exports';
import { enrolPatientBody, updateUserBody, userListBody } from './patient';
import {
  bodyIdSchema,
  EARLIEST_DATE,
  findUnstorableText,
  INT4_MAX,
  idSchema,
  isInputDate,
  isoDateSchema,
  isStorableText,
  personNameSchema,
  queryIdValue,
  textSchema,
} from './validators';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

// U+0000, a high surrogate without its low half, a low surrogate without its high half.
const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps paired ones (emoji, rare CJK)', () => {
    expect(isStorableText('张三')).toBe(true);
    expect(isStorableText('𠮷野家 😀')).toBe(true);
    expect(isStorableText(`a${NUL}b`)).toBe(false);
    expect(isStorableText(`a${LONE_HIGH}`)).toBe(false);
    expect(isStorableText(`${LONE_HIGH}b`)).toBe(false);
    expect(isStorableText(`${LONE_LOW}b`)).toBe(false);
    expect(isStorableText(`😀${LONE_LOW}`)).toBe(false);
  });

  it('finds the first unstorable string in nested input, keys included, with its path', () => {
    expect(findUnstorableText({ a: 1, b: ['ok', { c: `x${NUL}` }] })).toEqual(['b', 1, 'c']);
    expect(findUnstorableText({ [`k${LONE_LOW}`]: 1 })).toEqual([`k${LONE_LOW}`]);
    expect(findUnstorableText({ a: 'fine', b: [1, true, null] })).toBeNull();
    expect(findUnstorableText(`${NUL}`)).toEqual([]);
  });

  it('walks input nested 100 000 deep without recursion or copying paths', () => {
    let deep: unknown = `x${NUL}`;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toHaveLength(100_000);
    expect(findUnstorableText(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBeNull();
  });

  it('every text schema refuses them, naming the field in Chinese', () => {
    const schema = z.object({ keyword: textSchema().trim().max(50) });
    expect(firstMessage(schema.safeParse({ keyword: `张${NUL}` }))).toBe(
      '搜索内容（keyword）含有无法保存的字符（空字符或不成对的代理字符）',
    );
    expect(firstMessage(schema.safeParse({ keyword: `张${LONE_HIGH}` }))).toMatch(/^搜索内容（keyword）含有无法保存的字符/);
    expect(schema.safeParse({ keyword: '张三' }).success).toBe(true);
    expect(firstMessage(loginBody.safeParse({ username: `admin${NUL}`, password: 'x' }))).toMatch(/^账号（username）含有无法保存的字符/);
  });
});

describe('ids', () => {
  it('are bounded to PostgreSQL int4: 1 to 2147483647', () => {
    expect(INT4_MAX).toBe(2 ** 31 - 1);
    expect(idSchema.parse('2147483647')).toBe(2147483647);
    expect(idSchema.parse(1)).toBe(1);
    for (const bad of ['2147483648', '1099511627776', '0', '-1', 2 ** 31, 0, 1.5]) {
      expect(idSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(bodyIdSchema.parse(2147483647)).toBe(2147483647);
    expect(bodyIdSchema.safeParse(2147483648).success).toBe(false);
  });

  it('query and path ids parse plain digits only, never hex, blanks, exponents or booleans', () => {
    for (const bad of ['0x10', ' ', '', ' 12', '1e3', '12abc', true, null, [], {}]) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('JSON body ids and roles take numbers only: true, "0x10", " " and "12" are refused', () => {
    const base = { name: '张三', idNum: '11010519491231002X', tel_num: '13800000000', role: 0, institutionId: 1 };
    for (const bad of [true, '0x10', ' ', '12']) {
      expect(createComparativeBody.safeParse({ ...base, institutionId: bad }).success, `institutionId ${String(bad)}`).toBe(false);
      expect(createComparativeBody.safeParse({ ...base, role: bad }).success, `role ${String(bad)}`).toBe(false);
      expect(updateUserBody.safeParse({ id: bad }).success, `id ${String(bad)}`).toBe(false);
      expect(userListBody.safeParse({ institutionId: bad }).success, `list institutionId ${String(bad)}`).toBe(false);
      expect(userListBody.safeParse({ page: bad }).success, `page ${String(bad)}`).toBe(false);
    }
    expect(createComparativeBody.safeParse(base).success).toBe(true);
    expect(firstMessage(updateUserBody.safeParse({ id: '12' }))).toBe('编号（id）应为 1 到 2147483647 之间的整数');
    expect(firstMessage(registerBody.safeParse({ institutionId: true }))).toBeDefined();
  });

  it('names the field in the message', () => {
    const schema = z.object({ institutionId: idSchema, patientId: idSchema });
    expect(firstMessage(schema.safeParse({ institutionId: '2147483648', patientId: 1 }))).toBe(
      '机构编号（institutionId）应为 1 到 2147483647 之间的整数',
    );
    expect(firstMessage(schema.safeParse({ institutionId: 1, patientId: 'abc' }))).toBe(
      '患者编号（patientId）应为 1 到 2147483647 之间的整数',
    );
  });
});

describe('paging', () => {
  it('query strings parse digits, JSON bodies take numbers', () => {
    expect(pageQuery.parse({ page: '2', limit: '10' })).toEqual({ page: 2, limit: 10 });
    expect(pageQuery.safeParse({ page: '0x2' }).success).toBe(false);
    expect(pageBody.parse({ page: 2, limit: 10 })).toEqual({ page: 2, limit: 10 });
    expect(pageBody.safeParse({ page: '2' }).success).toBe(false);
    expect(firstMessage(pageBody.safeParse({ limit: 1000 }))).toBe('每页条数（limit）应为 1 到 100 之间的整数');
  });
});

describe('person names', () => {
  it('take letters, marks, digits, spaces, ·, - and .', () => {
    for (const good of ['张三', '欧阳·娜娜', 'Mary-Jane O.Neil', 'José Ñúñez', '阿依古丽·买买提', '李四2']) {
      expect(personNameSchema.safeParse(good).success, good).toBe(true);
    }
  });

  it('refuse control characters, line breaks, bidi overrides, NUL and symbols', () => {
    const bad = [
      '张\u0007三',
      '张\u001b[31m三',
      '张\r\n三',
      '张\n三',
      '\u202e三张',
      '张\u2066三',
      `张${NUL}三`,
      '张<b>',
      '张@三',
      '张\t三',
    ];
    for (const name of bad) {
      expect(firstMessage(personNameSchema.safeParse(name)), JSON.stringify(name)).toBe('姓名只能包含文字、数字、空格及“·”“-”“.”');
    }
    expect(personNameSchema.safeParse('---').success).toBe(false);
  });
});

describe('dates', () => {
  it(`start at ${EARLIEST_DATE}`, () => {
    expect(EARLIEST_DATE).toBe('1900-01-01');
    expect(isoDateSchema.safeParse('1900-01-01').success).toBe(true);
    expect(firstMessage(isoDateSchema.safeParse('1899-12-31'))).toBe('日期不能早于 1900-01-01');
    expect(firstMessage(z.object({ consentDate: isoDateSchema }).safeParse({ consentDate: '0001-01-01' }))).toBe(
      '知情同意日期（consentDate）不能早于 1900-01-01',
    );
    expect(isoDateSchema.safeParse('2025-02-30').success).toBe(false);
    const base = { name: '张三', idNum: '11010519491231002X', tel_num: '13800000000', institutionId: 1 };
    expect(enrolPatientBody.safeParse({ ...base, consentDate: '0001-01-01' }).success).toBe(false);
    expect(enrolPatientBody.safeParse({ ...base, consentDate: '2026-01-05' }).success).toBe(true);
  });

  it('export periods too', () => {
    expect(firstMessage(exportQuery.safeParse({ from: '1899-12-31' }))).toBe('开始日期（from）不能早于 1900-01-01');
    expect(exportQuery.safeParse({ from: '1900-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(exportQuery.safeParse({ institutionId: '0x10' }).success).toBe(false);
    expect(exportQuery.safeParse({ institutionId: '2147483648' }).success).toBe(false);
  });
});

describe('the schema-free id and date checks (screens that read their address without zod)', () => {
  it('accept the ids idSchema accepts, as the number it makes of them', () => {
    const cases: [string, number | null][] = [
      ['1', 1],
      ['0042', 42],
      ['2147483647', 2147483647],
      ['2147483648', null],
      ['0', null],
      ['-1', null],
      ['1.5', null],
      ['1e3', null],
      ['0x10', null],
      [' 12', null],
      ['', null],
      ['12abc', null],
      ['99999999999999999', null],
    ];
    for (const [text, id] of cases) {
      expect(queryIdValue(text), text).toBe(id);
      const parsed = idSchema.safeParse(text);
      expect(parsed.success ? parsed.data : null, `idSchema ${text}`).toBe(id);
    }
  });

  it('accept the dates isoDateSchema accepts', () => {
    const cases: [string, boolean][] = [
      ['2026-01-05', true],
      ['1900-01-01', true],
      ['2024-02-29', true],
      ['1899-12-31', false],
      ['2025-02-29', false],
      ['2026-13-01', false],
      ['2026-1-5', false],
      ['20260105', false],
      [' 2026-01-05', false],
      ['', false],
    ];
    for (const [text, valid] of cases) {
      expect(isInputDate(text), text).toBe(valid);
      expect(isoDateSchema.safeParse(text).success, `isoDateSchema ${text}`).toBe(valid);
    }
  });
});
