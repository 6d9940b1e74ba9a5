import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seedBaseline } from './seed/baseline';
import { describeDemoAccounts, seedDemo } from './seed/demo';

async function main() {
  const config = loadConfig(process.env);
  // Dates are counted on the clinics' calendar (config.ts): Node follows TZ from here on.
  process.env.TZ = config.timeZone;
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDistDir ??= path.resolve(here, '../../web/dist');

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database);
  await seedBaseline(database.db, config);
  if (config.seedDemo && (await seedDemo(database.db, config))) {
    process.stdout.write(`${describeDemoAccounts()}\n`);
  }

  const { app } = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
