// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { Segmented } from 'antd';
import { useLocation } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bootI18n, renderInApp } from '../../test-support/render';
import { ListSearch, ListToolbar } from './ListToolbar';
import { type ListPage, useListFilter, useListPage } from './use-list-page';

beforeAll(bootI18n);

let seen: ListPage | undefined;

/** A list screen's toolbar wired as the list pages wire theirs, with the URL it leaves. */
function Screen({ placeholder }: { placeholder?: string }) {
  const list = useListPage();
  seen = list;
  const [state, setState] = useListFilter<'running' | 'completed'>(list, 'running');
  const location = useLocation();
  return (
    <>
      <ListToolbar>
        <Segmented<'running' | 'completed'> aria-label="状态" value={state} onChange={setState} options={['running', 'completed']} />
        <ListSearch list={list} placeholder={placeholder} />
      </ListToolbar>
      <output data-testid="search">{location.search}</output>
      <output data-testid="state">{state}</output>
    </>
  );
}

describe('list page toolbar', () => {
  it('searches from the URL’s text, named by its placeholder, and goes back to page 1', async () => {
    const { user } = renderInApp(<Screen />, { route: '/brList/running?page=3&limit=50&q=%E5%BC%A0' });
    const box = screen.getByRole('searchbox', { name: '姓名 / 身份证号 / 手机号' });
    expect(box).toHaveValue('张');
    await user.clear(box);
    await user.type(box, '  李四 ');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?limit=50&q=%E6%9D%8E%E5%9B%9B');
    expect(seen?.keywordParam).toBe('李四');
  });

  it('takes another placeholder as its name, and leaves no keyword parameter when the text is empty', () => {
    renderInApp(<Screen placeholder="姓名 / 手机号" />, { route: '/doctorList' });
    expect(screen.getByRole('searchbox', { name: '姓名 / 手机号' })).toHaveValue('');
    expect(seen?.keywordParam).toBeUndefined();
  });

  it('shows the first page of a newly chosen filter, keeping the page size', async () => {
    const { user } = renderInApp(<Screen />, { route: '/userListTQQ?page=4&limit=10' });
    await user.click(screen.getByText('completed'));
    expect(screen.getByTestId('state')).toHaveTextContent('completed');
    expect(screen.getByTestId('search')).toHaveTextContent('?limit=10');
    expect(screen.getByTestId('search')).not.toHaveTextContent('page=');
  });

  it('wires a page of results to the table and to a pager', () => {
    renderInApp(<Screen />, { route: '/userList?page=2&limit=50' });
    const refetch = vi.fn();
    const error = new Error('offline');
    const props = seen!.tableProps({ data: { list: [], total: 7 }, isFetching: true, error, refetch });
    expect(props).toMatchObject({ data: { list: [], total: 7 }, isLoading: true, error, page: 2, limit: 50 });
    props.onRetry();
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(seen!.pagination(123)).toMatchObject({ current: 2, pageSize: 50, total: 123, sizeOptions: [10, 20, 50, 100], showTotal: true });
  });
});
