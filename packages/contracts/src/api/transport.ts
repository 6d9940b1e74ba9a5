// What every call shares, with no schema library: the web app's first screen imports these and
// nothing else of the API contract (envelope.ts re-exports them beside the envelope schemas).

/**
 * Response codes carried in the envelope's `code`. 0 and 900 are fixed by the specification;
 * the others mirror the closest HTTP status so that a log reader recognises them at a glance.
 */
export const ResponseCode = {
  OK: 0,
  BAD_REQUEST: 400,
  AUTH_FAILED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A follow-up on a date the patient already has one; sent again with `confirmDuplicate: true` it is saved. */
  DUPLICATE_FOLLOW_UP: 4091,
  /** An `Idempotency-Key` sent again with a different request than the one it first came with. */
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  LOCKED: 423,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** The database is unreachable or out of disk space: the request may succeed if tried again later. */
  SERVICE_UNAVAILABLE: 503,
  SESSION_EXPIRED: 900,
} as const;
export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

/** The base path every call lives under (spec §7). */
export const API_BASE = '/prod-api';
/** Client request timeout (spec §9). */
export const REQUEST_TIMEOUT_MS = 50_000;
/** Paging used by every list except the institution list (which keeps the spec's limit 1000). */
export const MAX_PAGE_SIZE = 100;
/**
 * Header a client sets on every create call, one value per submit and the same value on its retries:
 * the server answers a repeat with the first answer instead of creating again (kept 24 h per user).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer that is the replay of an earlier one for the same `Idempotency-Key`. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
/** Header carrying the session token (spec §6). */
export const TOKEN_HEADER = 'satoken';
/**
 * Set to "1" on requests the client makes by itself on a timer (the bell's polls). The server checks
 * the session as usual but does not count the request as activity, so the idle limit still applies.
 */
export const BACKGROUND_POLL_HEADER = 'x-background-poll';

export interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}
