import { type FormState, nextFormToFill, type ProtocolFacts } from '@tcm/contracts/clinical/form-status';
import type { AnnexKey } from '@tcm/contracts/instruments/types';
import dayjs from './dayjs';
import { RECORD_ROUTES, type RecordKey } from './routes';

/** The annexes each record screen holds; /diagnosticRecord has annex 6 (体格检查) as a tab. */
export const SCREEN_ANNEXES: Record<RecordKey, readonly AnnexKey[]> = {
  diagnosticRecord: ['1', '6'],
  lifeStyle: ['2'],
  bodyConstitution: ['3'],
  symptomScale: ['4'],
  InterventionRecord: ['5'],
  followUp: ['7'],
  TNBFollowUp: ['9'],
  custom: ['custom'],
};

/** Where a form is filled; the end evaluation (a dialog of the workspace) opens the first screen. */
export function recordPathOf(annex: AnnexKey): string {
  const route = RECORD_ROUTES.find((r) => SCREEN_ANNEXES[r.key].includes(annex));
  return route?.path ?? RECORD_ROUTES[0].path;
}

/** What a record screen is asked to show first (router location state). */
export interface RecordLocationState {
  annex?: AnnexKey;
}

export function todayIso(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** The screen and tab of the first missing or due form of a patient. */
export function firstFormTarget(facts: ProtocolFacts): { path: string; state: RecordLocationState } {
  const annex = nextFormToFill(facts, todayIso());
  return { path: recordPathOf(annex), state: { annex } };
}

export type { FormState };
