// `npm test`: typecheck, lint, unit tests, API integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys (Playwright, e2e/specs) against a fresh build.
// Prints one closing line "tests: N passed, N failed" summing every tier (Vitest's and Playwright's
// JSON reports). `npm test -- unit e2e` runs only the named steps. The typecheck (one core) runs beside
// lint and the unit tests (one Vitest worker on this 2-core machine); its output prints when it ends.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const only = process.argv.slice(2);
const reports = mkdtempSync(path.join(tmpdir(), 'tcm-test-'));
let passed = 0;
let failed = 0;
let broken = false;

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
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  return async () => {
    const code = await exited;
    console.log(`\n=== ${name} (ran beside the steps above) ===`);
    process.stdout.write(Buffer.concat(output));
    console.log(`=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
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
  const ok = runtime
    ? step(name, runtime, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args], {
        ...env,
        PATH: `${path.dirname(runtime)}${path.delimiter}${process.env.PATH}`,
      })
    : step(name, npm, ['exec', '--', 'vitest', ...args], env);
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

/** The Playwright journeys (e2e/playwright.config.ts): its JSON report's counts join the closing line. */
function playwright() {
  const report = path.join(reports, 'playwright.json');
  const ok = step('e2e', npm, ['exec', '--', 'playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
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
if (step('build', npm, ['run', 'build', '-w', '@tcm/web'])) {
  // The JavaScript each route downloads, from that build's manifest (packages/web/scripts/bundle-budget.mjs).
  step('budget', npm, ['run', 'budget', '-w', '@tcm/web']);
  playwright();
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
