import { IndicatorPaths, type IndicatorPatientsResult, type IndicatorReport, type PatientGapsResult } from '@tcm/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillIndicatorFacts, checkIndicatorFacts, refreshIndicatorFacts } from '../src/db/queries/indicator-facts';
import { refreshOutcomeFacts } from '../src/db/queries/outcome-facts';
import { refreshPatientSummary } from '../src/db/queries/patient-summary';
import { annexRecords, indicatorFacts, outreachContacts, patients } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { type AccountFixture, addComparisonMember, createAdmin, createDoctor, loginAs } from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';
import { download, openWorkbook, readSheet } from './support/xlsx';

/**
 * The management quality indicators over a hand-built cohort of the pre-diabetes comparison group
 * (90-day follow-up, 30 days of grace, baseline 1 + 3 + 6), every patient enrolled 2025-04-01,
 * counted for 2025-Q3 (07-01 … 09-30), long past, so every window has closed:
 *
 *   P1 inst A, doctor A1: baseline 04-01; a7 06-25 (due 06-30, on time); a7 09-30 (due 09-23, on time) → standard
 *   P2 inst A, doctor A2: baseline 04-01; no follow-up (06-30 missed; window reopens, 09-28 missed)     → not standard
 *   P3 inst B, doctor B:  a1 only (baseline incomplete); a7 06-25, 09-30 as P1                             → not standard
 *   P4 inst A, doctor A1: moved away 2025-06-15 (before the period)                                        → left out
 *
 * City: standardManagement 1 / 3; onTimeFollowUp (due 09-23 P1 on time, 09-28 P2 missed, 09-23 P3 on
 * time) 2 / 3. Institution A: 1 / 2 and 1 / 2. Doctor A1: 1 / 1; doctor A2: 0 / 1.
 */
describe.each(databaseKinds())('management quality indicators on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let doctorA1: AccountFixture;
  let tokenA1: string;
  let doctorA2: AccountFixture;
  let tokenA2: string;
  let tokenB: string;
  const ids: Record<string, number> = {};

  async function record(patientId: number, annex: string, filledAt: string, doctorId: number, data: Record<string, unknown> = {}) {
    await t.database.db.insert(annexRecords).values({ patientId, annex, version: 1, data, derived: {}, filledAt, doctorId });
    await refreshPatientSummary(t.database.db, patientId);
    await refreshOutcomeFacts(t.database.db, patientId);
  }

  async function member(name: string, token: string, institutionId: number): Promise<number> {
    const { id } = await addComparisonMember(t, token, { institutionId, role: 0, name });
    await t.database.db.update(patients).set({ enrolledAt: '2025-04-01' }).where(eq(patients.id, id));
    await refreshOutcomeFacts(t.database.db, id);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await loginAs(t, await createAdmin(t));
    doctorA1 = await createDoctor(t, { institutionId: INSTITUTION_A, name: '甲医生' });
    doctorA2 = await createDoctor(t, { institutionId: INSTITUTION_A, name: '乙医生' });
    const doctorB = await createDoctor(t, { institutionId: INSTITUTION_B, name: '丙医生' });
    tokenA1 = await loginAs(t, doctorA1);
    tokenA2 = await loginAs(t, doctorA2);
    tokenB = await loginAs(t, doctorB);
    ids.P1 = await member('患者一', tokenA1, INSTITUTION_A);
    ids.P2 = await member('患者二', tokenA2, INSTITUTION_A);
    ids.P3 = await member('患者三', tokenB, INSTITUTION_B);
    ids.P4 = await member('患者四', tokenA1, INSTITUTION_A);
    for (const [key, doctor] of [
      ['P1', doctorA1.id],
      ['P2', doctorA2.id],
      ['P4', doctorA1.id],
    ] as const) {
      for (const annex of ['1', '3', '6']) await record(ids[key]!, annex, '2025-04-01', doctor);
    }
    await record(ids.P3!, '1', '2025-04-01', doctorB.id);
    for (const key of ['P1', 'P3'] as const) {
      await record(ids[key]!, '7', '2025-06-25', doctorA1.id);
      await record(ids[key]!, '7', '2025-09-30', doctorA1.id);
    }
    await t.database.db
      .update(patients)
      .set({ followUpStatus: 'movedAway', followUpStatusAt: '2025-06-15' })
      .where(eq(patients.id, ids.P4!));
  });
  afterAll(async () => t?.close());

  const report = async (token: string, query: Record<string, string | number> = {}) =>
    t.call<IndicatorReport>({ method: 'GET', path: IndicatorPaths.indicators, token, query: { period: '2025-Q3', ...query } });
  const figure = (r: IndicatorReport, key: string) => r.indicators.find((i) => i.key === key)!;
  const list = async (token: string, query: Record<string, string | number>) =>
    t.call<IndicatorPatientsResult>({
      method: 'GET',
      path: IndicatorPaths.patients,
      token,
      query: { period: '2025-Q3', limit: 100, ...query },
    });

  it('counts the city for the admin, with the figures by institution', async () => {
    const res = await report(admin);
    expect(res.code).toBe(0);
    expect(res.data.scope).toEqual({ level: 'city', institutionId: null, doctorId: null });
    expect(figure(res.data, 'standardManagement')).toMatchObject({ numerator: 1, denominator: 3, rate: 33.3 });
    expect(figure(res.data, 'onTimeFollowUp')).toMatchObject({ numerator: 2, denominator: 3, rate: 66.7 });
    expect(figure(res.data, 'activePatients')).toMatchObject({ numerator: 3, denominator: 3 });
    const a = res.data.byInstitution?.find((row) => row.id === INSTITUTION_A);
    expect(a?.indicators.find((i) => i.key === 'standardManagement')).toMatchObject({ numerator: 1, denominator: 2 });
    expect(res.data.byDoctor).toBeUndefined();
    expect(res.data.trend).toHaveLength(12);
    expect(res.data.trend.at(-1)).toMatchObject({ period: '2025-Q3', rates: { standardManagement: 33.3 } });
  });

  it('gives a doctor their institution by doctor, their own patients as a filter, and refuses others', async () => {
    const res = await report(tokenA1);
    expect(res.data.scope).toEqual({ level: 'institution', institutionId: INSTITUTION_A, doctorId: null });
    expect(figure(res.data, 'standardManagement')).toMatchObject({ numerator: 1, denominator: 2 });
    const byDoctor = Object.fromEntries(
      (res.data.byDoctor ?? []).map((row) => [row.name, row.indicators.find((i) => i.key === 'standardManagement')]),
    );
    expect(byDoctor.甲医生).toMatchObject({ numerator: 1, denominator: 1 });
    expect(byDoctor.乙医生).toMatchObject({ numerator: 0, denominator: 1 });
    const own = await report(tokenA2, { doctorId: doctorA2.id });
    expect(figure(own.data, 'standardManagement')).toMatchObject({ numerator: 0, denominator: 1 });
    expect((await report(tokenA1, { institutionId: INSTITUTION_B })).code).not.toBe(0);
    expect((await report(tokenA1, { doctorId: doctorA2.id })).status).toBe(403);
    const bad = await report(tokenA1, { period: '2025-Q5' });
    expect(bad.code).not.toBe(0);
    expect(bad.message).toContain('统计期');
  });

  it('lists the patients behind each figure, and the lists add up to the counts', async () => {
    for (const key of ['standardManagement', 'onTimeFollowUp', 'activePatients', 'baselineCompletion', 'lostToFollowUp']) {
      const full = figure((await report(admin)).data, key);
      for (const side of ['numerator', 'denominator', 'gap'] as const) {
        const res = await list(admin, { key, in: side });
        expect(res.code).toBe(0);
        const expected =
          side === 'numerator' ? full.numerator : side === 'denominator' ? full.denominator : full.denominator - full.numerator;
        expect(res.data.units).toBe(expected);
        expect(res.data.list.reduce((sum, p) => sum + p.count, 0)).toBe(expected);
      }
    }
    const gap = await list(admin, { key: 'standardManagement', in: 'gap' });
    expect(gap.data.list.map((p) => p.id)).toEqual([ids.P2, ids.P3]);
    const numerator = await list(tokenA1, { key: 'standardManagement', in: 'numerator' });
    expect(numerator.data.list.map((p) => p.name)).toEqual(['患者一']);
    const paged = await list(admin, { key: 'standardManagement', in: 'denominator', limit: 2, page: 2 });
    expect(paged.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.data.list.map((p) => p.id)).toEqual([ids.P3]);
    expect((await list(tokenB, { key: 'standardManagement', in: 'gap', institutionId: INSTITUTION_A })).status).toBe(403);
    expect((await list(admin, { key: 'nope', in: 'gap' })).code).not.toBe(0);
  });

  it('lets the admin set targets and shows them met or not', async () => {
    const set = (token: string, body: unknown) => t.call({ method: 'PUT', path: IndicatorPaths.targets, token, body });
    expect((await set(admin, { key: 'standardManagement', target: 30 })).code).toBe(0);
    expect((await set(admin, { key: 'onTimeFollowUp', target: 80 })).code).toBe(0);
    expect((await set(tokenA1, { key: 'onTimeFollowUp', target: 10 })).status).toBe(403);
    expect((await set(admin, { key: 'onTimeFollowUp', target: 101 })).code).not.toBe(0);
    expect((await set(admin, { key: 'activePatients', target: 50 })).code).not.toBe(0);
    const res = await report(admin);
    expect(figure(res.data, 'standardManagement')).toMatchObject({ target: 30, met: true });
    expect(figure(res.data, 'onTimeFollowUp')).toMatchObject({ target: 80, met: false });
    expect((await set(admin, { key: 'onTimeFollowUp', target: null })).code).toBe(0);
    expect(figure((await report(admin)).data, 'onTimeFollowUp').target).toBeUndefined();
    const listed = await t.call<{ list: unknown[] }>({ method: 'GET', path: IndicatorPaths.targets, token: tokenA1 });
    expect(listed.data.list).toEqual([{ key: 'standardManagement', target: 30 }]);
  });

  it("names what a patient fails on the patient's detail, within scope", async () => {
    const gaps = async (token: string, id: number) =>
      t.call<PatientGapsResult>({ method: 'GET', path: IndicatorPaths.patientGaps, token, query: { patientId: id } });
    expect((await gaps(tokenA1, ids.P2!)).data.list.map((g) => g.label)).toEqual(['随访逾期']);
    expect((await gaps(tokenB, ids.P3!)).data.list.map((g) => g.label)).toEqual(['基线未完成', '随访逾期']);
    expect((await gaps(tokenA1, ids.P4!)).data.list).toEqual([]);
    expect((await gaps(tokenB, ids.P2!)).status).toBe(403);
  });

  it('keeps the stored facts equal to a recount, and the check finds a row a write did not refresh', async () => {
    expect(await checkIndicatorFacts(t.database.db)).toEqual([]);
    await t.database.db
      .insert(outreachContacts)
      .values({ patientId: ids.P2!, institutionId: INSTITUTION_A, channel: 'phone', result: 'agreedToVisit', contactDate: '2025-07-05' });
    expect((await checkIndicatorFacts(t.database.db)).map((d) => d.patientId)).toEqual([ids.P2]);
    await refreshIndicatorFacts(t.database.db, ids.P2!);
    expect(await checkIndicatorFacts(t.database.db)).toEqual([]);
    // Start-up fills rows that are missing (a database written before the table, or by bulk SQL).
    await t.database.db.delete(indicatorFacts).where(inArray(indicatorFacts.patientId, [ids.P1!, ids.P3!]));
    expect((await checkIndicatorFacts(t.database.db)).map((d) => d.patientId)).toEqual([ids.P1, ids.P3]);
    expect(await backfillIndicatorFacts(t.database.db)).toBe(2);
    expect(await checkIndicatorFacts(t.database.db)).toEqual([]);
    // Contacted 07-05 while overdue (due 06-30), no follow-up within 30 days: not returned.
    expect(figure((await report(admin)).data, 'returnedToCare')).toMatchObject({ numerator: 0, denominator: 1 });
  });

  it('exports the indicators, institutions, doctors and gap lists with a codebook', async () => {
    const file = await download(t, IndicatorPaths.exportExcel, admin, { period: '2025-Q3' });
    expect(file.status).toBe(200);
    const book = await openWorkbook(file.body);
    expect(book.worksheets.map((s) => s.name)).toEqual(['指标', 'codebook', '各机构', '各医生', '差距名单']);
    const figures = readSheet(book, '指标').rows;
    expect(figures.find((r) => r.指标名称 === '规范管理率')).toMatchObject({ 分子: 1, 分母: 3 });
    const gaps = readSheet(book, '差距名单').rows.filter((r) => r.姓名 === '患者二');
    expect(gaps.length).toBeGreaterThan(0);
    const refused = await download(t, IndicatorPaths.exportExcel, tokenA1, { period: '2025-Q3', doctorId: doctorA2.id });
    expect(refused.status).toBe(403);
  });
});
