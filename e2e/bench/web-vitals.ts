/**
 * `npm run bench:web`: LCP and INP of the doctor's home in Debian's Chromium, with BENCH_PATIENTS
 * (default 10,000) patients in the doctor's institution. Builds nothing itself (the npm script builds
 * the web app first); starts the production server on in-memory PGlite, or on a scratch PostgreSQL
 * database when DATABASE_URL is set. Each run opens a new browser context (empty HTTP cache) signed
 * in as the doctor, loads the home cold, loads it again warm, then performs the typical interactions
 * of home-scenario.ts on that page. Runs BENCH_RUNS times (default 5) for each CPU throttling rate in
 * BENCH_CPU_THROTTLE (default "1,4": this machine as it is, then 4× slower, a modest clinic PC),
 * after one warm-up run, and prints p50/p75 beside Google's thresholds. A benchmark: it prints
 * numbers and asserts none.
 */
import os from 'node:os';
import type { LoginResult } from '@tcm/contracts/api/auth';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { BENCH_ADMIN, BENCH_DOCTOR, startBenchServer } from './bench-server';
import { HOME_INTERACTIONS, waitForHome } from './home-scenario';
import { auditScreens, type ScreenCount } from './screen-audit';
import { inpOf, installVitalsObservers, interactionLatencies, readVitals } from './vitals-observer';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 10_000);
const INSTITUTIONS = Number(process.env.BENCH_INSTITUTIONS ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const THROTTLE_RATES = (process.env.BENCH_CPU_THROTTLE ?? '1,4').split(',').map(Number);

/** Google's Core Web Vitals thresholds (ms): good up to `good`, poor above `poor`. */
const THRESHOLDS = { lcp: { good: 2500, poor: 4000 }, inp: { good: 200, poor: 500 } } as const;

interface RunResult {
  lcpCold: number;
  lcpWarm: number;
  lcpElement: string | null;
  inp: number;
  /** The slowest interaction of each step of HOME_INTERACTIONS, by label (0 when under 16 ms). */
  steps: Map<string, number>;
  interactions: number;
}

async function signIn(baseUrl: string, account: { username: string; password: string } = BENCH_DOCTOR): Promise<LoginResult> {
  const res = await fetch(`${baseUrl}/prod-api/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  const json = (await res.json()) as { code: number; message: string; data: LoginResult };
  if (json.code !== 0) throw new Error(`login: ${json.code} ${json.message}`);
  return json.data;
}

async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

async function oneRun(browser: Browser, baseUrl: string, rate: number): Promise<RunResult> {
  // A fresh login and a fresh context each run: an empty HTTP cache makes the first load a cold one.
  const session = await signIn(baseUrl);
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  try {
    // The session the login screen would store (keys token, admin, user), present before the app starts.
    await context.addInitScript((s: LoginResult) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('admin', s.admin ? 'true' : 'false');
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    const page = await context.newPage();
    await installVitalsObservers(page);
    await throttle(page, rate);

    await page.goto('/index');
    await waitForHome(page, BENCH_DOCTOR.name);
    const cold = await readVitals(page);

    await page.goto('/index');
    await waitForHome(page, BENCH_DOCTOR.name);
    const warm = await readVitals(page);

    const steps = new Map<string, number>();
    let seen = warm.events.length;
    for (const interaction of HOME_INTERACTIONS) {
      await interaction.run(page);
      const { events } = await readVitals(page);
      const latencies = [...interactionLatencies(events.slice(seen)).values()];
      steps.set(interaction.label, latencies.length > 0 ? Math.max(...latencies) : 0);
      seen = events.length;
    }
    const all = [...interactionLatencies((await readVitals(page)).events).values()];
    return {
      lcpCold: cold.lcp ?? Number.NaN,
      lcpWarm: warm.lcp ?? Number.NaN,
      lcpElement: warm.lcpElement,
      inp: inpOf(all),
      steps,
      interactions: all.length,
    };
  } finally {
    await context.close();
  }
}

/** Nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? Number.NaN;
}

function rating(value: number, t: { good: number; poor: number }): string {
  if (value <= t.good) return 'good';
  return value <= t.poor ? 'needs improvement' : 'poor';
}

const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : v === 0 ? '<16 ms' : `${Math.round(v)} ms`);

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  console.log(line(rows[0]!));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const r of rows.slice(1)) console.log(line(r));
}

function metricRows(label: string, cpu: string, values: number[], t: { good: number; poor: number } | undefined): string[] {
  const p50 = percentile(values, 0.5);
  const p75 = percentile(values, 0.75);
  return [
    label,
    cpu,
    String(values.length),
    ms(p50),
    ms(p75),
    t ? `≤ ${t.good} ms` : '',
    t ? `> ${t.poor} ms` : '',
    t ? rating(p75, t) : `(${rating(p75, THRESHOLDS.inp)})`,
  ];
}

function vitalsRows(results: Map<number, RunResult[]>): string[][] {
  const rows: string[][] = [['metric', 'CPU', 'runs', 'p50', 'p75', 'good', 'poor', 'p75 rating']];
  for (const [rate, runs] of results) {
    const cpu = rate === 1 ? '1×' : `${rate}× slower`;
    rows.push(
      metricRows(
        'LCP, cold load (empty cache)',
        cpu,
        runs.map((r) => r.lcpCold),
        THRESHOLDS.lcp,
      ),
    );
    rows.push(
      metricRows(
        'LCP, warm load (cached assets)',
        cpu,
        runs.map((r) => r.lcpWarm),
        THRESHOLDS.lcp,
      ),
    );
    rows.push(
      metricRows(
        `INP (${HOME_INTERACTIONS.length} typical interactions)`,
        cpu,
        runs.map((r) => r.inp),
        THRESHOLDS.inp,
      ),
    );
    for (const { label } of HOME_INTERACTIONS) {
      rows.push(
        metricRows(
          `  ${label}`,
          cpu,
          runs.map((r) => r.steps.get(label) ?? 0),
          undefined,
        ),
      );
    }
  }
  return rows;
}

async function main() {
  const loadBefore = os.loadavg();
  const server = await startBenchServer({ patients: PATIENTS, institutions: INSTITUTIONS });
  const browser = await launchBrowser();
  const started = Date.now();
  const results = new Map<number, RunResult[]>();
  let screens: ScreenCount[] = [];
  try {
    console.log(`Chromium ${browser.version()}, ${server.databaseLabel}, ${RUNS} runs per CPU rate after one warm-up run`);
    // BENCH_RUNS=0 only audits the screens.
    if (RUNS > 0) await oneRun(browser, server.baseUrl, 1);
    for (const rate of RUNS > 0 ? THROTTLE_RATES : []) {
      const runs: RunResult[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const run = await oneRun(browser, server.baseUrl, rate);
        console.log(
          `CPU ${rate}× run ${i + 1}/${RUNS}: LCP cold ${ms(run.lcpCold)}, warm ${ms(run.lcpWarm)} (${run.lcpElement ?? '?'}), INP ${ms(run.inp)} over ${run.interactions} interactions ≥ 16 ms`,
        );
        runs.push(run);
      }
      results.set(rate, runs);
    }
    screens = await auditScreens(browser, server.baseUrl, await signIn(server.baseUrl), await signIn(server.baseUrl, BENCH_ADMIN));
  } finally {
    await browser.close();
    await server.close();
  }
  const loadAfter = os.loadavg();

  if (results.size > 0) {
    console.log(
      `\nThe doctor's home with ${PATIENTS.toLocaleString('en-US')} patients over ${INSTITUTIONS} institution(s) (the doctor's holds ${Math.floor(PATIENTS / INSTITUTIONS).toLocaleString('en-US')}):\n`,
    );
    printTable(vitalsRows(results));
    console.log('Interaction rows: the slowest interaction of that step (its rating in brackets uses the INP thresholds).');
  }
  console.log(
    `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, load average ${loadBefore.map((l) => l.toFixed(1)).join(' / ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' / ')} after (1/5/15 min); measuring took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  console.log(`\nWhat each screen renders with ${PATIENTS.toLocaleString('en-US')} patients (DOM counts once settled):\n`);
  printTable([
    ['role', 'screen', 'table rows', 'list items', 'select options', 'elements'],
    ...screens.map((s) => [s.role, s.screen, String(s.tableRows), String(s.listItems), String(s.options), String(s.elements)]),
  ]);
  const worst = Math.max(...screens.map((s) => Math.max(s.tableRows, s.listItems, s.options)));
  console.log(
    `\nlargest list on any screen: ${worst} rows/items/options; largest DOM: ${Math.max(...screens.map((s) => s.elements))} elements`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
