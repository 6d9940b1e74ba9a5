import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls until `check` holds, up to a deadline: for what the server finishes on its own time (an audit
 * row written after the client has gone, a worker stopping), which no event of the test announces.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached in time: ${what}`);
    await sleep(20);
  }
}
