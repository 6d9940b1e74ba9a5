import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { OutcomePaths } from '@tcm/contracts/api/outcome-rules';
import type { OutcomeQuery, OutcomeReport } from '@tcm/contracts/api/outcomes';
import { api, downloadFile } from '../../api/client';
import { queryClient } from '../../api/query-client';
import type { PrefetchArgs } from '../../app/lazy-page';
import { useSessionStore } from '../../stores/session';
import { outcomeParams, readOutcomeQuery } from './query';

export const outcomeKeys = {
  all: ['outcomes'] as const,
  report: (query: OutcomeQuery) => ['outcomes', 'report', outcomeParams(query)] as const,
};

export const outcomeApi = {
  report: (query: OutcomeQuery, signal?: AbortSignal) => api.get<OutcomeReport>(OutcomePaths.report, outcomeParams(query), { signal }),
  /** The same filter as the report on screen; a refusal shows the server's message (the shared client). */
  exportReport: (query: OutcomeQuery) => downloadFile(OutcomePaths.exportReport, outcomeParams(query), 'programme-outcomes.xlsx'),
};

/**
 * The report for a filter. The previous report stays on screen (dimmed by the page) while another
 * institution or range loads, so the layout does not jump.
 */
export function useOutcomeReport(query: OutcomeQuery) {
  return useQuery({ ...outcomeReportQuery(query), placeholderData: keepPreviousData });
}

/** The report's query: the screen's and the route's prefetch (prefetchOutcomeReport). */
export function outcomeReportQuery(query: OutcomeQuery) {
  return queryOptions({ queryKey: outcomeKeys.report(query), queryFn: ({ signal }) => outcomeApi.report(query, signal) });
}

/**
 * The route's loader (app/router.tsx): the report, the screen's largest and slowest part, is asked
 * for as the route is entered, for the filter in the address, while the screen's files download.
 */
export function prefetchOutcomeReport({ url }: PrefetchArgs): void {
  const { token, isAdmin } = useSessionStore.getState();
  if (token) void queryClient.prefetchQuery(outcomeReportQuery(readOutcomeQuery(url.searchParams, isAdmin)));
}
