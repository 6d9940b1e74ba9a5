import { z } from 'zod';
import { bodyIdSchema, mobileSchema, passwordSchema, personNameSchema, smsCodeSchema, textSchema } from './validators';

export { AuthPaths } from './auth-paths';

export const registerStatusSchema = z.enum(['ToBeReviewed', 'Approved', 'Rejected']);
export type RegisterStatus = z.infer<typeof registerStatusSchema>;

export const accountRoleSchema = z.enum(['admin', 'doctor']);
export type AccountRole = z.infer<typeof accountRoleSchema>;

/** The signed-in person as the client sees them. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: accountRoleSchema,
  username: z.string(),
  institutionId: z.number().int().nullable(),
  institutionName: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginBody = z.object({
  username: textSchema('请输入账号').trim().min(1, { message: '请输入账号' }).max(64, { message: '账号过长' }),
  password: textSchema('请输入密码').min(1, { message: '请输入密码' }).max(128, { message: '密码过长' }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResult = z.object({
  token: z.string(),
  admin: z.boolean(),
  user: currentUserSchema,
});
export type LoginResult = z.infer<typeof loginResult>;

export const verificationPurposeSchema = z.enum(['register', 'resetPassword']);
export type VerificationPurpose = z.infer<typeof verificationPurposeSchema>;

export const getVerificationCodeQuery = z.object({
  mobile: mobileSchema,
  purpose: verificationPurposeSchema.default('register'),
});
export const getVerificationCodeResult = z.object({
  /** Seconds before another code may be requested for this mobile. */
  resendAfterSeconds: z.number().int(),
  /** Minutes the code stays valid. */
  validMinutes: z.number().int(),
});

export const checkIsRegisterQuery = z.object({ mobile: mobileSchema });
export const checkIsRegisterResult = z.object({ registered: z.boolean() });

export const registerBody = z.object({
  name: personNameSchema,
  mobile: mobileSchema,
  institutionId: bodyIdSchema,
  password: passwordSchema,
  code: smsCodeSchema,
});
export type RegisterBody = z.infer<typeof registerBody>;
export const registerResult = z.object({
  id: z.number().int(),
  registerStatus: registerStatusSchema,
});

export const changePasswordInput = z.object({
  mobile: mobileSchema,
  code: smsCodeSchema,
  password: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
