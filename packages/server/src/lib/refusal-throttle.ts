/**
 * What to do with one refusal: count it, or write its audit row saying how many refusals of the same
 * key this window has seen so far (`count`) and, on a window's first row, how many the previous one
 * saw in the end (`previousWindow`), when there was one.
 */
export type RefusalDecision = { write: true; count: number; previousWindow?: number } | { write: false };

/**
 * Audit rows of refusals without a flood: per key (source, reason and route) a window's first
 * refusal is written, then the 10th, 100th, 1000th… with the running count. A script replaying a
 * made-up token thousands of times a minute writes a handful of rows that still show its size to
 * within a factor of ten, and its next window's first row gives the exact count of the last one,
 * instead of burying the rows a reviewer needs. Keys beyond `maxKeys` (many addresses at once) share
 * one key per reason, so memory stays bounded whatever the sender varies.
 */
export class RefusalThrottle {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly windowMs = 60_000,
    private readonly maxKeys = 10_000,
  ) {}

  admit(key: string, reason: string, now: number): RefusalDecision {
    const bounded = this.windows.has(key) || this.hasRoom(now) ? key : `${reason}|*`;
    const current = this.windows.get(bounded);
    if (current && now - current.startedAt < this.windowMs) {
      current.count += 1;
      return isPowerOfTen(current.count) ? { write: true, count: current.count } : { write: false };
    }
    this.windows.set(bounded, { startedAt: now, count: 1 });
    return current ? { write: true, count: 1, previousWindow: current.count } : { write: true, count: 1 };
  }

  /** Keys whose window ended with a single refusal (already written in full) are forgotten first. */
  private hasRoom(now: number): boolean {
    if (this.windows.size < this.maxKeys) return true;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs && window.count === 1) this.windows.delete(key);
    }
    return this.windows.size < this.maxKeys;
  }
}

function isPowerOfTen(count: number): boolean {
  return count >= 10 && /^10*$/.test(String(count));
}
