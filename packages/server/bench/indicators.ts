import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { backfillIndicatorFacts } from '../src/db/queries/indicator-facts';
import { loadScopedFacts } from '../src/db/queries/indicator-scope';
import { evaluateAll, trend } from '../src/modules/indicators/aggregate';
import { timed } from './sequential-timing';

/**
 * The management quality indicators in `bench:api` (< 1 s at p99 for the city at 100,000 patients
 * and a year of records). Like the outcome report, one page view is one call: measured as one client
 * asking `BENCH_INDICATOR_RUNS` times in a row (after a warm-up), for a doctor's institution and the
 * city, over the current year (the longest period, and its 12-year trend), through the API and as the
 * read plus the evaluation alone.
 */
const RUNS = Number(process.env.BENCH_INDICATOR_RUNS ?? 15);

export async function benchIndicators(options: {
  database: Database;
  base: string;
  doctorToken: string;
  adminToken: string;
  doctorInstitutionId: number;
}): Promise<string[]> {
  const { database, base } = options;
  // The bench data is written by set-based SQL, not the services: the facts are computed as start-up does.
  const started = Date.now();
  const computed = await backfillIndicatorFacts(database.db);
  await database.db.execute(sql`vacuum analyze indicator_facts`);
  console.log(`indicator facts: ${computed} rows computed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const today = new Date().toISOString().slice(0, 10);
  const year = today.slice(0, 4);
  const targets = [
    { name: "indicators, a doctor's institution", token: options.doctorToken, institutionId: options.doctorInstitutionId },
    { name: 'indicators, the whole city (admin)', token: options.adminToken, institutionId: undefined },
  ];
  const lines: string[] = [];
  for (const target of targets) {
    const query = `?period=${year}${target.institutionId === undefined ? '' : `&institutionId=${target.institutionId}`}`;
    const api = await timed(RUNS, async () => {
      const res = await fetch(`${base}/api/programme/indicators${query}`, { headers: { satoken: target.token } });
      const body = (await res.json()) as { code: number; message: string };
      if (body.code !== 0) throw new Error(`indicators failed: ${body.code} ${body.message}`);
    });
    const period = { key: year, kind: 'year' as const, start: `${year}-01-01`, end: `${year}-12-31` };
    let patients = 0;
    const direct = await timed(RUNS, async () => {
      const list = await loadScopedFacts(database.db, { institutionId: target.institutionId });
      patients = list.length;
      evaluateAll(list, period, today);
      trend(list, period, today);
    });
    const line = `${target.name} (GET /api/programme/indicators?period=${year}, ${patients} patients, 1 client, ${RUNS} runs): API p50 ${api.p50.toFixed(0)} ms, p99 ${api.p99.toFixed(0)} ms | read + evaluation alone p50 ${direct.p50.toFixed(0)} ms, p99 ${direct.p99.toFixed(0)} ms`;
    console.log(line);
    lines.push(line);
  }
  return lines;
}
