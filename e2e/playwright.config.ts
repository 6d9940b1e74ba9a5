import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/browser';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Screenshots, traces of failed tests and the JSON report: one git-ignored folder at the root. */
const artifacts = path.join(here, '../.e2e-artifacts');

/**
 * The browser journeys under @playwright/test (e2e/README.md). Debian's Chromium, never a downloaded
 * browser; each worker runs its own app server on a copy of the seeded template database.
 */
export default defineConfig({
  testDir: './specs',
  testMatch: '**/*.spec.ts',
  globalSetup: './fixtures/global-setup.ts',
  outputDir: path.join(artifacts, 'test-results'),
  // A retry would hide a flake: a journey that fails once is a bug to fix at its cause.
  retries: 0,
  // One journey on a loaded 2-core machine takes 10–60 s; a test stuck for 3 minutes is broken.
  timeout: 180_000,
  // The screens load lazily-split chunks from a server sharing the machine with the browser.
  expect: { timeout: 20_000 },
  // Each worker is a server, an in-memory database and a Chromium. Two workers on the 2-core machine:
  // 5.6 min quiet, 7.7 min beside two busy loops (2026-11-28) (the flake check, e2e/README.md); E2E_WORKERS=1 when a
  // machine is starved.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Every test makes its own data, so tests of one file may run on different workers: with two
  // workers the 25 tests of the doctor shell no longer keep one worker busy while the other idles.
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? path.join(artifacts, 'playwright-report.json') }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    // The app follows the system's "reduce motion" (app/reduced-motion.ts): antd's zooms, slides and
    // fades end at once, so a journey does not wait for them, nor spend the CPU on painting them.
    // doctor-day.spec.ts keeps the motion on, so that one journey still meets the animations a user
    // sees; E2E_MOTION=on runs every journey with it.
    reducedMotion: process.env.E2E_MOTION === 'on' ? 'no-preference' : 'reduce',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // A failed test leaves its trace: the actions, their logs and the network. DOM snapshots per action
    // cost about a tenth of the tier's time, so they are opt-in (E2E_TRACE_SNAPSHOTS=1) for a failure
    // whose log is not enough; no screencast, which costs CPU.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: process.env.E2E_TRACE_SNAPSHOTS === '1' },
    screenshot: 'only-on-failure',
  },
});
