import { describe, expect, it } from 'vitest';
import { newcombeDifference } from './newcombe';
import oracle from './oracle-fixture.json';
import { riskRatioWithZeroCells } from './zero-cells';

/**
 * The interval estimates against statsmodels (scripts/outcome-oracle.py wrote the fixture; no Python
 * runs here): confint_proportions_2indep(method='newcomb') and Table2x2 on the table with 0.5 added
 * to each cell. The Cox and log-rank comparisons are in cox.test.ts and log-rank.test.ts.
 */
describe('effect estimates against an independent computation (statsmodels), to 1e-6', () => {
  for (const row of oracle.newcombe) {
    it(`Newcombe interval of ${row.a}/${row.n1} − ${row.c}/${row.n2}`, () => {
      const result = newcombeDifference(row.a, row.n1, row.c, row.n2)!;
      expect(Math.abs(result.value - row.difference)).toBeLessThan(1e-9);
      expect(Math.abs(result.low - row.low)).toBeLessThan(1e-6);
      expect(Math.abs(result.high - row.high)).toBeLessThan(1e-6);
    });
  }

  for (const row of oracle.haldane) {
    it(`Haldane–Anscombe risk ratio of ${row.a}/${row.n1} against ${row.c}/${row.n2}`, () => {
      const result = riskRatioWithZeroCells(row.a, row.n1, row.c, row.n2)!;
      expect(result.method).toBe('haldaneAnscombe');
      expect(Math.abs(result.value - row.riskRatio)).toBeLessThan(1e-6);
      expect(Math.abs(result.low - row.low)).toBeLessThan(1e-6);
      expect(Math.abs(result.high - row.high)).toBeLessThan(1e-6);
    });
  }
});
