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
export function returnToCare(facts: ScheduleFacts, contactDate: string, today: string): 'returned' | 'notReturned' | 'pending' | null {
  if (!wasOverdueOn(facts, contactDate)) return null;
  const by = plusDays(contactDate, RETURN_TO_CARE_DAYS);
  if (facts.visits.some((visit) => visit >= contactDate && visit <= by)) return 'returned';
  return by < today ? 'notReturned' : 'pending';
}
