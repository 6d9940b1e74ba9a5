import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerToast, TOAST_SECONDS, toast } from './toast';

function fakeMessages() {
  return { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), loading: vi.fn(), open: vi.fn(), destroy: vi.fn() };
}

describe('toast', () => {
  afterEach(() => registerToast(null));

  it('closes after 3000 ms (spec §4 and §9): antd takes the duration in seconds', () => {
    expect(TOAST_SECONDS * 1000).toBe(3000);
  });

  it('shows through the registered message API, and Escape (closeAll) destroys every toast', () => {
    const api = fakeMessages();
    registerToast(api as unknown as MessageInstance);
    toast.success('添加成功');
    toast.error('系统错误');
    expect(api.success).toHaveBeenCalledWith('添加成功');
    expect(api.error).toHaveBeenCalledWith('系统错误');
    toast.closeAll();
    expect(api.destroy).toHaveBeenCalledTimes(1);
  });

  it('does nothing before the root component has registered the API', () => {
    expect(() => toast.info('x')).not.toThrow();
    expect(() => toast.closeAll()).not.toThrow();
  });
});
