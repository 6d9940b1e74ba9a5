import { addDays } from '../instruments/dates';
import type { AnnexKey } from '../instruments/types';
import { type CohortKind, protocolGroup } from './cohort-protocol';

/**
 * The state of one record form for one patient, as REDCap shows a form's status: `done` (filled),
 * `missing` (the protocol needs it and it is not filled), `due` (a follow-up falls due within
 * DUE_SOON_DAYS) or `overdue` (a follow-up past its date). Forms the protocol does not ask for at
 * this point (interventions, custom notes, a follow-up not yet due and never filled) have no state.
 */
export type FormState = 'done' | 'missing' | 'due' | 'overdue';

/** A follow-up is "due" from this many days before its date: the week a doctor books the visit in. */
export const DUE_SOON_DAYS = 7;

/** What the patient views (list and detail) already say about a patient. */
export interface ProtocolFacts {
  cohort: CohortKind;
  role?: number | string | null;
  filledAnnexes: readonly string[];
  endManagement: boolean;
  /** The next follow-up date; null once management has ended. */
  nextDueDate: string | null;
  overdue: boolean;
}

export interface BaselineProgress {
  done: number;
  total: number;
  /** The unfilled baseline forms, in the order a doctor fills them. */
  missing: AnnexKey[];
}

/** How much of the group's baseline set is filled ("基线 3/5：缺 生活方式、症状评分"). */
export function baselineProgress(facts: Pick<ProtocolFacts, 'cohort' | 'role' | 'filledAnnexes'>): BaselineProgress {
  const baseline = protocolGroup(facts.cohort, facts.role).baseline;
  const filled = new Set(facts.filledAnnexes);
  const missing = baseline.filter((annex) => !filled.has(annex));
  return { done: baseline.length - missing.length, total: baseline.length, missing };
}

function followUpState(facts: ProtocolFacts, filled: boolean, today: string): FormState | null {
  if (facts.endManagement) return filled ? 'done' : null;
  if (facts.overdue) return 'overdue';
  if (facts.nextDueDate !== null && facts.nextDueDate <= addDays(today, DUE_SOON_DAYS)) return 'due';
  return filled ? 'done' : null;
}

/** The state of every form of the patient's group that has one (`today` as YYYY-MM-DD). */
export function formStates(facts: ProtocolFacts, today: string): Partial<Record<AnnexKey, FormState>> {
  const group = protocolGroup(facts.cohort, facts.role);
  const filled = new Set(facts.filledAnnexes);
  const states: Partial<Record<AnnexKey, FormState>> = {};
  for (const annex of group.instruments) {
    const isFilled = filled.has(annex);
    let state: FormState | null;
    if (group.baseline.includes(annex)) state = isFilled ? 'done' : 'missing';
    else if (annex === group.followUp) state = followUpState(facts, isFilled, today);
    else if (annex === group.endEvaluation) state = isFilled ? 'done' : facts.endManagement ? 'missing' : null;
    else state = isFilled ? 'done' : null;
    if (state !== null) states[annex] = state;
  }
  return states;
}

/**
 * The form to open for a patient: the first missing baseline form, then a missing end evaluation,
 * then an overdue or due follow-up; with nothing outstanding, the first form of the group.
 */
export function nextFormToFill(facts: ProtocolFacts, today: string): AnnexKey {
  const group = protocolGroup(facts.cohort, facts.role);
  const states = formStates(facts, today);
  const missing = group.instruments.find((annex) => states[annex] === 'missing');
  if (missing) return missing;
  const followUp = states[group.followUp];
  if (followUp === 'overdue' || followUp === 'due') return group.followUp;
  return group.instruments[0] ?? '1';
}

const SEVERITY: Record<FormState, number> = { done: 0, due: 1, missing: 2, overdue: 3 };

/** The state a screen holding several forms shows: its most pressing one. */
export function mostPressing(states: readonly (FormState | undefined)[]): FormState | null {
  let worst: FormState | null = null;
  for (const state of states) {
    if (state !== undefined && (worst === null || SEVERITY[state] > SEVERITY[worst])) worst = state;
  }
  return worst;
}
