import { describe, expect, it } from 'vitest';
import { linearScale, niceStep, niceTicks, stepPath, textWidth } from './scale';

describe('niceStep', () => {
  it('rounds span/count up to 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(100, 5)).toBe(20); // 20 → 2 × 10
    expect(niceStep(365, 5)).toBe(100); // 73 → 10 × 10
    expect(niceStep(3.24, 4)).toBe(1); // 0.81 → 10 × 0.1
    expect(niceStep(12, 5)).toBe(5); // 2.4 → 5 × 1
    expect(niceStep(0.45, 5)).toBe(0.1); // 0.09 → 10 × 0.01
  });

  it('never goes below the smallest step asked for (counts of people step by whole numbers)', () => {
    expect(niceStep(3, 5, 1)).toBe(1); // 0.6 would give 1 anyway
    expect(niceStep(2, 5, 1)).toBe(1); // 0.4 → 0.5, but people come whole
  });
});

describe('niceTicks', () => {
  it('covers a glucose history with steps of 5 from 0 to 20', () => {
    // span 14.6 / 5 = 2.92 → 2.92 is between 2 and 5 → step 5; floor(3.2 / 5) = 0 → 0, ceil(17.8 / 5) = 4 → 20.
    expect(niceTicks(3.2, 17.8, 5)).toEqual([0, 5, 10, 15, 20]);
    // span 14.6 / 4 = 3.65 → step 5 as well.
    expect(niceTicks(3.2, 17.8, 4)).toEqual([0, 5, 10, 15, 20]);
  });

  it('covers a fasting glucose around the thresholds with steps of 0.5', () => {
    // span 7.0 − 5.4 = 1.6; 1.6 / 4 = 0.4 → 0.5; 5.4 / 0.5 = 10.8 → 10 → 5; 7.0 / 0.5 = 14 → 7.
    expect(niceTicks(5.4, 7.0, 4)).toEqual([5, 5.5, 6, 6.5, 7]);
  });

  it('covers the range from a multiple of the step to the next one', () => {
    expect(niceTicks(0, 100, 5)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(0, 365, 5)).toEqual([0, 100, 200, 300, 400]);
    expect(niceTicks(-3.24, 0, 4)).toEqual([-4, -3, -2, -1, 0]);
    expect(niceTicks(0, 11, 5, 1)).toEqual([0, 5, 10, 15]);
  });

  it('prints decimal steps without binary noise', () => {
    expect(niceTicks(0.1, 0.3, 2)).toEqual([0.1, 0.2, 0.3]);
    expect(niceTicks(0, 0.45, 5)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5]);
  });

  it('gives an empty range one step so that the axis still has two ends', () => {
    expect(niceTicks(0, 0, 5, 1)).toEqual([0, 1]);
    expect(niceTicks(7, 7, 5, 1)).toEqual([7, 8]);
    expect(niceTicks(7, 7, 5)).toEqual([7, 7.2, 7.4, 7.6, 7.8, 8]);
  });
});

describe('linearScale', () => {
  it('maps the domain onto the range, inverted for a y axis', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(87.5)).toBe(25);
    expect(y(100)).toBe(0);
  });

  it('puts every value of a one-value domain in the middle', () => {
    expect(linearScale([5, 5], [0, 300])(5)).toBe(150);
  });
});

describe('stepPath', () => {
  it('holds each value until the next point, then falls straight down', () => {
    expect(
      stepPath([
        [10, 20],
        [100, 20],
        [190, 45.25],
      ]),
    ).toBe('M10 20H100V20H190V45.3');
  });

  it('is empty without points', () => {
    expect(stepPath([])).toBe('');
  });
});

describe('textWidth', () => {
  it('counts a Chinese character as a full em and a Latin one as 0.6 em', () => {
    expect(textWidth('气虚质', 12)).toBe(36);
    expect(textWidth('Qi', 10)).toBe(12);
    expect(textWidth('100%', 10)).toBe(24);
  });
});
