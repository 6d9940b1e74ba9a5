import type { OutcomeQuery } from '@tcm/contracts/api/outcomes';
import { isInputDate, queryIdValue } from '@tcm/contracts/api/query-values';

const KEYS = ['institutionId', 'from', 'to', 'policy'] as const;

export const OUTCOME_POLICIES = ['intentionToTreat', 'untilEndOfManagement'] as const;
export type OutcomePolicy = (typeof OUTCOME_POLICIES)[number];

/**
 * The report's filter from the page address (`/outcomes?institutionId=2&from=…&to=…&policy=…`), so that a
 * report can be reloaded, bookmarked and printed again as it was. A doctor's institution is the
 * server's business (their own, always): an institutionId in a doctor's address is ignored. A value
 * the contract (`outcomeQuery`) refuses is dropped rather than sent to be refused; the checks are the
 * contract's own, schema-free, so that this screen does not load the schema library.
 */
export function readOutcomeQuery(params: URLSearchParams, isAdmin: boolean): OutcomeQuery {
  const query: OutcomeQuery = {};
  const institutionId = isAdmin ? queryIdValue(params.get('institutionId') ?? '') : null;
  if (institutionId !== null) query.institutionId = institutionId;
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key);
    if (value && isInputDate(value)) query[key] = value;
  }
  const policy = params.get('policy');
  if (OUTCOME_POLICIES.includes(policy as OutcomePolicy)) query.policy = policy as OutcomePolicy;
  // The contract refuses a reversed range; it loses both ends.
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
