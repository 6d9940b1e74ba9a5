import { describe, expect, it } from 'vitest';
import { bmiBand, computeBmi, computeWaistHipRatio, isCentralObesity, roundTo, weightChangePercent } from './body-measures';

describe('body measures', () => {
  it('computes BMI with one decimal', () => {
    expect(computeBmi(175, 70)).toBe(22.9);
    expect(computeBmi(160, 64)).toBe(25);
    expect(computeBmi(undefined, 70)).toBeNull();
    expect(computeBmi(170, 0)).toBeNull();
  });

  it('bands BMI at 18.5, 24 and 28 (China)', () => {
    expect(bmiBand(18.4)).toBe('underweight');
    expect(bmiBand(18.5)).toBe('normal');
    expect(bmiBand(23.9)).toBe('normal');
    expect(bmiBand(24)).toBe('overweight');
    expect(bmiBand(27.9)).toBe('overweight');
    expect(bmiBand(28)).toBe('obese');
    expect(bmiBand(null)).toBeNull();
  });

  it('bands the BMI as displayed, so 23.94 is normal and 23.95 overweight', () => {
    expect(bmiBand(23.94)).toBe('normal');
    expect(bmiBand(23.95)).toBe('overweight');
  });

  it('computes the waist-to-hip ratio with two decimals', () => {
    expect(computeWaistHipRatio(85, 100)).toBe(0.85);
    expect(computeWaistHipRatio(88, 97)).toBe(0.91);
    expect(computeWaistHipRatio(88, undefined)).toBeNull();
  });

  it('finds central obesity at 90 cm for men and 85 cm for women', () => {
    expect(isCentralObesity(89, 'man')).toBe(false);
    expect(isCentralObesity(90, 'man')).toBe(true);
    expect(isCentralObesity(84, 'woman')).toBe(false);
    expect(isCentralObesity(85, 'woman')).toBe(true);
    expect(isCentralObesity(95, undefined)).toBeNull();
  });

  it('computes weight change', () => {
    expect(weightChangePercent(80, 74.4)).toBe(-7);
    expect(weightChangePercent(80, 82)).toBe(2.5);
    expect(roundTo(1.005, 2)).toBe(1.01);
  });
});
