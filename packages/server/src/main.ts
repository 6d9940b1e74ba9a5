import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations, withStartupLock } from './db/migrate';
import { backfillIndicatorFacts } from './db/queries/indicator-facts';
import { backfillOutcomeFacts } from './db/queries/outcome-facts';
import { sealPatientIdentifiers } from './db/queries/patient-identifiers';
import { DataKeyError, keyringOf } from './lib/crypto';
import { startupFailureMessage } from './lib/startup-failure';
import { warmIndicatorCache, warmIndicatorCacheDaily } from './modules/indicators/facts-cache';
import { startReminderQueue } from './modules/outreach/reminders/queue';
import { seedBaseline } from './seed/baseline';
import { describeDemoAccounts, seedDemo } from './seed/demo';
import { smsSenderFromConfig } from './sms';

/** Where the database lives, for the failure message: known once the configuration is read. */
let databaseLocation: { dataDir: string; databaseUrl: string | undefined } | undefined;

async function main() {
  const config = loadConfig(process.env);
  databaseLocation = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  // Dates are counted on the clinics' calendar (config.ts): Node follows TZ from here on.
  process.env.TZ = config.timeZone;
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDistDir ??= path.resolve(here, '../../web/dist');

  // Opened before the database: a missing or malformed key stops the start before anything is written.
  const keyring = keyringOf(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Several instances may start together on one database: one migrates and seeds, the others wait
  // for it and then find nothing left to do.
  const seededDemo = await withStartupLock(
    database,
    async () => {
      await runMigrations(database);
      // ID numbers and mobiles still in plaintext, or sealed under a previous key, are sealed under the
      // current one before any request can read them (docs/security-data.md).
      const { sealed } = await sealPatientIdentifiers(database.db, keyring);
      if (sealed > 0) process.stdout.write(`Sealed the identifiers of ${sealed} patients under data key ${keyring.current.id}\n`);
      // Outcome facts of patients stored before migration 0003 or computed by older rules (facts.ts).
      await backfillOutcomeFacts(database.db);
      await backfillIndicatorFacts(database.db);
      await seedBaseline(database.db, config);
      return config.seedDemo && (await seedDemo(database.db, config));
    },
    () => process.stdout.write('Waiting for another instance to finish migrating and seeding the database…\n'),
  );
  if (seededDemo) process.stdout.write(`${describeDemoAccounts()}\n`);
  // The indicators' cache reads every patient's facts once, in the background: start-up does not wait
  // for it, and a failure only leaves the first report to read them (docs/indicators.md).
  const indicatorCacheFailed = (error: Error) => process.stderr.write(`indicator cache: ${error.message}\n`);
  warmIndicatorCache(database.db).then(
    ({ patients, ms }) => process.stdout.write(`Indicator cache loaded: ${patients} patients in ${ms} ms\n`),
    indicatorCacheFailed,
  );
  warmIndicatorCacheDaily(database.db, indicatorCacheFailed);

  // The reminder queue (pg-boss) lives in the same database, PGlite included (docs/outreach.md).
  const sms = smsSenderFromConfig(config.sms);
  // Under the start-up lock too: pg-boss creating its schema and queues from several instances at once
  // deadlocks in PostgreSQL; one after another, the later ones find them made.
  const reminders = await withStartupLock(database, () =>
    startReminderQueue({
      database,
      keyring,
      provider: sms.provider,
      timeZone: config.timeZone,
      onError: (error) => process.stderr.write(`reminder queue: ${error.message}\n`),
    }),
  );
  const { app } = await buildApp({ config, database, sms, reminders });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await reminders.stop();
    } finally {
      // PGlite flushes its data folder on close; skipping it risks a damaged database.
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `PGlite at ${path.resolve(config.dataDir)}` : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`serving http://localhost:${config.port} with ${where}`);
}

main().catch(async (error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataKeyError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`${await startupFailureMessage(error, databaseLocation)}\n`);
  }
  process.exit(1);
});
