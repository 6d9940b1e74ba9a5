/** A DATE column as YYYY-MM-DD whichever driver read it (PGlite may hand back a Date, pg a string). */
export function isoDate(value: unknown): string {
  if (value instanceof Date) {
    const y = value.getFullYear();
    const m = String(value.getMonth() + 1).padStart(2, '0');
    const d = String(value.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  return String(value).slice(0, 10);
}

export const isoDateOrNull = (value: unknown): string | null => (value == null ? null : isoDate(value));
