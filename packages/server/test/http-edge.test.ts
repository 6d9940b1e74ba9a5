import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases';
import { createTestApp, type TestApp } from './support/test-app';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One request written byte for byte on a socket: what Node's HTTP parser refuses never reaches
 * app.inject(), so these run against the listening server.
 */
function rawRequest(port: number, request: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

function expectEnvelopeWithHeaders(answer: RawAnswer, status: number) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(answer.body) as { code: number; data: unknown; message: string };
  expect(body).toMatchObject({ code: 400, data: {} });
  expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  expect(Buffer.byteLength(answer.body)).toBe(Number(answer.headers['content-length']));
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBeDefined();
  expect(answer.headers['cache-control']).toBe('no-store');
}

describe.each(databaseKinds())('requests the HTTP parser refuses, on %s', (kind) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('raw UTF-8 in the URL answers 400 in the envelope with the security headers', async () => {
    const request = Buffer.concat([
      Buffer.from('GET /prod-api/api/user/'),
      Buffer.from('患者', 'utf8'),
      Buffer.from(' HTTP/1.1\r\nHost: localhost\r\n\r\n'),
    ]);
    expectEnvelopeWithHeaders(await rawRequest(port, request), 400);
  });

  it('a URL over 16 KB answers 431 in the envelope with the security headers', async () => {
    const request = Buffer.from(`GET /prod-api/api/health?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const answer = await rawRequest(port, request);
    expectEnvelopeWithHeaders(answer, 431);
    expect(JSON.parse(answer.body).message).toBe('请求地址或请求头过长');
  });
});
