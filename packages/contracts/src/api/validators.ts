import { z } from 'zod';
import { parseResidentId } from '../clinical/resident-id';
import { isIsoDate } from '../instruments/dates';
import { EARLIEST_DATE, INT4_MAX, QUERY_DIGITS } from './query-values';
import { isStorableText, unstorableTextMessage } from './storable-text';

export { EARLIEST_DATE, INT4_MAX, isInputDate, queryIdValue } from './query-values';

/**
 * The shared input rules. Every input string of the API is built on `textSchema`, every id on
 * `idSchema` (query and path) or `bodyIdSchema` (JSON bodies), every date on `isoDateSchema`, so a
 * rule written here holds for every call. Messages are Chinese and name the field they are about.
 */

/** Chinese names of the fields the shared schemas are used for, so a message can name its field. */
const FIELD_LABELS: Record<string, string> = {
  id: '编号',
  institutionId: '机构编号',
  patientId: '患者编号',
  actorId: '操作人编号',
  entityId: '对象编号',
  consentDate: '知情同意日期',
  from: '开始日期',
  to: '结束日期',
  keyword: '搜索内容',
  name: '姓名',
  username: '账号',
  password: '密码',
  reason: '原因',
  page: '页码',
  limit: '每页条数',
  action: '操作类型',
  entity: '对象类型',
};

/**
 * How a message names a field: its Chinese label (or the schema's own word for it) followed by the
 * field's path, e.g. `机构编号（institutionId）`; just the word when the schema is used on its own.
 */
export function fieldLabel(path: readonly PropertyKey[] | undefined, fallback: string): string {
  if (!path || path.length === 0) return fallback;
  const last = path[path.length - 1];
  const label = typeof last === 'string' ? (FIELD_LABELS[last] ?? fallback) : fallback;
  return `${label}（${path.map(String).join('.')}）`;
}

export { isStorableText, unstorableTextMessage } from './storable-text';

interface Visit {
  value: unknown;
  key: PropertyKey;
  parent: Visit | null;
}

function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first value in parsed input (an object key counts as a string value) for which
 * `matches` holds, or null. Iterative, and each node links to its parent instead of copying its path,
 * so a body nested 100 000 deep costs linear time and no stack.
 */
export function findInInput(input: unknown, matches: (value: unknown) => boolean): PropertyKey[] | null {
  const pending: Visit[] = [{ value: input, key: '', parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop() as Visit;
    const { value } = visit;
    if (matches(value)) return pathOf(visit);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push({ value: value[i], key: i, parent: visit });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (const key of keys) if (matches(key)) return [...pathOf(visit), key];
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        pending.push({ value: (value as Record<string, unknown>)[key], key, parent: visit });
      }
    }
  }
  return null;
}

/** The path of the first string (value or object key) in parsed input that cannot be stored, or null. */
export function findUnstorableText(input: unknown): PropertyKey[] | null {
  return findInInput(input, (value) => typeof value === 'string' && !isStorableText(value));
}

/** A string that can be stored: the base of every input string schema. */
export function textSchema(requiredMessage?: string) {
  return z
    .string(requiredMessage ? { error: requiredMessage } : undefined)
    .refine(isStorableText, { error: (issue) => unstorableTextMessage(fieldLabel(issue.path, '内容')) });
}

/** A search keyword: trimmed, at most 50 characters. */
export const keywordSchema = textSchema().trim().max(50, { error: '搜索内容过长' });

/**
 * A whole number in a query string or path, where every value arrives as text: plain digits only
 * (no sign, blank, hex or exponent), then the number's own rules. JSON bodies use the number itself.
 */
export function queryInteger<T extends z.ZodType<number, number>>(
  schema: T,
  error: (issue: { path?: PropertyKey[]; input?: unknown }) => string,
) {
  return z.union([schema, z.string().regex(QUERY_DIGITS).transform(Number).pipe(schema)], { error });
}

const idError = (issue: { path?: PropertyKey[] }) => `${fieldLabel(issue.path, '编号')}应为 1 到 ${INT4_MAX} 之间的整数`;

/** A positive int4 id in a JSON body: a number, never a string or a boolean. */
export const bodyIdSchema = z
  .number({ error: idError })
  .int({ error: idError })
  .min(1, { error: idError })
  .max(INT4_MAX, { error: idError });

/** A positive int4 id as a query or path parameter. */
export const idSchema = queryInteger(bodyIdSchema, idError);

/** Mainland China mobile number (PRODUCT §2). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export const mobileSchema = z
  .string({ message: '请输入手机号' })
  .trim()
  .min(1, { message: '请输入手机号' })
  .regex(MOBILE_PATTERN, { message: '手机号格式不正确' });

export { personNameSchema } from './person-name';

/** A resident ID number per GB 11643; lower-case x is accepted and normalised to X. */
export const residentIdSchema = z
  .string({ message: '请输入身份证号' })
  .trim()
  .min(1, { message: '请输入身份证号' })
  .transform((value, ctx) => {
    const parsed = parseResidentId(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.value.normalized;
  });

/**
 * Common passwords refused at registration and reset (OWASP ASVS 2.1.7 asks for a breached-password
 * check; offline, a list of the most common ones that satisfy our composition rule is the next best).
 */
const COMMON_PASSWORDS = new Set([
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'qwerty123',
  'qwerty12',
  'qwe123456',
  'abc12345',
  'abcd1234',
  'abc123456',
  'a1234567',
  'a12345678',
  'a123456789',
  'aa123456',
  'aa12345678',
  '1qaz2wsx',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'zaq12wsx',
  'asd12345',
  'asdf1234',
  'qwer1234',
  '12345678a',
  '123456789a',
  '1234567a',
  'iloveyou1',
  'admin123',
  'admin1234',
  'admin12345',
  'welcome1',
  'letmein1',
  'woaini1314',
  'woaini520',
  'wang1234',
  'zhang123',
  'li123456',
  'test1234',
  'test12345',
  'doctor123',
  'sunshine1',
  'princess1',
  'football1',
  'monkey123',
  'dragon123',
  'baseball1',
  'master123',
  'hello123',
  'charlie1',
  'trustno1',
  'superman1',
  'michael1',
  'abcdefg1',
  'a1b2c3d4',
  'q1w2e3r4',
  'qazwsx123',
]);

export const passwordSchema = textSchema('请输入密码')
  .min(8, { message: '密码至少8位' })
  .max(64, { message: '密码不能超过64位' })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { message: '密码须同时包含字母和数字' })
  .refine((v) => !COMMON_PASSWORDS.has(v.toLowerCase()), { message: '密码过于常见，请换一个' });

export const smsCodeSchema = z
  .string({ message: '请输入验证码' })
  .trim()
  .regex(/^\d{6}$/, { message: '验证码为6位数字' });

const dateLabel = (issue: { path?: PropertyKey[] }) => fieldLabel(issue.path, '日期');

/** A calendar date written YYYY-MM-DD, from 1900-01-01. */
export const isoDateSchema = z
  .string({ error: (issue) => (issue.input === undefined ? `请输入${dateLabel(issue)}` : `${dateLabel(issue)}格式应为 YYYY-MM-DD`) })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: (issue) => `${dateLabel(issue)}格式应为 YYYY-MM-DD` })
  .refine((value) => value >= EARLIEST_DATE, { error: (issue) => `${dateLabel(issue)}不能早于 ${EARLIEST_DATE}` })
  .refine(isIsoDate, { error: (issue) => `${dateLabel(issue)}无效` });
