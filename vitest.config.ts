import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * API test files that take tens of seconds each: a first start that seeds in a child process, every
 * route for every kind of caller, the demo seed, the fuzzer, kill -9, start-up sealing, the outage.
 * Vitest runs the files it has timings for longest first, but a fresh clone (CI's case) has none, and
 * it then runs larger files first: these short files came last, one worker finishing them alone while
 * the other core idled. They start first; the rest keep Vitest's order. Only the order changes.
 */
const SLOW_API_FILES = [
  'lifecycle.test.ts',
  'access-matrix.test.ts',
  'demo-data.test.ts',
  'fuzz.test.ts',
  'crash.test.ts',
  'identifiers-startup.test.ts',
  'database-outage.test.ts',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_API_FILES.findIndex((name) => file.moduleId.endsWith(`/packages/server/test/${name}`));
      return index === -1 ? SLOW_API_FILES.length : index;
    };
    return ordered
      .map((file, position) => ({ file, position, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.position - b.position)
      .map(({ file }) => file);
  }
}

// Two of the three tiers: pure unit tests beside their code and API integration tests through
// app.inject() on real databases. The browser journeys run under Playwright (e2e/playwright.config.ts);
// `npm test` runs the three in that order (scripts/test.mjs).
export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contracts/src/**/*.test.ts',
            'packages/server/src/**/*.test.ts',
            'packages/web/src/**/*.test.{ts,tsx}',
            // The web build's budget (its counting, over a synthetic manifest).
            'packages/web/scripts/**/*.test.mjs',
          ],
          environment: 'node',
          // Vitest's default 5 s is a timed assertion in disguise: the component tests render antd in a
          // simulated DOM, and on a machine busy with the browser tier and two busy loops one user flow
          // took many seconds. A timeout is there to stop a hung test, not to measure a fast one.
          testTimeout: 120_000,
          // One module graph per worker, reused from file to file: re-importing antd, zod and the
          // contracts for each of ~100 files cost more time than the tests themselves.
          // The tests hold no module state between files: helpers reset theirs after each test through
          // this setup file (test-support/after-each.ts).
          isolate: false,
          setupFiles: ['packages/web/src/test-support/setup-each-file.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['packages/server/test/**/*.test.ts'],
          // Migrates a PGlite dump and a PostgreSQL template once; each file's databases are copies.
          globalSetup: ['packages/server/test/support/database-templates.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own databases; two workers suit this 2-core machine.
          maxWorkers: 2,
          // Each file builds its own apps on its own databases, and no test mocks a module, so a worker
          // keeps the server's module graph from file to file: importing it for each of ~60 files cost
          // about 90 s of the tier's CPU time.
          isolate: false,
        },
      },
    ],
  },
});
