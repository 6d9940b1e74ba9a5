// `npm test`: typecheck, lint, unit tests, API integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys (Playwright, e2e/specs) against a fresh build.
// Prints one closing line "tests: N passed, N failed" summing every tier (Vitest's and Playwright's
// JSON reports). `npm test -- unit e2e` runs only the named steps. The typecheck (one core) runs beside
// lint and the unit tests (one Vitest worker on this 2-core machine); its output prints when it ends.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
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
  return only.length === 0 || only.includes(name);
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

function vitest(project) {
  const report = path.join(reports, `${project}.json`);
  const ok = step(project, npm, [
    'exec',
    '--',
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    // A file that fails before its tests run (its set-up or an import throws) fails no test: the
    // closing line counts each such file as one failure, so that it never reads "0 failed" for a failed tier.
    failed += (summary.testResults ?? []).filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  } catch {
    if (selected(project)) failed += 1; // a tier that produced no report failed
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

const typecheck = backgroundStep('typecheck', npm, ['run', 'typecheck']);
step('lint', npm, ['run', 'lint']);
vitest('unit');
// The API tier runs two workers: it gets both cores.
await typecheck();
vitest('api');
if (step('build', npm, ['run', 'build', '-w', '@tcm/web'])) {
  // The JavaScript each route downloads, from that build's manifest (packages/web/scripts/bundle-budget.mjs).
  step('budget', npm, ['run', 'budget', '-w', '@tcm/web']);
  playwright();
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
