import { ResponseCode } from '@tcm/contracts/api/transport';

/**
 * What the client makes of one answer. Kept free of axios, React and the DOM so that the rules of
 * spec §7/§8 can be unit-tested as plain functions; `client.ts` performs the side effects.
 */
export type Outcome<T = unknown> =
  | { kind: 'ok'; data: T }
  /** Code 900: the token is dropped, the fixed expiry message is shown and the user goes to /login. */
  | { kind: 'expired' }
  /**
   * Any other failure: `message` is the server's text, or null when the fallback 系统错误 applies;
   * `data` is the envelope's data when the refusal carried any (e.g. a record's item errors).
   */
  | { kind: 'error'; code: number | null; message: string | null; data?: unknown };

/** An outcome that is not a success. */
export type Failure = Exclude<Outcome, { kind: 'ok' }>;

interface EnvelopeLike {
  code: number;
  data?: unknown;
  message?: unknown;
}

export function isEnvelope(body: unknown): body is EnvelopeLike {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function serverMessage(body: EnvelopeLike): string | null {
  const text = typeof body.message === 'string' ? body.message.trim() : '';
  return text.length > 0 ? text : null;
}

/** A 2xx answer: code 0 → data (an empty object when absent), 900 → expired, other codes → error. */
export function interpretEnvelope<T = unknown>(body: unknown): Outcome<T> {
  if (!isEnvelope(body)) return { kind: 'error', code: null, message: null };
  if (body.code === ResponseCode.OK) {
    const data = body.data === undefined || body.data === null ? {} : body.data;
    return { kind: 'ok', data: data as T };
  }
  if (body.code === ResponseCode.SESSION_EXPIRED) return { kind: 'expired' };
  const failure: Failure = { kind: 'error', code: body.code, message: serverMessage(body) };
  return body.data === undefined || body.data === null ? failure : { ...failure, data: body.data };
}

/**
 * A non-2xx answer. When it carries the envelope it is handled exactly like a 2xx one (900 → expiry,
 * otherwise the server's message); a success code on an HTTP error is still an error.
 */
export function interpretHttpError(status: number, body: unknown): Failure {
  const parsed = typeof body === 'string' ? parseJson(body) : body;
  if (isEnvelope(parsed)) {
    const outcome = interpretEnvelope(parsed);
    if (outcome.kind === 'ok') return { kind: 'error', code: status, message: null };
    return outcome;
  }
  return { kind: 'error', code: status, message: null };
}

/**
 * Blob requests skip the envelope, except that a server refusing an export answers JSON; that text
 * must still become a message. Returns null when the body is a real file.
 */
export function interpretBlobBody(contentType: string | null | undefined, text: () => string): Failure | null {
  if (!contentType || !/\bjson\b/i.test(contentType)) return null;
  const parsed = parseJson(text());
  if (!isEnvelope(parsed)) return { kind: 'error', code: null, message: null };
  const outcome = interpretEnvelope(parsed);
  // A JSON body claiming success on a file request is not a file either; nothing to download.
  if (outcome.kind === 'ok') return { kind: 'error', code: ResponseCode.OK, message: null };
  return outcome;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
