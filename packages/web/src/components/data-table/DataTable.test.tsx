// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bootI18n, renderInApp } from '../../test-support/render';
import { type DataColumn, DataTable } from './DataTable';

beforeAll(() => bootI18n());

interface Row {
  id: number;
  name: string;
  score: number | null;
}

const ROWS: Row[] = [
  { id: 1, name: '甲', score: 70 },
  { id: 2, name: '乙', score: null },
  { id: 3, name: '丙', score: 90 },
];

const bodyNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('rowheader')[0]?.firstChild?.textContent);

describe('DataTable', () => {
  it('repeats the secondary columns (shown from a breakpoint up) under the first cell, for narrow screens', () => {
    const columns: DataColumn<Row>[] = [
      { key: 'name', title: '姓名', dataIndex: 'name', rowHeader: true },
      { key: 'score', title: '得分', render: (row) => (row.score === null ? '—' : `${row.score} 分`), from: 'md' },
    ];
    renderInApp(<DataTable<Row> rowKey="id" columns={columns} rows={ROWS} label="得分表" />);
    const first = screen.getAllByRole('rowheader')[0] as HTMLElement;
    const more = first.querySelector('details.data-table-more');
    // Hidden by CSS from md (768 px) up, where the column itself shows.
    expect(more?.className).toContain('until-md');
    expect(more?.querySelector('summary')?.textContent).toBe('更多信息');
    expect(Array.from(more?.querySelectorAll('dt, dd') ?? [], (el) => el.textContent)).toEqual(['得分', '70 分']);
  });

  it('adds nothing under the first cell when every column always shows', () => {
    renderInApp(<DataTable<Row> rowKey="id" columns={[{ key: 'name', title: '姓名', dataIndex: 'name', rowHeader: true }]} rows={ROWS} />);
    expect(document.querySelector('.data-table-more')).toBeNull();
  });

  it('shows a header row and one row per item, a row-header column as row headers', () => {
    const columns: DataColumn<Row>[] = [
      { key: 'name', title: '姓名', dataIndex: 'name', rowHeader: true },
      { key: 'score', title: '得分', render: (row) => (row.score === null ? '—' : `${row.score} 分`), from: 'md' },
    ];
    renderInApp(<DataTable<Row> rowKey="id" columns={columns} rows={ROWS} label="得分表" />);
    const table = screen.getByRole('table', { name: '得分表' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['姓名', '得分']);
    expect(bodyNames()).toEqual(['甲', '乙', '丙']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['70 分', '—', '90 分']);
    // A column shown from a breakpoint up is in the page with its class (CSS hides it on narrow screens).
    expect(within(table).getByRole('columnheader', { name: '得分' })).toHaveClass('from-md');
  });

  it('says there is nothing, or what the screen says, when there are no rows; nothing while the first page loads', () => {
    const columns: DataColumn<Row>[] = [{ key: 'name', title: '姓名', dataIndex: 'name' }];
    const { unmount } = renderInApp(<DataTable<Row> rowKey="id" columns={columns} rows={[]} />);
    expect(screen.getByRole('cell')).toHaveTextContent('暂无数据');
    unmount();
    const second = renderInApp(<DataTable<Row> rowKey="id" columns={columns} rows={[]} empty="没有待审核的注册" />);
    expect(screen.getByRole('cell')).toHaveTextContent('没有待审核的注册');
    second.unmount();
    renderInApp(<DataTable<Row> rowKey="id" columns={columns} rows={[]} loading />);
    expect(screen.getByRole('cell')).toHaveTextContent('');
    expect(screen.getByRole('status')).toHaveTextContent('加载中…');
  });

  it('sorts a sortable column descending, then ascending, then back to the order given', async () => {
    const columns: DataColumn<Row>[] = [
      { key: 'name', title: '姓名', dataIndex: 'name', rowHeader: true },
      { key: 'score', title: '得分', dataIndex: 'score', compare: (a, b) => (a.score ?? -1) - (b.score ?? -1) },
    ];
    const { user } = renderInApp(<DataTable<Row> rowKey="id" columns={columns} rows={ROWS} />);
    const header = screen.getByRole('columnheader', { name: '得分' });
    expect(header).not.toHaveAttribute('aria-sort');
    await user.click(within(header).getByRole('button', { name: '得分' }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(bodyNames()).toEqual(['丙', '甲', '乙']);
    await user.click(within(header).getByRole('button', { name: '得分' }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyNames()).toEqual(['乙', '甲', '丙']);
    await user.click(within(header).getByRole('button', { name: '得分' }));
    expect(header).not.toHaveAttribute('aria-sort');
    expect(bodyNames()).toEqual(['甲', '乙', '丙']);
  });

  it('groups columns under a header of two rows', () => {
    const columns: DataColumn<Row>[] = [
      { key: 'name', title: '姓名', dataIndex: 'name', rowHeader: true },
      {
        key: 'result',
        title: '结果',
        children: [
          { key: 'score', title: '得分', dataIndex: 'score' },
          { key: 'id', title: '编号', dataIndex: 'id' },
        ],
      },
    ];
    renderInApp(<DataTable<Row> rowKey="id" columns={columns} rows={ROWS} />);
    const [top, second] = screen.getAllByRole('row');
    expect(within(top as HTMLElement).getByText('姓名')).toHaveAttribute('rowspan', '2');
    expect(within(top as HTMLElement).getByText('结果')).toHaveAttribute('colspan', '2');
    expect(
      within(second as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['得分', '编号']);
    expect(
      within(screen.getAllByRole('row')[2] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['70', '1']);
  });

  it('pages rows it holds itself, with a pager only when they need two pages', async () => {
    const many: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `患者${i + 1}`, score: i }));
    const columns: DataColumn<Row>[] = [{ key: 'name', title: '姓名', dataIndex: 'name', rowHeader: true }];
    const { user, unmount } = renderInApp(<DataTable<Row> rowKey="id" columns={columns} rows={many} localPageSize={10} />);
    expect(bodyNames()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: '第 2 页' }));
    expect(bodyNames()).toEqual(['患者11', '患者12']);
    unmount();
    renderInApp(<DataTable<Row> rowKey="id" columns={columns} rows={many.slice(0, 10)} localPageSize={10} />);
    expect(screen.queryByRole('navigation', { name: '分页' })).not.toBeInTheDocument();
  });
});

/** A list paged by the server: the screen keeps the page and size, as usePaging does. */
function ServerList({ total, onChange }: { total: number; onChange: (page: number, size: number) => void }) {
  const [state, setState] = useState({ page: 1, size: 20 });
  const columns: DataColumn<Row>[] = [{ key: 'name', title: '姓名', dataIndex: 'name' }];
  return (
    <DataTable<Row>
      rowKey="id"
      columns={columns}
      rows={ROWS}
      pagination={{
        current: state.page,
        pageSize: state.size,
        total,
        sizeOptions: [10, 20, 50, 100],
        showTotal: true,
        onChange: (page, size) => {
          onChange(page, size);
          setState({ page, size });
        },
      }}
    />
  );
}

/**
 * A server-paged list whose next page is on its way: the screen shows the spinner and the pager's new
 * page while the rows are still the last page's (TanStack Query's placeholder data), or the next page.
 */
function PendingPage({ columns, next }: { columns: readonly DataColumn<Row>[]; next: readonly Row[] }) {
  const [state, setState] = useState({ page: 1, loading: false, rows: ROWS as readonly Row[] });
  return (
    <>
      <button type="button" onClick={() => setState((s) => ({ ...s, loading: true, page: 2 }))}>
        wait
      </button>
      <button type="button" onClick={() => setState({ page: 2, loading: false, rows: next })}>
        arrive
      </button>
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        rows={state.rows}
        loading={state.loading}
        pagination={{ current: state.page, pageSize: 3, total: 9, onChange: () => {} }}
      />
    </>
  );
}

describe('DataTable rendering', () => {
  it('does not render its rows again while only the loading state or the page changes', async () => {
    const render = vi.fn((row: Row) => row.name);
    const columns: DataColumn<Row>[] = [{ key: 'name', title: '姓名', render }];
    const next: Row[] = [{ id: 4, name: '丁', score: 1 }];
    const { user } = renderInApp(<PendingPage columns={columns} next={next} />);
    expect(render).toHaveBeenCalledTimes(3);
    // A page click: the spinner and the pager change, the rows are the same objects.
    await user.click(screen.getByRole('button', { name: 'wait' }));
    expect(screen.getByRole('status')).toHaveTextContent('加载中');
    expect(render).toHaveBeenCalledTimes(3);
    // The page arrives: its rows render.
    await user.click(screen.getByRole('button', { name: 'arrive' }));
    expect(render).toHaveBeenCalledTimes(4);
    expect(screen.getByRole('cell', { name: '丁' })).toBeInTheDocument();
  });
});

describe('Pagination (a list paged by the server)', () => {
  it('says how many rows there are, marks the current page and moves by page, previous and next', async () => {
    const onChange = vi.fn();
    const { user } = renderInApp(<ServerList total={95} onChange={onChange} />);
    const pager = screen.getByRole('navigation', { name: '分页' });
    expect(within(pager).getByText('共 95 条')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: '上一页' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: '第 5 页' }));
    expect(onChange).toHaveBeenLastCalledWith(5, 20);
    expect(within(pager).getByRole('button', { name: '下一页' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: '上一页' }));
    expect(onChange).toHaveBeenLastCalledWith(4, 20);
  });

  it('changes the page size and stays on a page that still exists', async () => {
    const onChange = vi.fn();
    const { user } = renderInApp(<ServerList total={95} onChange={onChange} />);
    const pager = screen.getByRole('navigation', { name: '分页' });
    await user.click(within(pager).getByRole('button', { name: '第 3 页' }));
    await user.selectOptions(within(pager).getByRole('combobox', { name: '每页条数' }), '50 条/页');
    expect(onChange).toHaveBeenLastCalledWith(2, 50);
    expect(within(pager).getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  });
});
