import { describe, expect, it } from 'vitest';
import type { Ctx } from './context';
import { todayOf } from './scope';

const at = (now: Date) => ({ now }) as Ctx;

describe('todayOf', () => {
  it("is the server's calendar day, zero-padded, at either end of the day and of the year", () => {
    expect(todayOf(at(new Date(2026, 0, 5, 0, 0, 0)))).toBe('2026-01-05');
    expect(todayOf(at(new Date(2026, 0, 5, 23, 59, 59, 999)))).toBe('2026-01-05');
    expect(todayOf(at(new Date(2026, 11, 31, 23, 59)))).toBe('2026-12-31');
    expect(todayOf(at(new Date(2028, 1, 29, 12)))).toBe('2028-02-29');
  });
});
