import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSecrets, smsOutbox, verificationCodes } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { lastCodeFor, nextMobile } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

describe.each(databaseKinds())('verification codes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const requestCode = (mobile: string) =>
    t.call({ method: 'GET', path: '/api/auth/getVerificationCode', query: { mobile, purpose: 'register' } });

  it('sends one SMS for ten parallel requests to a new mobile', async () => {
    const mobile = nextMobile();
    const answers = await Promise.all(Array.from({ length: 10 }, () => requestCode(mobile)));
    const codes = answers.map((a) => a.code).sort((a, b) => a - b);
    expect(codes).toEqual([0, ...Array<number>(9).fill(429)]);
    expect(t.sms.filter((m) => m.mobile === mobile)).toHaveLength(1);
    const rows = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.mobile, mobile));
    expect(rows).toHaveLength(1);
  });

  it('keeps the code out of the SMS outbox, while the SMS itself carries it', async () => {
    const mobile = nextMobile();
    expect((await requestCode(mobile)).code).toBe(0);
    const code = lastCodeFor(t, mobile);
    const [row] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile));
    expect(row!.text).not.toContain(code);
    expect(row!.text).toContain('验证码 ******');
    expect(row!.status).toBe('sent');
  });

  it('stores the code as an HMAC under the server key, not as a plain hash', async () => {
    const mobile = nextMobile();
    await requestCode(mobile);
    const code = lastCodeFor(t, mobile);
    const [stored] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.mobile, mobile));
    const [key] = await t.database.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'code-hmac'));
    expect(key!.value).toHaveLength(32);
    expect(key!.value.equals(Buffer.alloc(32))).toBe(false);
    const message = `${mobile}:register:${code}`;
    expect(stored!.codeHash).not.toBe(createHash('sha256').update(message).digest('hex'));
    expect(stored!.codeHash).toBe(createHmac('sha256', key!.value).update(message).digest('hex'));
    // And the code works.
    const register = await t.call({
      method: 'POST',
      path: '/api/auth/register',
      body: { name: '新医生', mobile, institutionId: 1, password: 'Newdoc2026x', code },
    });
    expect(register.code).toBe(0);
  });
});
