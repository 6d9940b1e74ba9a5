import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { accounts } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { seedBaseline } from '../src/seed/baseline';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';
import { nextMobile, TEST_PASSWORD } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp, testConfig } from './support/test-app';

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

describe.each(databaseKinds())('the API documentation in production, on %s', (kind) => {
  let store: TestDatabase;
  const apps: FastifyInstance[] = [];
  let token = '';

  async function productionApp(apiDocs: Config['apiDocs']): Promise<FastifyInstance> {
    const config: Config = { ...testConfig(), nodeEnv: 'production', apiDocs };
    const { app } = await buildApp({ config, database: store.database });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    store = await createTestDatabase(kind);
    const config = testConfig();
    await seedBaseline(store.database.db, config);
    const mobile = nextMobile();
    await store.database.db.insert(accounts).values({
      role: 'doctor',
      username: mobile,
      mobile,
      name: '文档测试医生',
      institutionId: INSTITUTION_A,
      passwordHash: await hashPassword(TEST_PASSWORD, config.security),
      registerStatus: 'Approved',
    });
    const app = await productionApp('signed-in');
    const login = await app.inject({
      method: 'POST',
      url: '/prod-api/api/auth/login',
      payload: { username: mobile, password: TEST_PASSWORD },
    });
    token = (login.json() as { data: { token: string } }).data.token;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await store?.drop();
  });

  it('is signed-in only by default in production, public elsewhere, and configurable', () => {
    const production = { NODE_ENV: 'production', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'Admin2026pass', DATA_KEY: 'ab'.repeat(32) };
    expect(loadConfig(production).apiDocs).toBe('signed-in');
    expect(loadConfig({ ...production, API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(loadConfig({ ...production, API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(loadConfig({}).apiDocs).toBe('public');
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(/API_DOCS/);
  });

  it('signed-in: the document and the page answer 900 without a session and serve a signed-in user', async () => {
    const app = apps[0]!;
    for (const url of ['/prod-api/docs/json', '/prod-api/docs/yaml', '/prod-api/docs', '/prod-api/docs/static/swagger-initializer.js']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const anonymous = await app.inject({ method, url });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        if (method === 'GET') expect(anonymous.json(), url).toMatchObject({ code: 900 });
      }
    }
    const doc = await app.inject({ method: 'GET', url: '/prod-api/docs/json', headers: { satoken: token } });
    expect(doc.statusCode).toBe(200);
    expect((doc.json() as { paths: Record<string, unknown> }).paths['/prod-api/api/auth/login']).toBeDefined();
    const page = await app.inject({ method: 'GET', url: '/prod-api/docs/static/swagger-initializer.js', headers: { satoken: token } });
    expect(page.statusCode).toBe(200);
  });

  it('health tells anonymous callers no version unless the docs are public', async () => {
    const hidden = (await apps[0]!.inject({ method: 'GET', url: '/prod-api/api/health' })).json() as { data: Record<string, unknown> };
    expect(hidden.data.status).toBe('ok');
    expect(hidden.data).not.toHaveProperty('version');
    const shown = (await (await productionApp('public')).inject({ method: 'GET', url: '/prod-api/api/health' })).json() as {
      data: Record<string, unknown>;
    };
    expect(shown.data.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('off: nothing is served under /prod-api/docs', async () => {
    const app = await productionApp('off');
    const res = await app.inject({ method: 'GET', url: '/prod-api/docs/json', headers: { satoken: token } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });
});
