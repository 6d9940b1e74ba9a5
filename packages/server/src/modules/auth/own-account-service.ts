import type { ChangeOwnPasswordBody, OwnSessionsResult, RevokeOtherSessionsResult } from '@tcm/contracts';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { inTransaction, requireActor, type ServiceCall } from '../../lib/context';
import { clearFailuresUnlessLocked, recordWrongPassword, refuseIfThrottled } from './lockout';
import { hashPassword, verifyPassword } from './passwords';
import { endOtherSessions, listLiveSessions } from './session-store';

const WRONG_OLD_PASSWORD = '原密码不正确';

/**
 * A signed-in user changes their own password (every role, the admin included, who has no mobile for
 * the SMS reset). A wrong old password counts toward the same lockout as a wrong login; on success
 * every other session of the account ends, the current one stays.
 */
export async function changeOwnPassword({ ctx, input }: ServiceCall<ChangeOwnPasswordBody>): Promise<Record<string, never>> {
  const actor = requireActor(ctx);
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, actor.id)).limit(1);
  if (!account) throw new Error(`account ${actor.id} of a live session vanished`);
  const subject = {
    username: account.username,
    source: ctx.ip,
    account: { id: account.id, role: account.role, institutionId: account.institutionId },
  };
  await refuseIfThrottled(ctx, subject);
  if (!(await verifyPassword(account.passwordHash, input.oldPassword))) await recordWrongPassword(ctx, subject, WRONG_OLD_PASSWORD);
  const passwordHash = await hashPassword(input.newPassword, ctx.config.security);
  await inTransaction(ctx, async (tx) => {
    await clearFailuresUnlessLocked(tx, subject);
    await tx.db.update(accounts).set({ passwordHash, updatedAt: tx.now }).where(eq(accounts.id, account.id));
    const ended = await endOtherSessions(tx.db, account.id, actor.sessionId, tx.now, 'password-change');
    await writeAudit(tx, { action: 'auth.password.change', entity: 'account', entityId: account.id, detail: { endedSessions: ended } });
  });
  return {};
}

/** The caller's own live sessions: when each began and was last active, from which address, which is this one. */
export async function listOwnSessions({ ctx }: ServiceCall<void>): Promise<OwnSessionsResult> {
  const actor = requireActor(ctx);
  const rows = await listLiveSessions(ctx.db, actor.id, ctx.now, ctx.config.security);
  return {
    list: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      address: row.ip,
      current: row.id === actor.sessionId,
    })),
  };
}

/** Ends every session of the caller's account but the one making the call. */
export async function revokeOtherSessions({ ctx }: ServiceCall<void>): Promise<RevokeOtherSessionsResult> {
  const actor = requireActor(ctx);
  return inTransaction(ctx, async (tx) => {
    const revoked = await endOtherSessions(tx.db, actor.id, actor.sessionId, tx.now, 'revoked-by-owner');
    await writeAudit(tx, { action: 'auth.sessions.revokeOthers', entity: 'account', entityId: actor.id, detail: { revoked } });
    return { revoked };
  });
}
