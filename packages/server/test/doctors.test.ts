import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases';
import { createAdmin, createDoctor, lastCodeFor, loginAs, TEST_PASSWORD } from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

describe.each(databaseKinds())('doctor registrations on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    adminToken = await loginAs(t, await createAdmin(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const pending = async () =>
    (
      await t.call<{ total: number; list: { id: number }[] }>({
        method: 'POST',
        path: '/api/user/list',
        token: adminToken,
        body: { role: 'doctor', registerStatus: 'ToBeReviewed' },
      })
    ).data;

  it('lists pending registrations for the bell and approves one, sending an SMS', async () => {
    const before = (await pending()).total;
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A, status: 'ToBeReviewed' });
    expect((await pending()).total).toBe(before + 1);
    const res = await t.call({
      method: 'GET',
      path: '/api/user/reviewedDoctorRegisterInfo',
      token: adminToken,
      query: { id: doctor.id, registerStatus: 'Approved' },
    });
    expect(res.code).toBe(0);
    expect(t.sms.at(-1)).toMatchObject({ mobile: doctor.username });
    expect(t.sms.at(-1)?.text).toContain('已通过审核');
    expect((await pending()).total).toBe(before);
    expect(
      (await t.call({ method: 'POST', path: '/api/auth/login', body: { username: doctor.username, password: TEST_PASSWORD } })).code,
    ).toBe(0);
    const twice = await t.call({
      method: 'GET',
      path: '/api/user/reviewedDoctorRegisterInfo',
      token: adminToken,
      query: { id: doctor.id, registerStatus: 'Rejected', reason: 'x' },
    });
    expect(twice.code).toBe(409);
  });

  it('pages the doctors: pending ones oldest first, the others newest first, by status and institution', async () => {
    const page = async (filter: Record<string, unknown>) =>
      (
        await t.call<{ total: number; list: { id: number; registerStatus: string; institutionId: number }[] }>({
          method: 'POST',
          path: '/api/user/list',
          token: adminToken,
          body: { role: 'doctor', page: 1, limit: 100, ...filter },
        })
      ).data;
    const made: { id: number; status: 'ToBeReviewed' | 'Approved'; institutionId: number | null }[] = [];
    for (const [status, institutionId] of [
      ['ToBeReviewed', INSTITUTION_A],
      ['Approved', INSTITUTION_B],
      ['ToBeReviewed', INSTITUTION_B],
      ['Approved', INSTITUTION_A],
      ['ToBeReviewed', INSTITUTION_A],
    ] as const) {
      made.push({ ...(await createDoctor(t, { institutionId, status })), status });
    }
    const ours = (list: { id: number }[]) => list.map((d) => d.id).filter((id) => made.some((m) => m.id === id));
    const madeIds = (status: string, institutionId?: number) =>
      made.filter((m) => m.status === status && (institutionId === undefined || m.institutionId === institutionId)).map((m) => m.id);

    // Pending: the oldest first (so none waits forever); the rest: the newest first.
    const pendingAll = await page({ registerStatus: 'ToBeReviewed' });
    expect(ours(pendingAll.list)).toEqual(madeIds('ToBeReviewed'));
    expect(pendingAll.list.every((d) => d.registerStatus === 'ToBeReviewed')).toBe(true);
    const approved = await page({ registerStatus: 'Approved' });
    expect(ours(approved.list)).toEqual(madeIds('Approved').reverse());
    const everyone = await page({});
    expect(ours(everyone.list)).toEqual(made.map((m) => m.id).reverse());
    expect(everyone.total).toBe(everyone.list.length);
    expect(everyone.total).toBe(pendingAll.total + approved.total + (await page({ registerStatus: 'Rejected' })).total);

    // With an institution: the same order, that institution's doctors only.
    const pendingA = await page({ registerStatus: 'ToBeReviewed', institutionId: INSTITUTION_A });
    expect(ours(pendingA.list)).toEqual(madeIds('ToBeReviewed', INSTITUTION_A));
    expect(pendingA.list.every((d) => d.institutionId === INSTITUTION_A)).toBe(true);

    // Pages of one: the bell's call, then each later page is the next doctor of the full list.
    for (const [index, doctor] of pendingAll.list.entries()) {
      const one = await page({ registerStatus: 'ToBeReviewed', page: index + 1, limit: 1 });
      expect(one.total).toBe(pendingAll.total);
      expect(one.list.map((d) => d.id)).toEqual([doctor.id]);
    }
    const second = await page({ page: 2, limit: 2 });
    expect(second.list.map((d) => d.id)).toEqual(everyone.list.slice(2, 4).map((d) => d.id));
    expect(second.total).toBe(everyone.total);

    // A page past the end is empty and still says how many there are; no match at all says 0.
    for (const filter of [{ registerStatus: 'ToBeReviewed' }, {}, { registerStatus: 'Approved', institutionId: INSTITUTION_B }]) {
      const all = await page(filter);
      const beyond = await page({ ...filter, page: all.total + 1, limit: 1 });
      expect(beyond).toMatchObject({ list: [], total: all.total });
    }
    expect(await page({ keyword: '没有这个医生' })).toMatchObject({ list: [], total: 0 });
  });

  it('rejects with a reason that the doctor sees at login, and lets them register again', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A, status: 'ToBeReviewed' });
    const noReason = await t.call({
      method: 'GET',
      path: '/api/user/reviewedDoctorRegisterInfo',
      token: adminToken,
      query: { id: doctor.id, registerStatus: 'Rejected' },
    });
    expect(noReason.code).toBe(400);
    expect(noReason.message).toBe('驳回时请填写原因');
    await t.call({
      method: 'GET',
      path: '/api/user/reviewedDoctorRegisterInfo',
      token: adminToken,
      query: { id: doctor.id, registerStatus: 'Rejected', reason: '机构信息不符' },
    });
    expect(t.sms.at(-1)?.text).toContain('机构信息不符');
    const login = await t.call({ method: 'POST', path: '/api/auth/login', body: { username: doctor.username, password: TEST_PASSWORD } });
    expect(login.code).toBe(403);
    expect(login.message).toContain('机构信息不符');

    await t.call({ method: 'GET', path: '/api/auth/getVerificationCode', query: { mobile: doctor.username } });
    const again = await t.call<{ id: number; registerStatus: string }>({
      method: 'POST',
      path: '/api/auth/register',
      body: {
        name: '重新注册',
        mobile: doctor.username,
        institutionId: INSTITUTION_B,
        password: 'Second2026x',
        code: lastCodeFor(t, doctor.username),
      },
    });
    expect(again.code).toBe(0);
    expect(again.data).toEqual({ id: doctor.id, registerStatus: 'ToBeReviewed' });
  });

  it('lets the admin disable a doctor, ending their sessions', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const token = await loginAs(t, doctor);
    expect((await t.call({ method: 'PUT', path: '/api/user', token: adminToken, body: { id: doctor.id, isDisabled: true } })).code).toBe(0);
    expect((await t.call({ method: 'GET', path: '/api/v1/users/me', token })).code).toBe(900);
    const login = await t.call({ method: 'POST', path: '/api/auth/login', body: { username: doctor.username, password: TEST_PASSWORD } });
    expect(login.message).toBe('账号已停用，请联系管理员');
  });

  it('keeps the audit log readable by the admin only', async () => {
    const res = await t.call<{ total: number; list: { action: string }[] }>({
      method: 'GET',
      path: '/api/audit/list',
      token: adminToken,
      query: { action: 'doctor.approve' },
    });
    expect(res.code).toBe(0);
    expect(res.data.total).toBeGreaterThan(0);
    expect(res.data.list.every((r) => r.action === 'doctor.approve')).toBe(true);
    const doctorToken = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
    expect((await t.call({ method: 'GET', path: '/api/audit/list', token: doctorToken })).code).toBe(403);
  });
});
