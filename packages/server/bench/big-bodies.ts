/**
 * `npx tsx packages/server/bench/big-bodies.ts`: what six parallel bodies of 100,000 made-up keys
 * (0.9 MB each, under the 1 MB body limit) cost the other users. The server runs on an in-memory
 * PGlite and listens on a local port; one doctor posts the bodies as an annex 7 record while another
 * reads their own account (GET /api/v1/users/me) in a loop. Prints the other user's latency alone
 * and during the flood (median and max), and the time and size of each refusal.
 */
import { buildApp } from '../src/app';
import { DEFAULT_SECURITY, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { accounts } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { jsonCertainlyExceeds, MAX_BODY_ENTRIES } from '../src/plugins/input-guard';
import { seedBaseline } from '../src/seed/baseline';

const KEYS = Number(process.env.BENCH_KEYS ?? 100_000);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 6);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(database);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  config.security = { ...DEFAULT_SECURITY, loginPerMinute: 10_000, userCallsPerMinute: 100_000 };
  await seedBaseline(database.db, config);
  const passwordHash = await hashPassword('Bench2026pass', config.security);
  for (const username of ['13700009901', '13700009902']) {
    await database.db
      .insert(accounts)
      .values({ role: 'doctor', username, mobile: username, name: '压测医生', institutionId: 1, passwordHash, registerStatus: 'Approved' });
  }
  const { app } = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/prod-api`;
  const login = async (username: string) => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Bench2026pass' }),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  const flooder = await login('13700009901');
  const other = await login('13700009902');

  const readMe = async () => {
    const started = performance.now();
    await (await fetch(`${base}/api/v1/users/me`, { headers: { satoken: other } })).arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await readMe();
  const alone: number[] = [];
  for (let i = 0; i < 50; i++) alone.push(await readMe());

  const data = Object.fromEntries(Array.from({ length: KEYS }, (_, i) => [`k${i.toString(36)}`, 0]));
  const body = JSON.stringify({ patientId: 1, data });
  let flooding = true;
  const during: number[] = [];
  const reader = (async () => {
    while (flooding) during.push(await readMe());
  })();
  const refusals = await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/annex/7/records`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', satoken: flooder },
        body,
      });
      const text = await res.text();
      return { status: res.status, bytes: text.length, ms: performance.now() - started, message: text.slice(0, 120) };
    }),
  );
  flooding = false;
  await reader;

  // The server's own cost per body, apart from the network and this process's client: the scan that
  // refuses it, against the parse it no longer pays for.
  const timed = (work: () => unknown) => {
    const runs: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      work();
      runs.push(performance.now() - started);
    }
    return median(runs);
  };
  console.log(
    `per body: scan ${ms(timed(() => jsonCertainlyExceeds(body, MAX_BODY_ENTRIES)))}, JSON.parse ${ms(timed(() => JSON.parse(body)))}`,
  );
  console.log(`body: ${KEYS} keys, ${(body.length / 1024 / 1024).toFixed(2)} MB, ${PARALLEL} in parallel`);
  console.log(`refusals: ${refusals.map((r) => `${r.status} ${r.bytes} B in ${ms(r.ms)}`).join('; ')}`);
  console.log(`first answer: ${refusals[0]?.message}`);
  console.log(`other user alone: median ${ms(median(alone))}, max ${ms(Math.max(...alone))}`);
  console.log(`other user during the flood (${during.length} calls): median ${ms(median(during))}, max ${ms(Math.max(...during))}`);
  await app.close();
  await database.close();
}

await main();
