import { classifyGlycemia, diabeticTestCount, type GlycemicStatus, type GlycemicValues } from './glycemic';
import type { GlycemicThresholds } from './programme';

/**
 * Whether a patient's diabetes is confirmed, from all their glucose measurements in time order
 * (WHO 1999 as adopted by 中国2型糖尿病防治指南 2020 and 国家基层糖尿病防治管理指南 2022): without
 * classic symptoms, one diabetic-range value must be confirmed by a diabetic-range value on another
 * day; two different tests diabetic in one sitting (FPG and 2h-PG of one OGTT, or a glucose and an
 * HbA1c ≥ 6.5 %) or a diabetic value with classic symptoms confirm on the spot. This one module
 * decides it for the forms and for the outcome report.
 */
export interface GlucoseMeasurement extends GlycemicValues {
  /** YYYY-MM-DD; measurements of one date are one sitting. */
  date: string;
}

export interface DiabetesConfirmation {
  status: 'none' | 'unconfirmed' | 'confirmed';
  /** The first diabetic value of the confirming pair (or the self-confirming sitting); null unless confirmed. */
  eventDate: string | null;
  /** The date of the diabetic value still waiting for its repeat; null unless unconfirmed. */
  pendingSince: string | null;
}

type Sitting = GlucoseMeasurement;

const pick = <T>(a: T | null | undefined, b: T | null | undefined): T | null | undefined => ((a ?? null) === null ? b : a);

/** The measurements of each date merged into one sitting (a later entry fills what an earlier one lacks). */
function sittings(measurements: readonly GlucoseMeasurement[]): Sitting[] {
  const byDate = new Map<string, Sitting>();
  for (const m of [...measurements].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    const known = byDate.get(m.date);
    if (!known) {
      byDate.set(m.date, { ...m });
      continue;
    }
    byDate.set(m.date, {
      date: m.date,
      fpg: pick(known.fpg, m.fpg),
      ogtt2h: pick(known.ogtt2h, m.ogtt2h),
      hba1c: pick(known.hba1c, m.hba1c),
      randomGlucose: pick(known.randomGlucose, m.randomGlucose),
      hasClassicSymptoms: known.hasClassicSymptoms === true || m.hasClassicSymptoms === true,
    });
  }
  return [...byDate.values()];
}

const measured = (s: Sitting) => [s.fpg, s.ogtt2h, s.hba1c, s.randomGlucose].some((v) => typeof v === 'number' && Number.isFinite(v));

/**
 * Walks the sittings in date order. A self-confirming sitting confirms (its date is the event date,
 * or the pending value's date when one was waiting); a diabetic sitting after a pending one on an
 * earlier day confirms with the pending date as the event date; a measured sitting below every
 * diabetic cut-off clears the pending value (the repeat did not confirm it). Once confirmed, it stays.
 */
export function confirmDiabetes(
  measurements: readonly GlucoseMeasurement[],
  thresholds: Partial<GlycemicThresholds> = {},
): DiabetesConfirmation {
  let pendingSince: string | null = null;
  for (const sitting of sittings(measurements)) {
    const count = diabeticTestCount(sitting, thresholds);
    const selfConfirming = count >= 2 || (count === 1 && sitting.hasClassicSymptoms === true);
    if (selfConfirming || (count === 1 && pendingSince !== null)) {
      return { status: 'confirmed', eventDate: pendingSince ?? sitting.date, pendingSince: null };
    }
    if (count === 1) pendingSince = sitting.date;
    else if (measured(sitting)) pendingSince = null;
  }
  return { status: pendingSince ? 'unconfirmed' : 'none', eventDate: null, pendingSince };
}

/**
 * The status of today's sitting read against the patient's earlier measurements: a diabetic-range
 * value that an earlier one on another day confirms is `diabetes`; otherwise the sitting's own status
 * (classifyGlycemia). Earlier diabetes stays the history's business: a normal value today reads as
 * today's value, and the confirmation of the patient as a whole is `confirmDiabetes`.
 */
export function statusWithHistory(
  current: GlucoseMeasurement,
  history: readonly GlucoseMeasurement[] = [],
  thresholds: Partial<GlycemicThresholds> = {},
): GlycemicStatus | null {
  const status = classifyGlycemia(current, thresholds);
  if (status !== 'diabetesUnconfirmed') return status;
  const earlier = history.filter((m) => m.date <= current.date);
  return confirmDiabetes([...earlier, current], thresholds).status === 'confirmed' ? 'diabetes' : status;
}
