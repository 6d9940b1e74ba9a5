// `npm run e2e:flake -- [--runs 10] [--busy 2] [playwright args…]`: the flake check. Runs
// the whole browser tier (e2e/playwright.config.ts) `runs` times in a row against the current web
// build, with `busy` busy CPU loops beside it (child processes spinning for the whole check), and
// prints each run's result and duration, then a summary. Stops at the first failing run (its report
// stays in .e2e-artifacts/), since the claim is "N runs in a row". Build the web app first
// (`npm run build -w @tcm/web`). Nothing here is timed against a limit: durations are printed only.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

/** `--name value`, removed from the arguments handed to Playwright. */
function option(name, fallback) {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const [, value] = args.splice(at, 2);
  return Number(value);
}
const runs = option('runs', 10);
const busy = option('busy', 2);

const loops = Array.from({ length: busy }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopLoops = () => {
  for (const loop of loops) loop.kill('SIGKILL');
};
process.on('exit', stopLoops);
process.on('SIGINT', () => process.exit(130));

const report = path.join(root, '.e2e-artifacts/flake-check-report.json');
const results = [];
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  const load = loadavg()[0].toFixed(1);
  const result = spawnSync('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=dot,json', ...args], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: report },
  });
  let stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  try {
    stats = JSON.parse(readFileSync(report, 'utf8')).stats;
  } catch {
    // no report: the run failed before the tests
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const ok = result.status === 0 && stats.unexpected === 0 && stats.flaky === 0;
  results.push({ run, ok, minutes, stats, load });
  console.log(
    `\nflake check run ${run}/${runs}: ${ok ? 'passed' : 'FAILED'} — ${stats.expected} passed, ${stats.unexpected} failed, ` +
      `${stats.skipped} skipped in ${minutes} min (load average ${load} at the start, ${busy} busy loops)\n`,
  );
  if (!ok) break;
}
stopLoops();
const passed = results.filter((r) => r.ok).length;
console.log(`flake check: ${passed} of ${runs} runs passed in a row${passed < runs ? ` (stopped at run ${results.length})` : ''}`);
for (const r of results) console.log(`  run ${r.run}: ${r.ok ? 'passed' : 'FAILED'}, ${r.stats.expected} tests passed, ${r.minutes} min`);
process.exit(passed === runs ? 0 : 1);
