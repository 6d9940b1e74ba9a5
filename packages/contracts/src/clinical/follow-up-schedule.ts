import { COMPARISON_FOLLOW_UP_DAYS, MANAGED_FOLLOW_UP_DAYS } from './cohort-protocol';

/**
 * The follow-up schedule the management quality indicators judge (docs/indicators.md): each window
 * opens at enrolment or at a follow-up, its follow-up is due the group's interval later (the protocol
 * table: 15 days managed, 90 days comparison), and is on time when done by the due date plus the grace
 * window (7 days managed, 30 days comparison). A missed due date opens the next window itself, so a
 * patient who stops coming misses one follow-up per interval.
 */

export type IndicatorGroup = 'managed' | 'comparison' | 'diabetic';

export const FOLLOW_UP_INTERVAL: Record<IndicatorGroup, number> = {
  managed: MANAGED_FOLLOW_UP_DAYS,
  comparison: COMPARISON_FOLLOW_UP_DAYS,
  diabetic: COMPARISON_FOLLOW_UP_DAYS,
};

export const FOLLOW_UP_GRACE_DAYS: Record<IndicatorGroup, number> = { managed: 7, comparison: 30, diabetic: 30 };

/*
 * The schedule walks many windows per patient for every period of a report, so it counts in day
 * numbers and turns each day back into a date once (a shared cache: a report meets a few thousand days).
 */
const DAY_MS = 86_400_000;
const dayCache = new Map<number, string>();
function dayOf(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}
function dateOf(day: number): string {
  let date = dayCache.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayCache.set(day, date);
  }
  return date;
}
/** `date` plus `days`, through the cache. */
export function plusDays(date: string, days: number): string {
  return dateOf(dayOf(date) + days);
}

export interface ScheduleFacts {
  group: IndicatorGroup;
  enrolledAt: string;
  /** Dates of the group's periodic follow-ups on or after enrolment, ascending. */
  visits: readonly string[];
}

export interface DueFollowUp {
  due: string;
  /** 'onTime': done by due + grace; 'missed': the grace window closed without it; 'pending': still open today. */
  state: 'onTime' | 'missed' | 'pending';
  doneOn: string | null;
}

/**
 * Every follow-up due on or before `until` (and on or before `today`), in order. `stop` ends the
 * schedule (end of management, a follow-up status other than active): nothing falls due after it.
 */
export function dueFollowUps(facts: ScheduleFacts, until: string, today: string, stop: string | null = null): DueFollowUp[] {
  const interval = FOLLOW_UP_INTERVAL[facts.group];
  const grace = FOLLOW_UP_GRACE_DAYS[facts.group];
  const last = [until, today, stop].filter((d): d is string => d !== null).sort()[0] as string;
  const out: DueFollowUp[] = [];
  let open = facts.enrolledAt;
  let next = 0;
  for (;;) {
    const dueDay = dayOf(open) + interval;
    const due = dateOf(dueDay);
    if (due > last) return out;
    while (next < facts.visits.length && (facts.visits[next] as string) <= open) next++;
    const visit = facts.visits[next];
    const closesBy = dateOf(dueDay + grace);
    if (visit !== undefined && visit <= closesBy) {
      out.push({ due, state: 'onTime', doneOn: visit });
      open = visit;
    } else {
      out.push({ due, state: closesBy < today ? 'missed' : 'pending', doneOn: null });
      open = due;
    }
  }
}

/** The due date of the window open on `date`: the latest follow-up before it (or enrolment) plus the interval. */
export function dueDateOn(facts: ScheduleFacts, date: string): string {
  let open = facts.enrolledAt;
  for (const visit of facts.visits) {
    if (visit >= date) break;
    open = visit;
  }
  return plusDays(open, FOLLOW_UP_INTERVAL[facts.group]);
}
