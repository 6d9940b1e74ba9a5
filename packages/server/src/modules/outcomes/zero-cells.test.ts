import { describe, expect, it } from 'vitest';
import { riskRatioWithZeroCells } from './zero-cells';

describe('risk ratio with the Haldane–Anscombe correction for zero cells', () => {
  it('works 0/10 against 5/10 by hand: RR = (0.5/11)/(5.5/11) = 1/11, SE = √(2 − 1/11 + 1/5.5 − 1/11) = √2', () => {
    const result = riskRatioWithZeroCells(0, 10, 5, 10)!;
    expect(result.method).toBe('haldaneAnscombe');
    expect(result.value).toBeCloseTo(1 / 11, 12);
    // exp(ln(1/11) ∓ 1.959964 · 1.414214) = exp(−2.397895 ∓ 2.771808)
    expect(result.low).toBeCloseTo(0.0056863, 6);
    expect(result.high).toBeCloseTo(1.45341, 5);
  });

  it('corrects a group where everyone progressed too (a zero non-event cell): 7/7 against 3/9', () => {
    // (7.5/8)/(3.5/10) = 2.678571; SE = √(1/7.5 − 1/8 + 1/3.5 − 1/10) = √0.194048 = 0.440508;
    // CI 2.678571 · exp(∓1.959964 · 0.440508) = 1.129645 to 6.351329.
    const result = riskRatioWithZeroCells(7, 7, 3, 9)!;
    expect(result.method).toBe('haldaneAnscombe');
    expect(result.value).toBeCloseTo(2.678571, 6);
    expect(result.low).toBeCloseTo(1.129645, 5);
    expect(result.high).toBeCloseTo(6.351329, 5);
  });

  it('leaves a table without a zero cell to the plain log method, unlabelled: 2/10 against 4/10 = 0.5 (0.11687 to 2.13913)', () => {
    const result = riskRatioWithZeroCells(2, 10, 4, 10)!;
    expect(result.method).toBeUndefined();
    expect(result.value).toBeCloseTo(0.5, 12);
    expect(result.low).toBeCloseTo(0.11687, 4);
    expect(result.high).toBeCloseTo(2.13913, 4);
  });

  it('stays not estimable for 0 against 0 events, everyone against everyone, and an empty group', () => {
    expect(riskRatioWithZeroCells(0, 10, 0, 20)).toBeNull();
    expect(riskRatioWithZeroCells(5, 5, 4, 4)).toBeNull();
    expect(riskRatioWithZeroCells(0, 0, 2, 5)).toBeNull();
    expect(riskRatioWithZeroCells(1, 5, 0, 0)).toBeNull();
  });
});
