// `npm test`: typecheck, lint, unit tests, API integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then browser journeys against a fresh build. Prints one closing line
// "tests: N passed, N failed" summing every Vitest tier.
import { spawnSync } from 'node:child_process';
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

function step(name, command, args) {
  if (only.length > 0 && !only.includes(name)) return true;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (result.status !== 0) broken = true;
  return result.status === 0;
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
  } catch {
    if (only.length === 0 || only.includes(project)) failed += 1; // a tier that produced no report failed
  }
  return ok;
}

step('typecheck', npm, ['run', 'typecheck']);
step('lint', npm, ['run', 'lint']);
vitest('unit');
vitest('api');
if (step('build', npm, ['run', 'build', '-w', '@tcm/web'])) vitest('e2e');
// The JavaScript each route downloads, from that build's manifest (packages/web/scripts/bundle-budget.mjs).
step('budget', npm, ['run', 'budget', '-w', '@tcm/web']);

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
