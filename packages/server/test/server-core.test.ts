import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { createConsoleProvider } from '../src/sms/console-provider';
import { createHttpProvider } from '../src/sms/http-provider';
import { createTestDatabase } from './support/databases';
import { createDoctor, loginAs, nextMobile, TEST_PASSWORD } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp, testConfig } from './support/test-app';

describe('bad input answers the envelope, never a stack trace', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('malformed JSON', async () => {
    const res = await t.call({
      method: 'POST',
      path: '/api/auth/login',
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res).toMatchObject({ code: 400, message: '请求内容不是有效的 JSON', data: {} });
  });

  it('wrong types and missing fields name the problem', async () => {
    const wrongType = await t.call({ method: 'POST', path: '/api/auth/login', body: { username: 12, password: 'x' } });
    expect(wrongType.code).toBe(400);
    expect(wrongType.message).toBe('请输入账号');
    const missing = await t.call({ method: 'POST', path: '/api/auth/login', body: { username: 'a' } });
    expect(missing.message).toBe('请输入密码');
    const badQuery = await t.call({ method: 'GET', path: '/api/auth/checkIsRegister', query: { mobile: 'abc' } });
    expect(badQuery.message).toBe('手机号格式不正确');
    const generic = await t.call({ method: 'POST', path: '/api/institution/list', body: { page: 'one' } });
    expect(generic.code).toBe(400);
    expect(generic.message).toContain('page');
  });

  it('an oversize body is refused with 413 in the envelope', async () => {
    const res = await t.call({ method: 'POST', path: '/api/auth/login', body: { username: 'a', password: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(res).toMatchObject({ code: 413, message: '请求内容过大' });
  });

  it('a non-JSON content type is refused with a clear message', async () => {
    const res = await t.call({ method: 'POST', path: '/api/auth/login', body: 'username=a', headers: { 'content-type': 'text/plain' } });
    expect(res.code).toBe(400);
    expect(res.message).toContain('JSON');
  });

  it('unknown API routes answer 404 in the envelope', async () => {
    const res = await t.call({ method: 'GET', path: '/api/nothing-here' });
    expect(res.status).toBe(404);
    expect(res).toMatchObject({ code: 404, message: '接口不存在：GET /prod-api/api/nothing-here' });
  });

  it('sends a request id and security headers', async () => {
    const res = await t.call({ method: 'GET', path: '/api/health' });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ status: 'ok', database: { kind: 'pglite', ok: true } });
    expect(res.headers['x-request-id']).toMatch(/[\w-]{8,}/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('serves the OpenAPI document generated from the shared schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/docs/json' });
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(doc.paths['/prod-api/api/auth/login']).toBeDefined();
    expect(doc.paths['/prod-api/api/comparative']).toBeDefined();
  });
});

describe('logs', () => {
  it('redact satoken, passwords, codes and ID numbers, and keep the request id', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { database, drop } = await createTestDatabase('pglite');
    const config = { ...testConfig(), logLevel: 'info' };
    const built = await buildApp({ config, database, logStream: stream });
    await built.app.inject({
      method: 'GET',
      url: '/prod-api/api/auth/changePwdByVerificationCode?mobile=13912345678&code=123456&password=Secret2026x',
      headers: { satoken: 'secret-token-value' },
    });
    await built.app.inject({ method: 'GET', url: '/prod-api/api/v1/users/me', headers: { satoken: 'secret-token-value' } });
    await built.app.close();
    await drop();
    const text = lines.join('');
    expect(text).toContain('reqId');
    expect(text).not.toContain('Secret2026x');
    expect(text).not.toContain('123456');
    expect(text).not.toContain('13912345678');
    expect(text).not.toContain('secret-token-value');
  });
});

describe('web app hosting', () => {
  it('falls back to index.html for deep links and keeps real 404s for missing assets', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const { database, drop } = await createTestDatabase('pglite');
    const { app } = await buildApp({ config: { ...testConfig(), webDistDir: dist }, database });
    const deep = await app.inject({ method: 'GET', url: '/userList/running' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>app</title>');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/prod-api/api/unknown' });
    expect(api.json()).toMatchObject({ code: 404 });
    await app.close();
    await drop();
  });
  it("sends each page the app shell naming its route's files, in the encoding asked for, and never the list", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>app</title></head><body></body></html>');
    const routes = [{ path: '/login', scripts: ['/assets/LoginPage-abc.js'], styles: [] }];
    writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify({ routes }));
    const { database, drop } = await createTestDatabase('pglite');
    const { app } = await buildApp({ config: { ...testConfig(), webDistDir: dist }, database });
    const login = await app.inject({ method: 'GET', url: '/login?redirect=%2Findex', headers: { 'accept-encoding': 'br' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(login.headers['content-encoding']).toBe('br');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(login.rawPayload).toString('utf8')).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/LoginPage-abc.js">',
    );
    // The browser revalidates the shell on every visit: an unchanged page costs a 304.
    const again = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(login.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const plain = await app.inject({ method: 'GET', url: '/doctorList' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).not.toContain('modulepreload');
    expect(plain.headers.etag).not.toBe(login.headers.etag);
    expect((await app.inject({ method: 'GET', url: '/route-preloads.json' })).statusCode).toBe(404);
    await app.close();
    await drop();
  });
});

describe('configuration', () => {
  it('refuses production without an administrator, and never seeds demo data there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    const prod = loadConfig({
      NODE_ENV: 'production',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'Strong2026pass',
      DATA_KEY: '7e57'.repeat(16),
    });
    expect(prod.seedDemo).toBe(false);
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({}).security.argon2).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow('SMS_HTTP_URL');
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
  });

  it("counts days in the clinics' time zone: Asia/Shanghai unless TZ names another valid one", () => {
    expect(loadConfig({}).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ TZ: '' }).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ TZ: 'Asia/Urumqi' }).timeZone).toBe('Asia/Urumqi');
    expect(() => loadConfig({ TZ: 'Mars/Olympus' })).toThrow(ConfigError);
  });

  it('reads the export concurrency (default 2, 1 to 16)', () => {
    expect(loadConfig({}).exportConcurrency).toBe(2);
    expect(loadConfig({ EXPORT_CONCURRENCY: '4' }).exportConcurrency).toBe(4);
    for (const bad of ['0', '17', 'many']) expect(() => loadConfig({ EXPORT_CONCURRENCY: bad })).toThrow(ConfigError);
  });
});

describe('SMS providers', () => {
  it('console prints [sms] to=<mobile> text=<text>', async () => {
    const out: string[] = [];
    await createConsoleProvider((l) => out.push(l)).deliver({ mobile: '13900000001', text: '你好' });
    expect(out).toEqual(['[sms] to=13900000001 text=你好']);
  });

  it('http POSTs JSON to the gateway and fails on a non-2xx answer', async () => {
    const received: unknown[] = [];
    let status = 200;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.statusCode = status;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const provider = createHttpProvider(`http://127.0.0.1:${port}/sms`, 'tok');
    await provider.deliver({ mobile: '13900000001', text: 'hi' });
    expect(received).toEqual([{ auth: 'Bearer tok', body: { mobile: '13900000001', text: 'hi' } }]);
    status = 500;
    await expect(provider.deliver({ mobile: '13900000001', text: 'hi' })).rejects.toThrow('HTTP 500');
    server.close();
  });

  it('an SMS that cannot be delivered fails the code request and is kept in the outbox', async () => {
    const t = await createTestApp('pglite');
    const { app, database } = t;
    await app.close();
    const { createSmsSender } = await import('../src/sms/sms-sender');
    const failing = createSmsSender({
      name: 'broken',
      async deliver() {
        throw new Error('gateway down');
      },
    });
    const built = await buildApp({ config: t.config, database, sms: failing });
    const mobile = nextMobile();
    const res = await built.app.inject({ method: 'GET', url: `/prod-api/api/auth/getVerificationCode?mobile=${mobile}` });
    expect(res.json()).toMatchObject({ code: 500 });
    expect(res.body).not.toContain('gateway down');
    await built.app.close();
    await database.close();
  });
});

describe('rate limits', () => {
  it('limit logins per IP with the envelope', async () => {
    const t = await createTestApp('pglite', { loginPerMinute: 3 });
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await t.call({ method: 'POST', path: '/api/auth/login', body: { username: doctor.username, password: TEST_PASSWORD } })).code,
      );
    }
    expect(codes).toEqual([0, 0, 0, 429]);
    await t.close();
  });

  it('the test login helper works within limits', async () => {
    const t = await createTestApp('pglite');
    const token = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
    expect(token.length).toBeGreaterThan(20);
    await t.close();
  });
});
