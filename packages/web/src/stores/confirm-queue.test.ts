import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useConfirmQueue } from './confirm-queue';

describe('confirm queue', () => {
  beforeEach(() => useConfirmQueue.getState().clear());

  it('queues any number of dialogs, each visible', () => {
    const { push } = useConfirmQueue.getState();
    push({ title: 'a' });
    push({ title: 'b' });
    push({ title: 'c' });
    expect(useConfirmQueue.getState().items.map((i) => [i.title, i.visible])).toEqual([
      ['a', true],
      ['b', true],
      ['c', true],
    ]);
  });

  it('confirm runs the stored action once and removes only that dialog', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const { push, confirm } = useConfirmQueue.getState();
    const a = push({ title: 'a', callBack: first });
    push({ title: 'b', callBack: second });
    confirm(a);
    confirm(a);
    await Promise.resolve();
    await Promise.resolve();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    expect(useConfirmQueue.getState().items.map((i) => i.title)).toEqual(['b']);
  });

  it('dismiss removes without running', async () => {
    const action = vi.fn();
    const { push, dismiss } = useConfirmQueue.getState();
    const id = push({ title: 'a', callBack: action });
    dismiss(id);
    await Promise.resolve();
    expect(action).not.toHaveBeenCalled();
    expect(useConfirmQueue.getState().items).toEqual([]);
  });

  it('a failing action does not leave the dialog behind', async () => {
    const { push, confirm } = useConfirmQueue.getState();
    const id = push({ title: 'a', callBack: () => Promise.reject(new Error('boom')) });
    confirm(id);
    await new Promise((r) => setTimeout(r, 0));
    expect(useConfirmQueue.getState().items).toEqual([]);
  });
});
