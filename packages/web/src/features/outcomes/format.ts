import type { OutcomeEstimate, OutcomeMean } from '@tcm/contracts/api/outcomes';

/** Writes a value with its 95 % CI in the interface language, e.g. `0.52（0.31～0.87）`. */
export type CiTemplate = (parts: { value: string; low: string; high: string }) => string;

export interface NumberOptions {
  digits: number;
  /** Changes and differences carry an explicit + so that a rise is not read as a fall. */
  signed?: boolean;
}

/** A number with a fixed count of decimals, in the locale's notation. */
export function numberText(value: number, language: string, { digits, signed = false }: NumberOptions): string {
  // A value that rounds to zero is written without a sign: "+0.0" or "-0.0" would suggest a change.
  const rounded = Number(value.toFixed(digits));
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(rounded === 0 ? 0 : rounded);
}

/** A proportion (0–1) as a percentage with one decimal; null when there was no denominator. */
export function percentText(proportion: number | null, language: string, digits = 1): string | null {
  if (proportion === null) return null;
  return `${numberText(proportion * 100, language, { digits })}%`;
}

/** `12 (30.0%)`; just the count when the proportion has no denominator. */
export function shareText(share: { count: number; proportion: number | null }, language: string): string {
  const percent = percentText(share.proportion, language);
  return percent === null ? String(share.count) : `${share.count} (${percent})`;
}

/**
 * A mean with its CI; the mean alone when the CI could not be computed (one value); null when there
 * is no value at all (n = 0).
 */
export function meanText(mean: OutcomeMean, language: string, options: NumberOptions, ci: CiTemplate): string | null {
  if (mean.mean === null) return null;
  const value = numberText(mean.mean, language, options);
  if (mean.low === null || mean.high === null) return value;
  return ci({ value, low: numberText(mean.low, language, options), high: numberText(mean.high, language, options) });
}

/**
 * An effect estimate with its CI; null when it is not estimable (the caller says so in words rather
 * than printing infinity). `scale` turns a difference of proportions into percentage points.
 */
export function estimateText(
  estimate: OutcomeEstimate,
  language: string,
  options: NumberOptions & { scale?: number },
  ci: CiTemplate,
): string | null {
  if (estimate === null) return null;
  const scale = options.scale ?? 1;
  const format = (value: number) => numberText(value * scale, language, options);
  return ci({ value: format(estimate.value), low: format(estimate.low), high: format(estimate.high) });
}

/** Fewer evaluable patients than the report's minimum in any of the groups a figure compares. */
export function isTooFew(counts: readonly number[], minimum: number): boolean {
  return counts.some((count) => count < minimum);
}
