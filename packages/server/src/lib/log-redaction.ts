/** Query parameters that must never reach a log line (PRODUCT §2; issue 2 §3). */
const SENSITIVE_KEYS = new Set(['password', 'code', 'idnum', 'id_num', 'mobile', 'tel_num', 'telnum', 'token', 'satoken', 'username']);

/** The URL with the values of sensitive query parameters replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SENSITIVE_KEYS.has(key.toLowerCase())) params.set(key, '[redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

export const REDACT_PATHS = [
  'req.headers.satoken',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.code',
  '*.idNum',
  '*.token',
];
