import { describe, expect, it } from 'vitest';
import { followUpIntervalDays, GLYCEMIC_THRESHOLDS, PROGRAMME } from './programme';

describe('programme constants', () => {
  it('holds the protocol values of PRODUCT §3', () => {
    expect(PROGRAMME).toEqual({ unfilledReminderDays: 15, comparisonFollowUpDays: 90, managedFollowUpDays: 15 });
    expect(GLYCEMIC_THRESHOLDS.ifgFpgLower).toBe(6.1);
    expect(Object.isFrozen(GLYCEMIC_THRESHOLDS)).toBe(true);
  });

  it('gives the follow-up interval per cohort', () => {
    expect(followUpIntervalDays('managed')).toBe(15);
    expect(followUpIntervalDays('comparison')).toBe(90);
    expect(followUpIntervalDays(undefined)).toBe(15);
  });
});
