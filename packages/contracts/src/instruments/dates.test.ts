import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isIsoDate } from './dates';

describe('calendar dates', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-2-3')).toBe(false);
    expect(isIsoDate(20250203)).toBe(false);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2025-12-20', 15)).toBe('2026-01-04');
    expect(addDays('2024-02-20', 15)).toBe('2024-03-06');
    expect(daysBetween('2026-01-01', '2026-03-01')).toBe(59);
    expect(daysBetween('2026-03-01', '2026-01-01')).toBe(-59);
  });
});
