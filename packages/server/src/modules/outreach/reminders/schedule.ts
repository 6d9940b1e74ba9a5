import type { ReminderRunResult, ReminderSkipReason } from '@tcm/contracts';
import type { Db } from '../../../db/client';
import { markLongOverdueLost } from '../../../db/queries/outreach';
import { candidateMobile, type NewReminder, queueReminders, reminderCandidates } from '../../../db/queries/reminders';
import { writeAudit } from '../../../lib/audit';
import type { Ctx } from '../../../lib/context';
import type { Keyring } from '../../../lib/crypto';
import { isoDate } from '../../../lib/dates';
import { nextSendMoment } from './quiet-hours';
import { reminderText } from './templates';

/** A queued reminder for the job queue to deliver, not before `startAfter` (the sending hours). */
const QUEUE_BATCH = 500;

export interface QueuedReminder {
  outboxId: number;
  startAfter: Date;
}

export interface ScheduleDeps {
  db: Db;
  /** The clock: the queue's job passes the time it runs, tests any moment. */
  now: Date;
  timeZone: string;
  keyring: Keyring;
  providerName: string;
  /** Hands the new reminders to the job queue (modules/outreach/reminders/queue.ts). */
  enqueue: (reminders: QueuedReminder[]) => Promise<void>;
  /** Audit rows of the status changes the daily rule makes: a request's context, or a system one. */
  audit: Pick<Ctx, 'requestId' | 'ip' | 'actor'>;
}

/** The clinics' calendar day of `now` (config TZ). */
export function localDay(now: Date, timeZone: string): string {
  return isoDate(new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now));
}

/**
 * The schedule, one code path for the queue's periodic job and POST /api/outreach/reminders/run: the
 * lost-to-follow-up rule for long-overdue patients, then a reminder queued for every patient whose due
 * date puts today in a reminder window, unless skipped (no consent, not active, reminders switched off
 * for the institution, a reminder in the last 7 days, this one already queued). Queuing is idempotent
 * (sms_outbox's unique key), so running it twice, or on two instances at once, queues nothing new.
 */
export async function runReminderSchedule(deps: ScheduleDeps): Promise<ReminderRunResult> {
  const today = localDay(deps.now, deps.timeZone);
  const lost = await markLongOverdueLost(deps.db, today);
  for (const patient of lost) {
    await writeAudit({ ...deps.audit, db: deps.db } as Ctx, {
      action: 'outreach.status',
      entity: 'patient',
      entityId: patient.id,
      institutionId: patient.institutionId,
      actorRole: deps.audit.actor?.role ?? 'system',
      detail: { before: 'active', after: 'lostToFollowUp', rule: 'overdueWithoutContact' },
    });
  }
  const skipped: Partial<Record<ReminderSkipReason, number>> = {};
  const skip = (reason: ReminderSkipReason) => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const startAfter = nextSendMoment(deps.now, deps.timeZone);
  const candidates = await reminderCandidates(deps.db, today, deps.now);
  const wanted: NewReminder[] = [];
  const planned = new Set<number>();
  for (const c of candidates) {
    if (c.alreadyQueued) skip('alreadyQueued');
    else if (!c.active) skip('inactive');
    else if (!c.smsConsent) skip('noConsent');
    else if (!c.remindersEnabled) skip('remindersOff');
    else if (c.recentReminder || planned.has(c.patientId)) skip('recentReminder');
    else {
      planned.add(c.patientId);
      wanted.push({
        patientId: c.patientId,
        kind: c.kind,
        dueDate: c.dueDate,
        mobile: candidateMobile(deps.keyring, c),
        text: reminderText(c.kind, { institution: c.institutionName, name: c.name, dueDate: c.dueDate }),
        provider: deps.providerName,
        // The schedule's clock, which the 7-day spacing compares with.
        createdAt: deps.now,
      });
    }
  }
  const queued: QueuedReminder[] = [];
  // In batches: one statement (and one commit) per QUEUE_BATCH reminders instead of one per reminder.
  for (let i = 0; i < wanted.length; i += QUEUE_BATCH) {
    const batch = wanted.slice(i, i + QUEUE_BATCH);
    const inserted = await queueReminders(deps.db, batch);
    // Queued meanwhile by another instance: the unique key kept this one out.
    for (let n = inserted.length; n < batch.length; n++) skip('alreadyQueued');
    queued.push(...inserted.map((row) => ({ outboxId: row.id, startAfter })));
  }
  if (queued.length > 0) await deps.enqueue(queued);
  return { queued: queued.length, skipped };
}
