/**
 * `npm run bench:api`: the patient list, the personal-centre figures and the unfilled count under
 * load (autocannon, 50 connections, 20 s each) against 100,000 patients on PostgreSQL, beside the
 * same SQL run directly through `pg` in this process. Needs DATABASE_URL (a server it may create a
 * scratch database on). Prints p50/p99 latency and requests per second, and the floor: a bare
 * Fastify route running the same SQL and answering the same bytes (bench/http-floor.ts).
 * Then the outcome report (bench/outcomes.ts) and the management quality indicators (bench/indicators.ts):
 * one client, a doctor's institution and the whole city.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type pg from 'pg';
import { buildApp } from '../src/app';
import { DEFAULT_SECURITY, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { checkCounters } from '../src/db/queries/counters';
import { backfillOutcomeFacts } from '../src/db/queries/outcome-facts';
import { sealPatientIdentifiers } from '../src/db/queries/patient-identifiers';
import { accounts } from '../src/db/schema';
import { keyringOf } from '../src/lib/crypto';
import { hashPassword } from '../src/modules/auth/passwords';
import { seedBaseline } from '../src/seed/baseline';
import { createBenchData, createBenchDoctors } from './bench-data';
import { type Captured, startFloorServer } from './http-floor';
import { benchIndicators } from './indicators';
import { startInstances } from './instances';
import { adminToken, benchOutcomeReport } from './outcomes';
import { scratchDatabase } from './scratch-database';

/** `npm run bench:api -- --patients 1000000 --seconds 10 --only list,centre`; the environment variables still work. */
function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const PATIENTS = Number(option('patients') ?? process.env.BENCH_PATIENTS ?? 100_000);
const DURATION = Number(option('seconds') ?? process.env.BENCH_SECONDS ?? 20);
/** Only the targets whose name contains one of these words (all when absent). */
const ONLY = (option('only') ?? process.env.BENCH_ONLY)?.split(',');
/** `--instances 2`: also drive two server processes on the same database, the load split between them. */
const INSTANCES = Number(option('instances') ?? process.env.BENCH_INSTANCES ?? 1);
/** `--show-sql`: print the statements captured from each call (what the direct-SQL column replays). */
const SHOW_SQL = process.argv.includes('--show-sql');
/** A folder: the server's CPU profile while autocannon drives each target is written there. */
const PROFILE_DIR = option('profile');

/** Samples this process (the server) while `during` runs; writes `<dir>/<file>.cpuprofile`. */
async function profiled<T>(file: string, during: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return during();
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await during();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(path.join(PROFILE_DIR, `${file}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
const CONNECTIONS = 50;
const AUTOCANNON = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.bin/autocannon');

interface LoadResult {
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  non2xx: number;
}

/** autocannon in its own process, so the load generator does not share the server's event loop. */
async function load(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  connections = CONNECTIONS,
): Promise<LoadResult> {
  const args = ['-j', '-c', String(connections), '-d', String(DURATION), '-m', method];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  if (body) args.push('-b', body);
  args.push(url);
  const { stdout } = await promisify(execFile)(AUTOCANNON, args, { maxBuffer: 10 * 1024 * 1024 });
  return JSON.parse(stdout) as LoadResult;
}

/**
 * Replays the captured statements in a closed loop on `connections` concurrent clients for `seconds`,
 * the way the API ran them: statements the API had in flight together (the list's page and total)
 * run together, a named (prepared) statement runs under its name. Returns latencies and the CPU this
 * process spent per replayed call.
 */
async function directSql(
  query: (config: unknown, params: unknown[]) => Promise<unknown>,
  groups: Captured[][],
  connections: number,
  seconds: number,
) {
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        for (const group of groups) await Promise.all(group.map((q) => query(q.query, q.params)));
        latencies.push(performance.now() - started);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / seconds, cpuUs: (used.user + used.system) / Math.max(1, latencies.length) };
}

/**
 * Resolves once no statement has run or waited on the pool for 100 ms (a request between its two round
 * trips leaves the pool idle for a moment, so one idle look is not enough).
 */
async function poolIdle(pool: pg.Pool): Promise<void> {
  for (let quiet = 0; quiet < 5; ) {
    await new Promise((r) => setTimeout(r, 20));
    quiet = pool.idleCount < pool.totalCount || pool.waitingCount > 0 ? 0 : quiet + 1;
  }
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  token?: string;
}

/**
 * Scale-out: INSTANCES server processes (bench/instances.ts) on the bench database. Each target is
 * driven first against one of them with all the connections, then against all of them at once with
 * the connections split evenly (one autocannon per instance, run together): req/s is the sum, p50 the
 * mean and p99 the worst of the instances.
 */
async function scaleOut(databaseUrl: string, targets: Target[], only: string[] | undefined, doctorToken: string): Promise<string[]> {
  const instances = await startInstances(INSTANCES, databaseUrl);
  const lines: string[] = [];
  try {
    for (const target of targets) {
      if (only && !only.some((word) => target.name.includes(word))) continue;
      const headers = { satoken: target.token ?? doctorToken, 'content-type': 'application/json' };
      const one = await load(`${instances[0]!.base}${target.path}`, target.method, headers, target.body);
      const each = Math.floor(CONNECTIONS / instances.length);
      const all = await Promise.all(instances.map((i) => load(`${i.base}${target.path}`, target.method, headers, target.body, each)));
      const rps = all.reduce((n, r) => n + r.requests.average, 0);
      const p50 = all.reduce((n, r) => n + r.latency.p50, 0) / all.length;
      const p99 = Math.max(...all.map((r) => r.latency.p99));
      const non2xx = all.reduce((n, r) => n + r.non2xx, one.non2xx);
      const line = `${target.name}, separate processes: 1 instance p50 ${one.latency.p50} ms, p99 ${one.latency.p99} ms, ${Math.round(one.requests.average)} req/s | ${instances.length} instances p50 ${p50.toFixed(0)} ms, p99 ${p99} ms, ${Math.round(rps)} req/s (${non2xx} non-2xx) | load average ${loadavg()[0]!.toFixed(1)}`;
      console.log(line);
      lines.push(line);
    }
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
  }
  return lines;
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('bench:api needs DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/test');
  const scratch = await scratchDatabase(url);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  try {
    await runMigrations(database);
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), databaseUrl: scratch.url };
    // A load test is one user making thousands of calls a minute: no per-user limit.
    config.security = { ...DEFAULT_SECURITY, loginPerMinute: 10_000, userCallsPerMinute: 100_000 };
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
    // Identifiers are sealed at rest, as start-up seals them: lists and searches pay for that.
    await sealPatientIdentifiers(database.db, keyringOf(config));
    console.log(`data: ${PATIENTS} patients with a year of records in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await createBenchDoctors(database.db, doctor!.passwordHash);
    // The counters were kept by their triggers while the bulk SQL wrote the data: prove it.
    const checkStarted = Date.now();
    const drift = await checkCounters(database.db);
    console.log(`counters check: ${drift.length} counters differ from a recount, in ${((Date.now() - checkStarted) / 1000).toFixed(1)} s`);
    if (drift.length > 0) throw new Error('stored counters differ from the patient rows');

    // Capture the SQL each call runs, to replay it directly through pg.
    // Statements started while another was in flight join its group (run together on replay).
    const captured: Captured[][] = [];
    let capturing = false;
    let inFlight = 0;
    const pool = (database as unknown as { db: { $client: pg.Pool } }).db.$client;
    const originalQuery = pool.query.bind(pool) as (config: unknown, params?: unknown) => Promise<unknown>;
    (pool as unknown as { query: unknown }).query = (config: unknown, params?: unknown) => {
      if (!capturing) return originalQuery(config, params);
      const values = Array.isArray(params) ? params : ((config as { values?: unknown[] }).values ?? []);
      const statement = { query: config, params: values };
      if (inFlight === 0 || captured.length === 0) captured.push([statement]);
      else captured[captured.length - 1]!.push(statement);
      inFlight += 1;
      return originalQuery(config, params).finally(() => {
        inFlight -= 1;
      });
    };

    // As deployed: answers written by the compiled serialiser, not parsed by zod (lib/response-serializer.ts).
    const { app } = await buildApp({ config, database, checkAnswers: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/prod-api`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '13800000000', password: 'Bench2026pass' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const admin = await adminToken(database, base);

    const targets: Target[] = [
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
      if (ONLY && !ONLY.some((word) => target.name.includes(word))) continue;
      const headers = { satoken: target.token ?? token, 'content-type': 'application/json' };
      const call = () => fetch(`${base}${target.path}`, { method: target.method, headers, ...(target.body ? { body: target.body } : {}) });
      // The previous target's load may leave requests running: capture only once the pool is idle, and
      // after one warm call (a first call may fill a cache or prepare a statement that later calls skip).
      await call();
      await poolIdle(pool);
      captured.length = 0;
      capturing = true;
      const answer = await (await call()).text();
      capturing = false;
      const groups = captured.map((group) => [...group]);
      if (SHOW_SQL) for (const g of groups) console.log(g.map((q) => JSON.stringify(q.query).slice(0, 300)));
      const statements = groups.reduce((n, group) => n + group.length, 0);
      const slug = target.name.replace(/[^a-z]+/gi, '-').slice(0, 40);
      const cpu = process.cpuUsage();
      const result = await profiled(slug, () => load(`${base}${target.path}`, target.method, headers, target.body));
      const used = process.cpuUsage(cpu);
      const serverCpuUs = (used.user + used.system) / Math.max(1, result.requests.total);
      const direct = await directSql(originalQuery, groups, CONNECTIONS, DURATION);
      const floorServer = await startFloorServer(originalQuery, groups, target.method, `/prod-api${target.path}`, answer);
      const floorCpu = process.cpuUsage();
      const floor = await load(floorServer.url, target.method, headers, target.body).finally(() => floorServer.close());
      const floorUsed = process.cpuUsage(floorCpu);
      const floorCpuUs = (floorUsed.user + floorUsed.system) / Math.max(1, floor.requests.total);
      const line = `${target.name}: API p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s (${result.non2xx} non-2xx), server CPU ${Math.round(serverCpuUs)} µs/request | direct SQL (${statements} statements in ${groups.length} round trips incl. session check) p50 ${direct.p50.toFixed(1)} ms, p99 ${direct.p99.toFixed(1)} ms, ${Math.round(direct.rps)} req/s, ${Math.round(direct.cpuUs)} µs CPU/call | bare HTTP + same SQL p50 ${floor.latency.p50} ms, p99 ${floor.latency.p99} ms, ${Math.round(floor.requests.average)} req/s, server CPU ${Math.round(floorCpuUs)} µs/request | API/SQL p99 ${(result.latency.p99 / Math.max(direct.p99, 0.001)).toFixed(2)}×, bare HTTP/SQL ${(floor.latency.p99 / Math.max(direct.p99, 0.001)).toFixed(2)}× | load average ${loadavg()[0]!.toFixed(1)}`;
      console.log(line);
      rows.push(line);
    }
    if (!ONLY || ONLY.includes('outcome'))
      rows.push(...(await benchOutcomeReport({ database, base, doctorToken: token, adminToken: admin, doctorInstitutionId: 1 })));
    if (!ONLY || ONLY.includes('indicator'))
      rows.push(...(await benchIndicators({ database, base, doctorToken: token, adminToken: admin, doctorInstitutionId: 1 })));
    if (INSTANCES > 1) {
      // main.ts computes missing outcome facts at start-up: do it once here, before the instances race.
      const computed = await backfillOutcomeFacts(database.db);
      if (computed > 0) console.log(`outcome facts computed for ${computed} patients before starting the instances`);
      rows.push(...(await scaleOut(scratch.url, targets, ONLY, token)));
    }
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
