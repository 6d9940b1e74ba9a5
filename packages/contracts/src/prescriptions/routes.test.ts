import { describe, expect, it } from 'vitest';
import { PRESCRIPTION_ROUTES } from './routes';
import { PRESCRIPTION_KINDS } from './templates';

describe('/prescribe route children (SEED-SPEC §2)', () => {
  it('are index, 1..6 and other, in that order', () => {
    expect(PRESCRIPTION_ROUTES.map((r) => [r.path, r.shows])).toEqual([
      ['index', 'overview'],
      ['1', 'diet'],
      ['2', 'sleep'],
      ['3', 'motion'],
      ['4', 'loseWeight'],
      ['5', 'healthEducation'],
      ['6', 'physique'],
      ['other', 'other'],
    ]);
  });

  it('show every prescription kind exactly once', () => {
    const shown = PRESCRIPTION_ROUTES.map((r) => r.shows).filter((shows) => shows !== 'overview');
    expect([...shown].sort()).toEqual([...PRESCRIPTION_KINDS].sort());
  });
});
