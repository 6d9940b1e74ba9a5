/**
 * What may reach a log line. Identifiers (PRODUCT §2) must not: query parameters that carry them are
 * replaced whole, an identifier-shaped value anywhere in a URL or an error text is masked, and a
 * database error is logged without the query parameters and the row detail that would repeat them.
 */

const REDACTED = '[redacted]';

/** Query parameters whose value never reaches a log line; `keyword` may be an ID number, a mobile or a name. */
const SENSITIVE_KEYS = new Set([
  'password',
  'code',
  'idnum',
  'id_num',
  'mobile',
  'tel_num',
  'telnum',
  'token',
  'satoken',
  'username',
  'keyword',
]);

/**
 * An 18-character resident ID number (or its first 15 to 17 digits, or an old 15-digit one) and a
 * mainland mobile number, wherever they appear in a text. Over-masking a long number is harmless.
 */
const IDENTIFIER = /\d{17}[\dXx]|\d{15,17}|1[3-9]\d{9}/g;

/** The text with every identifier-shaped run of digits masked. */
export function redactIdentifiers(text: string): string {
  return text.replace(IDENTIFIER, REDACTED);
}

/** The URL with sensitive query values replaced and identifier-shaped values or path segments masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactPath(url);
  // Decoded first, so that an identifier written %31%31… is caught too; written back readable.
  const encode = (text: string) => encodeURIComponent(redactIdentifiers(text)).replaceAll('%5Bredacted%5D', REDACTED);
  const pairs: string[] = [];
  for (const [key, value] of new URLSearchParams(url.slice(q + 1))) {
    pairs.push(`${encode(key)}=${SENSITIVE_KEYS.has(key.toLowerCase()) ? REDACTED : encode(value)}`);
  }
  return `${redactPath(url.slice(0, q))}?${pairs.join('&')}`;
}

function redactPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: mask what can be read as written.
  }
  return decoded === path || redactIdentifiers(decoded) === decoded ? redactIdentifiers(path) : redactIdentifiers(decoded);
}

/** drizzle's query errors end their message with `params: <every bound value>`. */
const DRIZZLE_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

function cleanText(text: string, sqlState: string | undefined): string {
  let cleaned = text.replace(DRIZZLE_PARAMS, `\nparams: ${REDACTED}`);
  // Data and integrity errors quote the refused value ('invalid input syntax for type integer: "…"').
  if (sqlState?.startsWith('22') || sqlState?.startsWith('23')) cleaned = cleaned.replace(/"[^"\n]*"/g, `"${REDACTED}"`);
  return redactIdentifiers(cleaned);
}

/** Fields of a PostgreSQL error that name things, never values (`detail`, `where` and `hint` can hold values). */
const SAFE_DATABASE_FIELDS = ['severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * The log form of an error (the logger's `err` serializer): type, message, stack, code and the cause
 * chain, each cleaned. Bound parameters, row details and any other property are left out.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactIdentifiers(String(error)), stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const code = typeof fields.code === 'string' || typeof fields.code === 'number' ? String(fields.code) : undefined;
  const sqlState = code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: cleanText(error.message, sqlState),
    stack: cleanText(error.stack ?? '', sqlState),
  };
  // `errorCode`, not `code`: the logger censors every `*.code` (SMS codes).
  if (code) out.errorCode = code;
  if (typeof fields.statusCode === 'number') out.statusCode = fields.statusCode;
  for (const key of SAFE_DATABASE_FIELDS) if (typeof fields[key] === 'string') out[key] = fields[key];
  if (typeof fields.query === 'string') out.query = cleanText(fields.query, sqlState);
  if (error.cause !== undefined && depth < 4) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

export const REDACT_PATHS = [
  'req.headers.satoken',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.code',
  '*.idNum',
  '*.token',
];
