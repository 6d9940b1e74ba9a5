import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isDiskFull } from './database-errors';

/** The shape node-postgres gives a server error, and Drizzle's wrapper around it. */
function pgError(code: string, severity = 'ERROR') {
  return Object.assign(new Error(`sqlstate ${code}`), { code, severity });
}
class DrizzleQueryError extends Error {
  constructor(cause: unknown) {
    super('Failed query: insert …');
    this.cause = cause;
  }
}
function systemError(code: string) {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
}

describe('database errors that mean "try again later"', () => {
  it('recognises a lost or refused database connection, wrapped by Drizzle or not', () => {
    for (const error of [
      pgError('57P01', 'FATAL'),
      new DrizzleQueryError(pgError('57P03', 'FATAL')),
      pgError('08006'),
      pgError('53300', 'FATAL'),
      new DrizzleQueryError(new Error('Connection terminated unexpectedly')),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      systemError('ECONNREFUSED'),
      new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')]),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it("leaves the request's own faults, other failures and other services' socket errors alone", () => {
    const fetchFailed = new TypeError('fetch failed', { cause: systemError('ECONNREFUSED') });
    for (const error of [pgError('23505'), pgError('22P02'), pgError('53100'), new Error('boom'), fetchFailed]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it('recognises a full disk: PostgreSQL 53100 (PGlite included) and ENOSPC', () => {
    expect(isDiskFull(new DrizzleQueryError(pgError('53100')))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('no space left on device, write'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFull({ name: 'ErrnoError', errno: 28 })).toBe(true);
    expect(isDiskFull(pgError('57P01', 'FATAL'))).toBe(false);
    expect(isDiskFull({ name: 'ErrnoError', errno: 44 })).toBe(false);
  });
});
