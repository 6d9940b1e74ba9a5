import { describe, expect, it } from 'vitest';
import { StallClock } from './stall-guard';

describe('StallClock', () => {
  it('calls a client stalled once bytes have waited idleMs with none taken, not a moment before', () => {
    const clock = new StallClock(1000, 0);
    expect(clock.observe(0, 500, true)).toBe(false);
    expect(clock.observe(999, 500, true)).toBe(false);
    expect(clock.observe(1000, 500, true)).toBe(true);
  });

  it('restarts the count whenever the client takes bytes, however few and however slowly', () => {
    const clock = new StallClock(1000, 0);
    expect(clock.observe(0, 500, true)).toBe(false);
    expect(clock.observe(900, 501, true)).toBe(false);
    expect(clock.observe(1800, 502, true)).toBe(false);
    expect(clock.observe(2700, 502, true)).toBe(false);
    expect(clock.observe(2799, 502, true)).toBe(false);
    expect(clock.observe(2800, 502, true)).toBe(true);
  });

  it('never blames the client while nothing waits for it (the server is the slow side)', () => {
    const clock = new StallClock(1000, 0);
    expect(clock.observe(0, 500, false)).toBe(false);
    expect(clock.observe(5000, 500, false)).toBe(false);
    // Bytes wait from the first look that finds them: the client gets its full idleMs from there.
    expect(clock.observe(5100, 500, true)).toBe(false);
    expect(clock.observe(6099, 500, true)).toBe(false);
    expect(clock.observe(6100, 500, true)).toBe(true);
  });

  it('counts from its start when the first look already finds bytes waiting', () => {
    const clock = new StallClock(1000, 0);
    expect(clock.observe(400, 0, true)).toBe(false);
    expect(clock.observe(1399, 0, true)).toBe(false);
    expect(clock.observe(1400, 0, true)).toBe(true);
  });
});
