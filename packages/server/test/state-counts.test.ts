import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCounters } from '../src/db/queries/counters';
import { databaseKinds } from './support/databases';
import { addComparisonMember, backdateEnrolment, createDoctor, daysAgo, enrolPatient, loginAs, storeRecord } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

type Figures = Record<string, number>;
interface Page {
  total: number;
  list: { id: number }[];
}

/**
 * One state, one number: the bell, the home worklist's 逾期未随访 view, the list the bell opens, the
 * personal centre and the lists of 随访录入已完成 / 未完成 give the same count for the same doctor. Seven
 * managed patients whose states are worked out by hand below.
 */
describe.each(databaseKinds())('the same state counts the same everywhere on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let noRecord: number;
  let comparisonMember: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    token = await loginAs(t, doctor);
    const enrol = async (name: string, enrolledDaysAgo: number) => {
      const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name });
      if (enrolledDaysAgo > 0) await backdateEnrolment(t, p.id, daysAgo(enrolledDaysAgo));
      return p;
    };
    const baseline = async (id: number) => {
      for (const annex of ['1', '2', '3', '4', '6']) await storeRecord(t, id, annex, daysAgo(35), doctor.id);
    };
    const get = async (path: string, id: number) => expect((await t.call({ method: 'GET', path, token, query: { id } })).code).toBe(0);

    // 1. Enrolled 40 days ago, nothing filled: overdue, not completed.
    noRecord = (await enrol('甲无记录', 40)).id;
    // 2. Baseline complete, never followed up: overdue, completed.
    await baseline((await enrol('乙仅基线', 40)).id);
    // 3. Baseline and a follow-up 5 days ago: on schedule, completed.
    const onTime = await enrol('丙按期', 40);
    await baseline(onTime.id);
    await storeRecord(t, onTime.id, '7', daysAgo(5), doctor.id);
    // 4. Overdue, reminder silenced (不再提醒): off the reminder, not completed.
    await get('/api/user/notRemind', (await enrol('丁不再提醒', 40)).id);
    // 5. Overdue, taken off the list (移出未完成列表): not completed.
    await get('/api/user/deleteFromIncompleteList', (await enrol('戊已移出', 40)).id);
    // 6. Enrolled today: not yet due, not completed.
    await enrol('己今日入组', 0);
    // 7. Ended without the end evaluation: never overdue, not completed.
    await get('/api/user/endManagementPatient', (await enrol('庚已结束', 40)).id);
    // A comparison member is in neither managed count.
    comparisonMember = (await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 0 })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const bell = async () => (await t.call<{ count: number }>({ method: 'GET', path: '/api/user/queryUnfilledRemind', token })).data.count;
  const managedList = async (body: Record<string, unknown>) =>
    (await t.call<Page>({ method: 'POST', path: '/api/user/list', token, body: { role: 'patient', page: 1, limit: 50, ...body } })).data
      .total;
  const annexQuery = async (path: string) => (await t.call<Page>({ method: 'GET', path, token, query: { page: 1, limit: 50 } })).data.total;
  const centre = async () => (await t.call<Figures>({ method: 'GET', path: '/api/annex/queryPersonalCenterData', token })).data;

  it('逾期未随访: the bell, the home worklist and the list the bell opens all say 2 (patients 1 and 2)', async () => {
    expect(await bell()).toBe(2);
    // Home's managed worklist (view 逾期未随访) and /userList/running's overdue view make the same call.
    expect(await managedList({ state: 'running', overdueOnly: true })).toBe(2);
    expect(await managedList({ state: 'running', overdueOnly: true, sort: 'dueDate' })).toBe(2);
  });

  it('随访录入未完成 and 已完成: the personal centre, the annex queries and the list filters agree (5 and 2)', async () => {
    const figures = await centre();
    expect(figures.managementTeamUnCompletedCount).toBe(5);
    expect(figures.managementTeamCompletedCount).toBe(2);
    expect(await annexQuery('/api/annex/queryToBeContinued')).toBe(5);
    expect(await managedList({ fillStatus: 'uncompleted' })).toBe(5);
    expect(await annexQuery('/api/annex/queryCompleted')).toBe(2);
    expect(await managedList({ fillStatus: 'completed' })).toBe(2);
    expect(figures.managementTeamCount).toBe(await managedList({}));
  });

  const setStatus = async (patientId: number, status: string) =>
    expect((await t.call({ method: 'POST', path: '/api/outreach/status', token, body: { patientId, status } })).code).toBe(0);
  const comparisonList = async (body: Record<string, unknown>) =>
    (await t.call<Page>({ method: 'POST', path: '/api/comparative/list', token, body: { page: 1, limit: 50, ...body } })).data.total;

  it('a patient not active leaves the bell, the worklists and every personal-centre figure, but not the lists that find them', async () => {
    // Patient 1 (overdue, not completed, in management) died; the comparison member moved away.
    await setStatus(noRecord, 'died');
    await setStatus(comparisonMember, 'movedAway');
    expect(await bell()).toBe(1);
    expect(await managedList({ state: 'running', overdueOnly: true })).toBe(1);
    const figures = await centre();
    expect(figures).toMatchObject({
      managementTeamCount: 6,
      managementTeamCompletedCount: 2,
      managementTeamUnCompletedCount: 4,
      managementTeamInManagementCount: 5,
      managementTeamEndManagementCount: 1,
      comparativeTeamCount: 0,
      comparativeTeamEarlyCount: 0,
      comparativeTeamDiabetesCount: 0,
    });
    // The fill-in worklists say the same numbers as their figures.
    expect(await annexQuery('/api/annex/queryToBeContinued')).toBe(4);
    expect(await managedList({ fillStatus: 'uncompleted' })).toBe(4);
    expect(await annexQuery('/api/annex/queryCompleted')).toBe(2);
    expect(await managedList({ fillStatus: 'completed' })).toBe(2);
    // The plain, state and role lists and the searches still find both, with their status.
    expect(await managedList({})).toBe(7);
    expect(await managedList({ sort: 'dueDate' })).toBe(7);
    expect(await managedList({ state: 'running' })).toBe(6);
    expect(await managedList({ state: 'completed' })).toBe(1);
    expect(await managedList({ keyword: '甲无记录' })).toBe(1);
    expect(await comparisonList({ role: 0 })).toBe(1);
    expect(await checkCounters(t.database.db)).toEqual([]);
  });

  it('set back to active, the patient counts again everywhere', async () => {
    await setStatus(noRecord, 'active');
    await setStatus(comparisonMember, 'active');
    expect(await bell()).toBe(2);
    expect(await centre()).toMatchObject({
      managementTeamCount: 7,
      managementTeamUnCompletedCount: 5,
      managementTeamInManagementCount: 6,
      comparativeTeamCount: 1,
      comparativeTeamEarlyCount: 1,
    });
    expect(await managedList({ fillStatus: 'uncompleted' })).toBe(5);
    expect(await annexQuery('/api/annex/queryToBeContinued')).toBe(5);
    expect(await checkCounters(t.database.db)).toEqual([]);
  });
});
