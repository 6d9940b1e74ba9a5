import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reminderCancelReason } from '../../../db/queries/reminders';
import { smsOutbox } from '../../../db/schema';
import type { SmsProvider } from '../../../sms/sms-sender';
import { nextSendMoment } from './quiet-hours';

/** A failed send is tried this many times in all (the queue's retries, with back-off), then marked failed. */
export const MAX_SEND_ATTEMPTS = 4;

export type DeliveryOutcome =
  /** The provider took it. */
  | { outcome: 'sent' }
  /** Sent, failed or cancelled before: another worker or instance had it. Nothing done. */
  | { outcome: 'done' }
  /** Outside the sending hours: deliver again at `startAfter`. */
  | { outcome: 'deferred'; startAfter: Date }
  /** No longer wanted (consent withdrawn, inactive, due date met…): marked failed with the reason. */
  | { outcome: 'cancelled'; reason: string }
  /** The provider refused; the queue retries. */
  | { outcome: 'retry'; error: string }
  /** The provider refused the last allowed time: marked failed. */
  | { outcome: 'failed'; error: string };

/**
 * Delivers one queued reminder. The row is locked (FOR UPDATE SKIP LOCKED) for the whole attempt, so
 * two workers or two instances given the same reminder send it once: the second finds it locked or no
 * longer queued. The conditions are checked again, because a visit, a withdrawal or a status change
 * may have come since it was queued.
 */
export async function deliverReminder(
  db: Db,
  provider: SmsProvider,
  outboxId: number,
  clock: { now: Date; timeZone: string },
): Promise<DeliveryOutcome> {
  const startAfter = nextSendMoment(clock.now, clock.timeZone);
  if (startAfter.getTime() !== clock.now.getTime()) return { outcome: 'deferred', startAfter };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.id, outboxId), eq(smsOutbox.status, 'queued')))
      .for('update', { skipLocked: true });
    if (!row || row.patientId === null || row.dueDate === null) return { outcome: 'done' } as const;
    const reason = await reminderCancelReason(tx as unknown as Db, row.patientId, row.dueDate);
    if (reason) {
      await tx
        .update(smsOutbox)
        .set({ status: 'failed', providerAnswer: `cancelled: ${reason}` })
        .where(eq(smsOutbox.id, row.id));
      return { outcome: 'cancelled', reason } as const;
    }
    const attempts = row.attempts + 1;
    try {
      await provider.deliver({ mobile: row.mobile, text: row.text });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const last = attempts >= MAX_SEND_ATTEMPTS;
      await tx
        .update(smsOutbox)
        .set({ attempts, providerAnswer: message, error: message, ...(last ? { status: 'failed' as const } : {}) })
        .where(eq(smsOutbox.id, row.id));
      return last ? ({ outcome: 'failed', error: message } as const) : ({ outcome: 'retry', error: message } as const);
    }
    await tx
      .update(smsOutbox)
      .set({
        status: 'sent',
        attempts,
        providerAnswer: 'ok',
        provider: provider.name,
        sentAt: sql`${clock.now.toISOString()}::timestamptz`,
      })
      .where(eq(smsOutbox.id, row.id));
    return { outcome: 'sent' } as const;
  });
}
