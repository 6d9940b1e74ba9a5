import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type Config, type Database, DEFAULT_SECURITY, loadConfig, openDatabase, readDatabaseDump } from '@tcm/server/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built web app the journeys serve; E2E_WEB_DIST points elsewhere (a second build beside the default). */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(root, 'packages/web/dist');

export interface RunningApp {
  baseUrl: string;
  /** The server's own database and configuration, for test data made the way the seed makes it. */
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real server (same buildApp as production) on a random port, with its own in-memory PGlite loaded
 * from the demo-data template (database-template.ts), the built web app and the `http` SMS provider
 * pointed at the test's receiver.
 */
export async function startAppServer(options: {
  smsUrl: string;
  /** The PGlite dump written by the browser tiers' global set-up (database-template.ts). */
  databaseTemplate: string;
  webDistDir?: string;
}): Promise<RunningApp> {
  const webDistDir = options.webDistDir ?? WEB_DIST;
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error(`The web app is not built (${webDistDir}); run "npm run build -w @tcm/web" first (npm test does).`);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: options.smsUrl,
  });
  config.webDistDir = webDistDir;
  // As main.ts does in production: the server's "today" is the clinics' day, the browser's timezoneId in
  // playwright.config.ts. Left at the machine's UTC, from 16:00 to 24:00 UTC the browser's today (a new
  // record's date, an enrolment date) was the server's tomorrow, and refused as a future date.
  process.env.TZ = config.timeZone;
  // The journeys log in many times from one address; the per-IP limits are covered by the API suite.
  config.security = { ...DEFAULT_SECURITY, loginPerMinute: 1000, codePerMinute: 1000, registerPerMinute: 1000 };
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: readDatabaseDump(options.databaseTemplate) });
  const { app } = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
