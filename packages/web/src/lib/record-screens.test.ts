import { describe, expect, it } from 'vitest';
import { firstFormTarget, recordPathOf } from './record-screens';

const managed = { cohort: 'managed' as const, role: 'patient', endManagement: false, nextDueDate: '2999-01-01', overdue: false };

describe('firstFormTarget', () => {
  it('opens 体格检查 (annex 6), a tab of /diagnosticRecord, when it is the only baseline form missing', () => {
    expect(firstFormTarget({ ...managed, filledAnnexes: ['1', '2', '3', '4'] })).toEqual({
      path: '/diagnosticRecord',
      state: { annex: '6' },
    });
  });

  it('opens 生活方式 after 诊断记录, and the overdue follow-up once the baseline is complete', () => {
    expect(firstFormTarget({ ...managed, filledAnnexes: ['1'] })).toEqual({ path: '/lifeStyle', state: { annex: '2' } });
    expect(firstFormTarget({ ...managed, filledAnnexes: ['1', '2', '3', '4', '6'], overdue: true }).path).toBe('/followUp');
  });

  it('sends a diabetic comparison member to /TNBFollowUp for annex 9', () => {
    expect(recordPathOf('9')).toBe('/TNBFollowUp');
  });
});
