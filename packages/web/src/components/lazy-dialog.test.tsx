// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyDialog } from './lazy-dialog';

function Dialog({ open }: { open: boolean }) {
  return <p>{open ? '对话框打开' : '对话框关闭'}</p>;
}

describe('LazyDialog', () => {
  it('fetches the dialog at its first opening, not before, and keeps it mounted once opened', async () => {
    const load = vi.fn(async () => ({ default: Dialog }));
    const LazyOne = lazy(load);
    const view = render(<LazyDialog dialog={LazyOne} open={false} />);
    expect(load).not.toHaveBeenCalled();
    expect(view.container.innerHTML).toBe('');

    view.rerender(<LazyDialog dialog={LazyOne} open />);
    expect(await screen.findByText('对话框打开')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    // Closed, it stays mounted (its closing animation, its state) and is not fetched again.
    view.rerender(<LazyDialog dialog={LazyOne} open={false} />);
    expect(screen.getByText('对话框关闭')).toBeTruthy();
    view.rerender(<LazyDialog dialog={LazyOne} open />);
    expect(screen.getByText('对话框打开')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
