import { describe, expect, it } from 'vitest';
import { pageAfterResize, pageCountOf, pageItems } from './page-items';

describe('pageItems', () => {
  it('lists every page when there are seven or fewer', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and five around the current page, with a gap for the rest', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap-before', 8, 9, 10, 11, 12, 'gap-after', 20]);
    expect(pageItems(6, 20)).toEqual([1, 'gap-before', 4, 5, 6, 7, 8, 'gap-after', 20]);
  });

  it('shifts the window, never cuts it, near either end', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap-before', 15, 16, 17, 18, 19, 20]);
    expect(pageItems(17, 20)).toEqual([1, 'gap-before', 15, 16, 17, 18, 19, 20]);
  });

  it('lists a single left-out page instead of a gap standing for it', () => {
    // Window 3–7: only page 2 is left out before it.
    expect(pageItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap-after', 20]);
    // Window 14–18: only page 19 is left out after it.
    expect(pageItems(16, 20)).toEqual([1, 'gap-before', 14, 15, 16, 17, 18, 19, 20]);
    // Eight pages from the first: window 2–6, page 7 listed.
    expect(pageItems(1, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('clamps a current page outside the list', () => {
    expect(pageItems(99, 20)).toEqual(pageItems(20, 20));
    expect(pageItems(0, 20)).toEqual(pageItems(1, 20));
  });
});

describe('paging arithmetic', () => {
  it('counts pages, with one page for an empty list', () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(20, 20)).toBe(1);
    expect(pageCountOf(21, 20)).toBe(2);
    expect(pageCountOf(95, 10)).toBe(10);
  });

  it('keeps the page after a size change when it still exists, else shows the last', () => {
    // 95 rows: page 3 of 20-row pages exists at 10 rows (10 pages) but not at 50 (2 pages).
    expect(pageAfterResize(3, 95, 10)).toBe(3);
    expect(pageAfterResize(3, 95, 50)).toBe(2);
    expect(pageAfterResize(3, 95, 100)).toBe(1);
  });
});
