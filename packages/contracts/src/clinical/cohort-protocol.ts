/**
 * Which instruments each group fills and how often (PRODUCT §3). The server's fill-in status,
 * overdue checks and personal-centre figures all read from here.
 */
import { PROGRAMME } from './programme';

export type CohortKind = 'managed' | 'comparison';

/** Patients not filled in for this many days are "unfilled" (spec §9). */
export const UNFILLED_REMINDER_DAYS = PROGRAMME.unfilledReminderDays;
/** Managed-group follow-up interval (annex 7). */
export const MANAGED_FOLLOW_UP_DAYS = PROGRAMME.managedFollowUpDays;
/** Comparison-group follow-up interval (annex 7 for pre-diabetes, annex 9 for diabetes). */
export const COMPARISON_FOLLOW_UP_DAYS = PROGRAMME.comparisonFollowUpDays;
/** Management period before the end-of-management evaluation (annex 8). */
export const MANAGEMENT_PERIOD_DAYS = PROGRAMME.managementPeriodDays;

/** Baseline set that must be filled for "follow-up entry completed". */
export const MANAGED_BASELINE_ANNEXES = ['1', '2', '3', '4', '6'] as const;
export const COMPARISON_BASELINE_ANNEXES = ['1', '3', '6'] as const;
/** Filled when management ends. */
export const END_EVALUATION_ANNEX = '8';

export function baselineAnnexes(cohort: CohortKind): readonly string[] {
  return cohort === 'managed' ? MANAGED_BASELINE_ANNEXES : COMPARISON_BASELINE_ANNEXES;
}

/** The periodic follow-up instrument: annex 9 for diabetic comparison members, annex 7 otherwise. */
export function followUpAnnex(cohort: CohortKind, comparisonRole: number | null): '7' | '9' {
  return cohort === 'comparison' && comparisonRole === 1 ? '9' : '7';
}

/**
 * Completed = the baseline set is filled and, once management has ended, the end evaluation too
 * (managed group; the comparison group has no end evaluation).
 */
export function isFillCompleted(cohort: CohortKind, filledAnnexes: readonly string[], endManagement: boolean): boolean {
  const filled = new Set(filledAnnexes);
  const baselineDone = baselineAnnexes(cohort).every((a) => filled.has(a));
  if (!baselineDone) return false;
  return cohort !== 'managed' || !endManagement || filled.has(END_EVALUATION_ANNEX);
}
