import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases';
import { createDoctor, daysAgo, loginAs, nextMobile, nextResidentId, storeRecord } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

describe.each(databaseKinds())('comparison group on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let doctorId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    doctorId = doctor.id;
    token = await loginAs(t, doctor);
  });
  afterAll(async () => {
    await t?.close();
  });

  const member = (overrides: Record<string, unknown> = {}) => ({
    role: 0,
    name: '对照成员',
    gender: 'man',
    tel_num: nextMobile(),
    idNum: nextResidentId('1958-09-09', 'man'),
    institutionId: INSTITUTION_A,
    ...overrides,
  });

  it('answers the spec messages for each missing field', async () => {
    const required: [string, string][] = [
      ['name', '请输入姓名'],
      ['tel_num', '请输入联系电话'],
      ['idNum', '请输入身份证号'],
      ['institutionId', '请选择社区'],
    ];
    for (const [field, message] of required) {
      const body = member();
      delete (body as Record<string, unknown>)[field];
      const res = await t.call({ method: 'POST', path: '/api/comparative', token, body });
      expect(res.code, field).toBe(400);
      expect(res.message).toBe(message);
    }
    const badGender = await t.call({ method: 'POST', path: '/api/comparative', token, body: member({ gender: 'x' }) });
    expect(badGender.message).toBe('请选择性别');
  });

  it('adds members of both roles with "添加成功", defaulting to pre-diabetes, and lists them by role', async () => {
    const early = await t.call<{ id: number }>({ method: 'POST', path: '/api/comparative', token, body: { ...member(), role: undefined } });
    expect(early.code).toBe(0);
    expect(early.message).toBe('添加成功');
    const diabetic = await t.call<{ id: number }>({
      method: 'POST',
      path: '/api/comparative',
      token,
      body: member({ role: 1, name: '糖尿病对照' }),
    });
    expect(diabetic.code).toBe(0);
    const roleOf = async (role: 0 | 1) =>
      (
        await t.call<{ list: { id: number; role: number }[] }>({
          method: 'POST',
          path: '/api/comparative/list',
          token,
          body: { role, institutionId: INSTITUTION_A },
        })
      ).data.list;
    expect((await roleOf(0)).map((m) => m.id)).toContain(early.data.id);
    expect((await roleOf(1)).map((m) => m.id)).toContain(diabetic.data.id);
    expect((await roleOf(0)).map((m) => m.id)).not.toContain(diabetic.data.id);
    const stats = await t.call<Record<string, number>>({ method: 'GET', path: '/api/annex/queryPersonalCenterData', token });
    expect(stats.data.comparativeTeamEarlyCount).toBe((await roleOf(0)).length);
    expect(stats.data.comparativeTeamDiabetesCount).toBe((await roleOf(1)).length);
    expect(stats.data.comparativeTeamCount).toBe(stats.data.comparativeTeamEarlyCount! + stats.data.comparativeTeamDiabetesCount!);

    // Diabetic members are followed with annex 9 every 90 days.
    await storeRecord(t, diabetic.data.id, '9', daysAgo(91), doctorId);
    const check = await t.call<{ overdue: boolean; intervalDays: number }>({
      method: 'GET',
      path: '/api/user/queryAnnex9TheLastTimeIsOver',
      token,
      query: { id: diabetic.data.id },
    });
    expect(check.data).toMatchObject({ overdue: true, intervalDays: 90 });
    const overdue = await t.call<{ list: { id: number }[] }>({
      method: 'POST',
      path: '/api/comparative/list',
      token,
      body: { overdueOnly: true },
    });
    expect(overdue.data.list.map((m) => m.id)).toEqual([diabetic.data.id]);
  });

  it('refuses the same ID number twice in the comparison group, but allows it in the managed group', async () => {
    const body = member();
    expect((await t.call({ method: 'POST', path: '/api/comparative', token, body })).code).toBe(0);
    const dup = await t.call({ method: 'POST', path: '/api/comparative', token, body: { ...body, tel_num: nextMobile() } });
    expect(dup.code).toBe(409);
    expect(dup.message).toBe('该身份证号已在对照组中登记');
    const managed = await t.call({
      method: 'POST',
      path: '/api/user/patient',
      token,
      body: { name: body.name, idNum: body.idNum, tel_num: body.tel_num, institutionId: INSTITUTION_A, consentDate: '2026-03-01' },
    });
    expect(managed.code).toBe(0);
  });

  it('ends and voids members', async () => {
    const created = await t.call<{ id: number }>({ method: 'POST', path: '/api/comparative', token, body: member({ name: '待结束' }) });
    const id = created.data.id;
    expect((await t.call({ method: 'GET', path: '/api/comparative/endManagementPatient', token, query: { id } })).code).toBe(0);
    const ended = await t.call<{ list: { id: number }[] }>({
      method: 'POST',
      path: '/api/comparative/list',
      token,
      body: { state: 'completed' },
    });
    expect(ended.data.list.map((m) => m.id)).toContain(id);
    expect((await t.call({ method: 'DELETE', path: '/api/comparative', token, query: { id, reason: '录入错误' } })).code).toBe(0);
    const all = await t.call<{ list: { id: number }[] }>({ method: 'POST', path: '/api/comparative/list', token, body: {} });
    expect(all.data.list.map((m) => m.id)).not.toContain(id);
  });
});
