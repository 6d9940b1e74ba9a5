import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  accounts,
  buildApp,
  createBenchData,
  createBenchDoctors,
  type Database,
  DEFAULT_SECURITY,
  hashPassword,
  keyringOf,
  loadConfig,
  openDatabase,
  runMigrations,
  scratchDatabase,
  sealPatientIdentifiers,
  seedBaseline,
} from '@tcm/server/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(root, 'packages/web/dist');

/** The doctor whose home is measured; their institution holds every bulk patient by default. */
export const BENCH_DOCTOR = { username: '13800000000', password: 'Bench2026pass', name: '压测医生', institutionId: 1 };
/** The administrator that production mode creates on first start. */
export const BENCH_ADMIN = { username: 'benchadmin', password: 'Bench2026admin' };

export interface BenchServer {
  baseUrl: string;
  /** 'PGlite (in memory)' or 'PostgreSQL (scratch database)'. */
  databaseLabel: string;
  close(): Promise<void>;
}

/**
 * The production server (same buildApp, NODE_ENV=production) on a random loopback port, serving the
 * built web app, on a fresh database holding `patients` bulk patients with a year of records
 * (packages/server/bench/bench-data.ts) spread over `institutions` institutions, and the bench doctor
 * in institution 1. PostgreSQL in a scratch database when DATABASE_URL is set, else in-memory PGlite.
 */
export async function startBenchServer(options: { patients: number; institutions: number }): Promise<BenchServer> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`The web app is not built (${WEB_DIST}); run "npm run build -w @tcm/web" first.`);
  }
  const url = process.env.DATABASE_URL;
  const scratch = url ? await scratchDatabase(url, 'tcm_webvitals') : undefined;
  let database: Database | undefined;
  try {
    database = scratch ? await openDatabase({ databaseUrl: scratch.url }) : await openDatabase({ dataDir: 'memory://' });
    await runMigrations(database);
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // The data lives for one run: a fresh key serves, unless the caller brings one.
      DATA_KEY: process.env.DATA_KEY ?? randomBytes(32).toString('hex'),
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    });
    config.webDistDir = WEB_DIST;
    if (scratch) config.databaseUrl = scratch.url;
    // Every run logs in afresh from one address; the per-IP limits are not what is measured here.
    // A load test is one user making thousands of calls a minute: no per-user limit.
    config.security = { ...DEFAULT_SECURITY, loginPerMinute: 10_000, userCallsPerMinute: 100_000 };
    await seedBaseline(database.db, config);
    const [doctor] = await database.db
      .insert(accounts)
      .values({
        role: 'doctor',
        username: BENCH_DOCTOR.username,
        mobile: BENCH_DOCTOR.username,
        name: BENCH_DOCTOR.name,
        institutionId: BENCH_DOCTOR.institutionId,
        passwordHash: await hashPassword(BENCH_DOCTOR.password, config.security),
      })
      .returning();
    const started = Date.now();
    await createBenchData(database.db, { ...options, doctorId: doctor!.id });
    await sealPatientIdentifiers(database.db, keyringOf(config));
    console.log(
      `data: ${options.patients} patients over ${options.institutions} institution(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await createBenchDoctors(database.db, doctor!.passwordHash);
    const { app } = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const opened = database;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      databaseLabel: scratch ? 'PostgreSQL (scratch database)' : 'PGlite (in memory)',
      async close() {
        await app.close();
        await opened.close();
        await scratch?.drop();
      },
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    throw error;
  }
}
