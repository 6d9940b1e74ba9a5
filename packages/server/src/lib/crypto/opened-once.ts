/**
 * A memo of what a sealed value opens to, keyed by the sealed text itself: a sealed value never
 * changes (an edit writes a new one, with a new random IV), so a hit is always the right answer, and a
 * patient edited meanwhile is opened again. Opening one (an AES-GCM decipher) costs more than the rest
 * of a list row or an export row together. Bounded: past `limit` values the memo starts over, so it
 * never holds more than that.
 */
export function openedOnce(open: (sealed: string) => string, limit: number): (sealed: string) => string {
  const opened = new Map<string, string>();
  return (sealed) => {
    let plain = opened.get(sealed);
    if (plain === undefined) {
      plain = open(sealed);
      if (opened.size >= limit) opened.clear();
      opened.set(sealed, plain);
    }
    return plain;
  };
}
