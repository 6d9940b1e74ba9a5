import { z } from 'zod';
import { parseResidentId } from '../clinical/resident-id';

/** Mainland China mobile number (PRODUCT §2). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export const mobileSchema = z
  .string({ message: '请输入手机号' })
  .trim()
  .min(1, { message: '请输入手机号' })
  .regex(MOBILE_PATTERN, { message: '手机号格式不正确' });

export const personNameSchema = z
  .string({ message: '请输入姓名' })
  .trim()
  .min(1, { message: '请输入姓名' })
  .max(50, { message: '姓名不能超过50个字符' });

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

export const passwordSchema = z
  .string({ message: '请输入密码' })
  .min(8, { message: '密码至少8位' })
  .max(64, { message: '密码不能超过64位' })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { message: '密码须同时包含字母和数字' })
  .refine((v) => !COMMON_PASSWORDS.has(v.toLowerCase()), { message: '密码过于常见，请换一个' });

export const smsCodeSchema = z
  .string({ message: '请输入验证码' })
  .trim()
  .regex(/^\d{6}$/, { message: '验证码为6位数字' });

/** A positive integer id, as a query or path parameter. */
export const idSchema = z.coerce
  .number({ message: 'id 必须是数字' })
  .int({ message: 'id 必须是整数' })
  .positive({ message: 'id 必须是正整数' });

/** A calendar date written YYYY-MM-DD. */
export const isoDateSchema = z
  .string({ message: '请输入日期' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: '日期格式应为 YYYY-MM-DD' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: '日期无效',
  });
