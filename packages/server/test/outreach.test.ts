import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outreachContacts } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import {
  backdateEnrolment,
  createAdmin,
  createDoctor,
  daysAgo,
  enrolPatient,
  loginAs,
  nextMobile,
  nextResidentId,
  storeRecord,
} from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

interface Row {
  id: number;
  name: string;
  followUpStatus: string;
  lastContact?: { result: string; channel: string; contactDate: string } | null;
}

/** Follow-up outreach (docs/outreach.md): attempts, 转归, the four working lists, return to care, consent. */
describe.each(databaseKinds())('follow-up outreach on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let tokenB: string;
  let adminToken: string;
  let doctorId: number;
  const today = daysAgo(0);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    doctorId = doctor.id;
    token = await loginAs(t, doctor);
    tokenB = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_B }));
    adminToken = await loginAs(t, await createAdmin(t));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A managed patient of institution A whose due date (enrolment + 15 days) was `overdueDays` ago. */
  const overdue = async (name: string, overdueDays = 5) => {
    const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name });
    await backdateEnrolment(t, p.id, daysAgo(15 + overdueDays));
    return p.id;
  };
  const contact = (patientId: number, result: string, extra: Record<string, unknown> = {}, as = token) =>
    t.call<{ id: number; followUpStatus: string; followUpStatusReason: string | null }>({
      method: 'POST',
      path: '/api/outreach/contacts',
      token: as,
      body: { patientId, channel: 'phone', result, ...extra },
    });
  const list = async (body: Record<string, unknown>) => {
    const res = await t.call<{ list: Row[]; total: number }>({
      method: 'POST',
      path: '/api/user/list',
      token,
      body: { role: 'patient', limit: 100, ...body },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const names = async (outreach: string) => (await list({ outreach })).list.map((r) => r.name);

  it('records attempts, lists them newest first with who recorded them, and audits them', async () => {
    const id = await overdue('记录甲');
    expect((await contact(id, 'unreachable')).code).toBe(0);
    const second = await contact(id, 'other', { channel: 'homeVisit', note: '家中无人' });
    expect(second.code).toBe(0);
    expect(second.data.followUpStatus).toBe('active');
    const res = await t.call<{ result: string; channel: string; note: string | null; contactDate: string; createdBy: { id: number } }[]>({
      method: 'GET',
      path: '/api/outreach/contacts',
      token,
      query: { patientId: id },
    });
    expect(res.data.map((c) => [c.result, c.channel, c.note, c.contactDate])).toEqual([
      ['other', 'homeVisit', '家中无人', today],
      ['unreachable', 'phone', null, today],
    ]);
    expect(res.data[0]?.createdBy.id).toBe(doctorId);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'outreach.contact'));
    expect(audited.filter((a) => a.entityId === String(id))).toHaveLength(2);
  });

  it('refuses remindLater without a date, and a date in the past, with a message', async () => {
    const id = await overdue('校验乙');
    const missing = await contact(id, 'remindLater');
    expect(missing.code).not.toBe(0);
    expect(missing.message).toContain('提醒日期');
    const past = await contact(id, 'remindLater', { remindOn: daysAgo(1) });
    expect(past.code).not.toBe(0);
    expect(past.message).toBe('提醒日期应晚于今天');
  });

  it('movedAway, died and refused set the status with date and reason; a doctor sets it back to active', async () => {
    for (const [result, status] of [
      ['movedAway', 'movedAway'],
      ['died', 'died'],
      ['refused', 'refused'],
    ] as const) {
      const id = await overdue(`转归${result}`);
      const res = await contact(id, result);
      expect(res.code, res.message).toBe(0);
      expect(res.data.followUpStatus).toBe(status);
      const detail = await t.call<{ followUpStatus: string; followUpStatusAt: string }>({
        method: 'GET',
        path: '/api/user/patient',
        token,
        query: { id },
      });
      expect([detail.data.followUpStatus, detail.data.followUpStatusAt]).toEqual([status, today]);
      const back = await t.call<{ followUpStatus: string; followUpStatusReason: string }>({
        method: 'POST',
        path: '/api/outreach/status',
        token,
        body: { patientId: id, status: 'active', reason: '核实有误' },
      });
      expect([back.data.followUpStatus, back.data.followUpStatusReason]).toEqual(['active', '核实有误']);
    }
  });

  it('3 consecutive unreachable attempts over at least 30 days make the patient lost to follow-up; fewer days do not', async () => {
    const early = async (patientId: number, daysBack: number) =>
      t.database.db.insert(outreachContacts).values({
        patientId,
        institutionId: INSTITUTION_A,
        channel: 'phone',
        result: 'unreachable',
        contactDate: daysAgo(daysBack),
        createdAt: new Date(Date.now() - daysBack * 86_400_000),
      });
    const span30 = await overdue('失访丙', 40);
    await early(span30, 30);
    await early(span30, 15);
    expect((await contact(span30, 'unreachable')).data.followUpStatus).toBe('lostToFollowUp');
    const span29 = await overdue('未失访丁', 40);
    await early(span29, 29);
    await early(span29, 15);
    expect((await contact(span29, 'unreachable')).data.followUpStatus).toBe('active');
    // Broken by another result in between: not consecutive.
    const broken = await overdue('中断戊', 40);
    await early(broken, 35);
    await contact(broken, 'other');
    await early(broken, 1);
    expect((await contact(broken, 'unreachable')).data.followUpStatus).toBe('active');
  });

  it('180 days overdue with no attempt: lost to follow-up by the schedule; 179 days or a contact: not', async () => {
    const lost = await overdue('久逾期己', 180);
    const notYet = await overdue('差一天庚', 179);
    const contacted = await overdue('已联系辛', 200);
    await contact(contacted, 'other');
    const run = await t.call({ method: 'POST', path: '/api/outreach/reminders/run', token: adminToken });
    expect(run.code, run.message).toBe(0);
    const status = async (id: number) =>
      (await t.call<{ followUpStatus: string }>({ method: 'GET', path: '/api/user/patient', token, query: { id } })).data.followUpStatus;
    expect([await status(lost), await status(notYet), await status(contacted)]).toEqual(['lostToFollowUp', 'active', 'active']);
  });

  it('the four working lists follow the latest attempt since the due date, each row with its last attempt', async () => {
    await overdue('待联系A');
    const agreed = await overdue('已约B');
    const later = await overdue('稍后C');
    const laterToday = await overdue('稍后到期D');
    const unreachable = await overdue('未联系上E');
    const agreedOld = await overdue('已约过期F', 25);
    await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '未到期G' });
    await contact(agreed, 'agreedToVisit');
    await contact(later, 'remindLater', { remindOn: daysAgo(-3) });
    await contact(laterToday, 'remindLater', { remindOn: daysAgo(-1) });
    await t.database.db.update(outreachContacts).set({ remindOn: today }).where(eq(outreachContacts.patientId, laterToday));
    await contact(unreachable, 'wrongNumber');
    await contact(agreedOld, 'agreedToVisit');
    await t.database.db
      .update(outreachContacts)
      .set({ contactDate: daysAgo(15) })
      .where(eq(outreachContacts.patientId, agreedOld));

    const pick = (rows: string[]) => rows.filter((n) => /[A-G]$/.test(n)).sort();
    expect(pick(await names('toContact'))).toEqual(['已约过期F', '待联系A'].sort());
    expect(pick(await names('agreed'))).toEqual(['已约B']);
    expect(pick(await names('later'))).toEqual(['稍后到期D']);
    expect(pick(await names('unreachable'))).toEqual(['未联系上E']);
    const rows = (await list({ outreach: 'unreachable' })).list;
    expect(rows.find((r) => r.name === '未联系上E')?.lastContact).toEqual({ result: 'wrongNumber', channel: 'phone', contactDate: today });
    expect((await list({ outreach: 'toContact' })).list.find((r) => r.name === '待联系A')?.lastContact).toBeNull();

    // A visit moves the due date: the patient leaves the lists.
    await storeRecord(t, agreed, '7', today, doctorId);
    expect(await names('agreed')).not.toContain('已约B');
  });

  it('a patient who died leaves every worklist and the bell, and stays in the plain list and the search', async () => {
    const id = await overdue('离世H');
    const bell = async () => (await t.call<{ count: number }>({ method: 'GET', path: '/api/user/queryUnfilledRemind', token })).data.count;
    const before = await bell();
    expect(await names('toContact')).toContain('离世H');
    expect((await list({ overdueOnly: true })).list.map((r) => r.name)).toContain('离世H');
    await contact(id, 'died');
    expect(await bell()).toBe(before - 1);
    for (const outreach of ['toContact', 'agreed', 'later', 'unreachable']) expect(await names(outreach)).not.toContain('离世H');
    expect((await list({ overdueOnly: true })).list.map((r) => r.name)).not.toContain('离世H');
    expect((await list({ state: 'running', sort: 'dueDate' })).list.map((r) => r.name)).toContain('离世H');
    const found = (await list({ keyword: '离世H' })).list;
    expect(found.map((r) => [r.name, r.followUpStatus])).toEqual([['离世H', 'died']]);
    const { checkCounters } = await import('../src/db/queries/counters');
    expect(await checkCounters(t.database.db)).toEqual([]);
  });

  it('return to care: contacted while overdue, then a follow-up within 30 days (personal centre, last 30 days)', async () => {
    const centre = async () =>
      (
        await t.call<{ returnToCare: { contacted: number; returned: number; rate: number | null } }>({
          method: 'GET',
          path: '/api/annex/queryPersonalCenterData',
          token: tokenB,
        })
      ).data.returnToCare;
    expect(await centre()).toEqual({ contacted: 0, returned: 0, rate: null });
    const patientB = async (name: string) => {
      const p = await enrolPatient(t, tokenB, { institutionId: INSTITUTION_B, name });
      await backdateEnrolment(t, p.id, daysAgo(20));
      return p.id;
    };
    const back = await patientB('回归甲');
    const notBack = await patientB('未回归乙');
    const notOverdue = await enrolPatient(t, tokenB, { institutionId: INSTITUTION_B, name: '未逾期丙' });
    for (const id of [back, notBack, notOverdue.id]) expect((await contact(id, 'agreedToVisit', {}, tokenB)).code).toBe(0);
    expect(await centre()).toEqual({ contacted: 2, returned: 0, rate: 0 });
    await storeRecord(t, back, '7', today, doctorId);
    expect(await centre()).toEqual({ contacted: 2, returned: 1, rate: 0.5 });
  });

  it('SMS consent on enrolment and PUT /api/user, with the moment and who; withdrawal recorded the same way', async () => {
    const enrol = await t.call<{ id: number }>({
      method: 'POST',
      path: '/api/user/patient',
      token,
      body: {
        name: '同意甲',
        idNum: nextResidentId('1968-03-12', 'man'),
        tel_num: nextMobile(),
        institutionId: INSTITUTION_A,
        consentDate: '2026-01-05',
        smsConsent: true,
      },
    });
    expect(enrol.code, enrol.message).toBe(0);
    type Detail = { smsConsent: boolean; smsConsentAt: string | null; smsConsentBy: { id: number } | null };
    const detail = async (id: number) => (await t.call<Detail>({ method: 'GET', path: '/api/user/patient', token, query: { id } })).data;
    const given = await detail(enrol.data.id);
    expect([given.smsConsent, given.smsConsentBy?.id]).toEqual([true, doctorId]);
    expect(given.smsConsentAt).not.toBeNull();
    const without = await overdue('未同意乙');
    expect((await detail(without)).smsConsent).toBe(false);
    expect((await detail(without)).smsConsentAt).toBeNull();
    const withdraw = await t.call({ method: 'PUT', path: '/api/user', token, body: { id: enrol.data.id, smsConsent: false } });
    expect(withdraw.code, withdraw.message).toBe(0);
    const withdrawn = await detail(enrol.data.id);
    expect([withdrawn.smsConsent, withdrawn.smsConsentBy?.id]).toEqual([false, doctorId]);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'outreach.smsConsent'));
    expect(audited.map((a) => a.detail)).toContainEqual({ smsConsent: false });
  });

  it('scope: a doctor of another institution can neither record, read nor set the status', async () => {
    const id = await overdue('范围甲');
    expect((await contact(id, 'unreachable', {}, tokenB)).status).toBe(403);
    expect((await t.call({ method: 'GET', path: '/api/outreach/contacts', token: tokenB, query: { patientId: id } })).status).toBe(403);
    expect((await t.call({ method: 'GET', path: '/api/outreach/messages', token: tokenB, query: { patientId: id } })).status).toBe(403);
    const status = await t.call({ method: 'POST', path: '/api/outreach/status', token: tokenB, body: { patientId: id, status: 'died' } });
    expect(status.status).toBe(403);
    expect((await t.call({ method: 'POST', path: '/api/outreach/reminders/run', token })).status).toBe(403);
  });

  it('the admin lists every institution with its reminder switch and turns one off and on again', async () => {
    const settings = async () =>
      (
        await t.call<{ list: { institutionId: number; name: string; enabled: boolean }[] }>({
          method: 'GET',
          path: '/api/outreach/reminders/settings',
          token: adminToken,
        })
      ).data.list;
    const before = await settings();
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before.find((i) => i.institutionId === INSTITUTION_A)).toMatchObject({ enabled: true });
    const off = await t.call({
      method: 'POST',
      path: '/api/outreach/reminders/settings',
      token: adminToken,
      body: { institutionId: INSTITUTION_A, enabled: false },
    });
    expect(off.code, off.message).toBe(0);
    expect((await settings()).find((i) => i.institutionId === INSTITUTION_A)?.enabled).toBe(false);
    await t.call({
      method: 'POST',
      path: '/api/outreach/reminders/settings',
      token: adminToken,
      body: { institutionId: INSTITUTION_A, enabled: true },
    });
    expect((await settings()).find((i) => i.institutionId === INSTITUTION_A)?.enabled).toBe(true);
    expect((await t.call({ method: 'GET', path: '/api/outreach/reminders/settings', token })).status).toBe(403);
  });
});
