import type { QueryClient } from '@tanstack/react-query';
import { DUE_SOON_DAYS } from '@tcm/contracts/clinical/form-status';
import type { Params } from 'react-router-dom';
import { personalCenterQuery } from '../../api/annex-queries';
import { patientListQuery } from '../../api/patients';
import { FIRST_OUTREACH_LIST, outreachFilter } from '../../features/outreach/api';
import { comparativeListQuery } from '../../features/patients/comparative-api';
import { type HomeStateType, type HomeType, isHomeType, useHomeStore } from '../../stores/home';
import { useSessionStore } from '../../stores/session';

/**
 * The lists the doctor's home shows, one definition for its cards and for the route's prefetch
 * (prefetchHomeData): the same filter is the same query, asked for once. The outreach card's are
 * features/outreach/api.ts's.
 */

/** Enough for one screen: the bell counts them all, and each handled one leaves the card. */
const URGENT_SIZE = 20;
export const WORKLIST_SIZE = 10;

/** UrgentCard: the patients with an unhandled danger value, of both groups. */
export const URGENT_FILTER = { page: 1, limit: URGENT_SIZE, state: 'running' as const, urgentOnly: true };

/** The worklist's server filter of each view; every view lists the earliest due first. */
export function worklistFilter(view: HomeStateType, page: number) {
  return {
    page,
    limit: WORKLIST_SIZE,
    state: 'running' as const,
    sort: 'dueDate' as const,
    ...(view === 'overdue' ? { overdueOnly: true } : view === 'dueSoon' ? { dueWithinDays: DUE_SOON_DAYS } : {}),
  };
}

/**
 * Starts the home's requests as the route is entered (its loader, app/lazy-page.ts), not when its
 * cards have rendered: on a slow PC the cards' first render takes seconds, and the answers then come
 * in while it runs. Asks for what the cards ask for on their first render, the cohort from the
 * address (/index/{type}) and the view the doctor last chose; anything else they ask for themselves.
 */
export function prefetchHomeData(client: QueryClient, params: Params): void {
  const { token, isAdmin, user } = useSessionStore.getState();
  if (!token || isAdmin || (params.type !== undefined && !isHomeType(params.type))) return;
  const cohort: HomeType = params.type ?? 'all';
  const view = useHomeStore.getState().homeStateType;
  const prefetch = (
    filter: ReturnType<typeof worklistFilter> | ReturnType<typeof outreachFilter> | typeof URGENT_FILTER,
    always = false,
  ) => {
    if (always || cohort !== 'comparison') void client.prefetchQuery(patientListQuery(filter));
    if (always || cohort !== 'managed') void client.prefetchQuery(comparativeListQuery(filter));
  };
  prefetch(URGENT_FILTER, true);
  prefetch(worklistFilter(view, 1));
  prefetch(outreachFilter(FIRST_OUTREACH_LIST, 1));
  void client.prefetchQuery(personalCenterQuery(user?.institutionId));
}
