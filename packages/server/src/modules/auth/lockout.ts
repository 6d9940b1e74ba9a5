import { ResponseCode } from '@tcm/contracts';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { type Ctx, inTransaction } from '../../lib/context';
import { AppError } from '../../lib/errors';

/** The account fields a login attempt needs for the lockout decision and its audit row. */
export interface LoginAccount {
  id: number;
  role: 'admin' | 'doctor';
  institutionId: number | null;
}

function minutesUntil(from: Date, to: Date): number {
  return Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 60_000));
}

export function isLocked(lockedUntil: Date | null, now: Date): lockedUntil is Date {
  return lockedUntil !== null && lockedUntil > now;
}

export function lockedError(now: Date, lockedUntil: Date): AppError {
  return new AppError(ResponseCode.LOCKED, `密码错误次数过多，账号已锁定，请 ${minutesUntil(now, lockedUntil)} 分钟后再试`, 423);
}

/**
 * Reads the account's lockout fields with a row lock (SELECT … FOR UPDATE), so that concurrent
 * attempts on one account (parallel requests, or several server instances) decide one after the
 * other from the value the previous one committed. Without it every parallel attempt read the same
 * count before the slow password check and wrote back the same "count + 1".
 */
async function lockedRow(tx: Ctx, accountId: number) {
  const [row] = await tx.db
    .select({
      failedLoginCount: accounts.failedLoginCount,
      failedLoginWindowStart: accounts.failedLoginWindowStart,
      lockedUntil: accounts.lockedUntil,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  if (!row) throw new Error(`account ${accountId} vanished during login`);
  return row;
}

/**
 * Counts one wrong password and always throws: 401 while under the threshold, 423 for the attempt that
 * reaches it and for any attempt that finds the account already locked by a concurrent one. The count
 * and its audit row are committed before the error is thrown: failed attempts must count.
 */
export async function recordWrongPassword(ctx: Ctx, account: LoginAccount, wrongCredentials: string): Promise<never> {
  const { security } = ctx.config;
  const who = {
    entity: 'account',
    entityId: account.id,
    actorId: account.id,
    actorRole: account.role,
    institutionId: account.institutionId,
  };
  const outcome = await inTransaction(ctx, async (tx) => {
    const row = await lockedRow(tx, account.id);
    if (isLocked(row.lockedUntil, tx.now)) {
      await writeAudit(tx, { ...who, action: 'auth.login.failed', detail: { reason: 'wrong-password', alreadyLocked: true } });
      return { locks: false, lockedUntil: row.lockedUntil };
    }
    const windowStart = row.failedLoginWindowStart;
    const inWindow = windowStart !== null && tx.now.getTime() - windowStart.getTime() < security.lockoutWindowMinutes * 60_000;
    const failures = inWindow ? row.failedLoginCount + 1 : 1;
    const locks = failures >= security.lockoutThreshold;
    const lockedUntil = locks ? new Date(tx.now.getTime() + security.lockoutMinutes * 60_000) : row.lockedUntil;
    await tx.db
      .update(accounts)
      .set({
        failedLoginCount: locks ? 0 : failures,
        failedLoginWindowStart: locks ? null : inWindow ? windowStart : tx.now,
        lockedUntil,
      })
      .where(eq(accounts.id, account.id));
    await writeAudit(tx, {
      ...who,
      action: locks ? 'auth.login.locked' : 'auth.login.failed',
      detail: { reason: 'wrong-password', failures },
    });
    return { locks, lockedUntil };
  });
  if (outcome.locks) {
    throw new AppError(ResponseCode.LOCKED, `密码错误次数过多，账号已锁定 ${security.lockoutMinutes} 分钟`, 423);
  }
  if (isLocked(outcome.lockedUntil, ctx.now)) throw lockedError(ctx.now, outcome.lockedUntil);
  throw new AppError(ResponseCode.AUTH_FAILED, wrongCredentials, 401);
}

/**
 * Clears the failure count of a successful login inside its transaction, unless a concurrent attempt
 * locked the account after this one read it: the lock decided at the row wins over a password checked
 * before it was set.
 */
export async function clearFailuresUnlessLocked(tx: Ctx, accountId: number): Promise<void> {
  const row = await lockedRow(tx, accountId);
  if (isLocked(row.lockedUntil, tx.now)) throw lockedError(tx.now, row.lockedUntil);
  await tx.db
    .update(accounts)
    .set({ failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null })
    .where(eq(accounts.id, accountId));
}
