import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ExportPaths } from '@tcm/contracts/api/exports';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, ConfigError, loadConfig } from '../src/config';
import { seedBaseline } from '../src/seed/baseline';
import { createTestDatabase, type DatabaseKind, databaseKinds } from './support/databases';
import { createAdmin, createDoctor, enrolPatient, loginAs } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp, testConfig } from './support/test-app';

/** A built web app with one hashed asset, so static caching can be told apart from the API's. */
function webDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dist;
}

/**
 * The browser security headers every answer carries (API, errors, the web app's files), written out
 * in full: helmet's defaults with the app's CSP (app.ts). Sent over plain HTTP; behind TLS the CSP
 * gains upgrade-insecure-requests and HSTS is added (below).
 */
const BROWSER_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** No answer under /prod-api may be kept by a browser or proxy cache. */
describe.each(databaseKinds())('Cache-Control on every API answer on %s', (kind) => {
  let t: TestApp;
  let doctorToken: string;
  let adminToken: string;
  let patientId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    doctorToken = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
    adminToken = await loginAs(t, await createAdmin(t));
    patientId = (await enrolPatient(t, doctorToken, { institutionId: INSTITUTION_A })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const answers: [string, () => Promise<{ status: number; headers: Record<string, unknown> }>][] = [
    ['a public JSON answer', () => t.call({ method: 'GET', path: '/api/health' })],
    [
      'a patient with full identifiers',
      () => t.call({ method: 'GET', path: '/api/user/patient', token: doctorToken, query: { id: patientId } }),
    ],
    ['a patient list', () => t.call({ method: 'POST', path: '/api/user/list', token: doctorToken, body: {} })],
    [
      'a failed login (401)',
      () => t.call({ method: 'POST', path: '/api/auth/login', body: { username: '13900000009', password: 'wrong-pass1' } }),
    ],
    ['a call without a session (401)', () => t.call({ method: 'GET', path: '/api/user/patient', query: { id: patientId } })],
    ['a forbidden call (403)', () => t.call({ method: 'GET', path: '/api/audit/list', token: doctorToken })],
    ['a validation error (400)', () => t.call({ method: 'POST', path: '/api/user/list', token: doctorToken, body: { limit: 'many' } })],
    [
      'malformed JSON (400)',
      () => t.call({ method: 'POST', path: '/api/auth/login', body: '{"username":', headers: { 'content-type': 'application/json' } }),
    ],
    [
      'a wrong content type (415)',
      () =>
        t.call({ method: 'POST', path: '/api/auth/login', body: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    ],
    ['an unknown API path (404)', () => t.call({ method: 'GET', path: '/api/nothing-here' })],
    ['a missing patient (404)', () => t.call({ method: 'GET', path: '/api/user/patient', token: doctorToken, query: { id: 999999 } })],
    ['an export', () => t.call({ method: 'GET', path: ExportPaths.annex7, token: adminToken })],
    ['a refused export', () => t.call({ method: 'GET', path: ExportPaths.annex7, token: adminToken, query: { institutionId: 9999 } })],
    [
      'the OpenAPI document',
      async () => {
        const res = await t.app.inject({ method: 'GET', url: '/prod-api/docs/json' });
        return { status: res.statusCode, headers: res.headers };
      },
    ],
    [
      'the API documentation page',
      async () => {
        const res = await t.app.inject({ method: 'GET', url: '/prod-api/docs' });
        expect(res.body).toContain('swagger-initializer.js');
        return { status: res.statusCode, headers: res.headers };
      },
    ],
    [
      'the API base itself',
      async () => {
        const res = await t.app.inject({ method: 'GET', url: '/prod-api' });
        return { status: res.statusCode, headers: res.headers };
      },
    ],
  ];

  it.each(answers)('%s carries Cache-Control: no-store', async (_name, send) => {
    const res = await send();
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(answers)('%s carries the browser security headers', async (_name, send) => {
    const res = await send();
    expect(res.headers).toMatchObject(BROWSER_SECURITY_HEADERS);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('leaves the web app its own caching: hashed assets immutable, the page shell revalidated', async () => {
    const { database, drop } = await createTestDatabase(kind);
    const { app } = await buildApp({ config: { ...testConfig(), webDistDir: webDist() }, database });
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const shell = await app.inject({ method: 'GET', url: '/userList/running' });
      expect(shell.statusCode).toBe(200);
      expect(shell.headers['cache-control']).toBe('no-cache');
      expect(asset.headers).toMatchObject(BROWSER_SECURITY_HEADERS);
      expect(shell.headers).toMatchObject(BROWSER_SECURITY_HEADERS);
      const api = await app.inject({ method: 'GET', url: '/prod-api/api/health' });
      expect(api.headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
      await drop();
    }
  });
});

/**
 * HSTS and `upgrade-insecure-requests` only when the operator says TLS is in front;
 * a clinic serving the app over plain HTTP on its LAN must get neither, or its own scripts fail.
 */
describe.each(databaseKinds())('HSTS and upgrade-insecure-requests on %s', (kind: DatabaseKind) => {
  const built: { app: FastifyInstance; drop: () => Promise<void> }[] = [];
  const start = async (overrides: Partial<Config>) => {
    const { database, drop } = await createTestDatabase(kind);
    const config = { ...testConfig(), webDistDir: webDist(), ...overrides };
    await seedBaseline(database.db, config);
    const { app } = await buildApp({ config, database });
    built.push({ app, drop });
    return app;
  };
  let plain: FastifyInstance;
  let proxied: FastifyInstance;
  let publicHttps: FastifyInstance;
  let publicHttp: FastifyInstance;
  beforeAll(async () => {
    plain = await start({});
    proxied = await start({ trustProxy: 1 });
    publicHttps = await start({ publicUrl: 'https://tnb.example.org' });
    publicHttp = await start({ publicUrl: 'http://192.168.1.20:8080' });
  });
  afterAll(async () => {
    for (const { app, drop } of built) {
      await app.close();
      await drop();
    }
  });

  const probe = async (app: FastifyInstance, headers: InjectOptions['headers'] = {}) => {
    const answers = await Promise.all(
      ['/prod-api/api/health', '/userList/running', '/prod-api/api/nothing-here'].map((url) => app.inject({ method: 'GET', url, headers })),
    );
    return answers.map((res) => ({
      url: res.raw.req.url,
      hsts: res.headers['strict-transport-security'],
      csp: String(res.headers['content-security-policy'] ?? ''),
    }));
  };
  const expectPlain = (answers: Awaited<ReturnType<typeof probe>>) => {
    for (const a of answers) {
      expect(a.hsts, a.url).toBeUndefined();
      expect(a.csp, a.url).toContain("default-src 'self'");
      expect(a.csp, a.url).not.toContain('upgrade-insecure-requests');
    }
  };
  const expectTls = (answers: Awaited<ReturnType<typeof probe>>) => {
    for (const a of answers) {
      expect(a.hsts, a.url).toBe('max-age=31536000; includeSubDomains');
      expect(a.csp, a.url).toContain("default-src 'self'");
      expect(a.csp, a.url).toContain('upgrade-insecure-requests');
    }
  };

  it('sends neither over plain HTTP', async () => {
    expectPlain(await probe(plain));
    expectPlain(await probe(proxied));
    expectPlain(await probe(publicHttp));
  });

  it('ignores x-forwarded-proto unless the proxy is trusted', async () => {
    expectPlain(await probe(plain, { 'x-forwarded-proto': 'https' }));
    expectPlain(await probe(proxied, { 'x-forwarded-proto': 'http' }));
    expectPlain(await probe(publicHttp, { 'x-forwarded-proto': 'https' }));
  });

  it('sends both behind a trusted TLS proxy, or when PUBLIC_URL is https', async () => {
    expectTls(await probe(proxied, { 'x-forwarded-proto': 'https' }));
    expectTls(await probe(publicHttps));
  });

  it('reads PUBLIC_URL from the environment, refusing anything but an http(s) address', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://tnb.example.org/' }).publicUrl).toBe('https://tnb.example.org/');
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:8080' }).publicUrl).toBe('http://192.168.1.20:8080');
    for (const bad of ['tnb.example.org', 'ftp://tnb.example.org', 'https://']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(ConfigError);
    }
  });
});
