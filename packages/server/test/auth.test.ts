import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginThrottle, sessions, verificationCodes } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { createAdmin, createDoctor, lastCodeFor, loginAs, nextMobile, TEST_PASSWORD } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

describe.each(databaseKinds())('accounts and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs a doctor in with mobile and password, returning token, admin flag and user', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A, name: '赵医生' });
    const res = await t.call<{ token: string; admin: boolean; user: { id: number; name: string; institutionId: number } }>({
      method: 'POST',
      path: '/api/auth/login',
      body: { username: doctor.username, password: TEST_PASSWORD },
    });
    expect(res.code).toBe(0);
    expect(res.data.token).toMatch(/^[\w-]{43}$/);
    expect(res.data.admin).toBe(false);
    expect(res.data.user).toMatchObject({ id: doctor.id, name: '赵医生', institutionId: INSTITUTION_A });
    const me = await t.call<{ id: number }>({ method: 'GET', path: '/api/v1/users/me', token: res.data.token });
    expect(me.code).toBe(0);
    expect(me.data.id).toBe(doctor.id);
  });

  it('marks the admin login with admin: true', async () => {
    const admin = await createAdmin(t);
    const res = await t.call<{ admin: boolean }>({ method: 'POST', path: '/api/auth/login', body: admin });
    expect(res.code).toBe(0);
    expect(res.data.admin).toBe(true);
  });

  it('refuses a wrong password and an unknown user with the same message, and audits both', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const wrong = await t.call({ method: 'POST', path: '/api/auth/login', body: { username: doctor.username, password: 'Wrong1234x' } });
    const unknown = await t.call({ method: 'POST', path: '/api/auth/login', body: { username: '13000000000', password: 'Wrong1234x' } });
    expect(wrong.code).toBe(401);
    expect(unknown.code).toBe(401);
    expect(wrong.message).toBe('账号或密码错误');
    expect(unknown.message).toBe(wrong.message);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login.failed'));
    expect(rows.some((r) => r.entityId === String(doctor.id))).toBe(true);
  });

  it('locks the address out of an account after 5 wrong passwords in 15 minutes, with the minutes left', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const attempt = (password: string) =>
      t.call({ method: 'POST', path: '/api/auth/login', body: { username: doctor.username, password } });
    for (let i = 0; i < 4; i++) expect((await attempt('Wrong1234x')).code).toBe(401);
    const fifth = await attempt('Wrong1234x');
    expect(fifth.code).toBe(423);
    expect(fifth.message).toContain('15 分钟');
    // Even the right password is refused while locked.
    const locked = await attempt(TEST_PASSWORD);
    expect(locked.code).toBe(423);
    expect(locked.message).toMatch(/请 1?\d 分钟后再试/);
    // Once the lock and the slow-down have passed, the right password works again.
    await t.database.db
      .update(loginThrottle)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottle.username, doctor.username));
    expect((await attempt(TEST_PASSWORD)).code).toBe(0);
  });

  it('counts parallel wrong passwords one by one: the threshold locks, the rest and the right password get 423', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const threshold = t.config.security.lockoutThreshold;
    const attempts = 18;
    const answers = await Promise.all(
      Array.from({ length: attempts }, () =>
        t.call({ method: 'POST', path: '/api/auth/login', body: { username: doctor.username, password: 'Wrong1234x' } }),
      ),
    );
    const codes = answers.map((a) => a.code).sort((a, b) => a - b);
    // Exactly threshold - 1 failures are told "wrong password"; the one that reaches the threshold
    // locks, and every other attempt finds the account locked.
    expect(codes).toEqual([...Array<number>(threshold - 1).fill(401), ...Array<number>(attempts - threshold + 1).fill(423)]);
    const [row] = await t.database.db
      .select()
      .from(loginThrottle)
      .where(sql`${loginThrottle.username} = ${doctor.username} and ${loginThrottle.source} = '127.0.0.1'`);
    expect(row!.blockedUntil!.getTime()).toBeGreaterThan(Date.now());
    const lockRows = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'auth.login.locked' and ${auditLog.entityId} = ${String(doctor.id)}`);
    expect(lockRows).toHaveLength(1);
    const right = await t.call({ method: 'POST', path: '/api/auth/login', body: { username: doctor.username, password: TEST_PASSWORD } });
    expect(right.code).toBe(423);
  });

  it('does not lock when failures are spread over more than the window', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const attempt = () => t.call({ method: 'POST', path: '/api/auth/login', body: { username: doctor.username, password: 'Wrong1234x' } });
    for (let i = 0; i < 4; i++) await attempt();
    await t.database.db
      .update(loginThrottle)
      .set({ windowStart: new Date(Date.now() - 16 * 60_000) })
      .where(sql`${loginThrottle.username} = ${doctor.username} and ${loginThrottle.source} = '127.0.0.1'`);
    expect((await attempt()).code).toBe(401);
  });

  it('answers 900 for no token, an unknown token, an idle session and one past its absolute life', async () => {
    expect((await t.call({ method: 'GET', path: '/api/v1/users/me' })).code).toBe(900);
    const unknown = await t.call({ method: 'GET', path: '/api/v1/users/me', token: 'not-a-real-token' });
    expect(unknown.code).toBe(900);
    expect(unknown.message).toBe('登录信息已过期，请重新登录');

    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const idleToken = await loginAs(t, doctor);
    expect((await t.call({ method: 'GET', path: '/api/v1/users/me', token: idleToken })).code).toBe(0);
    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '121 minutes'` }).where(eq(sessions.accountId, doctor.id));
    expect((await t.call({ method: 'GET', path: '/api/v1/users/me', token: idleToken })).code).toBe(900);

    const oldToken = await loginAs(t, doctor);
    await t.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.accountId, doctor.id));
    expect((await t.call({ method: 'GET', path: '/api/v1/users/me', token: oldToken })).code).toBe(900);
  });

  it('ends the session at logout', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const token = await loginAs(t, doctor);
    expect((await t.call({ method: 'POST', path: '/api/auth/logout', token })).code).toBe(0);
    expect((await t.call({ method: 'GET', path: '/api/v1/users/me', token })).code).toBe(900);
  });

  it('registers a doctor with an SMS code: under review until approved', async () => {
    const mobile = nextMobile();
    expect(
      (await t.call<{ registered: boolean }>({ method: 'GET', path: '/api/auth/checkIsRegister', query: { mobile } })).data.registered,
    ).toBe(false);
    const sent = await t.call({ method: 'GET', path: '/api/auth/getVerificationCode', query: { mobile, purpose: 'register' } });
    expect(sent.code).toBe(0);
    const code = lastCodeFor(t, mobile);
    const reg = await t.call<{ registerStatus: string }>({
      method: 'POST',
      path: '/api/auth/register',
      body: { name: '新医生', mobile, institutionId: INSTITUTION_A, password: 'Newdoc2026x', code },
    });
    expect(reg.code).toBe(0);
    expect(reg.data.registerStatus).toBe('ToBeReviewed');
    expect(
      (await t.call<{ registered: boolean }>({ method: 'GET', path: '/api/auth/checkIsRegister', query: { mobile } })).data.registered,
    ).toBe(true);
    const login = await t.call({ method: 'POST', path: '/api/auth/login', body: { username: mobile, password: 'Newdoc2026x' } });
    expect(login.code).toBe(403);
    expect(login.message).toContain('审核');
  });

  it('refuses a reused code, a wrong code after 5 tries, and an expired code', async () => {
    const mobile = nextMobile();
    await t.call({ method: 'GET', path: '/api/auth/getVerificationCode', query: { mobile } });
    const code = lastCodeFor(t, mobile);
    const body = { name: '医生甲', mobile, institutionId: INSTITUTION_A, password: 'Newdoc2026x', code };
    expect((await t.call({ method: 'POST', path: '/api/auth/register', body })).code).toBe(0);
    // Reuse: the mobile is now taken, and the code is spent.
    const reuse = await t.call({ method: 'POST', path: '/api/auth/register', body });
    expect(reuse.code).not.toBe(0);

    const second = nextMobile();
    await t.call({ method: 'GET', path: '/api/auth/getVerificationCode', query: { mobile: second } });
    const good = lastCodeFor(t, second);
    const wrong = good === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.call({ method: 'POST', path: '/api/auth/register', body: { ...body, mobile: second, code: wrong } });
      expect(res.code).toBe(400);
      messages.push(res.message);
    }
    expect(messages[0]).toContain('验证码不正确');
    const afterLimit = await t.call({ method: 'POST', path: '/api/auth/register', body: { ...body, mobile: second, code: good } });
    expect(afterLimit.message).toBe('验证码错误次数过多，请重新获取');

    const third = nextMobile();
    await t.call({ method: 'GET', path: '/api/auth/getVerificationCode', query: { mobile: third } });
    const thirdCode = lastCodeFor(t, third);
    await t.database.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.mobile, third));
    const expired = await t.call({ method: 'POST', path: '/api/auth/register', body: { ...body, mobile: third, code: thirdCode } });
    expect(expired.message).toBe('验证码已失效，请重新获取');
  });

  it('throttles codes: 60 s between sends and 10 a day per mobile', async () => {
    const mobile = nextMobile();
    expect((await t.call({ method: 'GET', path: '/api/auth/getVerificationCode', query: { mobile } })).code).toBe(0);
    const again = await t.call({ method: 'GET', path: '/api/auth/getVerificationCode', query: { mobile } });
    expect(again.code).toBe(429);
    expect(again.message).toMatch(/请 \d+ 秒后再试/);
    // Nine more sends spread earlier today reach the daily cap.
    await t.database.db
      .update(verificationCodes)
      .set({ createdAt: sql`date_trunc('day', now()) + interval '1 second'` })
      .where(eq(verificationCodes.mobile, mobile));
    const values = Array.from({ length: 9 }, () => ({
      mobile,
      purpose: 'register' as const,
      codeHash: 'x',
      createdAt: new Date(new Date().setHours(0, 0, 2, 0)),
      expiresAt: new Date(),
    }));
    await t.database.db.insert(verificationCodes).values(values);
    const capped = await t.call({ method: 'GET', path: '/api/auth/getVerificationCode', query: { mobile } });
    expect(capped.code).toBe(429);
    expect(capped.message).toContain('上限');
  });

  it('resets a password with a code (GET and POST), ending every session', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const token = await loginAs(t, doctor);
    await t.call({ method: 'GET', path: '/api/auth/getVerificationCode', query: { mobile: doctor.username, purpose: 'resetPassword' } });
    const code = lastCodeFor(t, doctor.username);
    const res = await t.call({
      method: 'POST',
      path: '/api/auth/changePwdByVerificationCode',
      body: { mobile: doctor.username, code, password: 'Changed2026x' },
    });
    expect(res.code).toBe(0);
    expect((await t.call({ method: 'GET', path: '/api/v1/users/me', token })).code).toBe(900);
    expect(
      (await t.call({ method: 'POST', path: '/api/auth/login', body: { username: doctor.username, password: 'Changed2026x' } })).code,
    ).toBe(0);

    await t.database.db
      .update(verificationCodes)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(verificationCodes.mobile, doctor.username));
    await t.call({ method: 'GET', path: '/api/auth/getVerificationCode', query: { mobile: doctor.username, purpose: 'resetPassword' } });
    const code2 = lastCodeFor(t, doctor.username);
    const viaGet = await t.call({
      method: 'GET',
      path: '/api/auth/changePwdByVerificationCode',
      query: { mobile: doctor.username, code: code2, password: 'Again2026xy' },
    });
    expect(viaGet.code).toBe(0);
  });

  it('refuses weak passwords with a clear message', async () => {
    const mobile = nextMobile();
    const cases: [string, string][] = [
      ['short1', '密码至少8位'],
      ['onlyletters', '密码须同时包含字母和数字'],
      ['password123', '密码过于常见，请换一个'],
    ];
    for (const [password, message] of cases) {
      const res = await t.call({
        method: 'POST',
        path: '/api/auth/register',
        body: { name: 'x', mobile, institutionId: 1, password, code: '123456' },
      });
      expect(res.code).toBe(400);
      expect(res.message).toBe(message);
    }
  });
});
