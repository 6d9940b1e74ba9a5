import type { ClinicalAlert } from '@tcm/contracts/clinical/alerts';
import { addDays, isIsoDate } from '@tcm/contracts/instruments/dates';
import { softRangeWarnings } from '@tcm/contracts/instruments/soft-range';
import type { Derived, InstrumentDefinition, ItemError, Lang, RecordData } from '@tcm/contracts/instruments/types';
import { readAlerts } from '../../instruments/field-flags';

/** A danger value calls for the next contact within two weeks (national T2DM service specification). */
export const NEXT_CONTACT_DAYS = 14;

/** The item of the next visit date on the follow-up forms. */
const NEXT_VISIT_ITEM = 'nextVisitDate';

/** What the doctor confirms before a record is saved; null when there is nothing to confirm. */
export interface SaveConcerns {
  alerts: ClinicalAlert[];
  /** The latest day of the next contact the record calls for, when it calls for one. */
  contactBy: string | null;
  /** The typed next visit date, when it is later than `contactBy`. */
  lateNext: string | null;
  /** Values outside their usual range (stored as they are once confirmed). */
  checks: ItemError[];
}

/**
 * The next contact's latest day: the instrument's own (`derived.nextContactBy`, which also covers a
 * diabetic value still to be confirmed), else the record's date + 14 days when it has an alert.
 */
export function contactByOf(
  def: InstrumentDefinition,
  data: RecordData,
  derived: Derived,
  alerts: readonly ClinicalAlert[],
): string | null {
  if (isIsoDate(derived.nextContactBy)) return derived.nextContactBy;
  const date = data[def.dateItem];
  return alerts.length > 0 && isIsoDate(date) ? addDays(date, NEXT_CONTACT_DAYS) : null;
}

/** The record's alerts, a next visit later than they allow, and values to confirm; null when none. */
export function saveConcerns(def: InstrumentDefinition, data: RecordData, derived: Derived, lang: Lang): SaveConcerns | null {
  const alerts = readAlerts(derived);
  const contactBy = contactByOf(def, data, derived, alerts);
  const next = data[NEXT_VISIT_ITEM];
  const lateNext = contactBy && isIsoDate(next) && next > contactBy ? next : null;
  const checks = softRangeWarnings(def, data, { lang });
  if (alerts.length === 0 && !lateNext && checks.length === 0) return null;
  return { alerts, contactBy, lateNext, checks };
}
