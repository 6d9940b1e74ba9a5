import { defineConfig } from 'vitest/config';

// Three tiers: pure unit tests beside their code, API integration tests through app.inject() on real
// databases, and browser journeys. `npm test` runs them in that order (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contracts/src/**/*.test.ts', 'packages/server/src/**/*.test.ts', 'packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['packages/server/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own databases; two workers suit this 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        // The journeys not yet moved to Playwright (e2e/specs, e2e/README.md); each moves out of here
        // in the commit that converts it.
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          globalSetup: ['e2e/support/database-template.ts'],
        },
      },
    ],
  },
});
