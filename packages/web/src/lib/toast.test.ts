import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MessageInstance, onToastHostWanted, registerToast, requestToastHost, TOAST_SECONDS, toast } from './toast';

function fakeMessages() {
  return { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), loading: vi.fn(), open: vi.fn(), destroy: vi.fn() };
}

describe('toast', () => {
  afterEach(() => {
    toast.closeAll();
    registerToast(null);
    onToastHostWanted(null);
  });

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

  it('a toast raised before the host is loaded asks for it and is shown once it registers', () => {
    let asked = 0;
    onToastHostWanted(() => {
      asked += 1;
    });
    toast.error('网络错误');
    toast.success('保存成功');
    expect(asked).toBeGreaterThan(0);
    const api = fakeMessages();
    registerToast(api as unknown as MessageInstance);
    expect(api.error).toHaveBeenCalledWith('网络错误');
    expect(api.success).toHaveBeenCalledWith('保存成功');
    toast.info('之后');
    expect(api.info).toHaveBeenCalledWith('之后');
    expect(api.error).toHaveBeenCalledTimes(1);
  });

  it('a host wanted before the root listens (the shell asked first) is loaded as soon as it does', () => {
    requestToastHost();
    let asked = false;
    onToastHostWanted(() => {
      asked = true;
    });
    expect(asked).toBe(true);
  });

  it('at most the newest five toasts wait, and Escape drops the waiting ones too', () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7]) toast.info(`第${n}条`);
    const api = fakeMessages();
    registerToast(api as unknown as MessageInstance);
    expect(api.info.mock.calls.map(([text]) => text)).toEqual(['第3条', '第4条', '第5条', '第6条', '第7条']);
    registerToast(null);
    toast.info('不再显示');
    toast.closeAll();
    const later = fakeMessages();
    registerToast(later as unknown as MessageInstance);
    expect(later.info).not.toHaveBeenCalled();
  });

  it('does nothing before the root component has registered the API', () => {
    expect(() => toast.info('x')).not.toThrow();
    expect(() => toast.closeAll()).not.toThrow();
  });
});
