import { useState } from 'react';
import { PAGE_SIZE_OPTIONS, usePaging } from '../use-paging';

/** What a list screen reads of its query (a TanStack Query result of one page). */
interface PageQuery<T> {
  data: T | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The state of a server-paged list screen: usePaging's page, size and search text (in the URL), the
 * search text as a query parameter, and the props that wire a page of results to PatientTable.
 */
export function useListPage() {
  const paging = usePaging();
  const { page, limit, setPage } = paging;
  return {
    ...paging,
    /** The search text as the list calls take it: absent when empty. */
    keywordParam: paging.keyword || undefined,
    /** A filter's setter that also goes back to the first page, keeping the page size. */
    resetting<V>(set: (value: V) => void): (value: V) => void {
      return (value) => {
        set(value);
        setPage(1, limit);
      };
    },
    /** The data, loading, error and pager props of a PatientTable showing `query`. */
    tableProps<T>(query: PageQuery<T>) {
      return {
        data: query.data,
        isLoading: query.isFetching,
        error: query.error,
        onRetry: () => void query.refetch(),
        page,
        limit,
        onPage: setPage,
      };
    },
    /** A DataTable's pager over `total` rows, with the size changer and the total shown. */
    pagination(total: number) {
      return { current: page, pageSize: limit, total, sizeOptions: PAGE_SIZE_OPTIONS, showTotal: true, onChange: setPage };
    },
  };
}

export type ListPage = ReturnType<typeof useListPage>;

/** A filter of a list screen (a state, a status): choosing another value shows its first page. */
export function useListFilter<V>(list: ListPage, initial: V): [V, (value: V) => void] {
  const [value, setValue] = useState<V>(initial);
  return [value, list.resetting(setValue)];
}
