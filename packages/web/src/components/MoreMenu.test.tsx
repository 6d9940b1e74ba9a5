// @vitest-environment happy-dom

import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bootI18n, renderInApp } from '../test-support/render';
import { Pagination } from './data-table/Pagination';
import { MoreMenu } from './MoreMenu';

beforeAll(bootI18n);

describe('MoreMenu', () => {
  it('opens on ArrowDown with focus in the menu (moving between items is checked in Chromium, doctor-screens.spec)', async () => {
    const onClick = vi.fn();
    const { user } = renderInApp(
      <MoreMenu
        label="更多操作：张三"
        items={[
          { key: 'end', label: '结束管理' },
          { key: 'remove', label: '移出未完成列表' },
        ]}
        onClick={onClick}
      />,
    );
    const button = screen.getByRole('button', { name: '更多操作：张三' });
    button.focus();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('menu').contains(document.activeElement)).toBe(true));
    await user.click(screen.getByRole('menuitem', { name: '移出未完成列表' }));
    expect(onClick).toHaveBeenCalledWith(expect.objectContaining({ key: 'remove' }));
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  });
});

describe('Pagination names', () => {
  it('names a pager after what it pages, so two on one screen differ', () => {
    renderInApp(
      <>
        <Pagination current={1} pageSize={10} total={30} onChange={() => {}} label="管理组" />
        <Pagination current={1} pageSize={10} total={30} onChange={() => {}} label="对照组" />
      </>,
    );
    expect(screen.getByRole('navigation', { name: '管理组·分页' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '对照组·分页' })).toBeInTheDocument();
  });
});
