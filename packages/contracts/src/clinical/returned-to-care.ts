import { dueDateOn, plusDays, type ScheduleFacts } from './follow-up-schedule';

/**
 * Returned to care (外展回归): a patient contacted while overdue who then has a follow-up record within
 * 30 days of the contact. The one rule the indicators and the outreach personal centre count with.
 */
export const RETURN_TO_CARE_DAYS = 30;

/** Overdue on a day: the follow-up of the window open that day was due before it. */
export function wasOverdueOn(facts: ScheduleFacts, date: string): boolean {
  return dueDateOn(facts, date) < date;
}

/**
 * What became of one contact: null when the patient was not overdue that day (the contact does not
 * count); 'returned' when a follow-up is dated within 30 days from the contact (the contact day
 * included); 'pending' while those 30 days have not passed; 'notReturned' after.
 */
export function returnToCare(facts: ScheduleFacts, contactDate: string, today: string): ReturnOutcome | null {
  if (!wasOverdueOn(facts, contactDate)) return null;
  return returnOutcome(contactDate, firstVisitFrom(facts, contactDate), today);
}

export type ReturnOutcome = 'returned' | 'notReturned' | 'pending';

/** The first follow-up on or after a day (the contact day included), or null. */
export function firstVisitFrom(facts: ScheduleFacts, date: string): string | null {
  return facts.visits.find((visit) => visit >= date) ?? null;
}

/** A contact made while overdue, given the first follow-up on or after it: returned within 30 days, not, or not yet known. */
export function returnOutcome(contactDate: string, firstVisit: string | null, today: string): ReturnOutcome {
  const by = plusDays(contactDate, RETURN_TO_CARE_DAYS);
  if (firstVisit !== null && firstVisit <= by) return 'returned';
  return by < today ? 'notReturned' : 'pending';
}
