// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bootI18n } from '../test-support/render';
import { BrowserLeaveQuestion } from './use-unsaved-guard';

beforeAll(bootI18n);

describe('BrowserLeaveQuestion (the unsaved-answers question when its dialog cannot be downloaded)', () => {
  it("asks in the browser's own box and leaves or stays as answered", () => {
    const confirm = vi.fn<(message?: string) => boolean>();
    Object.defineProperty(window, 'confirm', { value: confirm, configurable: true, writable: true });
    const onLeave = vi.fn();
    const onStay = vi.fn();
    const view = render(<BrowserLeaveQuestion open={false} onLeave={onLeave} onStay={onStay} />);
    expect(confirm).not.toHaveBeenCalled();

    confirm.mockReturnValueOnce(false);
    view.rerender(<BrowserLeaveQuestion open onLeave={onLeave} onStay={onStay} />);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('未保存'));
    expect(onStay).toHaveBeenCalledTimes(1);
    expect(onLeave).not.toHaveBeenCalled();

    view.rerender(<BrowserLeaveQuestion open={false} onLeave={onLeave} onStay={onStay} />);
    confirm.mockReturnValueOnce(true);
    view.rerender(<BrowserLeaveQuestion open onLeave={onLeave} onStay={onStay} />);
    expect(onLeave).toHaveBeenCalledTimes(1);
  });
});
