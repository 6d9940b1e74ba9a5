import { AxiosError, type AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http } from '../../api/client';
import { configureClientEffects } from '../../api/effects';
import { RecordRefusedError, recordApi } from './api';

// A save through the real client with a fake transport answering JSON text, as the network does.
let reply: { status: number; body: unknown };
const showError = vi.fn();

beforeEach(() => {
  showError.mockReset();
  configureClientEffects({ showError, expireSession: vi.fn() });
  http.defaults.adapter = async (config) => {
    const response: AxiosResponse = { data: JSON.stringify(reply.body), status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
});

describe('recordApi saves', () => {
  it('answer the saved record', async () => {
    reply = { status: 200, body: { code: 0, message: '保存成功', data: { id: 7, revision: 1 } } };
    await expect(recordApi.create('1', 5, {})).resolves.toMatchObject({ id: 7 });
  });

  it('turn the item errors of a refusal (data.errors) into a RecordRefusedError, without a toast', async () => {
    const errors = [{ item: 'height', message: '请填写身高' }];
    for (const status of [200, 400]) {
      reply = { status, body: { code: 400, message: '请填写身高', data: { errors } } };
      const error = await recordApi.update('1', 7, {}, 1).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RecordRefusedError);
      expect((error as RecordRefusedError).errors).toEqual(errors);
    }
    expect(showError).not.toHaveBeenCalled();
  });

  it('show any other refusal as the server says it', async () => {
    reply = { status: 200, body: { code: 409, message: '该记录已被他人修改', data: null } };
    const error = await recordApi.update('1', 7, {}, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(409);
    expect(showError).toHaveBeenCalledWith('该记录已被他人修改');
  });
});
