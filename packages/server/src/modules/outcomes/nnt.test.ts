import { describe, expect, it } from 'vitest';
import { numberNeededToTreat } from './nnt';

describe('number needed to treat', () => {
  it('is 1/|RD| with the reciprocal limits: RD −0.20 (−0.30 to −0.05) gives 5 (3.33 to 20)', () => {
    const result = numberNeededToTreat({ value: -0.2, low: -0.3, high: -0.05 })!;
    expect(result.value).toBeCloseTo(5, 12);
    expect(result.low).toBeCloseTo(1 / 0.3, 12);
    expect(result.high).toBeCloseTo(20, 12);
  });

  it("reproduces the DPP's lifestyle NNT: 3-year incidence 28.9 % vs 14.4 %, RD −0.145, NNT 6.9", () => {
    // Knowler WC et al. N Engl J Med 2002;346:393–403: "6.9 persons would need to participate in the
    // lifestyle-intervention program for three years to prevent one case of diabetes".
    const result = numberNeededToTreat({ value: 0.144 - 0.289, low: -0.18, high: -0.11 })!;
    expect(result.value.toFixed(1)).toBe('6.9');
  });

  it('reads harm the same way: RD +0.10 (0.02 to 0.18) gives 10 (5.56 to 50)', () => {
    const result = numberNeededToTreat({ value: 0.1, low: 0.02, high: 0.18 })!;
    expect(result.value).toBeCloseTo(10, 12);
    expect(result.low).toBeCloseTo(1 / 0.18, 12);
    expect(result.high).toBeCloseTo(50, 12);
  });

  it('is not estimable when the difference interval includes 0, or there is no difference', () => {
    expect(numberNeededToTreat({ value: -0.4, low: -0.77, high: 0.165 })).toBeNull();
    expect(numberNeededToTreat({ value: -0.1, low: -0.2, high: 0 })).toBeNull();
    expect(numberNeededToTreat(null)).toBeNull();
  });
});
