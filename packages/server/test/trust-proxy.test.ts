import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from '../src/config';
import { auditLog } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { createDoctor, nextMobile } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

const CLIENT = '203.0.113.7';

describe('TRUST_PROXY parsing', () => {
  it('reads false, true (one hop), a hop count and a list of addresses and ranges', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.0/8']);
  });

  it('refuses anything else at start', () => {
    for (const bad of ['yes', '-1', '33', '10.0.0.0/33', '10.0.0', 'proxy.example.org', '10.0.0.1,', '1.2.3.4/8/1']) {
      expect(parseTrustProxy(bad), bad).toBeUndefined();
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe.each(databaseKinds())('the client address behind a proxy on %s', (kind) => {
  const apps: TestApp[] = [];
  const start = async (value: string) => {
    const trustProxy = parseTrustProxy(value);
    if (trustProxy === undefined) throw new Error(value);
    const t = await createTestApp(kind, { codePerMinute: 10 }, { config: { trustProxy } });
    apps.push(t);
    return t;
  };
  let oneHop: TestApp;
  let listed: TestApp;
  beforeAll(async () => {
    oneHop = await start('true');
    listed = await start('127.0.0.1, 10.0.0.0/8');
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  // The proxy appends the address it saw to whatever the client sent: "forged, real".
  const forgedThenReal = (i: number, real = CLIENT) => ({ 'x-forwarded-for': `198.51.100.${i}, ${real}` });

  it('TRUST_PROXY=true: fifteen forged addresses are one client, so the eleventh SMS is refused', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await oneHop.call({
        method: 'GET',
        path: '/api/auth/getVerificationCode',
        query: { mobile: nextMobile() },
        headers: forgedThenReal(i),
      });
      codes.push(res.code);
    }
    expect(codes).toEqual([...Array(10).fill(0), ...Array(5).fill(429)]);
    expect(oneHop.sms).toHaveLength(10);
  });

  it('TRUST_PROXY=true: the audit log records the address the proxy saw, not the forged one', async () => {
    const doctor = await createDoctor(oneHop, { institutionId: INSTITUTION_A });
    const res = await oneHop.call({
      method: 'POST',
      path: '/api/auth/login',
      body: { username: doctor.username, password: 'not-the-password-1' },
      headers: forgedThenReal(99, '203.0.113.8'),
    });
    expect(res.code).not.toBe(0);
    const rows = await oneHop.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login.failed'), eq(auditLog.actorId, doctor.id)));
    expect(rows).toEqual([{ ip: '203.0.113.8' }]);
  });

  it('a list of proxies: the client is the nearest address that is not a listed proxy', async () => {
    const doctor = await createDoctor(listed, { institutionId: INSTITUTION_A });
    await listed.call({
      method: 'POST',
      path: '/api/auth/login',
      body: { username: doctor.username, password: 'not-the-password-1' },
      // client → 10.1.2.3 (an inner proxy, listed) → the app's peer 127.0.0.1 (listed)
      headers: { 'x-forwarded-for': `198.51.100.1, ${CLIENT}, 10.1.2.3` },
    });
    const rows = await listed.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login.failed'), eq(auditLog.actorId, doctor.id)));
    expect(rows).toEqual([{ ip: CLIENT }]);
  });
});
