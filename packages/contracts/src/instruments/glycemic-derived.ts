import { confirmDiabetes, type GlucoseMeasurement, statusWithHistory } from '../clinical/diabetes-confirmation';
import type { FollowUpGlycemicStatus, GlycemicValues } from '../clinical/glycemic';
import { latestNextContact } from '../clinical/next-contact';
import { isIsoDate } from './dates';
import type { InstrumentContext } from './types';

/**
 * A sitting's own status read against the patient's earlier measurements: a first diabetic-range
 * value stays `diabetesUnconfirmed` until a diabetic value on another day (context.glucoseHistory)
 * confirms it; every other status is the sitting's own.
 */
export function confirmedStatus<S extends FollowUpGlycemicStatus>(
  status: S | null,
  values: GlycemicValues,
  date: string | undefined,
  context: InstrumentContext,
): S | 'diabetes' | null {
  if (status !== 'diabetesUnconfirmed' || !isIsoDate(date)) return status;
  return statusWithHistory({ ...values, date }, context.glucoseHistory ?? []) as S | 'diabetes' | null;
}

/** The date diabetes was confirmed from (the first diabetic value of the confirming pair), or null. */
export function diabetesEventDate(values: GlycemicValues, date: string | undefined, context: InstrumentContext): string | null {
  if (!isIsoDate(date)) return null;
  const earlier = (context.glucoseHistory ?? []).filter((m: GlucoseMeasurement) => m.date <= date);
  const result = confirmDiabetes([...earlier, { ...values, date }]);
  return result.status === 'confirmed' ? result.eventDate : null;
}

/** The latest next-contact date the record's values allow (within 14 days after a danger value), or null. */
export function nextContactBy(date: string | undefined, derived: { hasAlert?: unknown; glycemicStatus?: unknown; finalStatus?: unknown }) {
  return isIsoDate(date) ? latestNextContact(date, derived) : null;
}

/** Classic symptoms among a follow-up form's symptom answers (三多一少: thirst, polyuria, polyphagia, weight loss). */
const CLASSIC_SYMPTOMS = new Set(['thirst', 'polydipsia', 'polyuria', 'polyphagia', 'weightLoss']);

export function hasClassicSymptoms(symptoms: unknown): boolean {
  return Array.isArray(symptoms) && symptoms.some((value) => typeof value === 'string' && CLASSIC_SYMPTOMS.has(value));
}
