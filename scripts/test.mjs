// `npm test`: typecheck, lint, unit tests, API integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys (Playwright, e2e/specs) against a fresh build.
// Prints one closing line "tests: N passed, N failed" summing every tier (Vitest's and Playwright's
// JSON reports). `npm test -- unit e2e` runs only the named steps. The typecheck (one core) runs beside
// lint and the unit tests (one Vitest worker on this 2-core machine); its output prints when it ends.
// Before that line it prints how long each step and each tier took, and the whole run. The browser
// journeys' demo database is seeded in the background, beside the web build.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installIfMissing } from './install-if-missing.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A fresh clone: the tiers' tools (Vitest, Playwright, tsc, Biome) come with the dependencies.
installIfMissing(root);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const only = process.argv.slice(2);
const reports = mkdtempSync(path.join(tmpdir(), 'tcm-test-'));
let passed = 0;
let failed = 0;
let broken = false;
const startedAt = Date.now();
/** Every step that ran: its tier, and when it started and ended (ms), for the closing timings. */
const timings = [];

/** The tier a step belongs to in the closing timings. */
function tierOf(name) {
  if (name === 'typecheck' || name === 'lint') return 'static checks';
  if (name.startsWith('node24')) return `node ${NEWER_NODE} pass`;
  if (name === 'build' || name === 'budget') return 'build';
  return name;
}

function record(name, started, ok, beside = false) {
  timings.push({ name, tier: tierOf(name), started, ended: Date.now(), ok, beside });
}

function seconds(ms) {
  return `${Math.round(ms / 1000)} s`;
}

/**
 * Per step, per tier (from its first step's start to its last step's end: a step that ran beside
 * others counts there in full) and the whole run's wall-clock time.
 */
function printTimings() {
  if (timings.length === 0) return;
  console.log('\n=== timings ===');
  const width = Math.max(...timings.map((t) => t.name.length), 13);
  for (const t of timings) {
    const note = `${t.ok ? '' : ' FAILED'}${t.beside ? ' (in the background, beside other steps)' : ''}`;
    console.log(`  step  ${t.name.padEnd(width)} ${seconds(t.ended - t.started).padStart(6)}${note}`);
  }
  const tiers = new Map();
  for (const t of timings) {
    const tier = tiers.get(t.tier) ?? { started: t.started, ended: t.ended };
    tier.started = Math.min(tier.started, t.started);
    tier.ended = Math.max(tier.ended, t.ended);
    tiers.set(t.tier, tier);
  }
  for (const [name, tier] of tiers) console.log(`  tier  ${name.padEnd(width)} ${seconds(tier.ended - tier.started).padStart(6)}`);
  const total = Date.now() - startedAt;
  console.log(`total: ${seconds(total)} (${(total / 60_000).toFixed(1)} min)`);
}

/** Whether `npm test -- <names>` asked for this step. */
function selected(name) {
  return only.length === 0 || only.includes(name) || (name.startsWith('node24-') && only.includes('node24'));
}

function step(name, command, args, env = {}) {
  if (!selected(name)) return true;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  record(name, started, result.status === 0);
  if (result.status !== 0) broken = true;
  return result.status === 0;
}

/**
 * A step started in the background, its output held back and printed as one block by the returned
 * `finish()`, so it does not interleave with the steps that run meanwhile.
 */
function backgroundStep(name, command, args) {
  if (!selected(name)) return () => Promise.resolve(true);
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  let ended = 0;
  const exited = new Promise((resolve) =>
    child.on('close', (code) => {
      ended = Date.now();
      resolve(code);
    }),
  );
  return async () => {
    const code = await exited;
    timings.push({ name, tier: tierOf(name), started, ended, ok: code === 0, beside: true });
    console.log(`\n=== ${name} (ran beside the steps above) ===`);
    process.stdout.write(Buffer.concat(output));
    console.log(`=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${Math.round((ended - started) / 1000)} s ===`);
    if (code !== 0) broken = true;
    return code === 0;
  };
}

/**
 * Runs one Vitest project. `runtime`, when given, is another Node binary that runs Vitest (and, through
 * PATH, every process the tests start), under the step name `name`.
 */
function vitest(project, { name = project, runtime, env = {} } = {}) {
  const report = path.join(reports, `${name}.json`);
  const args = ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const run = () =>
    runtime
      ? step(name, runtime, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args], {
          ...env,
          PATH: `${path.dirname(runtime)}${path.delimiter}${process.env.PATH}`,
        })
      : step(name, npm, ['exec', '--', 'vitest', ...args], env);
  const brokenBefore = broken;
  let ok = run();
  if (!ok && runtime && crashedWithoutFailure(report)) {
    // Node 24.21's V8 once stopped a test worker with a fatal check in its WebAssembly code freeing
    // (`jit_page_->allocations_.erase(addr) == 1`, PGlite's WASM), after that worker's tests had passed;
    // Vitest then fails the tier with no test failed and a file unreported. The second runtime's pass
    // runs once more in that case only, saying so; a test that fails, or a second crash, fails it.
    console.log(`\n=== ${name}: no test failed, but the run did (a worker crashed: see above); running it once more ===`);
    broken = brokenBefore;
    ok = run();
  }
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    // A file that fails before its tests run (its set-up or an import throws) fails no test: the
    // closing line counts each such file as one failure, so that it never reads "0 failed" for a failed tier.
    failed += (summary.testResults ?? []).filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  } catch {
    if (selected(name)) failed += 1; // a tier that produced no report failed
  }
  return ok;
}

/** Whether a Vitest run failed with no test and no file failing: a worker's crash or an unhandled error. */
function crashedWithoutFailure(report) {
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    return summary.numFailedTests === 0 && !(summary.testResults ?? []).some((file) => file.status === 'failed');
  } catch {
    return false;
  }
}

/**
 * The browser journeys' demo database (e2e/support/write-database-template.ts), written in the
 * background while the web app builds. Seeding it takes one core for 20–35 s; in Playwright's global
 * set-up it ran alone with the other core idle, and the build leaves about a core free too. (Beside
 * the API tier, which keeps both cores busy, it only moved the time from one tier to the other.)
 * Returns a wait for the file's path, or for null when it could not be written (Playwright's global
 * set-up then seeds its own, and fails the tier if seeding fails there too).
 */
function startE2eTemplate(file) {
  if (!selected('e2e')) return () => Promise.resolve(null);
  const started = Date.now();
  const log = path.join(reports, 'e2e-template.log');
  // Its output goes to a file: the steps beside it run synchronously, so nothing would drain a pipe.
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/write-database-template.ts', file], {
    cwd: root,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const stop = () => child.exitCode === null && child.signalCode === null && child.kill();
  process.on('exit', stop);
  const done = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  return async () => {
    const code = await done;
    process.off('exit', stop);
    const ok = code === 0 && existsSync(file);
    // When it ended: the dump's last write (this process may have been busy in a step at the time).
    const ended = ok ? statSync(file).mtimeMs : Date.now();
    timings.push({ name: 'e2e-template', tier: tierOf('e2e-template'), started, ended, ok, beside: true });
    if (ok) return file;
    console.log('\n=== e2e-template: FAILED (Playwright seeds its own); its output: ===');
    process.stdout.write(readFileSync(log));
    return null;
  };
}

/** The Playwright journeys (e2e/playwright.config.ts): its JSON report's counts join the closing line. */
async function playwright(template) {
  const report = path.join(reports, 'playwright.json');
  const databaseTemplate = await template();
  const ok = step('e2e', npm, ['exec', '--', 'playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    ...(databaseTemplate ? { E2E_DATABASE_TEMPLATE: databaseTemplate } : {}),
  });
  try {
    const { stats } = JSON.parse(readFileSync(report, 'utf8'));
    passed += stats.expected;
    failed += stats.unexpected + stats.flaky; // retries are off, so "flaky" cannot happen; if it did, it failed once
  } catch {
    if (selected('e2e')) failed += 1; // a tier that produced no report failed
  }
  return ok;
}

/**
 * The newer LTS line (README, "Supported Node versions"): its binary comes from the npm registry's
 * `node` package, installed once into .cache/node-lts (no download from anywhere else). Returns its
 * path, or null when it cannot be installed.
 */
function newerNode() {
  const started = Date.now();
  const prefix = path.join(root, '.cache', `node-${NEWER_NODE}`);
  const binary = path.join(prefix, 'node_modules', '.bin', 'node');
  if (!existsSync(binary)) {
    const install = spawnSync(
      npm,
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `node@${NEWER_NODE}`],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    record(`node${NEWER_NODE}-install`, started, install.status === 0);
    if (install.status !== 0 || !existsSync(binary)) return null;
  }
  return binary;
}

const NEWER_NODE = '24';
// The second runtime's pass runs under CI, or when asked for by name (`npm test -- node24`).
const withNewerNode = process.env.CI === 'true' ? selected('node24') : only.includes('node24');

const typecheck = backgroundStep('typecheck', npm, ['run', 'typecheck']);
step('lint', npm, ['run', 'lint']);
vitest('unit');
// The API tier runs two workers: it gets both cores.
await typecheck();
vitest('api');
if (withNewerNode) {
  // Unit and API tiers again under the newer LTS line, on PGlite (the PostgreSQL driver is plain
  // JavaScript: what differs between runtimes is Node itself, WASM and the native argon2 binding).
  const runtime = newerNode();
  if (runtime) {
    vitest('unit', { name: 'node24-unit', runtime });
    // PGlite only: the PostgreSQL run is CI's mandatory one, done above.
    vitest('api', { name: 'node24-api', runtime, env: { TEST_DATABASE_URL: '', CI: '' } });
  } else {
    console.log(`\n=== node24: FAILED: node@${NEWER_NODE} could not be installed from the npm registry ===`);
    broken = true;
    failed += 1;
  }
}
const e2eTemplateFile = path.join(reports, 'e2e-demo.tar');
const e2eTemplate = startE2eTemplate(e2eTemplateFile);
if (step('build', npm, ['run', 'build', '-w', '@tcm/web'])) {
  // The JavaScript each route downloads, from that build's manifest (packages/web/scripts/bundle-budget.mjs).
  step('budget', npm, ['run', 'budget', '-w', '@tcm/web']);
  await playwright(e2eTemplate);
}
rmSync(e2eTemplateFile, { force: true });

printTimings();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
