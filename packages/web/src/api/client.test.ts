import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../stores/session';
import { ApiError, api, http } from './client';
import { configureClientEffects } from './effects';

// The client's interceptors with a fake transport: what reaches the caller, and which effects run.
type Reply = { status: number; data: unknown; headers?: Record<string, string> };
let reply: Reply;
let seen: InternalAxiosRequestConfig | undefined;
const showError = vi.fn();
const expireSession = vi.fn();

beforeEach(() => {
  showError.mockReset();
  expireSession.mockReset();
  configureClientEffects({ showError, expireSession });
  http.defaults.adapter = async (config) => {
    seen = config;
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: '', headers: reply.headers ?? {}, config };
    if (reply.status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
});

afterEach(() => useSessionStore.setState({ token: null }));

describe('api client', () => {
  it('sends the base path, the timeout and the satoken header', async () => {
    useSessionStore.setState({ token: 'tok-1' });
    reply = { status: 200, data: { code: 0, data: { ok: 1 }, message: 'ok' } };
    await expect(api.get('/api/x')).resolves.toEqual({ ok: 1 });
    expect(seen?.baseURL).toBe('/prod-api');
    expect(seen?.timeout).toBe(50_000);
    expect(seen?.headers.get('satoken')).toBe('tok-1');
  });

  it('marks background calls with X-Background-Poll: 1 and leaves other calls unmarked', async () => {
    reply = { status: 200, data: { code: 0, data: {}, message: 'ok' } };
    await api.get('/api/x', undefined, { background: true });
    expect(seen?.headers.get('x-background-poll')).toBe('1');
    await api.get('/api/x');
    expect(seen?.headers.get('x-background-poll')).toBeUndefined();
  });

  it('unwraps an absent data to an empty object', async () => {
    reply = { status: 200, data: { code: 0, message: 'ok' } };
    await expect(api.post('/api/x')).resolves.toEqual({});
  });

  it('code 900 expires the session and shows no other message', async () => {
    reply = { status: 200, data: { code: 900, data: {}, message: 'expired' } };
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isSessionExpired).toBe(true);
    expect(expireSession).toHaveBeenCalledTimes(1);
    expect(showError).not.toHaveBeenCalled();
  });

  it('900 in an HTTP error body expires the session too', async () => {
    reply = { status: 401, data: { code: 900, data: {}, message: 'expired' } };
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(expireSession).toHaveBeenCalledTimes(1);
  });

  it('shows the server message of other codes, or the fallback', async () => {
    reply = { status: 200, data: { code: 409, data: {}, message: '该注册申请已审核' } };
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: 409, serverMessage: '该注册申请已审核' });
    expect(showError).toHaveBeenLastCalledWith('该注册申请已审核');
    reply = { status: 502, data: '<html>bad gateway</html>' };
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: 502, serverMessage: null });
    expect(showError).toHaveBeenLastCalledWith(null);
  });

  it('keeps the envelope data of a refusal on the error', async () => {
    const errors = [{ item: 'a1', message: '必填' }];
    reply = { status: 400, data: { code: 400, data: { errors }, message: '请检查' } };
    await expect(api.post('/api/x', {}, { silent: true })).rejects.toMatchObject({ code: 400, data: { errors } });
  });

  it('silent requests reject without a toast', async () => {
    reply = { status: 401, data: { code: 401, data: {}, message: '账号或密码错误' } };
    await expect(api.post('/api/auth/login', {}, { silent: true })).rejects.toMatchObject({ serverMessage: '账号或密码错误' });
    expect(showError).not.toHaveBeenCalled();
  });

  it('blob answers skip the envelope', async () => {
    const file = new Blob(['PK..'], { type: 'application/octet-stream' });
    reply = { status: 200, data: file, headers: { 'content-type': 'application/octet-stream' } };
    const response = await http.get('/api/export', { responseType: 'blob' });
    expect(response.data).toBe(file);
    expect(showError).not.toHaveBeenCalled();
  });

  it('a JSON refusal of a blob request is shown as a message', async () => {
    const body = new Blob([JSON.stringify({ code: 403, data: {}, message: '无权访问其他机构的数据' })], { type: 'application/json' });
    reply = { status: 200, data: body, headers: { 'content-type': 'application/json; charset=utf-8' } };
    await expect(http.get('/api/export', { responseType: 'blob' })).rejects.toBeInstanceOf(ApiError);
    expect(showError).toHaveBeenLastCalledWith('无权访问其他机构的数据');
    reply = { status: 403, data: body, headers: { 'content-type': 'application/json' } };
    await expect(http.get('/api/export', { responseType: 'blob' })).rejects.toBeInstanceOf(ApiError);
    expect(showError).toHaveBeenCalledTimes(2);
  });
});
