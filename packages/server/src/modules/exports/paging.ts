/**
 * Rows per database round trip. A page lives through the writing of the previous one (prefetch), so
 * its parsed rows are promoted out of V8's young generation; smaller pages keep that garbage, and
 * with it the process's peak RSS, small (100,000 follow-ups: ~120 MB growth at 250, ~200 MB at 1000)
 * while the queries (a few ms each, overlapped with writing) stay cheap.
 */
export const EXPORT_PAGE_SIZE = 250;

interface Loaded<T> {
  prepared: readonly T[];
  lastId: number | undefined;
  full: boolean;
}

/**
 * Reads a table in id order, `EXPORT_PAGE_SIZE` rows at a time (keyset: `id > last id`, so every page
 * costs the same however deep the export is), and prepares each page (e.g. loads its patients' latest
 * records). The next page is read while the current one is being written, so the database and the
 * spreadsheet writer overlap; at most two pages are held at once.
 */
export async function* keysetPages<R, T>(
  fetchPage: (afterId: number, limit: number) => Promise<R[]>,
  idOf: (row: R) => number,
  prepare: (rows: R[]) => Promise<readonly T[]> | readonly T[],
): AsyncGenerator<readonly T[]> {
  const load = async (afterId: number): Promise<Loaded<T>> => {
    const rows = await fetchPage(afterId, EXPORT_PAGE_SIZE);
    const last = rows.at(-1);
    return { prepared: await prepare(rows), lastId: last === undefined ? undefined : idOf(last), full: rows.length === EXPORT_PAGE_SIZE };
  };
  let next: Promise<Loaded<T>> | undefined = load(0);
  while (next) {
    const page: Loaded<T> = await next;
    next = page.full && page.lastId !== undefined ? load(page.lastId) : undefined;
    // If the consumer stops early (client gone), the prefetch must not surface as an unhandled rejection.
    next?.catch(() => undefined);
    if (page.prepared.length > 0) yield page.prepared;
  }
}

/** One page of rows that are already in memory (the codebook, small fixed lists). */
export async function* singlePage<T>(rows: readonly T[]): AsyncGenerator<readonly T[]> {
  if (rows.length > 0) yield rows;
}
