/** One place in a pager: a page number, or a gap standing for the pages left out. */
export type PageItem = number | 'gap-before' | 'gap-after';

/** Every page is listed up to this many pages; beyond it the pager keeps the first, the last and five around the current one. */
const LIST_ALL_UP_TO = 7;

/**
 * The pages a pager offers, as antd's pager did: all of them when there are few; otherwise the first
 * and the last page, a window of five pages around the current one (shifted, never cut, near either
 * end) and a gap where two or more pages are left out. `current` is clamped to [1, pageCount].
 */
export function pageItems(current: number, pageCount: number): PageItem[] {
  if (pageCount <= LIST_ALL_UP_TO) return Array.from({ length: Math.max(pageCount, 1) }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), pageCount);
  const first = Math.min(Math.max(page - 2, 2), pageCount - 5);
  const last = first + 4;
  // A gap never stands for one page: that page is listed instead.
  const items: PageItem[] = [1];
  if (first === 3) items.push(2);
  else if (first > 3) items.push('gap-before');
  for (let n = first; n <= last; n++) items.push(n);
  if (last === pageCount - 2) items.push(pageCount - 1);
  else if (last < pageCount - 2) items.push('gap-after');
  items.push(pageCount);
  return items;
}

/** How many pages `total` rows fill at `pageSize` a page (at least one, so that an empty list has page 1). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page to show after the page size changes: the same one if it still exists, else the last, as
 * antd's pager did (a person reading page 3 of 20-row pages who picks 50 rows sees page 2 of 2, not 3).
 */
export function pageAfterResize(current: number, total: number, pageSize: number): number {
  return Math.min(current, pageCountOf(total, pageSize));
}
