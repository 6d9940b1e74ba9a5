import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../src/db/schema';
import { hashToken } from '../src/modules/auth/session-store';
import { databaseKinds } from './support/databases';
import { createAdmin, createDoctor, loginAs } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

interface OwnSession {
  id: number;
  createdAt: string;
  lastSeenAt: string;
  address: string | null;
  current: boolean;
}

describe.each(databaseKinds())('one’s own password and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (token: string) => t.call({ method: 'GET', path: '/api/v1/users/me', token });
  const change = (token: string, oldPassword: string, newPassword: string, remoteAddress?: string) =>
    t.call({
      method: 'POST',
      path: '/api/auth/changePassword',
      token,
      body: { oldPassword, newPassword },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('changes a doctor’s password, keeps the current session and ends every other one', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const [current, other1, other2] = [await loginAs(t, doctor), await loginAs(t, doctor), await loginAs(t, doctor)];
    const res = await change(current, doctor.password, 'Renewed2026x');
    expect(res).toMatchObject({ code: 0, message: '密码已修改，其他设备已退出登录' });
    expect((await me(current)).code).toBe(0);
    expect((await me(other1)).code).toBe(900);
    expect((await me(other2)).code).toBe(900);
    const oldLogin = await t.call({
      method: 'POST',
      path: '/api/auth/login',
      body: { username: doctor.username, password: doctor.password },
    });
    expect(oldLogin.code).toBe(401);
    expect((await loginAs(t, { username: doctor.username, password: 'Renewed2026x' })).length).toBeGreaterThan(0);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.password.change'), eq(auditLog.entityId, String(doctor.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toEqual({ endedSessions: 2 });
  });

  it('lets the admin, who has no mobile, change theirs', async () => {
    const admin = await createAdmin(t);
    const token = await loginAs(t, admin);
    expect((await change(token, admin.password, 'Rootnew2026x')).code).toBe(0);
    expect((await loginAs(t, { username: admin.username, password: 'Rootnew2026x' })).length).toBeGreaterThan(0);
  });

  it('applies the password policy and refuses the old password as the new one', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const token = await loginAs(t, doctor);
    expect(await change(token, doctor.password, 'short1')).toMatchObject({ code: 400, message: '密码至少8位' });
    expect(await change(token, doctor.password, 'password123')).toMatchObject({ code: 400, message: '密码过于常见，请换一个' });
    expect(await change(token, doctor.password, doctor.password)).toMatchObject({ code: 400, message: '新密码不能与原密码相同' });
  });

  it('counts a wrong old password toward the lockout of that address', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const address = '198.51.100.20';
    const token = await loginAs(t, doctor);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await change(token, 'Wrong2026x', 'Renewed2026x', address));
    expect(answers.slice(0, 4).map((a) => [a.code, a.message])).toEqual(Array(4).fill([401, '原密码不正确']));
    expect(answers[4]!.code).toBe(423);
    // Locked from that address: the right old password, and a login, are refused there.
    expect((await change(token, doctor.password, 'Renewed2026x', address)).code).toBe(423);
    const login = await t.call({ method: 'POST', path: '/api/auth/login', remoteAddress: address, body: doctor });
    expect(login.code).toBe(423);
    // The session itself lives on.
    expect((await me(token)).code).toBe(0);
  });

  it('lists one’s own live sessions without tokens, and ends the others on request', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const someoneElse = await createDoctor(t, { institutionId: INSTITUTION_A });
    await loginAs(t, someoneElse);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => loginAs(t, doctor)));
    const current = tokens[3]!;
    const listed = await t.call<{ list: OwnSession[] }>({ method: 'GET', path: '/api/auth/sessions', token: current });
    expect(listed.code).toBe(0);
    expect(listed.data.list).toHaveLength(10);
    expect(listed.data.list.filter((s) => s.current)).toHaveLength(1);
    expect(listed.data.list.every((s) => s.address === '127.0.0.1')).toBe(true);
    expect(Object.keys(listed.data.list[0]!).sort()).toEqual(['address', 'createdAt', 'current', 'id', 'lastSeenAt']);
    for (const token of tokens) {
      expect(listed.raw).not.toContain(token);
      expect(listed.raw).not.toContain(hashToken(token));
    }
    const [currentRow] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(current)));
    expect(listed.data.list.find((s) => s.current)!.id).toBe(currentRow!.id);

    const revoked = await t.call<{ revoked: number }>({ method: 'POST', path: '/api/auth/sessions/revokeOthers', token: current });
    expect(revoked).toMatchObject({ code: 0, data: { revoked: 9 } });
    for (const token of tokens) expect((await me(token)).code).toBe(token === current ? 0 : 900);
    const after = await t.call<{ list: OwnSession[] }>({ method: 'GET', path: '/api/auth/sessions', token: current });
    expect(after.data.list.map((s) => s.current)).toEqual([true]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sessions.revokeOthers'), eq(auditLog.entityId, String(doctor.id))));
    expect(audit.map((a) => a.detail)).toEqual([{ revoked: 9 }]);
  });

  it('leaves idle and expired sessions out of the list', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const current = await loginAs(t, doctor);
    const idle = await loginAs(t, doctor);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (t.config.security.sessionIdleMinutes + 1) * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(idle)));
    const listed = await t.call<{ list: OwnSession[] }>({ method: 'GET', path: '/api/auth/sessions', token: current });
    expect(listed.data.list).toHaveLength(1);
  });
});
