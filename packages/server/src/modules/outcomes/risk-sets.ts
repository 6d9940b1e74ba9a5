import type { DayCounts } from './statistics';

/** One day with at least one event: events and numbers at risk just before it, per group. */
export interface EventDay {
  day: number;
  /** Events in the managed group (covariate 1) and in the comparison group (covariate 0). */
  managedEvents: number;
  comparisonEvents: number;
  managedAtRisk: number;
  comparisonAtRisk: number;
}

/**
 * The risk sets of a two-group survival comparison from per-day events and censorings. Everyone
 * followed to day t or beyond is at risk at t; a censoring on an event day counts after the event,
 * as in the Kaplan–Meier estimate (statistics.ts). This is all the Cox partial likelihood and the
 * log-rank test need, so no per-patient row is ever read.
 */
export function eventDays(managed: readonly DayCounts[], comparison: readonly DayCounts[]): EventDay[] {
  const byDay = new Map<number, { me: number; mo: number; ce: number; co: number }>();
  const add = (counts: readonly DayCounts[], isManaged: boolean) => {
    for (const { day, events, censored } of counts) {
      const entry = byDay.get(day) ?? { me: 0, mo: 0, ce: 0, co: 0 };
      if (isManaged) {
        entry.me += events;
        entry.mo += events + censored;
      } else {
        entry.ce += events;
        entry.co += events + censored;
      }
      byDay.set(day, entry);
    }
  };
  add(managed, true);
  add(comparison, false);
  const days = [...byDay.entries()].sort((x, y) => x[0] - y[0]);
  let managedAtRisk = days.reduce((sum, [, e]) => sum + e.mo, 0);
  let comparisonAtRisk = days.reduce((sum, [, e]) => sum + e.co, 0);
  const result: EventDay[] = [];
  for (const [day, e] of days) {
    if (e.me + e.ce > 0) {
      result.push({ day, managedEvents: e.me, comparisonEvents: e.ce, managedAtRisk, comparisonAtRisk });
    }
    managedAtRisk -= e.mo;
    comparisonAtRisk -= e.co;
  }
  return result;
}
