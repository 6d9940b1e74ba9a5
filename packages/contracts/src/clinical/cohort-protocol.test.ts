import { describe, expect, it } from 'vitest';
import { followUpAnnex, isFillCompleted } from './cohort-protocol';

describe('cohort protocol', () => {
  it('needs the whole baseline set of the managed group, and annex 8 once ended', () => {
    expect(isFillCompleted('managed', ['1', '2', '3', '4'], false)).toBe(false);
    expect(isFillCompleted('managed', ['1', '2', '3', '4', '6'], false)).toBe(true);
    expect(isFillCompleted('managed', ['1', '2', '3', '4', '6'], true)).toBe(false);
    expect(isFillCompleted('managed', ['1', '2', '3', '4', '6', '8'], true)).toBe(true);
  });
  it('needs annexes 1, 3 and 6 for the comparison group', () => {
    expect(isFillCompleted('comparison', ['1', '3'], false)).toBe(false);
    expect(isFillCompleted('comparison', ['1', '3', '6'], true)).toBe(true);
  });
  it('follows diabetic comparison members with annex 9 and everyone else with annex 7', () => {
    expect(followUpAnnex('comparison', 1)).toBe('9');
    expect(followUpAnnex('comparison', 0)).toBe('7');
    expect(followUpAnnex('managed', null)).toBe('7');
  });
});
