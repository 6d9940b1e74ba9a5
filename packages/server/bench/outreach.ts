/**
 * Reminder throughput at 100,000 patients (docs/outreach.md "Scale"): seeds the patients with a year of
 * records and SMS consent, runs the reminder schedule once (timed), then has pg-boss deliver the queued
 * reminders through a provider that answers at once, and reports jobs per minute. Also prints the plan
 * of the 待联系 working list of one institution.
 *
 *   npm run bench:outreach -w @tcm/server                 # embedded PGlite (the default database)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:outreach -w @tcm/server   # a scratch database there
 *   BENCH_PATIENTS=20000 …                                # fewer patients
 *   BENCH_DELIVERY_SECONDS=60 …                           # how long delivery is measured
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { type Database, openDatabase, rowsOf } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { outreachListSql } from '../src/db/queries/outreach';
import { dueDateSql } from '../src/db/queries/patients';
import { accounts } from '../src/db/schema';
import { keyringOf } from '../src/lib/crypto';
import { isoDate } from '../src/lib/dates';
import { handleSendJob, SEND_QUEUE, startReminderQueue } from '../src/modules/outreach/reminders/queue';
import { type QueuedReminder, runReminderSchedule } from '../src/modules/outreach/reminders/schedule';
import { seedBaseline } from '../src/seed/baseline';
import { createBenchData } from './bench-data';
import { scratchDatabase } from './scratch-database';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const TZ = 'Asia/Shanghai';

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const scratch = await scratchDatabase(url);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

async function main() {
  const { database, drop } = await open();
  try {
    await runMigrations(database);
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), databaseUrl: undefined };
    await seedBaseline(database.db, config);
    const [doctor] = await database.db
      .insert(accounts)
      .values({ role: 'doctor', username: '13800000000', mobile: '13800000000', name: '压测医生', institutionId: 1, passwordHash: 'x' })
      .returning();
    let started = Date.now();
    await createBenchData(database.db, { patients: PATIENTS, institutions: 10, doctorId: doctor!.id });
    await database.db.execute(sql`update patients set sms_consent = true, sms_consent_at = now()`);
    console.log(`${database.kind}: ${PATIENTS} patients seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const now = new Date();
    now.setUTCHours(2, 0, 0, 0); // 10:00 in Shanghai: inside the sending hours
    const enqueued: QueuedReminder[] = [];
    const queue = await startReminderQueue({
      database,
      keyring: keyringOf(config),
      provider: { name: 'bench', deliver: async () => {} },
      timeZone: TZ,
      work: false,
    });
    started = Date.now();
    const result = await runReminderSchedule({
      db: database.db,
      now,
      timeZone: TZ,
      keyring: keyringOf(config),
      providerName: 'bench',
      enqueue: async (r) => {
        enqueued.push(...r);
        await queue.enqueue(r);
      },
      audit: { requestId: 'bench', ip: '', actor: null },
    });
    const scheduleMs = Date.now() - started;
    console.log(`schedule: queued ${result.queued}, skipped ${JSON.stringify(result.skipped)} in ${scheduleMs} ms`);

    // Delivery is measured over a fixed window (BENCH_DELIVERY_SECONDS, default 60), not to the end.
    const window = Number(process.env.BENCH_DELIVERY_SECONDS ?? 60) * 1000;
    started = Date.now();
    let delivered = 0;
    while (Date.now() - started < window) {
      const jobs = await queue.boss.fetch<{ outboxId: number }>(SEND_QUEUE, { batchSize: 50 });
      if (jobs.length === 0) break;
      for (const job of jobs) {
        await handleSendJob(
          queue.boss,
          { database, provider: { name: 'bench', deliver: async () => {} }, timeZone: TZ },
          job.data.outboxId,
          now,
        );
        await queue.boss.complete(SEND_QUEUE, job.id);
        delivered++;
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `delivery: ${delivered} reminder jobs in ${seconds.toFixed(1)} s = ${Math.round((delivered / seconds) * 60)} jobs per minute`,
    );
    await queue.stop();

    const today = isoDate(new Intl.DateTimeFormat('sv-SE', { timeZone: TZ }).format(now));
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await database.db.execute(
        sql`explain analyze select id from patients where institution_id = 2 and voided_at is null and cohort = 'managed' and ${outreachListSql('toContact', today)} order by ${dueDateSql}, id limit 20`,
      ),
    );
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
  } finally {
    await drop();
  }
}

await main();
