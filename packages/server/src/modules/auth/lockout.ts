import { ResponseCode } from '@tcm/contracts';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { loginThrottle, sessions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { type Ctx, inTransaction } from '../../lib/context';
import { AppError } from '../../lib/errors';

/** The row of a login name that counts the failures of every source. */
const EVERY_SOURCE = '';
/** An address this account signed in from within these days is its owner's: it is not slowed down. */
const KNOWN_SOURCE_DAYS = 30;

/** The account fields a refused attempt needs for its audit row; null when no account has the name. */
export interface LoginAccount {
  id: number;
  role: 'admin' | 'doctor';
  institutionId: number | null;
}

/** Who is trying: a login name (whether or not an account has it) from a client address. */
export interface LoginSubject {
  username: string;
  source: string;
  account: LoginAccount | null;
}

type ThrottleRow = typeof loginThrottle.$inferSelect;

function isBlocked(blockedUntil: Date | null, now: Date): blockedUntil is Date {
  return blockedUntil !== null && blockedUntil > now;
}

function lockedError(now: Date, until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError(ResponseCode.LOCKED, `密码错误次数过多，请 ${minutes} 分钟后再试`, 423);
}

function slowDownError(now: Date, until: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(ResponseCode.TOO_MANY_REQUESTS, `登录尝试过于频繁，请 ${seconds} 秒后再试`, 429);
}

/** The wait after the n-th failure of a name from every source: none below the threshold, then 1, 2, 4 … s up to the cap. */
export function slowDownSeconds(failures: number, threshold: number, maxSeconds: number): number {
  if (failures < threshold) return 0;
  return Math.min(maxSeconds, 2 ** Math.min(failures - threshold, 30));
}

async function rowsOf(ctx: Ctx, subject: LoginSubject, forUpdate: boolean) {
  const query = ctx.db
    .select()
    .from(loginThrottle)
    .where(and(eq(loginThrottle.username, subject.username), inArray(loginThrottle.source, [EVERY_SOURCE, subject.source])))
    .orderBy(loginThrottle.source);
  const rows: ThrottleRow[] = forUpdate ? await query.for('update') : await query;
  return {
    everySource: rows.find((r) => r.source === EVERY_SOURCE),
    thisSource: subject.source === EVERY_SOURCE ? undefined : rows.find((r) => r.source === subject.source),
  };
}

async function isKnownSource(ctx: Ctx, subject: LoginSubject): Promise<boolean> {
  if (!subject.account) return false;
  const since = new Date(ctx.now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000);
  const [row] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.accountId, subject.account.id), eq(sessions.ip, subject.source), gt(sessions.createdAt, since)))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row !== undefined;
}

/**
 * Refuses an attempt before the slow password check: 423 when this source is locked out of the name,
 * 429 while the name is slowed down (unless the account signed in from this address before). Known
 * and unknown names are counted and answered alike.
 */
export async function refuseIfThrottled(ctx: Ctx, subject: LoginSubject): Promise<void> {
  const { everySource, thisSource } = await rowsOf(ctx, subject, false);
  if (thisSource && isBlocked(thisSource.blockedUntil, ctx.now)) throw lockedError(ctx.now, thisSource.blockedUntil);
  if (everySource && isBlocked(everySource.blockedUntil, ctx.now) && !(await isKnownSource(ctx, subject))) {
    throw slowDownError(ctx.now, everySource.blockedUntil);
  }
}

/**
 * Counts one wrong password and always throws: 401 under the threshold, 423 for the attempt that
 * reaches it from this source and for any that finds the source locked by a concurrent one. The rows
 * are read under a row lock (SELECT … FOR UPDATE), so parallel attempts on several instances count one
 * after the other, and committed before the error: failed attempts must count.
 */
export async function recordWrongPassword(ctx: Ctx, subject: LoginSubject, wrongCredentials: string): Promise<never> {
  const { security } = ctx.config;
  const windowMs = security.lockoutWindowMinutes * 60_000;
  const who = subject.account
    ? {
        entity: 'account',
        entityId: subject.account.id,
        actorId: subject.account.id,
        actorRole: subject.account.role,
        institutionId: subject.account.institutionId,
      }
    : { entity: 'account' };
  const reason = subject.account ? 'wrong-password' : 'unknown-username';
  const outcome = await inTransaction(ctx, async (tx) => {
    const { now } = tx;
    await pruneStaleRows(tx, subject.source, windowMs);
    // Creates the two rows or, when they exist, locks them (the no-op update takes the row lock) in
    // one statement, in the same order in every attempt.
    const fresh = { username: subject.username, failures: 0, windowStart: now, lastFailureAt: now };
    const rows = await tx.db
      .insert(loginThrottle)
      .values([
        { ...fresh, source: EVERY_SOURCE },
        { ...fresh, source: subject.source },
      ])
      .onConflictDoUpdate({ target: [loginThrottle.username, loginThrottle.source], set: { failures: sql`${loginThrottle.failures}` } })
      .returning();
    const everySource = rows.find((r) => r.source === EVERY_SOURCE);
    const thisSource = rows.find((r) => r.source === subject.source);
    if (!everySource || !thisSource) throw new Error('login_throttle upsert returned no row');
    if (isBlocked(thisSource.blockedUntil, now)) {
      await writeAudit(tx, { ...who, action: 'auth.login.failed', detail: { reason, alreadyLocked: true } });
      return { locks: false, lockedUntil: thisSource.blockedUntil };
    }
    const inWindow = now.getTime() - thisSource.windowStart.getTime() < windowMs && thisSource.failures > 0;
    const failures = inWindow ? thisSource.failures + 1 : 1;
    const locks = failures >= security.lockoutThreshold;
    const lockedUntil = locks ? new Date(now.getTime() + security.lockoutMinutes * 60_000) : null;
    await tx.db
      .update(loginThrottle)
      .set({
        failures: locks ? 0 : failures,
        windowStart: inWindow ? thisSource.windowStart : now,
        lastFailureAt: now,
        blockedUntil: lockedUntil,
      })
      .where(and(eq(loginThrottle.username, subject.username), eq(loginThrottle.source, subject.source)));
    // Every source together: a growing delay, never a lock, so the owner can still get in.
    const recent = everySource.failures > 0 && now.getTime() - everySource.lastFailureAt.getTime() < windowMs;
    const total = recent ? everySource.failures + 1 : 1;
    const delay = slowDownSeconds(total, security.lockoutThreshold, security.loginSlowDownMaxSeconds);
    await tx.db
      .update(loginThrottle)
      .set({
        failures: total,
        windowStart: recent ? everySource.windowStart : now,
        lastFailureAt: now,
        blockedUntil: delay > 0 ? new Date(now.getTime() + delay * 1000) : null,
      })
      .where(and(eq(loginThrottle.username, subject.username), eq(loginThrottle.source, EVERY_SOURCE)));
    await writeAudit(tx, { ...who, action: locks ? 'auth.login.locked' : 'auth.login.failed', detail: { reason, failures, total } });
    return { locks, lockedUntil };
  });
  if (outcome.locks) throw new AppError(ResponseCode.LOCKED, `密码错误次数过多，请 ${security.lockoutMinutes} 分钟后再试`, 423);
  if (isBlocked(outcome.lockedUntil, ctx.now)) throw lockedError(ctx.now, outcome.lockedUntil);
  throw new AppError(ResponseCode.AUTH_FAILED, wrongCredentials, 401);
}

/**
 * Deletes up to 100 rows of this source, and of every source, that neither count nor block any more,
 * so that names tried once do not pile up. Rows another attempt holds are skipped, never waited for.
 */
async function pruneStaleRows(tx: Ctx, source: string, windowMs: number): Promise<void> {
  const stale = new Date(tx.now.getTime() - windowMs);
  await tx.db.execute(sql`
    delete from ${loginThrottle} where (username, source) in (
      select username, source from ${loginThrottle}
      where source in (${EVERY_SOURCE}, ${source}) and last_failure_at < ${stale.toISOString()}::timestamptz
        and (blocked_until is null or blocked_until < ${tx.now.toISOString()}::timestamptz)
      limit 100 for update skip locked)`);
}

/**
 * After a right password, inside its transaction: refuses it when a concurrent attempt locked this
 * source after the early check (the lock decided at the row wins), else forgets the name's failures
 * from this source and from every source.
 */
export async function clearFailuresUnlessLocked(tx: Ctx, subject: LoginSubject): Promise<void> {
  const { thisSource } = await rowsOf(tx, subject, true);
  if (thisSource && isBlocked(thisSource.blockedUntil, tx.now)) throw lockedError(tx.now, thisSource.blockedUntil);
  await tx.db
    .delete(loginThrottle)
    .where(and(eq(loginThrottle.username, subject.username), inArray(loginThrottle.source, [EVERY_SOURCE, subject.source])));
}

/** Forgets every failure counted against a name (its owner proved who they are with an SMS code). */
export async function clearAllFailures(tx: Ctx, username: string): Promise<void> {
  await tx.db.delete(loginThrottle).where(eq(loginThrottle.username, username));
}
