import { describe, expect, it } from 'vitest';
import { bpBand } from './blood-pressure';

describe('bpBand (China hypertension guideline 2018)', () => {
  it('bands the systolic pressure at 119/120, 139/140, 159/160 and 179/180 (diastolic 70)', () => {
    expect([119, 120, 139, 140, 159, 160, 179, 180].map((sbp) => bpBand(sbp, 70))).toEqual([
      'normal',
      'highNormal',
      'highNormal',
      'grade1',
      'grade1',
      'grade2',
      'grade2',
      'grade3',
    ]);
  });

  it('bands the diastolic pressure at 79/80, 89/90, 99/100 and 109/110 (systolic 115)', () => {
    expect([79, 80, 89, 90, 99, 100, 109, 110].map((dbp) => bpBand(115, dbp))).toEqual([
      'normal',
      'highNormal',
      'highNormal',
      'grade1',
      'grade1',
      'grade2',
      'grade2',
      'grade3',
    ]);
  });

  it('lets the higher of the two categories win', () => {
    expect(bpBand(118, 92)).toBe('grade1');
    expect(bpBand(165, 85)).toBe('grade2');
    expect(bpBand(182, 100)).toBe('grade3');
    expect(bpBand(150, 112)).toBe('grade3');
    expect(bpBand(135, 95)).toBe('grade1');
  });

  it('needs both pressures', () => {
    expect(bpBand(150, undefined)).toBeNull();
    expect(bpBand(null, 95)).toBeNull();
    expect(bpBand(undefined, undefined)).toBeNull();
  });
});
