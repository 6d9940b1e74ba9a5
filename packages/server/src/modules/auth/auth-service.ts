import {
  type ChangePasswordInput,
  type LoginBody,
  type LoginResult,
  type RegisterBody,
  ResponseCode,
  type VerificationPurpose,
} from '@tcm/contracts';
import { eq } from 'drizzle-orm';
import { accounts, institutions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { type Ctx, inTransaction, requireActor, type ServiceCall } from '../../lib/context';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { loadCurrentUser } from './account-view';
import { clearAllFailures, clearFailuresUnlessLocked, recordWrongPassword, refuseIfThrottled } from './lockout';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { createSession, endAllSessions, endSession } from './session-store';
import { consumeCode, issueCode } from './verification-codes';

const WRONG_CREDENTIALS = '账号或密码错误';

async function findAccountByUsername(ctx: Ctx, username: string) {
  const [row] = await ctx.db.select().from(accounts).where(eq(accounts.username, username)).limit(1);
  return row;
}

export async function login({ ctx, input }: ServiceCall<LoginBody>): Promise<LoginResult> {
  const { security } = ctx.config;
  const account = await findAccountByUsername(ctx, input.username);
  const subject = { username: input.username, source: ctx.ip, account: account ?? null };
  // Refused before the slow password check; an attempt that passes it is decided again under the
  // throttle rows' lock (lockout.ts), where concurrent attempts see each other's count. A name no
  // account has goes through the same steps, so the answers do not tell which names exist.
  await refuseIfThrottled(ctx, subject);
  const passwordOk = account
    ? await verifyPassword(account.passwordHash, input.password)
    : await verifyAgainstDummy(input.password, security);
  if (!account || !passwordOk) return recordWrongPassword(ctx, subject, WRONG_CREDENTIALS);
  if (account.registerStatus === 'ToBeReviewed') {
    throw new AppError(ResponseCode.FORBIDDEN, '您的注册申请正在审核中，审核结果将通过短信通知您', 403);
  }
  if (account.registerStatus === 'Rejected') {
    const reason = account.rejectReason ? `：${account.rejectReason}` : '';
    throw new AppError(ResponseCode.FORBIDDEN, `您的注册申请未通过审核${reason}。您可以修改信息后重新注册`, 403);
  }
  if (account.isDisabled) throw new AppError(ResponseCode.FORBIDDEN, '账号已停用，请联系管理员', 403);

  return inTransaction(ctx, async (tx) => {
    await clearFailuresUnlessLocked(tx, subject);
    const token = await createSession(tx.db, account.id, tx.now, security, tx.ip);
    await writeAudit(tx, {
      action: 'auth.login',
      entity: 'account',
      entityId: account.id,
      actorId: account.id,
      actorRole: account.role,
      institutionId: account.institutionId,
    });
    const user = await loadCurrentUser(tx.db, account.id);
    return { token, admin: account.role === 'admin', user };
  });
}

export async function logout({ ctx }: ServiceCall<void>): Promise<void> {
  const actor = requireActor(ctx);
  await inTransaction(ctx, async (tx) => {
    await endSession(tx.db, actor.sessionId, tx.now, 'logout');
    await writeAudit(tx, { action: 'auth.logout', entity: 'account', entityId: actor.id });
  });
}

async function isMobileRegistered(ctx: Ctx, mobile: string): Promise<boolean> {
  const account = await findAccountByUsername(ctx, mobile);
  return Boolean(account && account.registerStatus !== 'Rejected');
}

export async function checkIsRegister({ ctx, input }: ServiceCall<{ mobile: string }>) {
  return { registered: await isMobileRegistered(ctx, input.mobile) };
}

export async function sendVerificationCode({ ctx, input }: ServiceCall<{ mobile: string; purpose: VerificationPurpose }>) {
  const registered = await isMobileRegistered(ctx, input.mobile);
  if (input.purpose === 'register' && registered) throw conflict('该手机号已注册，请直接登录或找回密码');
  if (input.purpose === 'resetPassword' && !registered) throw badRequest('该手机号尚未注册');
  return issueCode(ctx, input.mobile, input.purpose);
}

export async function register({ ctx, input }: ServiceCall<RegisterBody>) {
  const [institution] = await ctx.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, input.institutionId));
  if (!institution) throw badRequest('所选社区不存在');
  const existing = await findAccountByUsername(ctx, input.mobile);
  if (existing && existing.registerStatus !== 'Rejected') throw conflict('该手机号已注册，请直接登录或找回密码');
  await consumeCode(ctx, input.mobile, 'register', input.code);
  const passwordHash = await hashPassword(input.password, ctx.config.security);
  return inTransaction(ctx, async (tx) => {
    const values = {
      role: 'doctor' as const,
      username: input.mobile,
      mobile: input.mobile,
      name: input.name,
      institutionId: input.institutionId,
      passwordHash,
      registerStatus: 'ToBeReviewed' as const,
      rejectReason: null,
      reviewedAt: null,
      reviewedBy: null,
      updatedAt: tx.now,
    };
    // A rejected doctor may register again: the same account goes back to review.
    const [row] = existing
      ? await tx.db.update(accounts).set(values).where(eq(accounts.id, existing.id)).returning()
      : await tx.db.insert(accounts).values(values).returning();
    if (!row) throw new Error('account insert returned nothing');
    await writeAudit(tx, {
      action: existing ? 'account.reregister' : 'account.register',
      entity: 'account',
      entityId: row.id,
      actorId: row.id,
      actorRole: 'doctor',
      institutionId: row.institutionId,
      detail: { name: row.name, institutionId: row.institutionId },
    });
    return { id: row.id, registerStatus: row.registerStatus };
  });
}

export async function changePasswordByCode({ ctx, input }: ServiceCall<ChangePasswordInput>) {
  const account = await findAccountByUsername(ctx, input.mobile);
  if (!account || account.registerStatus === 'Rejected') throw badRequest('该手机号尚未注册');
  await consumeCode(ctx, input.mobile, 'resetPassword', input.code);
  const passwordHash = await hashPassword(input.password, ctx.config.security);
  await inTransaction(ctx, async (tx) => {
    await tx.db.update(accounts).set({ passwordHash, updatedAt: tx.now }).where(eq(accounts.id, account.id));
    await clearAllFailures(tx, account.username);
    await endAllSessions(tx.db, account.id, tx.now, 'password-reset');
    await writeAudit(tx, {
      action: 'auth.password.reset',
      entity: 'account',
      entityId: account.id,
      actorId: account.id,
      actorRole: account.role,
      institutionId: account.institutionId,
    });
  });
  return {};
}

export async function currentUser({ ctx }: ServiceCall<void>) {
  return loadCurrentUser(ctx.db, requireActor(ctx).id);
}
