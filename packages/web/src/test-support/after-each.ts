/*
 * Test support (not shipped): resets that must run after every test of every file that loaded a helper.
 *
 * The unit tier runs with `isolate: false` (one module graph per worker, reused by file after file).
 * A helper's module-level `afterEach` would then register in the first file that imports it and in
 * no other; helpers add their reset here instead, and `setup-each-file.ts` (a `setupFiles` entry,
 * which runs in every file) calls them all after each test.
 */

const resets = new Set<() => void>();

/** Runs `reset` after each test of every file from now on (once, however often it is added). */
export function resetAfterEachTest(reset: () => void): void {
  resets.add(reset);
}

export function runResets(): void {
  for (const reset of resets) reset();
}
