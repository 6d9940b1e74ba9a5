import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases';
import { addComparisonMember, createDoctor, daysAgo, enrolPatient, loginAs, storeRecord } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

interface Item {
  id: number;
  name: string;
  nextDueDate: string | null;
  overdue: boolean;
}
interface Page {
  list: Item[];
  total: number;
}

/** The home worklist's views: due soon and sort by due date, filtered and ordered in SQL. */
describe.each(databaseKinds())('worklist filters on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    token = await loginAs(t, doctor);
    // Managed group: due every 15 days after the last follow-up (annex 7) or enrolment.
    const managed = async (name: string, lastFollowUpDaysAgo: number | null) => {
      const patient = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name });
      if (lastFollowUpDaysAgo !== null) await storeRecord(t, patient.id, '7', daysAgo(lastFollowUpDaysAgo), doctor.id);
    };
    await managed('逾期甲', 20); // due 5 days ago
    await managed('将到期乙', 10); // due in 5 days
    await managed('今天到期丙', 15); // due today
    await managed('较远丁', 2); // due in 13 days
    await managed('刚到期外戊', 7); // due in 8 days: just outside a 7-day window
    // Comparison group: due every 90 days (annex 7 for role 0, annex 9 for role 1).
    const soon = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 0, name: '对照将到期' });
    await storeRecord(t, soon.id, '7', daysAgo(85), doctor.id); // due in 5 days
    const late = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 1, name: '对照逾期' });
    await storeRecord(t, late.id, '9', daysAgo(100), doctor.id); // due 10 days ago
    await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 0, name: '对照新入' }); // due in 90 days
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const managedList = async (body: Record<string, unknown>) => {
    const res = await t.call<Page>({ method: 'POST', path: '/api/user/list', token, body: { role: 'patient', limit: 100, ...body } });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const comparisonList = async (body: Record<string, unknown>) => {
    const res = await t.call<Page>({ method: 'POST', path: '/api/comparative/list', token, body: { limit: 100, ...body } });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const names = (page: Page) => page.list.map((p) => p.name);

  it('due soon: in management and due from today to today + N days, the earliest first', async () => {
    const page = await managedList({ state: 'running', dueWithinDays: 7 });
    expect(names(page)).toEqual(['今天到期丙', '将到期乙']);
    expect(page.total).toBe(2);
    expect(page.list.map((p) => p.nextDueDate)).toEqual([daysAgo(0), daysAgo(-5)]);
    // The window's last day counts.
    expect(names(await managedList({ dueWithinDays: 8 }))).toEqual(['今天到期丙', '将到期乙', '刚到期外戊']);
    expect(names(await comparisonList({ dueWithinDays: 7 }))).toEqual(['对照将到期']);
  });

  it('sort by due date puts the longest-waiting patient first; the default stays newest enrolled first', async () => {
    expect(names(await managedList({ state: 'running', sort: 'dueDate' }))).toEqual([
      '逾期甲',
      '今天到期丙',
      '将到期乙',
      '刚到期外戊',
      '较远丁',
    ]);
    expect(names(await managedList({ state: 'running' }))).toEqual(['刚到期外戊', '较远丁', '今天到期丙', '将到期乙', '逾期甲']);
    expect(names(await comparisonList({ sort: 'dueDate' }))).toEqual(['对照逾期', '对照将到期', '对照新入']);
  });

  it('the overdue view of the comparison group is filtered by the server, so every page is full', async () => {
    const page = await comparisonList({ state: 'running', overdueOnly: true, sort: 'dueDate' });
    expect(names(page)).toEqual(['对照逾期']);
    expect(page.total).toBe(1);
    expect(page.list[0]?.overdue).toBe(true);
  });

  it('ended patients are never due', async () => {
    const [soon] = (await managedList({ keyword: '将到期乙' })).list;
    const ended = await t.call({ method: 'GET', path: '/api/user/endManagementPatient', token, query: { id: soon!.id } });
    expect(ended.code, ended.message).toBe(0);
    expect(names(await managedList({ dueWithinDays: 7 }))).toEqual(['今天到期丙']);
  });

  it('rejects a window outside 1 to 90 days and an unknown sort with a message naming the field', async () => {
    for (const dueWithinDays of [0, 91, 2.5, 'soon']) {
      const res = await t.call({ method: 'POST', path: '/api/user/list', token, body: { role: 'patient', dueWithinDays } });
      expect(res.code).not.toBe(0);
      expect(res.message).toContain('dueWithinDays');
    }
    const res = await t.call({ method: 'POST', path: '/api/comparative/list', token, body: { sort: 'name' } });
    expect(res.code).not.toBe(0);
    expect(res.message).toContain('sort');
  });
});
