import { describe, expect, it } from 'vitest';
import { interpretBlobBody, interpretEnvelope, interpretHttpError, isEnvelope } from './envelope';

describe('interpretEnvelope', () => {
  it('returns data on code 0', () => {
    expect(interpretEnvelope({ code: 0, data: { id: 3 }, message: 'ok' })).toEqual({ kind: 'ok', data: { id: 3 } });
  });

  it('returns an empty object when code 0 carries no data', () => {
    expect(interpretEnvelope({ code: 0, message: 'ok' })).toEqual({ kind: 'ok', data: {} });
    expect(interpretEnvelope({ code: 0, data: null, message: 'ok' })).toEqual({ kind: 'ok', data: {} });
  });

  it('keeps falsy but present data such as 0, false and empty lists', () => {
    expect(interpretEnvelope({ code: 0, data: 0 })).toEqual({ kind: 'ok', data: 0 });
    expect(interpretEnvelope({ code: 0, data: false })).toEqual({ kind: 'ok', data: false });
    expect(interpretEnvelope({ code: 0, data: [] })).toEqual({ kind: 'ok', data: [] });
  });

  it('treats code 900 as an expired session whatever the message', () => {
    expect(interpretEnvelope({ code: 900, data: {}, message: 'anything' })).toEqual({ kind: 'expired' });
  });

  it('passes the server message for other codes', () => {
    expect(interpretEnvelope({ code: 403, data: {}, message: '您的注册申请正在审核中' })).toEqual({
      kind: 'error',
      code: 403,
      message: '您的注册申请正在审核中',
      data: {},
    });
  });

  it('falls back (message null) when the message is missing or blank', () => {
    expect(interpretEnvelope({ code: 500, data: {} })).toEqual({ kind: 'error', code: 500, message: null, data: {} });
    expect(interpretEnvelope({ code: 500, message: '   ' })).toEqual({ kind: 'error', code: 500, message: null });
    expect(interpretEnvelope({ code: 1, message: 42 })).toEqual({ kind: 'error', code: 1, message: null });
  });

  it('keeps the data of a refusal (item errors of a record save)', () => {
    const errors = [{ item: 'a1', message: '必填' }];
    expect(interpretEnvelope({ code: 400, data: { errors }, message: '请检查' })).toEqual({
      kind: 'error',
      code: 400,
      message: '请检查',
      data: { errors },
    });
  });

  it('rejects bodies that are not envelopes', () => {
    expect(interpretEnvelope('<html>')).toEqual({ kind: 'error', code: null, message: null });
    expect(interpretEnvelope(undefined)).toEqual({ kind: 'error', code: null, message: null });
    expect(interpretEnvelope({ code: '0' })).toEqual({ kind: 'error', code: null, message: null });
  });
});

describe('interpretHttpError', () => {
  it('handles 900 in an HTTP error body as expiry', () => {
    expect(interpretHttpError(401, { code: 900, data: {}, message: '登录信息已过期，请重新登录' })).toEqual({ kind: 'expired' });
  });

  it('shows the server message of an HTTP error with an envelope body', () => {
    expect(interpretHttpError(423, { code: 423, data: {}, message: '账号已锁定 15 分钟' })).toEqual({
      kind: 'error',
      code: 423,
      message: '账号已锁定 15 分钟',
      data: {},
    });
  });

  it('parses a JSON string body', () => {
    expect(interpretHttpError(400, '{"code":400,"data":{},"message":"手机号格式不正确"}')).toEqual({
      kind: 'error',
      code: 400,
      message: '手机号格式不正确',
      data: {},
    });
  });

  it('falls back for bodies without an envelope', () => {
    expect(interpretHttpError(502, '<html>Bad gateway</html>')).toEqual({ kind: 'error', code: 502, message: null });
    expect(interpretHttpError(500, undefined)).toEqual({ kind: 'error', code: 500, message: null });
  });

  it('never turns an HTTP error into success', () => {
    expect(interpretHttpError(500, { code: 0, data: {}, message: 'ok' })).toEqual({ kind: 'error', code: 500, message: null });
  });
});

describe('interpretBlobBody', () => {
  it('lets real files through untouched', () => {
    expect(interpretBlobBody('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', () => 'PK')).toBeNull();
    expect(interpretBlobBody(undefined, () => '')).toBeNull();
  });

  it('turns a JSON error answer into a message', () => {
    const text = () => JSON.stringify({ code: 403, data: {}, message: '无权导出该社区的数据' });
    expect(interpretBlobBody('application/json; charset=utf-8', text)).toEqual({
      kind: 'error',
      code: 403,
      message: '无权导出该社区的数据',
      data: {},
    });
  });

  it('turns a JSON 900 answer into expiry', () => {
    expect(interpretBlobBody('application/json', () => '{"code":900,"data":{},"message":"x"}')).toEqual({ kind: 'expired' });
  });

  it('falls back for unreadable JSON', () => {
    expect(interpretBlobBody('application/json', () => 'not json')).toEqual({ kind: 'error', code: null, message: null });
  });
});

describe('isEnvelope', () => {
  it('needs a numeric code', () => {
    expect(isEnvelope({ code: 0 })).toBe(true);
    expect(isEnvelope({ data: 1 })).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});
