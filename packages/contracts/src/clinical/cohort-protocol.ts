/**
 * Which instruments each group fills and how often (PRODUCT §3): the one protocol table. The server's
 * record guard, fill-in status (its SQL is generated from this table), overdue checks, personal-centre
 * figures and exports, and the web app's record tabs all read it, so no copy can disagree.
 */
import type { AnnexKey, LocalizedText } from '../instruments/types';
import { PROGRAMME } from './programme';

export type CohortKind = 'managed' | 'comparison';

/** Patients not filled in for this many days are "unfilled" (spec §9). */
export const UNFILLED_REMINDER_DAYS = PROGRAMME.unfilledReminderDays;
/** Managed-group follow-up interval (annex 7). */
export const MANAGED_FOLLOW_UP_DAYS = PROGRAMME.managedFollowUpDays;
/** Comparison-group follow-up interval (annex 7 for pre-diabetes, annex 9 for diabetes). */
export const COMPARISON_FOLLOW_UP_DAYS = PROGRAMME.comparisonFollowUpDays;

export type ProtocolGroupKey = 'managed' | 'comparisonPreDiabetes' | 'comparisonDiabetes';

export interface ProtocolGroup {
  key: ProtocolGroupKey;
  cohort: CohortKind;
  /** The group's name as a message names it (对照组（糖尿病前期）不填写附件2). */
  label: LocalizedText;
  /** Every instrument the group fills, in the order a doctor fills them; anything else is refused. */
  instruments: readonly AnnexKey[];
  /** The baseline set that must be filled for "follow-up entry completed". */
  baseline: readonly AnnexKey[];
  /** The periodic follow-up form. */
  followUp: '7' | '9';
  /** Filled when management ends, and then needed for "completed"; null when the group has none. */
  endEvaluation: '8' | null;
}

/**
 * PRODUCT §3. Managed group: baseline 1, 2, 3, 4, 6; interventions (5); follow-ups (7); the end
 * evaluation (8). Comparison group: baseline 1, 3, 6 and its own follow-up form, 7 for pre-diabetes
 * and 9 for diabetes. Custom records (free notes) belong to every group.
 */
export const PROTOCOL_GROUPS: Readonly<Record<ProtocolGroupKey, ProtocolGroup>> = Object.freeze({
  managed: {
    key: 'managed',
    cohort: 'managed',
    label: { zh: '管理组', en: 'Managed group' },
    instruments: ['1', '2', '3', '4', '5', '6', '7', '8', 'custom'],
    baseline: ['1', '2', '3', '4', '6'],
    followUp: '7',
    endEvaluation: '8',
  },
  comparisonPreDiabetes: {
    key: 'comparisonPreDiabetes',
    cohort: 'comparison',
    label: { zh: '对照组（糖尿病前期）', en: 'Comparison group (pre-diabetes)' },
    instruments: ['1', '3', '6', '7', 'custom'],
    baseline: ['1', '3', '6'],
    followUp: '7',
    endEvaluation: null,
  },
  comparisonDiabetes: {
    key: 'comparisonDiabetes',
    cohort: 'comparison',
    label: { zh: '对照组（糖尿病）', en: 'Comparison group (diabetes)' },
    instruments: ['1', '3', '6', '9', 'custom'],
    baseline: ['1', '3', '6'],
    followUp: '9',
    endEvaluation: null,
  },
});

/**
 * The group of a patient. `role` is the comparison role (0 pre-diabetes, 1 diabetes) or the lists'
 * `role` ('patient' | 0 | 1); a comparison member without role 1 is followed as pre-diabetes.
 */
export function protocolGroup(cohort: CohortKind, role?: number | string | null): ProtocolGroup {
  if (cohort === 'managed') return PROTOCOL_GROUPS.managed;
  return role === 1 ? PROTOCOL_GROUPS.comparisonDiabetes : PROTOCOL_GROUPS.comparisonPreDiabetes;
}

/** The instruments a patient of this group fills (the one table every reader uses). */
export function instrumentsFor(cohort: CohortKind, role?: number | string | null): readonly AnnexKey[] {
  return protocolGroup(cohort, role).instruments;
}

export function isInstrumentFor(cohort: CohortKind, role: number | string | null | undefined, annex: AnnexKey): boolean {
  return instrumentsFor(cohort, role).includes(annex);
}

/** The refusal of an instrument outside the group, naming the group (and its own follow-up form). */
export function instrumentNotForGroupMessage(group: ProtocolGroup, annex: AnnexKey): string {
  const name = annex === 'custom' ? '自定义记录' : `附件${annex}`;
  const hint = (annex === '7' || annex === '9') && annex !== group.followUp ? `，随访请使用附件${group.followUp}` : '';
  return `${group.label.zh}不填写${name}${hint}`;
}

/** Baseline sets, kept as named constants for readers that predate the table. */
export const MANAGED_BASELINE_ANNEXES = PROTOCOL_GROUPS.managed.baseline;
export const COMPARISON_BASELINE_ANNEXES = PROTOCOL_GROUPS.comparisonPreDiabetes.baseline;
/** Filled when management ends. */
export const END_EVALUATION_ANNEX = '8';

export function baselineAnnexes(cohort: CohortKind, role?: number | string | null): readonly AnnexKey[] {
  return protocolGroup(cohort, role).baseline;
}

/** The periodic follow-up instrument: annex 9 for diabetic comparison members, annex 7 otherwise. */
export function followUpAnnex(cohort: CohortKind, comparisonRole: number | null): '7' | '9' {
  return protocolGroup(cohort, comparisonRole).followUp;
}

/**
 * What is still missing for "follow-up entry completed": the group's baseline set and, once
 * management has ended, its end evaluation (the comparison group has none).
 */
export function missingForCompletion(group: ProtocolGroup, filledAnnexes: readonly string[], endManagement: boolean): readonly AnnexKey[] {
  const filled = new Set(filledAnnexes);
  const needed = endManagement && group.endEvaluation ? [...group.baseline, group.endEvaluation] : group.baseline;
  return needed.filter((annex) => !filled.has(annex));
}

/**
 * Completed = the baseline set is filled and, once management has ended, the end evaluation too.
 * The server's SQL (modules/records/protocol-sql.ts) is generated from the same table and a test
 * compares the two over every combination of filled annexes.
 */
export function isFillCompleted(
  cohort: CohortKind,
  filledAnnexes: readonly string[],
  endManagement: boolean,
  role?: number | string | null,
): boolean {
  return missingForCompletion(protocolGroup(cohort, role), filledAnnexes, endManagement).length === 0;
}
