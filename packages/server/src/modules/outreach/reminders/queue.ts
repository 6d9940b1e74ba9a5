import PgBoss from 'pg-boss';
import type { Database } from '../../../db/client';
import { orphanedReminders } from '../../../db/queries/reminders';
import type { Keyring } from '../../../lib/crypto';
import type { SmsProvider } from '../../../sms/sms-sender';
import { deliverReminder, MAX_SEND_ATTEMPTS } from './deliver';
import { nextSendMoment } from './quiet-hours';
import { type QueuedReminder, runReminderSchedule } from './schedule';

/** The queues (pg-boss schema `pgboss`, tables pgboss.job and pgboss.archive): see docs/outreach.md. */
export const SEND_QUEUE = 'outreach-reminder-send';
export const SCHEDULE_QUEUE = 'outreach-reminder-schedule';
/** The schedule runs every hour; reminders it queues outside the sending hours wait for 09:00. */
export const SCHEDULE_CRON = '0 * * * *';

interface SqlResult {
  rows: unknown[];
}

/**
 * pg-boss's `db` option: its SQL through the connection the app already has. On PostgreSQL that is
 * the pool; on PGlite, the one embedded client. PGlite's `query` takes one statement with parameters,
 * and pg-boss sends its schema migrations as several statements without parameters, which `exec` runs
 * (answering the last statement's rows). Nothing else of pg-boss needs PGlite to differ.
 */
export function bossDatabase(database: Database): { executeSql(text: string, values?: unknown[]): Promise<SqlResult> } {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'postgres') {
    const pool = client as { query(text: string, values?: unknown[]): Promise<SqlResult> };
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const pglite = client as {
    query(text: string, values?: unknown[]): Promise<SqlResult>;
    exec(text: string): Promise<SqlResult[]>;
  };
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

export interface ReminderQueue {
  /** Hands queued reminders to the send queue. */
  enqueue(reminders: QueuedReminder[]): Promise<void>;
  readonly boss: PgBoss;
  stop(): Promise<void>;
}

export interface ReminderQueueOptions {
  database: Database;
  keyring: Keyring;
  provider: SmsProvider;
  timeZone: string;
  /** Run the periodic schedule (cron) and the workers; false: only enqueue (tests drive the work). */
  work?: boolean;
  /** The clock of the workers: tests pass a fixed moment. */
  now?: () => Date;
  /** pg-boss's retry delay in seconds, doubled at each retry (retryBackoff). */
  retryDelaySeconds?: number;
  onError?: (error: Error) => void;
}

/**
 * Starts pg-boss on the app's database, creates the queues and (with `work`) the cron and the workers.
 * The hourly schedule job first hands on reminders queued without a job (orphanedReminders), then runs
 * the schedule.
 */
export async function startReminderQueue(options: ReminderQueueOptions): Promise<ReminderQueue> {
  const work = options.work ?? true;
  const now = options.now ?? (() => new Date());
  const boss = new PgBoss({ db: bossDatabase(options.database), schedule: work, supervise: work });
  boss.on('error', (error: Error) => options.onError?.(error));
  await boss.start();
  await boss.createQueue(SEND_QUEUE, {
    name: SEND_QUEUE,
    retryLimit: MAX_SEND_ATTEMPTS - 1,
    retryDelay: options.retryDelaySeconds ?? 60,
    retryBackoff: true,
  });
  await boss.createQueue(SCHEDULE_QUEUE, { name: SCHEDULE_QUEUE, policy: 'singleton' });
  const enqueue = async (reminders: QueuedReminder[]) => {
    if (reminders.length === 0) return;
    await boss.insert(reminders.map((r) => ({ name: SEND_QUEUE, data: { outboxId: r.outboxId }, startAfter: r.startAfter })));
  };
  if (work) {
    await boss.schedule(SCHEDULE_QUEUE, SCHEDULE_CRON, {}, { tz: options.timeZone });
    await boss.work(SCHEDULE_QUEUE, async () => {
      const at = now();
      const orphans = await orphanedReminders(options.database.db, SEND_QUEUE);
      await enqueue(orphans.map((outboxId) => ({ outboxId, startAfter: nextSendMoment(at, options.timeZone) })));
      await runReminderSchedule({
        db: options.database.db,
        now: at,
        timeZone: options.timeZone,
        keyring: options.keyring,
        providerName: options.provider.name,
        enqueue,
        audit: { requestId: 'reminder-schedule', ip: '', actor: null },
      });
    });
    await boss.work<{ outboxId: number }>(SEND_QUEUE, async ([job]) => {
      if (job) await handleSendJob(boss, options, job.data.outboxId, now());
    });
  }
  return { enqueue, boss, stop: () => boss.stop({ graceful: true, wait: true }) };
}

/**
 * One send job: a refusal from the provider fails the job, so pg-boss retries it with back-off until
 * its retry limit (the outbox row is marked failed at the last attempt); outside the sending hours the
 * job is put back for 09:00.
 */
export async function handleSendJob(
  boss: PgBoss,
  options: Pick<ReminderQueueOptions, 'database' | 'provider' | 'timeZone'>,
  outboxId: number,
  now: Date,
): Promise<void> {
  const result = await deliverReminder(options.database.db, options.provider, outboxId, { now, timeZone: options.timeZone });
  if (result.outcome === 'deferred') await boss.send(SEND_QUEUE, { outboxId }, { startAfter: result.startAfter });
  if (result.outcome === 'retry') throw new Error(result.error);
}
