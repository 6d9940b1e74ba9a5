import { sql } from 'drizzle-orm';
import { DEFAULT_SECURITY } from '../src/config';
import type { Database } from '../src/db/client';
import { backfillOutcomeFacts, checkOutcomeFacts } from '../src/db/queries/outcome-facts';
import { accounts } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import type { OutcomeScope } from '../src/modules/outcomes/queries';
import { queryReportAggregates } from '../src/modules/outcomes/service';
import { addOutcomeData } from './outcome-data';
import { timed } from './sequential-timing';

/**
 * The outcome report in `bench:api` (its goal: under one second at 100,000 patients). It is one heavy
 * statement per page view, not a call made by many clients at once, so it is measured as one client
 * asking `BENCH_OUTCOME_RUNS` times in a row (after one warm-up): the doctor's institution and the
 * admin's whole city, through the API and as the bare statement.
 */

const RUNS = Number(process.env.BENCH_OUTCOME_RUNS ?? 15);

export async function adminToken(database: Database, base: string): Promise<string> {
  const password = 'Bench2026admin';
  await database.db.insert(accounts).values({
    role: 'admin',
    username: 'benchadmin',
    name: '压测管理员',
    passwordHash: await hashPassword(password, DEFAULT_SECURITY),
  });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'benchadmin', password }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** Adds the report's data to the bench data, measures, and returns one line per target. */
export async function benchOutcomeReport(options: {
  database: Database;
  base: string;
  doctorToken: string;
  adminToken: string;
  doctorInstitutionId: number;
}) {
  const { database, base } = options;
  const started = Date.now();
  await addOutcomeData(database.db);
  console.log(`outcome data: glucose and weights added in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The bench data is written by set-based SQL, not the services: the facts are computed as start-up
  // computes them for a database migrated to 0003 (facts.ts), then checked against the records.
  const backfillStarted = Date.now();
  const computed = await backfillOutcomeFacts(database.db);
  await database.db.execute(sql`vacuum analyze outcome_facts`);
  console.log(`outcome facts: ${computed} rows computed in ${((Date.now() - backfillStarted) / 1000).toFixed(1)} s`);
  const checkStarted = Date.now();
  const drift = await checkOutcomeFacts(database.db);
  console.log(`outcome facts check: ${drift.length} patients differ, in ${((Date.now() - checkStarted) / 1000).toFixed(1)} s`);
  if (drift.length > 0) throw new Error('stored outcome facts differ from the records');
  const today = new Date().toISOString().slice(0, 10);
  const targets = [
    { name: "outcome report, a doctor's institution", token: options.doctorToken, institutionId: options.doctorInstitutionId },
    { name: 'outcome report, the whole city (admin)', token: options.adminToken, institutionId: undefined },
  ];
  const lines: string[] = [];
  for (const target of targets) {
    const query = target.institutionId === undefined ? '' : `?institutionId=${target.institutionId}`;
    const api = await timed(RUNS, async () => {
      const res = await fetch(`${base}/api/programme/outcomes${query}`, { headers: { satoken: target.token } });
      const body = (await res.json()) as { code: number; message: string };
      if (body.code !== 0) throw new Error(`outcome report failed: ${body.code} ${body.message}`);
    });
    const scope: OutcomeScope = { institutionId: target.institutionId, from: undefined, to: undefined, today, policy: 'intentionToTreat' };
    const direct = await timed(RUNS, () => queryReportAggregates(database.db, scope));
    const line = `${target.name} (GET /api/programme/outcomes, 1 client, ${RUNS} runs): API p50 ${api.p50.toFixed(0)} ms, p99 ${api.p99.toFixed(0)} ms | statement alone p50 ${direct.p50.toFixed(0)} ms, p99 ${direct.p99.toFixed(0)} ms`;
    console.log(line);
    lines.push(line);
  }
  return lines;
}
