import { addDays } from '../instruments/dates';

/**
 * A danger value (or a first diabetic-range value waiting for its repeat) sets the next contact within
 * 14 days, whatever the visit's other rules say: the national T2DM service specification follows an
 * urgent referral up within two weeks, and WHO 1999 / 国家基层糖尿病防治管理指南 confirm a diabetic
 * value by a second test on another day, which is only useful soon.
 */
export const DANGER_NEXT_CONTACT_DAYS = 14;

export interface NextContactFacts {
  hasAlert?: unknown;
  glycemicStatus?: unknown;
  finalStatus?: unknown;
}

const EARLY_STATUSES = new Set(['diabetesUnconfirmed', 'diabetes']);

/**
 * Whether the record's values call for a contact within 14 days: a danger value, a diabetic value to
 * repeat, or diabetes found at a pre-diabetes visit (referred, and the referral followed up within
 * two weeks like any referral of the service specification).
 */
export function needsEarlyContact(derived: NextContactFacts): boolean {
  return derived.hasAlert === true || EARLY_STATUSES.has(String(derived.glycemicStatus)) || EARLY_STATUSES.has(String(derived.finalStatus));
}

/** The latest date the next contact should be on, or null when the visit's own rhythm applies. */
export function latestNextContact(visitDate: string, derived: NextContactFacts): string | null {
  return needsEarlyContact(derived) ? addDays(visitDate, DANGER_NEXT_CONTACT_DAYS) : null;
}

/** A proposed next date brought forward to the latest allowed one (unchanged when it is already earlier). */
export function capNextContact(visitDate: string, proposed: string, derived: NextContactFacts): string {
  const latest = latestNextContact(visitDate, derived);
  return latest !== null && proposed > latest ? latest : proposed;
}

/** True when a typed next date is later than the values allow: the form asks the doctor to confirm it. */
export function nextContactTooLate(visitDate: string, nextDate: string, derived: NextContactFacts): boolean {
  const latest = latestNextContact(visitDate, derived);
  return latest !== null && nextDate > latest;
}
