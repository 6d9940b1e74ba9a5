import { describe, expect, it } from 'vitest';
import { capNextContact, DANGER_NEXT_CONTACT_DAYS, latestNextContact, nextContactTooLate } from './next-contact';

describe('next contact within 14 days after a danger value', () => {
  it('allows 14 days after an alert or a diabetic value, and leaves other visits to their rhythm', () => {
    expect(DANGER_NEXT_CONTACT_DAYS).toBe(14);
    expect(latestNextContact('2026-03-01', { hasAlert: true })).toBe('2026-03-15');
    expect(latestNextContact('2026-03-01', { glycemicStatus: 'diabetesUnconfirmed' })).toBe('2026-03-15');
    expect(latestNextContact('2026-03-01', { glycemicStatus: 'diabetes' })).toBe('2026-03-15');
    expect(latestNextContact('2026-03-01', { hasAlert: false, glycemicStatus: 'IFG' })).toBeNull();
  });

  it('brings a later proposal forward and flags a typed date after the limit (14 / 15 days)', () => {
    expect(capNextContact('2026-03-01', '2026-05-30', { hasAlert: true })).toBe('2026-03-15');
    expect(capNextContact('2026-03-01', '2026-03-08', { hasAlert: true })).toBe('2026-03-08');
    expect(capNextContact('2026-03-01', '2026-05-30', { hasAlert: false })).toBe('2026-05-30');
    expect(nextContactTooLate('2026-03-01', '2026-03-15', { hasAlert: true })).toBe(false);
    expect(nextContactTooLate('2026-03-01', '2026-03-16', { hasAlert: true })).toBe(true);
    expect(nextContactTooLate('2026-03-01', '2026-06-16', { hasAlert: false })).toBe(false);
  });
});
