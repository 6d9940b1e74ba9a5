/**
 * The bad inputs of the fuzz tier (test/fuzz.test.ts), derived from the OpenAPI document: wrong
 * types, NUL, lone surrogates, 10 kB and 2 MB strings, nested objects, arrays for scalars, huge and
 * negative numbers, `__proto__`, malformed JSON and wrong content types. Deterministic: every choice
 * goes through a seeded PRNG.
 */

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const TEN_KB = 'x'.repeat(10 * 1024);
export const TWO_MB = 'y'.repeat(2 * 1024 * 1024);

/** An own `__proto__` key (an object literal would set the prototype instead), as JSON carries it. */
export const PROTO_KEY: Record<string, unknown> = JSON.parse('{"__proto__":{"polluted":true}}');

/** Values put in place of one JSON body property (or one key of a nested object). */
export const BODY_VALUES: readonly unknown[] = [
  true,
  false,
  null,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  'abc',
  '',
  ' ',
  '0x10',
  '12',
  '2147483648',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202e名\u0007',
  TEN_KB,
  '张'.repeat(5000),
  { a: { b: { c: { d: 1 } } } },
  PROTO_KEY,
  [1],
  ['a', 'b'],
  [],
  {},
  "' or 1=1 --",
  '2026-02-30',
  '0001-01-01',
];

/** A query or path value written as it travels: `raw` is already URL-encoded, `text` is encoded on sending. */
export type WireValue = { raw: string } | { text: string };

export const QUERY_VALUES: readonly WireValue[] = [
  { text: '' },
  { text: ' ' },
  { text: 'abc' },
  { text: '-1' },
  { text: '0' },
  { text: '1.5' },
  { text: '0x10' },
  { text: '1e3' },
  { text: '2147483648' },
  { text: '1099511627776' },
  { text: '99999999999999999999999' },
  { raw: '%00' },
  { raw: 'a%00b' },
  { raw: '%ED%A0%80' },
  { raw: '%FF%FE' },
  { raw: '%' },
  { text: TEN_KB },
  { text: '张'.repeat(3000) },
  { text: 'true' },
  { text: '[]' },
  { text: '__proto__' },
  { text: '2026-02-30' },
  { text: '0001-01-01' },
  { text: "' or 1=1 --" },
];

export const PATH_VALUES: readonly WireValue[] = [
  { text: '0' },
  { text: '-1' },
  { text: 'abc' },
  { text: '1.5' },
  { text: '2147483648' },
  { text: '1099511627776' },
  { raw: '%00' },
  { raw: '%ED%A0%80' },
  { text: 'x'.repeat(150) },
  { raw: '%2e%2e' },
  { text: '__proto__' },
  { text: 'constructor' },
];

/** Whole bodies: malformed JSON, wrong content types, prototype keys, deep nesting, too large. */
export const RAW_BODIES: readonly { contentType?: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '[' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"text"' },
  { contentType: 'application/json', payload: '123' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { contentType: 'application/json', payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  { contentType: 'application/json', payload: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}` },
  { contentType: 'application/json', payload: JSON.stringify({ a: TWO_MB }) },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: '{}' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--' },
  { contentType: 'application/xml', payload: '<a>1</a>' },
  { payload: '{"a":1}' },
];

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}
