import { INSTRUMENTS, type InstrumentContext, type PatientListItem, previewDerived } from '@tcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCounters } from '../src/db/queries/counters';
import { refreshPatientSummary } from '../src/db/queries/patient-summary';
import { annexRecords } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { addComparisonMember, createAdmin, createDoctor, daysAgo, enrolPatient, loginAs } from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

interface RecordOut {
  id: number;
  revision: number;
  data: Record<string, unknown>;
  derived: Record<string, unknown>;
}
interface Page {
  list: PatientListItem[];
  total: number;
}

const TODAY = daysAgo(0);
const IN_14_DAYS = daysAgo(-14);

/**
 * The urgent worklist: a patient whose latest record of an alert-assessing instrument has an alert and
 * records no referral is urgent until a later such record without an alert, or the referral, is saved.
 * While urgent, the next follow-up is due at the latest 14 days after the alert's visit.
 */
describe.each(databaseKinds())('urgent worklist on %s', (kind) => {
  let t: TestApp;
  let doctorA: { id: number; token: string };
  let tokenB: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const a = await createDoctor(t, { institutionId: INSTITUTION_A });
    doctorA = { id: a.id, token: await loginAs(t, a) };
    tokenB = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_B }));
    admin = await loginAs(t, await createAdmin(t));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  // A visit after an alert is often the same day: each confirms a second same-day follow-up.
  const save = async (annex: string, patientId: number, data: Record<string, unknown>, token = doctorA.token) => {
    const res = await t.call<RecordOut>({
      method: 'POST',
      path: `/api/annex/${annex}/records`,
      token,
      body: { patientId, data, confirmDuplicate: true },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const list = async (path: string, body: Record<string, unknown>, token = doctorA.token) => {
    const res = await t.call<Page>({ method: 'POST', path, token, body: { limit: 100, ...body } });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const managed = (body: Record<string, unknown> = {}, token = doctorA.token) =>
    list('/api/user/list', { role: 'patient', ...body }, token);
  const comparison = (body: Record<string, unknown> = {}, token = doctorA.token) => list('/api/comparative/list', body, token);
  /** One patient as the lists show it, found by its id in the group's list. */
  const itemOf = async (id: number, group: 'managed' | 'comparison') => {
    const page = group === 'managed' ? await managed() : await comparison();
    const item = page.list.find((p) => p.id === id);
    if (!item) throw new Error(`patient ${id} not listed`);
    return item;
  };
  const bell = async (token = doctorA.token) => {
    const res = await t.call<{ count: number; urgentCount: number }>({ method: 'GET', path: '/api/user/queryUnfilledRemind', token });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  /** A controlled annex 9 visit of a diabetic member, today, with the values under test on top. */
  const annex9Visit = (values: Record<string, unknown> = {}) => ({
    visitDate: TODAY,
    way: 'clinic',
    symptoms: ['none'],
    urgentSigns: ['none'],
    sbp: 128,
    dbp: 78,
    fpg: 6.2,
    adverseReaction: 'no',
    visitClass: 'satisfactory',
    ...values,
  });

  it('an annex 9 alert makes a diabetic member urgent, with the value and the date, due within 14 days', async () => {
    const member = await addComparisonMember(t, doctorA.token, { institutionId: INSTITUTION_A, role: 1, name: '危急九' });
    const before = await itemOf(member.id, 'comparison');
    expect(before).toMatchObject({ urgent: false, urgentAlert: null });
    const record = await save('9', member.id, annex9Visit({ fpg: 17.2, visitClass: 'unsatisfactory' }));
    expect(record.derived.hasAlert).toBe(true);
    const item = await itemOf(member.id, 'comparison');
    expect(item.urgent).toBe(true);
    expect(item.urgentAlert).toMatchObject({ date: TODAY, annex: '9', recordId: record.id });
    expect(item.urgentAlert?.items).toEqual([expect.objectContaining({ code: 'glucoseHigh', item: 'fpg', value: 17.2 })]);
    expect(item.urgentAlert?.items[0]?.message).toContain('17.2');
    // The comparison group is due every 90 days; with the alert unresolved, 14 days after the visit.
    expect(item.nextDueDate).toBe(IN_14_DAYS);
    const urgent = await comparison({ urgentOnly: true });
    expect(urgent.list.map((p) => p.id)).toContain(member.id);
    expect(urgent.list.every((p) => p.urgent)).toBe(true);
    expect(urgent.total).toBe(urgent.list.length);
  });

  it('an annex 7 alert makes a managed patient urgent; a later visit without an alert clears it', async () => {
    const patient = await enrolPatient(t, doctorA.token, { institutionId: INSTITUTION_A, name: '危急七' });
    const alert = await save('7', patient.id, { visitDate: TODAY, way: 'clinic', sbp: 186, dbp: 96 });
    expect(alert.derived.hasAlert).toBe(true);
    const item = await itemOf(patient.id, 'managed');
    expect(item.urgent).toBe(true);
    expect(item.urgentAlert?.items).toEqual([expect.objectContaining({ code: 'bloodPressureHigh', item: 'sbp', value: 186 })]);
    // The managed group is due every 15 days; capped at 14 after the alert's visit.
    expect(item.nextDueDate).toBe(IN_14_DAYS);
    expect((await managed({ urgentOnly: true })).list.map((p) => p.id)).toContain(patient.id);
    // A record of an instrument that assesses no danger values is no contact for the rule: still urgent.
    await save('custom', patient.id, { title: '电话沟通', recordDate: TODAY, content: '已告知尽快就诊' });
    expect((await itemOf(patient.id, 'managed')).urgent).toBe(true);

    await save('7', patient.id, { visitDate: TODAY, way: 'phone', sbp: 138, dbp: 86 });
    const cleared = await itemOf(patient.id, 'managed');
    expect(cleared).toMatchObject({ urgent: false, urgentAlert: null, nextDueDate: daysAgo(-15) });
    expect((await managed({ urgentOnly: true })).list.map((p) => p.id)).not.toContain(patient.id);
    expect(await checkCounters(t.database.db)).toEqual([]);
  });

  it('baseline alerts count too: annex 1 low glucose, then an annex 6 exam with a danger blood pressure', async () => {
    const patient = await enrolPatient(t, doctorA.token, { institutionId: INSTITUTION_A, name: '基线危急' });
    const diagnosis = await save('1', patient.id, { testDate: TODAY, fpg: 3.6 });
    expect(diagnosis.derived.hasAlert).toBe(true);
    expect((await itemOf(patient.id, 'managed')).urgentAlert?.items).toEqual([
      expect.objectContaining({ code: 'glucoseLow', item: 'fpg', value: 3.6 }),
    ]);
    const exam = await save('6', patient.id, { examDate: TODAY, height: 168, weight: 70, sbp: 150, dbp: 112 });
    const item = await itemOf(patient.id, 'managed');
    expect(item.urgentAlert).toMatchObject({ annex: '6', recordId: exam.id });
    expect(item.urgentAlert?.items).toEqual([expect.objectContaining({ code: 'bloodPressureHigh', item: 'dbp', value: 112 })]);
    expect(item.nextDueDate).toBe(IN_14_DAYS);
  });

  it('a referral recorded on annex 9, or written onto the alert record, clears the flag', async () => {
    const referred = await addComparisonMember(t, doctorA.token, { institutionId: INSTITUTION_A, role: 1, name: '已转诊' });
    await save(
      '9',
      referred.id,
      annex9Visit({ fpg: 3.2, referral: true, referralReason: '低血糖', referralInstitution: '区人民医院内分泌科' }),
    );
    expect(await itemOf(referred.id, 'comparison')).toMatchObject({ urgent: false, nextDueDate: daysAgo(-90) });

    const member = await addComparisonMember(t, doctorA.token, { institutionId: INSTITUTION_A, role: 1, name: '补记转诊' });
    const alert = await save('9', member.id, annex9Visit({ sbp: 190, dbp: 112 }));
    expect((await itemOf(member.id, 'comparison')).urgent).toBe(true);
    const edited = await t.call<RecordOut>({
      method: 'PUT',
      path: `/api/annex/9/records/${alert.id}`,
      token: doctorA.token,
      body: {
        revision: alert.revision,
        data: { ...alert.data, referral: true, referralReason: '血压危急值', referralInstitution: '区人民医院心内科' },
      },
    });
    expect(edited.code, edited.message).toBe(0);
    expect(await itemOf(member.id, 'comparison')).toMatchObject({ urgent: false, urgentAlert: null });
    expect(await checkCounters(t.database.db)).toEqual([]);
  });

  it('a referral note on annex 7, with the alert or written onto it later, clears the flag', async () => {
    const referred = await enrolPatient(t, doctorA.token, { institutionId: INSTITUTION_A, name: '七转诊' });
    await save('7', referred.id, {
      visitDate: TODAY,
      way: 'clinic',
      fpg: 17.8,
      referral: true,
      referralNote: '区人民医院内分泌科，血糖危急值',
    });
    expect(await itemOf(referred.id, 'managed')).toMatchObject({ urgent: false, urgentAlert: null, nextDueDate: daysAgo(-15) });

    const patient = await enrolPatient(t, doctorA.token, { institutionId: INSTITUTION_A, name: '七补记转诊' });
    const alert = await save('7', patient.id, { visitDate: TODAY, way: 'phone', fpg: 3.4 });
    expect((await itemOf(patient.id, 'managed')).urgent).toBe(true);
    const bellBefore = (await bell()).urgentCount;
    const edited = await t.call<RecordOut>({
      method: 'PUT',
      path: `/api/annex/7/records/${alert.id}`,
      token: doctorA.token,
      body: { revision: alert.revision, data: { ...alert.data, referral: true, referralNote: '社区医院急诊，低血糖' } },
    });
    expect(edited.code, edited.message).toBe(0);
    expect(await itemOf(patient.id, 'managed')).toMatchObject({ urgent: false, urgentAlert: null });
    expect((await managed({ urgentOnly: true })).list.map((p) => p.id)).not.toContain(patient.id);
    expect((await bell()).urgentCount).toBe(bellBefore - 1);
    expect(await checkCounters(t.database.db)).toEqual([]);
  });

  it('voiding the alert record clears the flag; voiding the record after it brings it back', async () => {
    const member = await addComparisonMember(t, doctorA.token, { institutionId: INSTITUTION_A, role: 1, name: '作废' });
    const alert = await save('9', member.id, annex9Visit({ fpg: 18 }));
    const later = await save('9', member.id, annex9Visit({ fpg: 6.5 }));
    expect((await itemOf(member.id, 'comparison')).urgent).toBe(false);
    const voidLater = await t.call({
      method: 'DELETE',
      path: `/api/annex/9/records/${later.id}`,
      token: doctorA.token,
      query: { reason: '录入错误' },
    });
    expect(voidLater.code, voidLater.message).toBe(0);
    expect((await itemOf(member.id, 'comparison')).urgentAlert?.recordId).toBe(alert.id);
    const voidAlert = await t.call({
      method: 'DELETE',
      path: `/api/annex/9/records/${alert.id}`,
      token: doctorA.token,
      query: { reason: '录入错误' },
    });
    expect(voidAlert.code, voidAlert.message).toBe(0);
    expect((await itemOf(member.id, 'comparison')).urgent).toBe(false);
    expect(await checkCounters(t.database.db)).toEqual([]);
  });

  it('an unresolved alert older than 14 days makes the patient overdue and rings the bell', async () => {
    const patient = await enrolPatient(t, doctorA.token, { institutionId: INSTITUTION_A, name: '逾期危急' });
    const bellBefore = await bell();
    // Stored 15 days ago: without the alert it would fall due today (not overdue); with it, yesterday.
    await storeAlertRecord(patient.id, '7', daysAgo(15), { sbp: 182, dbp: 100 });
    const item = await itemOf(patient.id, 'managed');
    expect(item).toMatchObject({ urgent: true, nextDueDate: daysAgo(1), overdue: true });
    const bellAfter = await bell();
    expect(bellAfter.count).toBe(bellBefore.count + 1);
    expect(bellAfter.urgentCount).toBe(bellBefore.urgentCount + 1);
    expect((await managed({ overdueOnly: true })).list.map((p) => p.id)).toContain(patient.id);
    expect(await checkCounters(t.database.db)).toEqual([]);
  });

  it('lists the oldest alert first, with totals equal to the rows for a doctor, the admin and one institution', async () => {
    const older = await addComparisonMember(t, doctorA.token, { institutionId: INSTITUTION_A, role: 1, name: '较早危急' });
    await storeAlertRecord(older.id, '9', daysAgo(5), { fpg: 20.1 });
    const other = await addComparisonMember(t, tokenB, { institutionId: INSTITUTION_B, role: 1, name: '乙机构危急' });
    await save('9', other.id, annex9Visit({ fpg: 3.0 }), tokenB);

    const mine = await comparison({ urgentOnly: true });
    expect(mine.list[0]?.id).toBe(older.id);
    const dates = mine.list.map((p) => p.urgentAlert?.date ?? '');
    expect(dates).toEqual([...dates].sort());
    expect(mine.list.some((p) => p.id === other.id)).toBe(false);
    expect(mine.total).toBe(mine.list.length);
    // Paged: the total is the same on every page and past the end.
    const paged = await Promise.all([1, 2, 99].map((page) => comparison({ urgentOnly: true, page, limit: 1 })));
    expect(paged.map((p) => p.total)).toEqual([mine.total, mine.total, mine.total]);
    // With another filter the total is counted from the rows.
    const withRole = await comparison({ urgentOnly: true, role: 1, keyword: '危急' });
    expect(withRole.total).toBe(withRole.list.length);

    const city = await comparison({ urgentOnly: true }, admin);
    expect(city.total).toBe(city.list.length);
    expect(city.list.map((p) => p.id)).toEqual(expect.arrayContaining([older.id, other.id]));
    const onlyB = await comparison({ urgentOnly: true, institutionId: INSTITUTION_B }, admin);
    expect(onlyB.list.map((p) => p.id)).toEqual([other.id]);
    expect(onlyB.total).toBe(1);
    const managedUrgent = await managed({ urgentOnly: true });
    expect(managedUrgent.total).toBe(managedUrgent.list.length);

    // The bell counts the urgent patients of both groups of the doctor's institution only.
    expect((await bell()).urgentCount).toBe(mine.total + managedUrgent.total);
    expect((await bell(tokenB)).urgentCount).toBe(1);
    // Another institution's urgent list is refused as every list is.
    const refused = await t.call({
      method: 'POST',
      path: '/api/comparative/list',
      token: tokenB,
      body: { urgentOnly: true, institutionId: INSTITUTION_A },
    });
    expect(refused.status).toBe(403);
    expect(await checkCounters(t.database.db)).toEqual([]);
  });

  it('refuses an urgentOnly that is not a boolean, naming the field', async () => {
    const res = await t.call({
      method: 'POST',
      path: '/api/user/list',
      token: doctorA.token,
      body: { role: 'patient', urgentOnly: 'yes' },
    });
    expect(res.code).not.toBe(0);
    expect(res.message).toContain('urgentOnly');
  });

  /**
   * A record dated before the patient's enrolment (the API keeps follow-ups after it), stored the way
   * the records service stores one: the derived values of the contracts' definition, then the summary.
   */
  async function storeAlertRecord(patientId: number, annex: '7' | '9', filledAt: string, values: Record<string, number>) {
    const data = { visitDate: filledAt, way: 'clinic', ...values };
    const context: InstrumentContext = {
      today: TODAY,
      gender: 'man',
      birthDate: '1968-03-12',
      cohort: annex === '7' ? 'managed' : 'comparison',
    };
    const derived = previewDerived(INSTRUMENTS[annex], data, context);
    expect(derived.hasAlert).toBe(true);
    await t.database.db.insert(annexRecords).values({ patientId, annex, version: 1, data, derived, filledAt, doctorId: doctorA.id });
    await refreshPatientSummary(t.database.db, patientId);
  }
});
