/**
 * `npm run bench:api`: the patient list, the personal-centre figures and the unfilled count under
 * load (autocannon, 50 connections, 20 s each) against 100,000 patients on PostgreSQL, beside the
 * same SQL run directly through `pg` in this process. Needs DATABASE_URL (a server it may create a
 * scratch database on). Prints p50/p99 latency and requests per second.
 * Then the outcome report (bench/outcomes.ts): one client, a doctor's institution and the whole city.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type pg from 'pg';
import { buildApp } from '../src/app';
import { DEFAULT_SECURITY, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { checkCounters } from '../src/db/queries/counters';
import { accounts } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { seedBaseline } from '../src/seed/baseline';
import { createBenchData } from './bench-data';
import { adminToken, benchOutcomeReport } from './outcomes';
import { scratchDatabase } from './scratch-database';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;
const AUTOCANNON = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.bin/autocannon');

interface LoadResult {
  latency: { p50: number; p99: number };
  requests: { average: number };
  non2xx: number;
}

/** autocannon in its own process, so the load generator does not share the server's event loop. */
async function load(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<LoadResult> {
  const args = ['-j', '-c', String(CONNECTIONS), '-d', String(DURATION), '-m', method];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  if (body) args.push('-b', body);
  args.push(url);
  const { stdout } = await promisify(execFile)(AUTOCANNON, args, { maxBuffer: 10 * 1024 * 1024 });
  return JSON.parse(stdout) as LoadResult;
}

interface Captured {
  sql: string;
  params: unknown[];
}

/** Runs `queries` in a closed loop on `connections` concurrent clients for `seconds`; returns latencies. */
async function directSql(
  query: (text: string, params: unknown[]) => Promise<unknown>,
  queries: Captured[],
  connections: number,
  seconds: number,
) {
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        for (const q of queries) await query(q.sql, q.params);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / seconds };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('bench:api needs DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/test');
  const scratch = await scratchDatabase(url);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  try {
    await runMigrations(database);
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), databaseUrl: scratch.url };
    config.security = { ...DEFAULT_SECURITY, loginPerMinute: 10_000 };
    await seedBaseline(database.db, config);
    const [doctor] = await database.db
      .insert(accounts)
      .values({
        role: 'doctor',
        username: '13800000000',
        mobile: '13800000000',
        name: '压测医生',
        institutionId: 1,
        passwordHash: await hashPassword('Bench2026pass', config.security),
      })
      .returning();
    const started = Date.now();
    await createBenchData(database.db, { patients: PATIENTS, institutions: 10, doctorId: doctor!.id });
    console.log(`data: ${PATIENTS} patients with a year of records in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The admin's bell counts pending registrations: a programme's worth of doctors, some pending.
    await database.db.insert(accounts).values(
      Array.from({ length: 300 }, (_, i) => ({
        role: 'doctor' as const,
        username: `1370000${String(i).padStart(4, '0')}`,
        mobile: `1370000${String(i).padStart(4, '0')}`,
        name: `医生${i}`,
        institutionId: 1 + (i % 10),
        passwordHash: doctor!.passwordHash,
        registerStatus: i % 10 === 0 ? ('ToBeReviewed' as const) : ('Approved' as const),
      })),
    );
    // The counters were kept by their triggers while the bulk SQL wrote the data: prove it.
    const checkStarted = Date.now();
    const drift = await checkCounters(database.db);
    console.log(`counters check: ${drift.length} counters differ from a recount, in ${((Date.now() - checkStarted) / 1000).toFixed(1)} s`);
    if (drift.length > 0) throw new Error('stored counters differ from the patient rows');

    // Capture the SQL each call runs, to replay it directly through pg.
    const captured: Captured[] = [];
    let capturing = false;
    const pool = (database as unknown as { db: { $client: pg.Pool } }).db.$client;
    const originalQuery = pool.query.bind(pool);
    (pool as unknown as { query: unknown }).query = (text: unknown, params?: unknown) => {
      if (capturing) {
        const sqlText = typeof text === 'string' ? text : (text as { text: string }).text;
        const values = Array.isArray(params) ? params : ((text as { values?: unknown[] }).values ?? []);
        captured.push({ sql: sqlText, params: values });
      }
      return originalQuery(text as string, params as unknown[]);
    };

    const { app } = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/prod-api`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '13800000000', password: 'Bench2026pass' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const admin = await adminToken(database, base);

    const targets: { name: string; method: 'GET' | 'POST'; path: string; body?: string; token?: string }[] = [
      {
        name: 'patient list (POST /api/user/list)',
        method: 'POST' as const,
        path: '/api/user/list',
        body: JSON.stringify({ role: 'patient', page: 1, limit: 20 }),
      },
      {
        name: 'personal centre (GET /api/annex/queryPersonalCenterData)',
        method: 'GET' as const,
        path: '/api/annex/queryPersonalCenterData',
      },
      { name: 'unfilled count (GET /api/user/queryUnfilledRemind)', method: 'GET' as const, path: '/api/user/queryUnfilledRemind' },
      {
        name: 'personal centre, the whole city (admin)',
        method: 'GET' as const,
        path: '/api/annex/queryPersonalCenterData',
        token: admin,
      },
      {
        name: "admin's bell: pending registrations (POST /api/user/list)",
        method: 'POST' as const,
        path: '/api/user/list',
        body: JSON.stringify({ role: 'doctor', registerStatus: 'ToBeReviewed', page: 1, limit: 1 }),
        token: admin,
      },
    ];
    const rows: string[] = [];
    for (const target of targets) {
      captured.length = 0;
      capturing = true;
      const headers = { satoken: target.token ?? token, 'content-type': 'application/json' };
      await fetch(`${base}${target.path}`, { method: target.method, headers, ...(target.body ? { body: target.body } : {}) });
      capturing = false;
      const queries = [...captured];
      const result = await load(`${base}${target.path}`, target.method, headers, target.body);
      const direct = await directSql((text, params) => originalQuery(text, params), queries, CONNECTIONS, DURATION);
      const line = `${target.name}: API p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s (${result.non2xx} non-2xx) | direct SQL (${queries.length} statements incl. session check) p50 ${direct.p50.toFixed(1)} ms, p99 ${direct.p99.toFixed(1)} ms, ${Math.round(direct.rps)} req/s | API/SQL p99 ${(result.latency.p99 / Math.max(direct.p99, 0.001)).toFixed(2)}×`;
      console.log(line);
      rows.push(line);
    }
    rows.push(...(await benchOutcomeReport({ database, base, doctorToken: token, adminToken: admin, doctorInstitutionId: 1 })));
    await app.close();
    console.log(`\n${rows.length} targets measured against ${PATIENTS} patients, ${CONNECTIONS} connections, ${DURATION} s each.`);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
