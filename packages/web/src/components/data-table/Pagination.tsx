import { useTranslation } from 'react-i18next';
import { pageAfterResize, pageCountOf, pageItems } from './page-items';

export interface PaginationProps {
  current: number;
  pageSize: number;
  total: number;
  /** Called with the page to show and the page size (changed or not). */
  onChange: (page: number, pageSize: number) => void;
  /** The page sizes a person may choose; without them there is no size choice. */
  sizeOptions?: readonly number[];
  /** Says how many rows there are in all (`共 N 条`). */
  showTotal?: boolean;
  /** No pager at all when everything fits on one page. */
  hideOnSinglePage?: boolean;
  /** What the pager pages, so that two pagers on one screen have different names (axe landmark-unique). */
  label?: string;
}

/**
 * The pager under a list: how many rows in all, previous and next, the page numbers (with gaps when
 * there are many, `pageItems`) and the page size. Plain buttons and a native select: every control is
 * reachable by keyboard and named for screen readers; the current page carries aria-current.
 */
export function Pagination({ current, pageSize, total, onChange, sizeOptions, showTotal, hideOnSinglePage, label }: PaginationProps) {
  const { t } = useTranslation();
  const pageCount = pageCountOf(total, pageSize);
  if (hideOnSinglePage && pageCount <= 1) return null;
  const page = Math.min(Math.max(current, 1), pageCount);
  const go = (target: number) => {
    if (target !== page && target >= 1 && target <= pageCount) onChange(target, pageSize);
  };
  return (
    <nav className="data-pager" aria-label={label ? t('paging.labelOf', { name: label }) : t('paging.label')}>
      {showTotal && <span className="data-pager-total">{t('common.total', { count: total })}</span>}
      <button
        type="button"
        className="data-pager-step"
        aria-label={t('paging.previous')}
        title={t('paging.previous')}
        disabled={page <= 1}
        onClick={() => go(page - 1)}
      >
        <span className="data-pager-arrow is-previous" aria-hidden />
      </button>
      {pageItems(page, pageCount).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            className={item === page ? 'data-pager-page is-current' : 'data-pager-page'}
            aria-label={t('paging.page', { page: item })}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => go(item)}
          >
            {item}
          </button>
        ) : (
          <span key={item} className="data-pager-gap" aria-hidden>
            …
          </span>
        ),
      )}
      <button
        type="button"
        className="data-pager-step"
        aria-label={t('paging.next')}
        title={t('paging.next')}
        disabled={page >= pageCount}
        onClick={() => go(page + 1)}
      >
        <span className="data-pager-arrow is-next" aria-hidden />
      </button>
      {sizeOptions && sizeOptions.length > 0 && (
        <select
          className="data-pager-size native-select"
          aria-label={t('paging.pageSize')}
          value={pageSize}
          onChange={(event) => {
            const size = Number(event.target.value);
            onChange(pageAfterResize(page, total, size), size);
          }}
        >
          {sizeOptions.map((size) => (
            <option key={size} value={size}>
              {t('paging.perPage', { size })}
            </option>
          ))}
        </select>
      )}
    </nav>
  );
}
