// The shared id and date rules as plain predicates, with no schema library, so that a screen can
// check its own address without loading zod. validators.ts builds `idSchema` and `isoDateSchema` on
// these constants and re-exports them; validators.test.ts checks that both answer alike.
import { isIsoDate } from '../instruments/dates';

/** The largest id PostgreSQL `integer` (int4) columns hold; a larger one can only be a wrong id. */
export const INT4_MAX = 2_147_483_647;
/** The earliest calendar date any input may carry (birth, consent, visit and export dates). */
export const EARLIEST_DATE = '1900-01-01';

/** A whole number as a query string carries it: plain digits only (no sign, blank, hex or exponent). */
export const QUERY_DIGITS = /^\d{1,16}$/;

/** The id a query or path value names, or null when `idSchema` would refuse it. */
export function queryIdValue(text: string): number | null {
  if (!QUERY_DIGITS.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= INT4_MAX ? id : null;
}

/** Whether `isoDateSchema` accepts the text: a real calendar date written YYYY-MM-DD, from 1900-01-01. */
export function isInputDate(text: string): boolean {
  return text >= EARLIEST_DATE && isIsoDate(text);
}
