import { type OutcomeQuery, outcomeQuery } from '@tcm/contracts/api/outcomes';

const KEYS = ['institutionId', 'from', 'to'] as const;

/**
 * The report's filter from the page address (`/outcomes?institutionId=2&from=…&to=…`), so that a
 * report can be reloaded, bookmarked and printed again as it was. A doctor's institution is the
 * server's business (their own, always): an institutionId in a doctor's address is ignored. A value
 * the contract refuses is dropped rather than sent to be refused.
 */
export function readOutcomeQuery(params: URLSearchParams, isAdmin: boolean): OutcomeQuery {
  const raw: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value && (key !== 'institutionId' || isAdmin)) raw[key] = value;
  }
  const whole = outcomeQuery.safeParse(raw);
  if (whole.success) return whole.data;
  // Keep what is valid on its own; a reversed range loses both ends.
  const query: OutcomeQuery = {};
  for (const key of KEYS) {
    if (raw[key] === undefined) continue;
    const single = outcomeQuery.safeParse({ [key]: raw[key] });
    if (single.success) Object.assign(query, single.data);
  }
  if (query.from && query.to && query.from > query.to) {
    delete query.from;
    delete query.to;
  }
  return query;
}

/** The address parameters of a filter (absent values are left out, not sent empty). */
export function outcomeSearch(query: OutcomeQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params;
}

/** The request parameters of the report and of its export: the same filter for both. */
export function outcomeParams(query: OutcomeQuery): Record<string, string | number> {
  return Object.fromEntries(KEYS.flatMap((key) => (query[key] === undefined ? [] : [[key, query[key]]])));
}
