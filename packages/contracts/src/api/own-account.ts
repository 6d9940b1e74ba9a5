import { z } from 'zod';
import { passwordSchema, textSchema } from './validators';

// A signed-in person's own account calls (auth-paths.ts names their paths). Apart from auth.ts so
// that the screens which load the sign-in schemas do not load these too.

export const changeOwnPasswordBody = z
  .object({
    oldPassword: textSchema('请输入原密码').min(1, { message: '请输入原密码' }).max(128, { message: '密码过长' }),
    newPassword: passwordSchema,
  })
  .refine((body) => body.oldPassword !== body.newPassword, { message: '新密码不能与原密码相同', path: ['newPassword'] });
export type ChangeOwnPasswordBody = z.infer<typeof changeOwnPasswordBody>;

/** One live session of the signed-in account. The token and its hash never leave the server. */
export const ownSessionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The client address at sign-in as the server saw it; null for sessions opened before it was kept. */
  address: z.string().nullable(),
  /** Whether this is the session making the call. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;
export const ownSessionsResult = z.object({ list: z.array(ownSessionSchema) });
export type OwnSessionsResult = z.infer<typeof ownSessionsResult>;
export const revokeOtherSessionsResult = z.object({ revoked: z.number().int() });
export type RevokeOtherSessionsResult = z.infer<typeof revokeOtherSessionsResult>;
