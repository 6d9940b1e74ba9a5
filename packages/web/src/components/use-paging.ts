import { MAX_PAGE_SIZE } from '@tcm/contracts/api/transport';
import { useSearchParams } from 'react-router-dom';

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, MAX_PAGE_SIZE];

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/**
 * Page, page size and search text of a server-paged list, kept in the URL so that a reload, the back
 * button or a shared link shows the same page. The size never exceeds the server's 100.
 */
export function usePaging() {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const limit = positiveInt(params.get('limit'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const keyword = params.get('q') ?? '';

  const update = (next: { page?: number; limit?: number; keyword?: string }) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        const set = (key: string, value: string | number | undefined, isDefault: boolean) => {
          if (value === undefined) return;
          if (isDefault) merged.delete(key);
          else merged.set(key, String(value));
        };
        set('page', next.page, next.page === 1);
        set('limit', next.limit, next.limit === DEFAULT_PAGE_SIZE);
        set('q', next.keyword, next.keyword === '');
        return merged;
      },
      { replace: true, preventScrollReset: true },
    );

  return {
    page,
    limit,
    keyword,
    // The pager already moves to the page still in range when the size changes (pageAfterResize).
    setPage: (p: number, l: number) => update({ page: p, limit: l }),
    setKeyword: (k: string) => update({ keyword: k.trim(), page: 1 }),
  };
}
