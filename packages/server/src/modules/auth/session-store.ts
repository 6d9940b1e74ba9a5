import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { SecurityConfig } from '../../config';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { accounts, sessions } from '../../db/schema';
import type { Actor } from '../../lib/context';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session from a client address and returns the opaque 256-bit token; only its hash is stored. */
export async function createSession(db: Db, accountId: number, now: Date, security: SecurityConfig, ip: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    accountId,
    ip,
    createdAt: now,
    lastSeenAt: now,
    absoluteExpiresAt: new Date(now.getTime() + security.sessionAbsoluteDays * 86_400_000),
  });
  return token;
}

/** Touching last_seen on every request would write on every read; once a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60_000;

/** The session check every authenticated request makes: one indexed read, prepared once per connection. */
const sessionByToken = preparedPerDb((db) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      id: accounts.id,
      role: accounts.role,
      name: accounts.name,
      username: accounts.username,
      institutionId: accounts.institutionId,
      isDisabled: accounts.isDisabled,
      registerStatus: accounts.registerStatus,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.endedAt)))
    .limit(1)
    .prepare('session_by_token'),
);

/**
 * The actor behind a token, or null when it is unknown, ended, idle too long or past its absolute life.
 * `isActivity` false (a background poll the client marks as such) checks the session without moving
 * its last_seen: a tab left open must still idle out.
 */
export async function resolveSession(db: Db, token: string, now: Date, security: SecurityConfig, isActivity = true): Promise<Actor | null> {
  const rows = await sessionByToken(db).execute({ tokenHash: hashToken(token) });
  const row = rows[0];
  if (!row) return null;
  const idleDeadline = row.lastSeenAt.getTime() + security.sessionIdleMinutes * 60_000;
  const expired = now.getTime() >= idleDeadline || now.getTime() >= row.absoluteExpiresAt.getTime();
  if (expired || row.isDisabled || row.registerStatus !== 'Approved') {
    await db
      .update(sessions)
      .set({ endedAt: now, endReason: expired ? 'expired' : 'account-unavailable' })
      .where(eq(sessions.id, row.sessionId));
    return null;
  }
  if (isActivity && now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.id,
    role: row.role,
    name: row.name,
    username: row.username,
    institutionId: row.institutionId,
    sessionId: row.sessionId,
  };
}

export async function endSession(db: Db, sessionId: number, now: Date, reason: string): Promise<void> {
  await db.update(sessions).set({ endedAt: now, endReason: reason }).where(eq(sessions.id, sessionId));
}

/** Ends every open session of an account (password reset, disabling a doctor). */
export async function endAllSessions(db: Db, accountId: number, now: Date, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.endedAt)));
}

/** Ends every open session of an account but one (a password change, "sign out other devices"). */
export async function endOtherSessions(db: Db, accountId: number, keepSessionId: number, now: Date, reason: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.endedAt), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** An account's live sessions, newest activity first: never the token or its hash. */
export async function listLiveSessions(db: Db, accountId: number, now: Date, security: SecurityConfig) {
  const idleSince = new Date(now.getTime() - security.sessionIdleMinutes * 60_000);
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip })
    .from(sessions)
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.endedAt),
        gt(sessions.lastSeenAt, idleSince),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}
