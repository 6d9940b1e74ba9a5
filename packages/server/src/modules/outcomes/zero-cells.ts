import { type Estimate, riskRatio, Z_975 } from './statistics';

/**
 * Risk ratio of a/n1 against c/n2 that stays estimable with a zero cell of the 2 × 2 table.
 *
 * Without a zero cell it is the log method of statistics.ts. With one (no events, or only events, in
 * a group) the Haldane–Anscombe correction adds 0.5 to each of the four cells (Haldane 1956;
 * Anscombe 1956; the rule of the Cochrane Handbook, §10.4.4.1): RR = ((a + ½)/(n1 + 1)) /
 * ((c + ½)/(n2 + 1)), SE = √(1/(a + ½) − 1/(n1 + 1) + 1/(c + ½) − 1/(n2 + 1)), and the estimate is
 * labelled `method: 'haldaneAnscombe'`. Not estimable (null) when a group is empty, and when both
 * groups have no events or both have only events: then the data say nothing about the ratio.
 */
export interface LabelledEstimate extends Estimate {
  method?: 'haldaneAnscombe';
}

export function riskRatioWithZeroCells(a: number, n1: number, c: number, n2: number): LabelledEstimate | null {
  if (n1 <= 0 || n2 <= 0) return null;
  if ((a === 0 && c === 0) || (a === n1 && c === n2)) return null;
  const zeroCell = a === 0 || c === 0 || a === n1 || c === n2;
  if (!zeroCell) return riskRatio(a, n1, c, n2);
  const r1 = (a + 0.5) / (n1 + 1);
  const r2 = (c + 0.5) / (n2 + 1);
  const logRatio = Math.log(r1 / r2);
  const se = Math.sqrt(1 / (a + 0.5) - 1 / (n1 + 1) + 1 / (c + 0.5) - 1 / (n2 + 1));
  return {
    value: Math.exp(logRatio),
    low: Math.exp(logRatio - Z_975 * se),
    high: Math.exp(logRatio + Z_975 * se),
    method: 'haldaneAnscombe',
  };
}
