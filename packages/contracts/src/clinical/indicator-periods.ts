/**
 * The periods the management quality indicators are counted over: a year (2026), a quarter (2026-Q3)
 * or a month (2026-07). Dates are YYYY-MM-DD, both ends included.
 */

export type PeriodKind = 'year' | 'quarter' | 'month';

export interface IndicatorPeriod {
  key: string;
  kind: PeriodKind;
  /** First and last day, both included. */
  start: string;
  end: string;
}

export const PERIOD_PATTERN = /^(\d{4})(?:-(0[1-9]|1[0-2])|-Q([1-4]))?$/;

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function build(kind: PeriodKind, year: number, index: number): IndicatorPeriod {
  if (kind === 'year') return { key: String(year), kind, start: `${year}-01-01`, end: `${year}-12-31` };
  if (kind === 'quarter') {
    const first = (index - 1) * 3 + 1;
    const last = first + 2;
    return { key: `${year}-Q${index}`, kind, start: `${year}-${pad(first)}-01`, end: `${year}-${pad(last)}-${pad(lastDay(year, last))}` };
  }
  return {
    key: `${year}-${pad(index)}`,
    kind,
    start: `${year}-${pad(index)}-01`,
    end: `${year}-${pad(index)}-${pad(lastDay(year, index))}`,
  };
}

/** The period a key names, or null when the key is not one. */
export function parsePeriod(key: string): IndicatorPeriod | null {
  const match = PERIOD_PATTERN.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  if (match[2]) return build('month', year, Number(match[2]));
  if (match[3]) return build('quarter', year, Number(match[3]));
  return build('year', year, 1);
}

/** The period of a kind that contains a date. */
export function periodOf(kind: PeriodKind, date: string): IndicatorPeriod {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return build(kind, year, kind === 'month' ? month : kind === 'quarter' ? Math.ceil(month / 3) : 1);
}

/** The `count` periods ending with `period`, oldest first (the trend line). */
export function trailingPeriods(period: IndicatorPeriod, count: number): IndicatorPeriod[] {
  const size = period.kind === 'year' ? 12 : period.kind === 'quarter' ? 3 : 1;
  const year = Number(period.start.slice(0, 4));
  const month0 = Number(period.start.slice(5, 7)) - 1 + year * 12;
  const out: IndicatorPeriod[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const m = month0 - i * size;
    const y = Math.floor(m / 12);
    const month = (m % 12) + 1;
    out.push(build(period.kind, y, period.kind === 'month' ? month : period.kind === 'quarter' ? Math.ceil(month / 3) : 1));
  }
  return out;
}
