import { type HTMLAttributes, type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../PageState';
import { Pagination, type PaginationProps } from './Pagination';
import { pageCountOf } from './page-items';
import './data-table.css';

/** antd's breakpoints, which the rest of the layout uses: md ≥ 768 px, lg ≥ 992, xl ≥ 1200, xxl ≥ 1600. */
export type Breakpoint = 'md' | 'lg' | 'xl' | 'xxl';
const BREAKPOINTS: readonly Breakpoint[] = ['md', 'lg', 'xl', 'xxl'];

export interface DataColumn<T> {
  key: string;
  title: ReactNode;
  /** The cell's content; without it, the row's `dataIndex` field as it is. */
  render?: (row: T, index: number) => ReactNode;
  dataIndex?: keyof T;
  /** Shown only on screens at least this wide (the column is in the page, hidden by CSS). */
  from?: Breakpoint;
  /** Its cells head their rows (`<th scope="row">`). */
  rowHeader?: boolean;
  align?: 'right';
  /** On the header cell and every body cell. */
  className?: string;
  width?: number;
  /** Stays in view while the table scrolls sideways (the actions, the institution's name). */
  sticky?: 'left' | 'right';
  /** Makes the column sortable in the browser; the first choice sorts descending, then ascending, then back. */
  compare?: (a: T, b: T) => number;
  /** Attributes of each body cell (a data-* marker, a class). */
  cellAttributes?: (row: T) => HTMLAttributes<HTMLTableCellElement> & Record<`data-${string}`, string>;
  /** Columns grouped under this header (a header of two rows). */
  children?: readonly DataColumn<T>[];
}

export interface DataTableProps<T> {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: keyof T;
  loading?: boolean;
  /** Shown in place of the rows when there are none (default: 暂无数据). */
  empty?: ReactNode;
  /** The table's accessible name. */
  label?: string;
  /** Cell spacing: large 16 px, middle 12 × 8, small 8 (antd's table sizes). */
  size?: 'large' | 'middle' | 'small';
  bordered?: boolean;
  className?: string;
  testId?: string;
  /** The rows are one page of a list paged by the server. */
  pagination?: PaginationProps;
  /** The rows are all there is; show them this many to a page (the pager only when they need two). */
  localPageSize?: number;
  /**
   * Cells keep to one line where they can, so the table is as wide as its content (antd's
   * `scroll={{ x: 'max-content' }}`); otherwise it fits its container and its cells wrap. Either way a
   * table wider than its container scrolls sideways.
   */
  scrollX?: boolean;
}

type SortOrder = 'descending' | 'ascending';
const NEXT_ORDER: Record<SortOrder | 'none', SortOrder | null> = { none: 'descending', descending: 'ascending', ascending: null };

/**
 * A ref for a scroller and whether it is narrower than its content (and so scrolls), kept up to date
 * as it or its content resizes. The state changes only when the answer does: a table that never
 * scrolls renders once.
 */
function useOverflowsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setOverflows(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

const classes = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

function columnClass<T>(column: DataColumn<T>): string | undefined {
  return classes(
    column.className,
    column.from && `from-${column.from}`,
    column.align === 'right' && 'is-right',
    column.sticky && `is-sticky-${column.sticky}`,
  );
}

/**
 * A plain HTML table for the app's lists and report tables, in antd's look: what the screens use of
 * antd's Table (columns, server or local paging, loading, empty text, responsive and sticky columns,
 * grouped headers, sorting in the browser) without its filter dropdowns, virtual scrolling and the
 * Select, Tree and Checkbox they import whether used or not (~75 kB gzip on every list screen; see
 * docs/architecture.md, bundle budget).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  empty,
  label,
  size = 'large',
  bordered,
  className,
  testId,
  pagination,
  localPageSize,
  scrollX,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [scroller, scrolls] = useOverflowsSideways();
  const [sort, setSort] = useState<{ key: string; order: SortOrder } | null>(null);
  const [localPage, setLocalPage] = useState(1);
  const leaves = useMemo(() => columns.flatMap((column) => column.children ?? [column]), [columns]);
  const grouped = leaves.length !== columns.length;

  const sorter = sort && leaves.find((column) => column.key === sort.key)?.compare;
  const descending = sort?.order === 'descending';
  // Kept while the rows, the columns and the order are: the body below renders again only then.
  const sorted = useMemo(
    () => (sorter ? [...rows].sort((a, b) => (descending ? sorter(b, a) : sorter(a, b))) : rows),
    [rows, sorter, descending],
  );
  const localPageCount = localPageSize ? pageCountOf(sorted.length, localPageSize) : 1;
  const shownLocalPage = Math.min(localPage, localPageCount);
  const shown = useMemo(
    () => (localPageSize ? sorted.slice((shownLocalPage - 1) * localPageSize, shownLocalPage * localPageSize) : sorted),
    [sorted, localPageSize, shownLocalPage],
  );

  const header = (column: DataColumn<T>, span?: { rowSpan?: number; colSpan?: number }) => {
    const base = { className: columnClass(column), style: column.width ? { width: column.width } : undefined, ...span };
    if (!column.compare) {
      return (
        <th key={column.key} scope={column.children ? 'colgroup' : 'col'} {...base}>
          {column.title}
        </th>
      );
    }
    const order = sort?.key === column.key ? sort.order : null;
    const next = NEXT_ORDER[order ?? 'none'];
    return (
      <th key={column.key} scope="col" aria-sort={order ?? undefined} {...base} className={classes(base.className, 'data-table-sortable')}>
        <button
          type="button"
          className="data-table-sort"
          title={t(next ? `sorting.${next}` : 'sorting.cancel')}
          onClick={() => setSort(next ? { key: column.key, order: next } : null)}
        >
          {column.title}
          <span className={classes('data-table-sort-icon', order && `is-${order}`)} aria-hidden>
            <span />
            <span />
          </span>
        </button>
      </th>
    );
  };

  // The rows render again only when the rows or the columns change, not with the spinner or the pager:
  // a page click shows both at once while the last page's rows wait for the next (placeholder data),
  // and rendering ten rows of tags and menus again made that click the home's slowest (bench:web).
  // Callers keep `columns` stable (useMemo) for this to hold; a new array each render still works.
  const bodyRows = useMemo(() => {
    const contentOf = (column: DataColumn<T>, row: T, index: number): ReactNode =>
      column.render ? column.render(row, index) : column.dataIndex !== undefined ? (row[column.dataIndex] as ReactNode) : null;

    // On a screen too narrow for the secondary columns (`from`), their values open under the row's
    // identifying (first) cell, so that nothing a wide screen shows is lost and the page never widens.
    const secondary = leaves.filter((column) => column.from);
    const widest = secondary.reduce<Breakpoint | null>(
      (wide, column) =>
        wide === null || BREAKPOINTS.indexOf(column.from as Breakpoint) > BREAKPOINTS.indexOf(wide) ? (column.from ?? null) : wide,
      null,
    );
    const more = (row: T, index: number) =>
      widest && (
        <details className={`data-table-more until-${widest}`}>
          <summary>{t('paging.moreDetails')}</summary>
          <dl>
            {secondary.map((column) => (
              <div key={column.key} className={`until-${column.from}`}>
                <dt>{column.title}</dt>
                <dd>{contentOf(column, row, index)}</dd>
              </div>
            ))}
          </dl>
        </details>
      );

    const cell = (column: DataColumn<T>, row: T, index: number) => {
      const content =
        column === leaves[0] && widest ? (
          <>
            {contentOf(column, row, index)}
            {more(row, index)}
          </>
        ) : (
          contentOf(column, row, index)
        );
      const attributes = column.cellAttributes?.(row);
      const className = classes(columnClass(column), attributes?.className);
      return column.rowHeader ? (
        <th key={column.key} scope="row" {...attributes} className={className}>
          {content}
        </th>
      ) : (
        <td key={column.key} {...attributes} className={className}>
          {content}
        </td>
      );
    };

    return shown.map((row, index) => (
      <tr key={row[rowKey] as Key} className="data-table-row" data-row-key={String(row[rowKey])}>
        {leaves.map((column) => cell(column, row, index))}
      </tr>
    ));
  }, [shown, leaves, rowKey, t]);

  return (
    <div
      className={classes(
        'data-table',
        `is-${size}`,
        bordered && 'is-bordered',
        scrollX && 'is-scroll-x',
        scrolls && 'is-overflowing',
        className,
      )}
      data-testid={testId}
      aria-busy={loading || undefined}
    >
      {/* When it scrolls, the scroller takes the keyboard focus so that it can be scrolled without a mouse
          (WCAG 2.1.1, axe scrollable-region-focusable); when it does not, it is no tab stop. */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label is set only together with role="region" */}
      <div
        ref={scroller}
        className="data-table-scroll"
        tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? 'region' : undefined}
        aria-label={scrolls ? (label ?? t('paging.scrollTable')) : undefined}
      >
        <table aria-label={label}>
          <thead>
            <tr>
              {columns.map((column) => header(column, grouped && !column.children ? { rowSpan: 2 } : { colSpan: column.children?.length }))}
            </tr>
            {grouped && <tr>{columns.flatMap((column) => (column.children ?? []).map((child) => header(child)))}</tr>}
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr className="data-table-empty">
                {/* While the first page loads there is nothing to say yet, not "no data". */}
                <td colSpan={leaves.length}>{loading ? null : (empty ?? <EmptyState />)}</td>
              </tr>
            ) : (
              bodyRows
            )}
          </tbody>
        </table>
      </div>
      {loading && (
        <div className="data-table-loading" role="status">
          <span className="page-loading-spinner" aria-hidden />
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      )}
      {pagination && <Pagination label={label} {...pagination} />}
      {localPageSize && (
        <Pagination
          current={shownLocalPage}
          pageSize={localPageSize}
          total={sorted.length}
          onChange={(page) => setLocalPage(page)}
          hideOnSinglePage
        />
      )}
    </div>
  );
}
