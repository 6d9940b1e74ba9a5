import { describe, expect, it } from 'vitest';
import { RefusalThrottle } from './refusal-throttle';

const MINUTE = 60_000;

describe('RefusalThrottle', () => {
  it('writes the first refusal of a window, then the 10th, 100th and 1000th with the running count', () => {
    const throttle = new RefusalThrottle(MINUTE);
    const written: unknown[] = [];
    for (let i = 0; i < 1500; i++) {
      const decision = throttle.admit('ip:203.0.113.7|GET /api/x', 'denied.token', 1000 + i);
      if (decision.write) written.push(decision);
    }
    expect(written).toEqual([
      { write: true, count: 1 },
      { write: true, count: 10 },
      { write: true, count: 100 },
      { write: true, count: 1000 },
    ]);
  });

  it("the next window's first row gives the exact count of the previous window", () => {
    const throttle = new RefusalThrottle(MINUTE);
    for (let i = 0; i < 42; i++) throttle.admit('a', 'denied.token', i);
    expect(throttle.admit('a', 'denied.token', MINUTE + 5)).toEqual({ write: true, count: 1, previousWindow: 42 });
    expect(throttle.admit('a', 'denied.token', MINUTE + 6)).toEqual({ write: false });
  });

  it('keeps keys apart: another source or route is written on its own', () => {
    const throttle = new RefusalThrottle(MINUTE);
    expect(throttle.admit('a', 'denied.token', 0).write).toBe(true);
    expect(throttle.admit('b', 'denied.token', 1).write).toBe(true);
    expect(throttle.admit('a', 'denied.token', 2).write).toBe(false);
  });

  it('past maxKeys, new keys share one key per reason, so memory stays bounded', () => {
    const throttle = new RefusalThrottle(MINUTE, 3);
    const decisions = Array.from({ length: 20 }, (_, i) => throttle.admit(`ip:${i}`, 'denied.token', i).write);
    // Three sources on their own, then every other one counted together: its 1st and 10th written.
    expect(decisions.filter(Boolean)).toHaveLength(3 + 2);
    // Once their windows end, single-refusal keys make room again.
    expect(throttle.admit('ip:new', 'denied.token', MINUTE + 100)).toEqual({ write: true, count: 1 });
  });
});
