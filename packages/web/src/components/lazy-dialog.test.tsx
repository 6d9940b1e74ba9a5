// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { type ComponentType, lazy } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast';
import { bootI18n } from '../test-support/render';
import { LazyDialog } from './lazy-dialog';

beforeAll(bootI18n);

/** A dialog whose code cannot be downloaded (the network is down, or a deployment removed the file). */
const unreachable = () =>
  lazy<ComponentType<{ open: boolean }>>(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));

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

  it('keeps the screen under it when its code cannot be downloaded, and says so', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Unreachable = unreachable();
    const view = render(
      <div>
        <p>未保存的表单</p>
        <LazyDialog dialog={Unreachable} open={false} />
      </div>,
    );
    view.rerender(
      <div>
        <p>未保存的表单</p>
        <LazyDialog dialog={Unreachable} open />
      </div>,
    );
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('无法连接服务器，请检查网络后重试'));
    expect(screen.getByText('未保存的表单')).toBeTruthy();
    error.mockRestore();
    quiet.mockRestore();
  });

  it('shows its stand-in instead when it has one', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LazyDialog dialog={unreachable()} open unavailable={<p>浏览器的确认框</p>} />);
    expect(await screen.findByText('浏览器的确认框')).toBeTruthy();
    quiet.mockRestore();
  });
});
