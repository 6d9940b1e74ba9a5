/**
 * The file name of a download from its Content-Disposition header. RFC 6266 says `filename*`
 * (RFC 5987 ext-value: charset'language'percent-encoded) wins over `filename`, which matters for
 * Chinese export names such as 随访记录.xlsx.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = splitParams(header);
  const extended = params.get('filename*');
  if (extended) {
    const decoded = decodeExtValue(extended);
    if (decoded) return sanitize(decoded);
  }
  const plain = params.get('filename');
  if (plain) return sanitize(plain);
  return null;
}

function splitParams(header: string): Map<string, string> {
  const params = new Map<string, string>();
  // Parameters are `;`-separated; a quoted-string may itself contain `;` or escaped quotes.
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of `;${header}`.matchAll(pattern)) {
    const name = match[1]?.toLowerCase();
    let value = (match[2] ?? '').trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    }
    if (name && !params.has(name)) params.set(name, value);
  }
  return params;
}

function decodeExtValue(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8' || charset === '') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
  } catch {
    return null;
  }
  return null;
}

/** Path separators and control characters never belong in a name the browser saves. */
function sanitize(name: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = name.replace(/[\\/\u0000-\u001f\u007f]/g, '_').trim();
  return cleaned.length > 0 ? cleaned : null;
}
