import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../src/db/client';
import { backfillIndicatorFacts } from '../src/db/queries/indicator-facts';
import { loadScopedFacts } from '../src/db/queries/indicator-scope';
import { evaluateAll, trend } from '../src/modules/indicators/aggregate';
import { indicatorCacheOf, warmIndicatorCache } from '../src/modules/indicators/facts-cache';
import { addOutcomeData } from './outcome-data';
import { timed } from './sequential-timing';

/**
 * The management quality indicators in `bench:api` (< 1 s at p99 for the city at 100,000 patients
 * and a year of records). Like the outcome report, one page view is one call: measured as one client
 * asking `BENCH_INDICATOR_RUNS` times in a row (after a warm-up), for a doctor's institution and the
 * city, over the current year (the longest period, and its 12-year trend), through the API, which
 * reads the in-process cache (modules/indicators/facts-cache.ts). Also: the cold start (the cache's
 * full read, as main.ts warms it, and the first report, which evaluates the 12 periods), the heap the
 * cache holds, a report after a write (the delta path), and `BENCH_INDICATOR_REFERENCE_RUNS` runs of
 * the uncached reference (read every row, evaluate the period and the trend).
 */
const RUNS = Number(process.env.BENCH_INDICATOR_RUNS ?? 15);
const REFERENCE_RUNS = Number(process.env.BENCH_INDICATOR_REFERENCE_RUNS ?? 3);

const heapMb = () => {
  // Exact only with --expose-gc (NODE_OPTIONS=--expose-gc): else the figure includes garbage.
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

export async function benchIndicators(options: {
  database: Database;
  base: string;
  doctorToken: string;
  adminToken: string;
  doctorInstitutionId: number;
  /** Whether the outcome benchmark already added glucose values and weights to the records. */
  outcomeDataAdded: boolean;
}): Promise<string[]> {
  const { database, base } = options;
  if (!options.outcomeDataAdded) await addOutcomeData(database.db);
  // The bench data is written by set-based SQL, not the services: the facts are computed as start-up does.
  const started = Date.now();
  const computed = await backfillIndicatorFacts(database.db);
  await database.db.execute(sql`vacuum analyze indicator_facts`);
  console.log(`indicator facts: ${computed} rows computed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const today = new Date().toISOString().slice(0, 10);
  const year = today.slice(0, 4);
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  const report = async (token: string, institutionId: number | undefined) => {
    const query = `?period=${year}${institutionId === undefined ? '' : `&institutionId=${institutionId}`}`;
    const res = await fetch(`${base}/api/programme/indicators${query}`, { headers: { satoken: token } });
    const body = (await res.json()) as { code: number; message: string };
    if (body.code !== 0) throw new Error(`indicators failed: ${body.code} ${body.message}`);
  };

  // Cold: the full read (main.ts runs it in the background at start-up), then the first report.
  const heapBefore = heapMb();
  const load = await warmIndicatorCache(database.db);
  const heapFacts = heapMb();
  const firstStarted = performance.now();
  await report(options.adminToken, undefined);
  const first = performance.now() - firstStarted;
  const heapAfter = heapMb();
  const cache = indicatorCacheOf(database.db);
  say(
    `indicator cache, cold: full read of ${load.patients} patients ${load.ms} ms; first city report (period ${year} + 12-year trend, ${cache?.stats.evaluations} patient-period evaluations) ${first.toFixed(0)} ms; heap used ${heapBefore.toFixed(0)} MB before, ${heapFacts.toFixed(0)} MB with the facts (+${(heapFacts - heapBefore).toFixed(0)}), ${heapAfter.toFixed(0)} MB with the 12 periods (+${(heapAfter - heapBefore).toFixed(0)} in all)${(globalThis as { gc?: unknown }).gc ? '' : ' (no --expose-gc: includes garbage)'}`,
  );

  const targets = [
    { name: "indicators, a doctor's institution", token: options.doctorToken, institutionId: options.doctorInstitutionId },
    { name: 'indicators, the whole city (admin)', token: options.adminToken, institutionId: undefined },
  ];
  for (const target of targets) {
    const api = await timed(RUNS, () => report(target.token, target.institutionId));
    say(
      `${target.name} (GET /api/programme/indicators?period=${year}, 1 client, ${RUNS} runs, warm cache): API p50 ${api.p50.toFixed(0)} ms, p99 ${api.p99.toFixed(0)} ms`,
    );
  }

  if (cache) {
    const read = await timed(RUNS, () => cache.refresh());
    say(
      `indicator cache, the read alone with nothing written (delta + live count, ${RUNS} runs): p50 ${read.p50.toFixed(0)} ms, p99 ${read.p99.toFixed(0)} ms`,
    );
  }

  // A write before each report: one patient's facts row rewritten (as a saved record does), so each
  // report reads the delta and re-evaluates that patient in the cached periods.
  const [one] = rowsOf<{ id: number }>(
    await database.db.execute(sql`select patient_id as id from indicator_facts order by patient_id limit 1`),
  );
  if (one) {
    const afterWrite = await timed(RUNS, async () => {
      await database.db.execute(sql`update indicator_facts set facts = facts where patient_id = ${one.id}`);
      await report(options.adminToken, undefined);
    });
    say(
      `indicators, the whole city after a write each time (write + report, ${RUNS} runs): p50 ${afterWrite.p50.toFixed(0)} ms, p99 ${afterWrite.p99.toFixed(0)} ms`,
    );
  }

  if (REFERENCE_RUNS > 0) {
    const period = { key: year, kind: 'year' as const, start: `${year}-01-01`, end: `${year}-12-31` };
    let patients = 0;
    const direct = await timed(REFERENCE_RUNS, async () => {
      const list = await loadScopedFacts(database.db, {});
      patients = list.length;
      evaluateAll(list, period, today);
      trend(list, period, today);
    });
    say(
      `indicators, the whole city without the cache (read ${patients} rows + evaluate the period and trend, ${REFERENCE_RUNS} runs): p50 ${direct.p50.toFixed(0)} ms, p99 ${direct.p99.toFixed(0)} ms`,
    );
  }
  return lines;
}
