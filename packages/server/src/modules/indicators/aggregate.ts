import {
  type DueFollowUp,
  evaluatePatient,
  INDICATOR_DEFINITIONS,
  INDICATOR_KEYS,
  type IndicatorFigure,
  type IndicatorGroup,
  type IndicatorKey,
  type IndicatorPeriod,
  type IndicatorRow,
  type IndicatorSide,
  indicatorRate,
  meetsTarget,
  type PatientIndicators,
  patientSchedule,
  trailingPeriods,
  unitsOn,
} from '@tcm/contracts';
import type { ScopedFacts } from '../../db/queries/indicator-scope';

/** How many periods the trend line shows. */
export const TREND_PERIODS = 12;

interface Sum {
  numerator: number;
  denominator: number;
}
/** Each indicator's numerator and denominator summed over a set of patients. */
export type Sums = Record<IndicatorKey, Sum>;
export const emptySums = (): Sums => Object.fromEntries(INDICATOR_KEYS.map((k) => [k, { numerator: 0, denominator: 0 }])) as Sums;

/** Adds (sign 1) or takes away (sign -1) one patient's part. */
export function add(sums: Sums, result: PatientIndicators, sign = 1): void {
  for (const key of INDICATOR_KEYS) {
    const count = result[key];
    if (!count) continue;
    sums[key].numerator += sign * count.numerator;
    sums[key].denominator += sign * count.denominator;
  }
}

export function addSums(into: Sums, from: Sums): void {
  for (const key of INDICATOR_KEYS) {
    into[key].numerator += from[key].numerator;
    into[key].denominator += from[key].denominator;
  }
}

/** The sums of a scope: in all and by group. */
export interface ScopeSums {
  total: Sums;
  byGroup: Record<IndicatorGroup, Sums>;
}

export interface Evaluated {
  patient: ScopedFacts;
  result: PatientIndicators;
}

/** Each patient's part in the period's indicators, walking each schedule once up to `until`. */
export function evaluateAll(
  list: readonly ScopedFacts[],
  period: IndicatorPeriod,
  today: string,
  schedules?: Map<number, DueFollowUp[]>,
): Evaluated[] {
  return list.map((patient) => ({
    patient,
    result: evaluatePatient(patient.facts, period, today, schedules?.get(patient.id) ?? patientSchedule(patient.facts, period.end, today)),
  }));
}

const rowFigures = (sums: Sums) =>
  INDICATOR_KEYS.map((key) => ({ key, ...sums[key], rate: indicatorRate(sums[key].numerator, sums[key].denominator) }));

/** The scope's figures with targets, and by group. */
export function figures(evaluated: readonly Evaluated[], targets: ReadonlyMap<IndicatorKey, number>): IndicatorFigure[] {
  const sums: ScopeSums = { total: emptySums(), byGroup: { managed: emptySums(), comparison: emptySums(), diabetic: emptySums() } };
  for (const { patient, result } of evaluated) {
    add(sums.total, result);
    add(sums.byGroup[patient.facts.group], result);
  }
  return figuresOf(sums, targets);
}

/** The figures with targets from the scope's sums. */
export function figuresOf({ total, byGroup }: ScopeSums, targets: ReadonlyMap<IndicatorKey, number>): IndicatorFigure[] {
  return INDICATOR_KEYS.map((key) => {
    const rate = indicatorRate(total[key].numerator, total[key].denominator);
    const target = INDICATOR_DEFINITIONS[key].countOnly ? undefined : targets.get(key);
    const met = meetsTarget(key, rate, target);
    return {
      key,
      label: INDICATOR_DEFINITIONS[key].label.zh,
      ...total[key],
      rate,
      ...(target !== undefined ? { target } : {}),
      ...(met !== null ? { met } : {}),
      byGroup: { managed: byGroup.managed[key], comparison: byGroup.comparison[key], diabetic: byGroup.diabetic[key] },
    };
  });
}

/** The figures per institution or per doctor (rows named by `names`; patients of unnamed ids go under their id). */
export function figuresBy(
  evaluated: readonly Evaluated[],
  keyOf: (p: ScopedFacts) => number | null,
  names: ReadonlyMap<number, string>,
): IndicatorRow[] {
  const groups = new Map<number, Sums>();
  for (const { patient, result } of evaluated) {
    const id = keyOf(patient);
    if (id === null) continue;
    const sums = groups.get(id) ?? emptySums();
    add(sums, result);
    groups.set(id, sums);
  }
  return rowsFromSums(groups, names);
}

/** The rows per institution or doctor from their sums (ids with patients), each named id included. */
export function rowsFromSums(sumsById: ReadonlyMap<number, Sums>, names: ReadonlyMap<number, string>): IndicatorRow[] {
  const groups = new Map<number, Sums>();
  for (const id of names.keys()) groups.set(id, emptySums());
  for (const [id, sums] of sumsById) groups.set(id, sums);
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, sums]) => ({ id, name: names.get(id) ?? `#${id}`, indicators: rowFigures(sums) }));
}

/** Each indicator's rate over the trailing periods, from one schedule walk per patient. */
export function trend(list: readonly ScopedFacts[], period: IndicatorPeriod, today: string) {
  const schedules = new Map(list.map((p) => [p.id, patientSchedule(p.facts, period.end, today)]));
  return trendOf(trailingPeriods(period, TREND_PERIODS), (p) => evaluateAll(list, p, today, schedules).map((e) => e.result));
}

/** The trend line from each period's results (`resultsOf`: the scope's patients' parts in one period). */
export function trendOf(periods: readonly IndicatorPeriod[], resultsOf: (p: IndicatorPeriod) => Iterable<PatientIndicators>) {
  return trendOfSums(
    periods,
    periods.map((p) => {
      const sums = emptySums();
      for (const result of resultsOf(p)) add(sums, result);
      return sums;
    }),
  );
}

/** The trend line from each period's sums over the scope. */
export function trendOfSums(periods: readonly IndicatorPeriod[], sumsOf: readonly Sums[]) {
  return periods.map((p, i) => {
    const sums = sumsOf[i] as Sums;
    return {
      period: p.key,
      rates: Object.fromEntries(INDICATOR_KEYS.map((k) => [k, indicatorRate(sums[k].numerator, sums[k].denominator)])),
    };
  });
}

/** The patients behind one figure, each with the units they carry, in id order. */
export function patientsOn(evaluated: readonly Evaluated[], key: IndicatorKey, side: IndicatorSide) {
  return evaluated.map(({ patient, result }) => ({ patient, count: unitsOn(result[key], side) })).filter((row) => row.count > 0);
}
