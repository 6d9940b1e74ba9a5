import type { Envelope } from '@tcm/contracts';

/** The success envelope; every JSON route returns through this. */
export function ok<T>(data: T, message = 'ok'): Envelope<T> {
  return { code: 0, data, message };
}
