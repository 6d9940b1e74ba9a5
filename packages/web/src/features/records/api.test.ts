import { AxiosError, type AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http } from '../../api/client';
import { configureClientEffects } from '../../api/effects';
import { RecordRefusedError, recordApi } from './api';

// A save through the real client with a fake transport answering JSON text, as the network does.
let reply: { status: number; body: unknown };
const showError = vi.fn();
let sent: { headers: Record<string, unknown>; timeout: number | undefined; data: unknown }[] = [];

beforeEach(() => {
  showError.mockReset();
  sent = [];
  configureClientEffects({ showError, expireSession: vi.fn() });
  http.defaults.adapter = async (config) => {
    sent.push({ headers: { ...config.headers }, timeout: config.timeout, data: config.data });
    const response: AxiosResponse = { data: JSON.stringify(reply.body), status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
});

describe('recordApi saves', () => {
  it('answer the saved record', async () => {
    reply = { status: 200, body: { code: 0, message: '保存成功', data: { id: 7, revision: 1 } } };
    await expect(recordApi.create('1', 5, {}, { key: 'submit-key-1' })).resolves.toMatchObject({ id: 7 });
  });

  it("send a new record with the submit's Idempotency-Key and a 15 s wait", async () => {
    reply = { status: 200, body: { code: 0, message: '保存成功', data: { id: 7, revision: 1 } } };
    await recordApi.create('7', 5, { visitDate: '2026-11-27' }, { key: 'submit-key-1' });
    await recordApi.create('7', 5, { visitDate: '2026-11-27' }, { key: 'submit-key-1', confirmDuplicate: true });
    expect(sent.map((s) => s.headers['idempotency-key'])).toEqual(['submit-key-1', 'submit-key-1']);
    expect(sent[0]?.timeout).toBe(15_000);
    expect(JSON.parse(String(sent[0]?.data))).toEqual({ patientId: 5, data: { visitDate: '2026-11-27' } });
    expect(JSON.parse(String(sent[1]?.data))).toMatchObject({ confirmDuplicate: true });
  });

  it('leave a same-day follow-up question and a missing answer to the form, without a toast', async () => {
    reply = { status: 409, body: { code: 4091, message: '该患者 2026-11-27 已有一条随访记录，确认要再保存一条同日随访吗？', data: {} } };
    const duplicate = await recordApi.create('7', 5, {}, { key: 'submit-key-2' }).catch((e: unknown) => e);
    expect((duplicate as ApiError).code).toBe(4091);
    http.defaults.adapter = async (config) => {
      throw new AxiosError('timeout of 15000ms exceeded', 'ECONNABORTED', config);
    };
    const timedOut = await recordApi.create('7', 5, {}, { key: 'submit-key-2' }).catch((e: unknown) => e);
    expect((timedOut as ApiError).noAnswer).toBe('timeout');
    http.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    };
    const offline = await recordApi.create('7', 5, {}, { key: 'submit-key-2' }).catch((e: unknown) => e);
    expect((offline as ApiError).noAnswer).toBe('network');
    expect(showError).not.toHaveBeenCalled();
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
