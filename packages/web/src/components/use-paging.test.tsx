// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootI18n, renderInApp } from '../test-support/render';
import { Pagination } from './data-table/Pagination';
import { usePaging } from './use-paging';

beforeAll(bootI18n);

/** A server-paged list's pager wired to the URL as the list screens wire it. */
function PagedByUrl({ total }: { total: number }) {
  const paging = usePaging();
  const location = useLocation();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <Pagination current={paging.page} pageSize={paging.limit} total={total} onChange={paging.setPage} sizeOptions={[10, 20, 50, 100]} />
    </>
  );
}

describe('usePaging', () => {
  it('keeps the page the pager chose when the page size changes (page 3 of 20 → page 2 of 50)', async () => {
    const { user } = renderInApp(<PagedByUrl total={95} />, { route: '/userList?page=3' });
    const pager = screen.getByRole('navigation', { name: '分页' });
    await user.selectOptions(within(pager).getByRole('combobox', { name: '每页条数' }), '50 条/页');
    expect(screen.getByTestId('search')).toHaveTextContent('?page=2&limit=50');
    expect(within(pager).getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  });

  it('stays on page 3 when it still exists at the new size', async () => {
    const { user } = renderInApp(<PagedByUrl total={95} />, { route: '/userList?page=3&limit=20' });
    await user.selectOptions(screen.getByRole('combobox', { name: '每页条数' }), '10 条/页');
    expect(screen.getByTestId('search')).toHaveTextContent('?page=3&limit=10');
  });
});
