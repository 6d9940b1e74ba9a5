import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { createDoctor, daysAgo, enrolPatient, loginAs, nextMobile, nextResidentId, storeRecord } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

interface ListItem {
  id: number;
  idNum: string;
  tel_num: string;
  fillStatus: string;
  overdue: boolean;
  endManagement: boolean;
  nextDueDate: string | null;
  lastFollowUpDate: string | null;
  remindSilenced: boolean;
  age: number;
  gender: string;
}
interface Page {
  list: ListItem[];
  total: number;
}

describe.each(databaseKinds())('managed patients on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let doctorId: number;
  beforeAll(async () => {
    // Each suite gets its own institution so counts are exact.
    t = await createTestApp(kind);
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    doctorId = doctor.id;
    token = await loginAs(t, doctor);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (body: Record<string, unknown>) =>
    t.call<Page>({ method: 'POST', path: '/api/user/list', token, body: { role: 'patient', limit: 100, ...body } });
  const center = async () =>
    (
      await t.call<Record<string, number>>({
        method: 'GET',
        path: '/api/annex/queryPersonalCenterData',
        token,
        query: { institutionId: INSTITUTION_A },
      })
    ).data;

  it('enrols a patient, deriving sex and age from the ID number, and masks identifiers in lists', async () => {
    const idNum = nextResidentId('1970-01-15', 'woman');
    const mobile = nextMobile();
    const res = await t.call<{ id: number }>({
      method: 'POST',
      path: '/api/user/patient',
      token,
      body: { name: '孙女士', idNum: idNum.toLowerCase(), tel_num: mobile, institutionId: INSTITUTION_A, consentDate: '2026-02-01' },
    });
    expect(res.code).toBe(0);
    const item = (await list({ keyword: '孙女士' })).data.list[0]!;
    expect(item.gender).toBe('woman');
    expect(item.age).toBeGreaterThanOrEqual(55);
    expect(item.idNum).toBe(`${idNum.slice(0, 6)}********${idNum.slice(-4)}`);
    expect(item.tel_num).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);

    const detail = await t.call<{ idNum: string; tel_num: string }>({
      method: 'GET',
      path: '/api/user/patient',
      token,
      query: { id: res.data.id },
    });
    expect(detail.data.idNum).toBe(idNum);
    expect(detail.data.tel_num).toBe(mobile);
    const views = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.view'), eq(auditLog.entityId, String(res.data.id))));
    expect(views).toHaveLength(1);
  });

  it('rejects a bad check digit, a sex that disagrees with the ID, a bad mobile and a duplicate', async () => {
    const base = { name: '周先生', tel_num: nextMobile(), institutionId: INSTITUTION_A, consentDate: '2026-02-01' };
    const idNum = nextResidentId('1965-07-07', 'man');
    const badCheck = `${idNum.slice(0, 17)}${idNum[17] === '0' ? '1' : '0'}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, idNum: badCheck }, '身份证号校验位不正确'],
      [{ ...base, idNum, gender: 'woman' }, '性别与身份证号不一致'],
      [{ ...base, idNum, tel_num: '12345678901' }, '手机号格式不正确'],
      [{ ...base, idNum, name: '' }, '请输入姓名'],
      [{ ...base, idNum, name: '名'.repeat(51) }, '姓名不能超过50个字符'],
    ];
    for (const [body, message] of cases) {
      const res = await t.call({ method: 'POST', path: '/api/user/patient', token, body });
      expect(res.code, message).toBe(400);
      expect(res.message).toBe(message);
    }
    expect((await t.call({ method: 'POST', path: '/api/user/patient', token, body: { ...base, idNum } })).code).toBe(0);
    const dup = await t.call({ method: 'POST', path: '/api/user/patient', token, body: { ...base, idNum } });
    expect(dup.code).toBe(409);
    expect(dup.message).toBe('该身份证号已在管理组中登记');
  });

  it('walks the protocol: enrol → baseline → follow-ups → overdue → end, with consistent lists and counts', async () => {
    const before = await center();
    const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '流程患者' });
    let after = await center();
    expect(after.managementTeamCount).toBe(before.managementTeamCount! + 1);
    expect(after.managementTeamUnCompletedCount).toBe(before.managementTeamUnCompletedCount! + 1);

    const find = async (body: Record<string, unknown>) => (await list(body)).data.list.find((i) => i.id === p.id);
    expect((await find({ fillStatus: 'uncompleted' }))?.fillStatus).toBe('uncompleted');
    const toBeContinued = await t.call<Page>({
      method: 'GET',
      path: '/api/annex/queryToBeContinued',
      token,
      query: { keyword: '流程患者' },
    });
    expect(toBeContinued.data.list.map((i) => i.id)).toEqual([p.id]);
    // Enrolled today: not overdue yet.
    expect((await find({}))?.overdue).toBe(false);

    for (const annex of ['1', '2', '3', '4', '6']) await storeRecord(t, p.id, annex, daysAgo(20), doctorId);
    expect((await find({ fillStatus: 'completed' }))?.fillStatus).toBe('completed');
    after = await center();
    expect(after.managementTeamCompletedCount).toBe(before.managementTeamCompletedCount! + 1);

    // A follow-up 16 days ago: overdue (last + 15 < today).
    await storeRecord(t, p.id, '7', daysAgo(16), doctorId);
    const overdue = await find({ overdueOnly: true });
    expect(overdue?.overdue).toBe(true);
    expect(overdue?.lastFollowUpDate).toBe(daysAgo(16));
    const check = await t.call<{ overdue: boolean; lastDate: string; dueDate: string; intervalDays: number }>({
      method: 'GET',
      path: '/api/user/queryAnnex7TheLastTimeIsOver',
      token,
      query: { id: p.id },
    });
    expect(check.data).toEqual({ overdue: true, lastDate: daysAgo(16), dueDate: daysAgo(1), intervalDays: 15 });
    const wrongAnnex = await t.call({ method: 'GET', path: '/api/user/queryAnnex9TheLastTimeIsOver', token, query: { id: p.id } });
    expect(wrongAnnex.code).toBe(400);

    // Exactly 15 days ago is due today, not overdue.
    await storeRecord(t, p.id, '7', daysAgo(15), doctorId);
    expect((await find({}))?.overdue).toBe(false);

    // End management: moves to the ended list and, without annex 8, back to not completed.
    expect((await t.call({ method: 'GET', path: '/api/user/endManagementPatient', token, query: { id: p.id } })).code).toBe(0);
    expect((await find({ state: 'completed' }))?.endManagement).toBe(true);
    expect(await find({ state: 'running' })).toBeUndefined();
    expect((await find({}))?.fillStatus).toBe('uncompleted');
    await storeRecord(t, p.id, '8', daysAgo(0), doctorId);
    expect((await find({}))?.fillStatus).toBe('completed');
    const again = await t.call({ method: 'GET', path: '/api/user/endManagementPatient', token, query: { id: p.id } });
    expect(again.code).toBe(409);

    const final = await center();
    expect(final.managementTeamEndManagementCount).toBe(before.managementTeamEndManagementCount! + 1);
    // Every figure equals the total of the list it links to.
    expect(final.managementTeamCompletedCount).toBe((await list({ fillStatus: 'completed' })).data.total);
    expect(final.managementTeamUnCompletedCount).toBe((await list({ fillStatus: 'uncompleted' })).data.total);
    expect(final.managementTeamInManagementCount).toBe((await list({ state: 'running' })).data.total);
    expect(final.managementTeamEndManagementCount).toBe((await list({ state: 'completed' })).data.total);
    expect(final.managementTeamCount).toBe((await list({})).data.total);
  });

  it('counts the bell from dates, honouring notRemind and deleteFromIncompleteList', async () => {
    const bell = async () =>
      (await t.call<{ count: number; days: number }>({ method: 'GET', path: '/api/user/queryUnfilledRemind', token })).data;
    const start = await bell();
    expect(start.days).toBe(15);
    const a = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '逾期甲' });
    const b = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '逾期乙' });
    await storeRecord(t, a.id, '7', daysAgo(30), doctorId);
    await storeRecord(t, b.id, '7', daysAgo(30), doctorId);
    expect((await bell()).count).toBe(start.count + 2);

    expect((await t.call({ method: 'GET', path: '/api/user/notRemind', token, query: { id: a.id } })).code).toBe(0);
    expect((await bell()).count).toBe(start.count + 1);
    const silenced = (await list({ keyword: '逾期甲' })).data.list[0]!;
    expect(silenced.remindSilenced).toBe(true);
    expect(silenced.overdue).toBe(true);

    expect((await t.call({ method: 'GET', path: '/api/user/deleteFromIncompleteList', token, query: { id: b.id } })).code).toBe(0);
    expect((await bell()).count).toBe(start.count);
    expect((await list({ overdueOnly: true, keyword: '逾期乙' })).data.total).toBe(0);

    // A new follow-up ends the silence; once overdue again both come back.
    await storeRecord(t, a.id, '7', daysAgo(17), doctorId);
    await storeRecord(t, b.id, '7', daysAgo(17), doctorId);
    expect((await bell()).count).toBe(start.count + 2);
    expect((await list({ overdueOnly: true, keyword: '逾期乙' })).data.total).toBe(1);

    const notOverdue = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
    const refused = await t.call({ method: 'GET', path: '/api/user/deleteFromIncompleteList', token, query: { id: notOverdue.id } });
    expect(refused.code).toBe(400);
  });

  it('updates a patient with before/after in the audit log, and voids instead of deleting', async () => {
    const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '改名前' });
    const res = await t.call({ method: 'PUT', path: '/api/user', token, body: { id: p.id, name: '改名后' } });
    expect(res.code).toBe(0);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.update'), eq(auditLog.entityId, String(p.id))));
    const detail = audit!.detail as { before: { name: string }; after: { name: string } };
    expect(detail.before.name).toBe('改名前');
    expect(detail.after.name).toBe('改名后');

    const noReason = await t.call({ method: 'DELETE', path: '/api/user', token, query: { id: p.id } });
    expect(noReason.code).toBe(400);
    expect(noReason.message).toBe('请填写作废原因');
    expect((await t.call({ method: 'DELETE', path: '/api/user', token, query: { id: p.id, reason: '重复登记' } })).code).toBe(0);
    expect((await list({ keyword: '改名后' })).data.total).toBe(0);
    expect((await t.call({ method: 'GET', path: '/api/user/patient', token, query: { id: p.id } })).code).toBe(404);
  });

  it('searches an institution by name, ID prefix or mobile', async () => {
    const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '搜索目标' });
    const byName = await t.call<{ id: number }[]>({
      method: 'GET',
      path: '/api/user/institutionPatients',
      token,
      query: { institutionId: INSTITUTION_A, keyword: '搜索' },
    });
    expect(byName.data.map((r) => r.id)).toContain(p.id);
    const byId = await t.call<{ id: number }[]>({
      method: 'GET',
      path: '/api/user/institutionPatients',
      token,
      query: { institutionId: INSTITUTION_A, keyword: p.idNum },
    });
    expect(byId.data.map((r) => r.id)).toEqual([p.id]);
  });

  it('pages stably with limit at most 100', async () => {
    const over = await list({ limit: 101 });
    expect(over.code).toBe(400);
    expect(over.message).toContain('limit');
    const first = await list({ limit: 2, page: 1 });
    const second = await list({ limit: 2, page: 2 });
    expect(first.data.list).toHaveLength(2);
    expect(first.data.list.map((i) => i.id)).not.toContain(second.data.list[0]?.id);
  });
});
