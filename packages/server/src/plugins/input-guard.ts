import { fieldLabel, findUnstorableText, unstorableTextMessage } from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

/**
 * The most keys and array items, counted at every depth, that one JSON body may hold. The largest
 * form a doctor saves (a baseline annex with its medication rows) has a few hundred; a body of a
 * hundred thousand made-up keys fits in the 1 MB body limit and costs the server a second of
 * validation and an error list of megabytes, during which every other user waits.
 */
export const MAX_BODY_ENTRIES = 2000;

/** Whether `value` holds more than `limit` keys and array items; stops counting once past it. */
export function hasMoreEntriesThan(value: unknown, limit: number): boolean {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object') continue;
    const children = Array.isArray(next) ? next : Object.values(next);
    count += children.length;
    if (count > limit) return true;
    for (const child of children) if (child !== null && typeof child === 'object') pending.push(child);
  }
  return false;
}

/**
 * Whether a JSON text certainly holds more than `limit` keys and array items, read without parsing
 * it: each key has its own colon, and a container of m entries has m - 1 commas, so more than `limit`
 * colons or at least `limit` commas outside strings settle it. Parsing a 1 MB body of 100,000 keys
 * takes the event loop about a tenth of a second; this scan takes a few milliseconds.
 */
export function jsonCertainlyExceeds(text: string, limit: number): boolean {
  let colons = 0;
  let commas = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 58) {
      if (++colons > limit) return true;
    } else if (c === 44) {
      if (++commas >= limit) return true;
    }
  }
  return false;
}

const tooManyEntries = () => badRequest(`请求内容的字段过多（最多 ${MAX_BODY_ENTRIES} 个）`);

/**
 * Two rules for every route at once, checked before any schema sees the request:
 * - a body of more than MAX_BODY_ENTRIES keys and items is refused outright (most before they are
 *   parsed), so that neither the schemas nor the instrument rules spend time on its values;
 * - no string, key or value of the path, query or JSON body may carry NUL or an unpaired UTF-16
 *   surrogate: PostgreSQL can store neither, and no person types them. The input schemas build on
 *   contracts' `textSchema`, which refuses them too; this holds the rule for the free-form parts
 *   (record data, prescription content) checked after validation.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Fastify's own JSON parser (prototype poisoning refused), behind a scan that refuses a body that is
  // certainly too big before it is parsed; the exact count follows on the parsed body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonCertainlyExceeds(body as string, MAX_BODY_ENTRIES)) done(tooManyEntries(), undefined);
    else parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    if (hasMoreEntriesThan(request.body, MAX_BODY_ENTRIES)) throw tooManyEntries();
    for (const [part, where] of [
      [request.params, '路径参数'],
      [request.query, '查询参数'],
      [request.body, '请求内容'],
    ] as const) {
      const path = findUnstorableText(part);
      if (path) throw badRequest(unstorableTextMessage(path.length > 0 ? fieldLabel(path, '内容') : where));
    }
  });
}
