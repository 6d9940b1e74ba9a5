/**
 * `npm run bench:api`: the patient list, the personal-centre figures and the bells under load
 * (autocannon in its own process, 50 connections) against 100,000 patients, each beside its floor in
 * the same run: a bare Fastify route running the statements the call ran (captured from one call, same
 * values and prepared names) and answering the same bytes, headers and body (bench/http-floor.ts).
 * Prints per call p50, p99, req/s and server CPU per request of both, `API/floor p99 N×`, then one
 * table of every call and the calls above 1.3× their floor. On PostgreSQL when DATABASE_URL names a
 * server (a scratch database is created there and dropped), else on PGlite in memory. Then the outcome report (bench/outcomes.ts)
 * and the management quality indicators (bench/indicators.ts): one client, an institution and the city.
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
import { answerSize, type Captured, captureAnswer, type QueryFn, replay, startFloorServer } from './http-floor';
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
/** `--rounds 2`: each call's API and floor are loaded this many times each, alternating which goes first. */
const ROUNDS = Math.max(1, Number(option('rounds') ?? process.env.BENCH_ROUNDS ?? 2));
/** `--direct-sql`: also replay each call's statements with no HTTP at all (the database's own floor). */
const DIRECT_SQL = process.argv.includes('--direct-sql');
/** `--show-sql`: print the statements captured from each call (what the direct-SQL column replays). */
const SHOW_SQL = process.argv.includes('--show-sql');
/**
 * A folder: the server's CPU profile while autocannon drives each call, and the floor's beside it
 * (`<call>.floor.cpuprofile`), is written there (extra, unmeasured runs): set side by side, the two show
 * where the API's time above the floor goes.
 */
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
/** The unmeasured load of each side before a call's rounds. */
const WARM_UP_SECONDS = Math.min(3, DURATION);
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
  seconds = DURATION,
): Promise<LoadResult> {
  const args = ['-j', '-c', String(connections), '-d', String(seconds), '-m', method];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  if (body) args.push('-b', body);
  args.push(url);
  const { stdout } = await promisify(execFile)(AUTOCANNON, args, { maxBuffer: 10 * 1024 * 1024 });
  return JSON.parse(stdout) as LoadResult;
}

/**
 * Replays the captured statements in a closed loop on `connections` concurrent clients for `seconds`
 * (`--direct-sql`), with no HTTP at all: statements the API had in flight together run together, a
 * named (prepared) statement runs under its name. Returns latencies and the CPU this process spent per
 * replayed call.
 */
async function directSql(query: QueryFn, groups: Captured[][], connections: number, seconds: number) {
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        await replay(query, groups);
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
 * Resolves once no statement has run for 100 ms, and (PostgreSQL) no pool client is checked out or
 * awaited: a request between its two round trips leaves the database idle for a moment, so one idle
 * look is not enough.
 */
async function databaseIdle(inFlight: () => number, pool: pg.Pool | undefined): Promise<void> {
  for (let quiet = 0; quiet < 5; ) {
    await new Promise((r) => setTimeout(r, 20));
    const busy = inFlight() > 0 || (pool !== undefined && (pool.idleCount < pool.totalCount || pool.waitingCount > 0));
    quiet = busy ? 0 : quiet + 1;
  }
}

/** One side (the API or its floor) under load: autocannon's figures and this process's CPU per request. */
interface Side {
  p50: number;
  p99: number;
  rps: number;
  /** Requests that finished. */
  requests: number;
  non2xx: number;
  cpuUs: number;
}

async function loadSide(
  url: string,
  target: Target,
  headers: Record<string, string>,
  profileAs?: string,
  seconds = DURATION,
): Promise<Side> {
  const cpu = process.cpuUsage();
  const run = () => load(url, target.method, headers, target.body, CONNECTIONS, seconds);
  const result = profileAs ? await profiled(profileAs, run) : await run();
  const used = process.cpuUsage(cpu);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    cpuUs: (used.user + used.system) / Math.max(1, result.requests.total),
  };
}

const mean = (values: number[]) => values.reduce((n, v) => n + v, 0) / Math.max(1, values.length);
/** A round in which no request finished has no latency to speak of: left out of the mean. */
const meanSide = (all: Side[]): Side => {
  const sides = all.filter((s) => s.requests > 0);
  return {
    p50: mean(sides.map((s) => s.p50)),
    p99: mean(sides.map((s) => s.p99)),
    rps: mean(all.map((s) => s.rps)),
    requests: sides.reduce((n, s) => n + s.requests, 0),
    non2xx: all.reduce((n, s) => n + s.non2xx, 0),
    cpuUs: mean(sides.map((s) => s.cpuUs)),
  };
};
const times = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
const ms = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));

/**
 * Drives one call's API and its floor: an unmeasured warm-up of each (fills the pool, whose idle
 * connections close after 10 s, and warms both sides' code so that the side going first does not pay
 * for it); with --profile, a profiled run of each, a run of its own (the profiler's sampling would
 * slow the side it watches); then ROUNDS measured rounds, alternating which side goes first (API,
 * floor | floor, API | …), so that a load from other work rising or falling during the run weighs on
 * both sides alike.
 */
async function measureSides(apiUrl: string, floorUrl: string, target: Target, headers: Record<string, string>, slug: string) {
  await loadSide(apiUrl, target, headers, undefined, WARM_UP_SECONDS);
  await loadSide(floorUrl, target, headers, undefined, WARM_UP_SECONDS);
  if (PROFILE_DIR) {
    for (const [url, file] of [
      [apiUrl, slug],
      [floorUrl, `${slug}.floor`],
    ] as const) {
      const side = await loadSide(url, target, headers, file);
      console.log(`profile ${file}.cpuprofile: ${side.requests} requests, ${Math.round(side.cpuUs)} µs of CPU each (profiler included)`);
    }
  }
  const apiRuns: Side[] = [];
  const floorRuns: Side[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const api = () => loadSide(apiUrl, target, headers);
    const floor = () => loadSide(floorUrl, target, headers);
    if (round % 2 === 0) {
      apiRuns.push(await api());
      floorRuns.push(await floor());
    } else {
      floorRuns.push(await floor());
      apiRuns.push(await api());
    }
  }
  return { apiRuns, floorRuns };
}

/** The bound each call is held to: its p99 within this multiple of its floor's, in the same run. */
const FLOOR_BOUND = 1.3;

interface Row {
  name: string;
  api: Side;
  floor: Side;
  /** API/floor p99 of each round, as printed, to show the run-to-run spread beside the mean. */
  roundRatios: string[];
  statements: number;
  roundTrips: number;
  direct?: { p50: number; p99: number; rps: number };
}

/** The table printed at the end (markdown, as docs/performance.md shows it). */
function table(rows: Row[]): string {
  const head = [
    'call',
    'API p50 / p99 ms',
    'API req/s',
    'API CPU/req',
    'floor p50 / p99 ms',
    'floor req/s',
    'floor CPU/req',
    'API/floor p50',
    'API/floor p99',
  ];
  if (rows.some((r) => r.direct)) head.push('direct SQL p50 / p99 ms');
  const lines = rows.map((r) => {
    const cells = [
      r.name,
      `${ms(r.api.p50)} / ${ms(r.api.p99)}`,
      Math.round(r.api.rps).toLocaleString('en'),
      `${Math.round(r.api.cpuUs)} µs`,
      `${ms(r.floor.p50)} / ${ms(r.floor.p99)}`,
      Math.round(r.floor.rps).toLocaleString('en'),
      `${Math.round(r.floor.cpuUs)} µs`,
      times(r.api.p50, r.floor.p50),
      `${times(r.api.p99, r.floor.p99)}${r.roundRatios.length > 1 ? ` (${r.roundRatios.join(', ')})` : ''}`,
    ];
    if (r.direct) cells.push(`${ms(r.direct.p50)} / ${ms(r.direct.p99)}`);
    return cells;
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [format(head), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n');
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
  if (!url && INSTANCES > 1) throw new Error('--instances needs DATABASE_URL: server processes share a PostgreSQL database');
  // PostgreSQL in a scratch database on DATABASE_URL's server, else PGlite in memory in this process.
  const scratch = url ? await scratchDatabase(url) : undefined;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url, poolSize: 20 } : { dataDir: 'memory://' });
  console.log(`database: ${database.kind}`);
  try {
    await runMigrations(database);
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), databaseUrl: scratch?.url };
    // A load test is one user making thousands of calls a second: no per-user limit. 100,000 a minute
    // was not enough: the admin's two calls reached it and part of the bell's answers were cheap 429s.
    config.security = { ...DEFAULT_SECURITY, loginPerMinute: 10_000, userCallsPerMinute: 100_000_000 };
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

    // Capture the statements each call runs, to replay them behind the floor's bare route.
    // Statements started while another was in flight join its group (run together on replay).
    const captured: Captured[][] = [];
    let capturing = false;
    let inFlight = 0;
    const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
    const pool = database.kind === 'postgres' ? (client as unknown as pg.Pool) : undefined;
    const originalQuery = client.query.bind(client) as QueryFn;
    client.query = (...args: unknown[]) => {
      if (capturing) {
        if (inFlight === 0 || captured.length === 0) captured.push([{ args }]);
        else captured[captured.length - 1]!.push({ args });
      }
      inFlight += 1;
      return originalQuery(...args).finally(() => {
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
    const rows: Row[] = [];
    const others: string[] = [];
    for (const target of targets) {
      if (ONLY && !ONLY.some((word) => target.name.includes(word))) continue;
      const headers = { satoken: target.token ?? token, 'content-type': 'application/json' };
      const call = () => fetch(`${base}${target.path}`, { method: target.method, headers, ...(target.body ? { body: target.body } : {}) });
      // The previous target's load may leave requests running: capture only once the database is idle,
      // and after one warm call (a first call may fill a cache or prepare a statement that later calls skip).
      await call();
      await databaseIdle(() => inFlight, pool);
      captured.length = 0;
      capturing = true;
      const answer = await captureAnswer(await call());
      capturing = false;
      const groups = captured.map((group) => [...group]);
      if (SHOW_SQL) for (const g of groups) console.log(g.map((q) => JSON.stringify(q.args[0]).slice(0, 300)));
      const statements = groups.reduce((n, group) => n + group.length, 0);
      const slug = target.name.replace(/[^a-z]+/gi, '-').slice(0, 40);
      const floorServer = await startFloorServer(originalQuery, groups, target.method, `/prod-api${target.path}`, answer);
      const { apiRuns, floorRuns } = await measureSides(`${base}${target.path}`, floorServer.url, target, headers, slug).finally(() =>
        floorServer.close(),
      );
      const row: Row = {
        name: target.name,
        api: meanSide(apiRuns),
        floor: meanSide(floorRuns),
        roundRatios: apiRuns.map((side, i) => times(side.p99, floorRuns[i]!.p99).replace('×', '')),
        statements,
        roundTrips: groups.length,
      };
      if (DIRECT_SQL) row.direct = await directSql(originalQuery, groups, CONNECTIONS, DURATION);
      const direct = row.direct
        ? ` | direct SQL (no HTTP) p50 ${row.direct.p50.toFixed(1)} ms, p99 ${row.direct.p99.toFixed(1)} ms, ${Math.round(row.direct.rps)} req/s`
        : '';
      console.log(
        `${target.name}: API p50 ${ms(row.api.p50)} ms, p99 ${ms(row.api.p99)} ms, ${Math.round(row.api.rps)} req/s (${row.api.non2xx} non-2xx), ` +
          `server CPU ${Math.round(row.api.cpuUs)} µs/request | floor (bare HTTP, same ${statements} statements in ${groups.length} round trips, same bytes: ${answerSize(answer)}) ` +
          `p50 ${ms(row.floor.p50)} ms, p99 ${ms(row.floor.p99)} ms, ${Math.round(row.floor.rps)} req/s, server CPU ${Math.round(row.floor.cpuUs)} µs/request | ` +
          `API/floor p50 ${times(row.api.p50, row.floor.p50)}, API/floor p99 ${times(row.api.p99, row.floor.p99)}${direct} | load average ${loadavg()[0]!.toFixed(1)}`,
      );
      rows.push(row);
    }
    if (rows.length > 0) {
      console.log(
        `\n${database.kind}, ${PATIENTS} patients, ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION} s per side (ratios per round in brackets):\n`,
      );
      console.log(table(rows));
      // Compared as printed (two decimals), so that a call shown at 1.30× is not reported above 1.3×.
      const over = rows.filter((r) => r.floor.p99 > 0 && Number((r.api.p99 / r.floor.p99).toFixed(2)) > FLOOR_BOUND);
      console.log(
        over.length === 0
          ? `\nevery call's API p99 is within ${FLOOR_BOUND}× of its floor's`
          : `\nAPI p99 above ${FLOOR_BOUND}× the floor's: ${over.map((r) => `${r.name} ${times(r.api.p99, r.floor.p99)}`).join('; ')}`,
      );
    }
    if (!ONLY || ONLY.includes('outcome'))
      others.push(...(await benchOutcomeReport({ database, base, doctorToken: token, adminToken: admin, doctorInstitutionId: 1 })));
    if (!ONLY || ONLY.includes('indicator'))
      others.push(
        ...(await benchIndicators({
          database,
          base,
          doctorToken: token,
          adminToken: admin,
          doctorInstitutionId: 1,
          outcomeDataAdded: !ONLY || ONLY.includes('outcome'),
        })),
      );
    if (INSTANCES > 1 && scratch) {
      // main.ts computes missing outcome facts at start-up: do it once here, before the instances race.
      const computed = await backfillOutcomeFacts(database.db);
      if (computed > 0) console.log(`outcome facts computed for ${computed} patients before starting the instances`);
      others.push(...(await scaleOut(scratch.url, targets, ONLY, token)));
    }
    await app.close();
    console.log(`\n${rows.length + others.length} targets measured against ${PATIENTS} patients on ${database.kind}.`);
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
