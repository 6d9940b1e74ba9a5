import {
  baselineAbnormalMeasures,
  classifyGlycemia,
  confirmDiabetes,
  diabeticTestCount,
  type GlucoseMeasurement,
  isPrediabetesBaseline,
  judgeReversal,
  type OutcomeReport,
} from '@tcm/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baselineAbnormalSql, glycemicStatusSql, prediabetesBaselineSql, revertedSql } from '../src/db/queries/glycemic-sql';
import { refreshOutcomeFacts } from '../src/db/queries/outcome-facts';
import { annexRecords, auditLog, institutions, outcomeFacts, patients } from '../src/db/schema';
import type { Ctx } from '../src/lib/context';
import { createPatient, endManagement } from '../src/modules/patients/patient-service';
import { createSmsSender } from '../src/sms/sms-sender';
import { databaseKinds } from './support/databases';
import { type AccountFixture, createDoctor, daysAgo, loginAs, nextMobile, nextResidentId } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The outcome report's definitions (docs/outcomes.md), one small cohort each, in an institution of its
 * own so the report of that institution is exactly the cohort. Every expected figure is worked by
 * hand from the dates and values written beside it (days are days before today).
 */

const DAY_MS = 86_400_000;

describe.each(databaseKinds())('outcome definitions on %s', (kind) => {
  let t: TestApp;
  let institutionSeq = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new institution with one doctor: the cohort's own scope. */
  async function clinic() {
    institutionSeq += 1;
    const [row] = await t.database.db
      .insert(institutions)
      .values({ name: `定义测试社区${institutionSeq}-${Date.now()}` })
      .returning({ id: institutions.id });
    const doctor = await createDoctor(t, { institutionId: row!.id });
    return { institutionId: row!.id, doctor, token: await loginAs(t, doctor) };
  }
  type Clinic = Awaited<ReturnType<typeof clinic>>;

  const ctxAt = (doctor: AccountFixture, days: number): Ctx => ({
    db: t.database.db,
    actor: {
      id: doctor.id,
      role: 'doctor',
      name: '测试医生',
      username: doctor.username,
      institutionId: doctor.institutionId!,
      sessionId: 0,
    },
    requestId: 'outcome-definitions-test',
    ip: '127.0.0.1',
    now: new Date(Date.now() - days * DAY_MS),
    config: t.config,
    sms: createSmsSender({ name: 'test', async deliver() {} }),
  });

  /** Enrols through the API with an explicit enrolment date. */
  async function enrol(c: Clinic, cohort: 'managed' | 'comparison', enrolledDaysAgo: number): Promise<number> {
    const body = {
      name: '定义患者',
      idNum: nextResidentId('1962-03-03', 'man'),
      tel_num: nextMobile(),
      institutionId: c.institutionId,
      consentDate: daysAgo(enrolledDaysAgo),
      enrolledAt: daysAgo(enrolledDaysAgo),
      ...(cohort === 'comparison' ? { role: 0 } : {}),
    };
    const res = await t.call<{ id: number }>({
      method: 'POST',
      path: cohort === 'managed' ? '/api/user/patient' : '/api/comparative',
      token: c.token,
      body,
    });
    expect(res.code, res.message).toBe(0);
    return res.data.id;
  }
  async function save(c: Clinic, annex: string, patientId: number, data: Record<string, unknown>) {
    const res = await t.call<{ id: number; derived: Record<string, unknown> }>({
      method: 'POST',
      path: `/api/annex/${annex}/records`,
      token: c.token,
      body: { patientId, data },
    });
    expect(res.code, `annex ${annex}: ${res.message}`).toBe(0);
    return res.data;
  }
  const a1 = (c: Clinic, id: number, day: number, values: Record<string, unknown>) =>
    save(c, '1', id, { testDate: daysAgo(day), ...values });
  const a7 = (c: Clinic, id: number, day: number, values: Record<string, unknown>) =>
    save(c, '7', id, { visitDate: daysAgo(day), way: 'clinic', ...values });
  const a8 = (c: Clinic, id: number, day: number, values: Record<string, unknown>) =>
    save(c, '8', id, { evaluationDate: daysAgo(day), weight: 70, satisfaction: 'satisfied', ...values });

  async function report(c: Clinic, policy?: 'intentionToTreat' | 'untilEndOfManagement'): Promise<OutcomeReport> {
    const res = await t.call<OutcomeReport>({
      method: 'GET',
      path: '/api/programme/outcomes',
      token: c.token,
      query: policy ? { policy } : {},
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  }
  const facts = async (id: number) => (await t.database.db.select().from(outcomeFacts).where(eq(outcomeFacts.patientId, id)))[0]!;
  const years = (days: number) => days / 365.25;

  it('counts progression only when confirmed, dated at the first value of the confirming pair', async () => {
    const c = await clinic();
    // P1: IFG; FPG 7.0 at day 60 (−140), then 6.0 (−120), then a normal OGTT (−60): not progressed,
    // one unconfirmed diabetic value; FPG re-measured normal, so reverted. Followed −200 → −60: 140 days.
    const p1 = await enrol(c, 'managed', 200);
    await a1(c, p1, 200, { fpg: 6.5 });
    await a7(c, p1, 140, { fpg: 7.0 });
    await a7(c, p1, 120, { fpg: 6.0 });
    await a1(c, p1, 60, { fpg: 5.4, ogtt2h: 7.2 });
    // P2: FPG 7.1 (−150) confirmed by HbA1c 6.6 on another day (−130): progressed at −150, 50 days.
    const p2 = await enrol(c, 'managed', 200);
    await a1(c, p2, 200, { fpg: 6.4 });
    await a7(c, p2, 150, { fpg: 7.1 });
    await a7(c, p2, 130, { hba1c: 6.6 });
    // P3: FPG 7.4 with HbA1c 6.8 in one sitting (−100) confirms on the spot: 100 days.
    const p3 = await enrol(c, 'managed', 200);
    await a1(c, p3, 200, { fpg: 6.2 });
    await a7(c, p3, 100, { fpg: 7.4, hba1c: 6.8 });

    const managed = (await report(c)).groups.managed;
    expect(managed.evaluable).toBe(3);
    expect(managed.progressed.count).toBe(2);
    expect(managed.unconfirmedDiabetic).toBe(1);
    expect(managed.reverted.count).toBe(1);
    expect(managed.personYears).toBeCloseTo(years(140 + 50 + 100), 9);
    // Sittings of the person-time (up to the event date): P1 −140, −120, −60; P2 −150; P3 −100.
    expect(managed.testsPerPersonYear).toBeCloseTo(5 / years(290), 9);
  });

  it('computes the confirmation in SQL exactly as contracts confirmDiabetes does', async () => {
    const c = await clinic();
    // A fixed pseudo-random sequence (LCG), so a failure can be replayed.
    let seed = 20260301;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pool: Record<string, number | boolean>[] = [
      { fpg: 5.5 },
      { fpg: 6.0 },
      { fpg: 7.0 },
      { fpg: 7.3 },
      { hba1c: 6.6 },
      { hba1c: 5.9 },
      { ogtt2h: 11.5 },
      { fpg: 7.1, hba1c: 6.7 },
      { fpg: 6.9, ogtt2h: 11.1 },
    ];
    const enrolDay = 300;
    const cases: { id: number; measurements: GlucoseMeasurement[] }[] = [];
    for (let n = 0; n < 40; n += 1) {
      const { id } = await createPatient({
        ctx: ctxAt(c.doctor, enrolDay),
        input: {
          cohort: 'managed',
          name: '随机患者',
          idNum: nextResidentId('1960-01-01', 'woman'),
          telNum: nextMobile(),
          institutionId: c.institutionId,
        },
      });
      const rows: { annex: string; day: number; data: Record<string, unknown> }[] = [{ annex: '1', day: enrolDay, data: { fpg: 6.5 } }];
      const days = new Set<number>();
      const count = 1 + next(6);
      while (days.size < count) days.add(1 + next(290));
      const measurements: GlucoseMeasurement[] = [];
      for (const day of [...days].sort((x, y) => y - x)) {
        const values = pool[next(pool.length)]!;
        rows.push({ annex: '7', day, data: values });
        measurements.push({ date: daysAgo(day), ...values });
        // Now and then a second record the same day with the other test: one sitting.
        if (next(4) === 0 && values.hba1c === undefined) {
          rows.push({ annex: '7', day, data: { hba1c: 6.5 } });
          measurements.push({ date: daysAgo(day), hba1c: 6.5 });
        }
        // A symptomatic random glucose (annex 1) confirms on its own.
        if (next(12) === 0) {
          rows.push({ annex: '1', day, data: { randomGlucose: 12.0, classicSymptoms: true } });
          measurements.push({ date: daysAgo(day), randomGlucose: 12.0, hasClassicSymptoms: true });
        }
      }
      await t.database.db.insert(annexRecords).values(
        rows.map((r) => ({
          patientId: id,
          annex: r.annex,
          version: 1,
          data: { [r.annex === '1' ? 'testDate' : 'visitDate']: daysAgo(r.day), ...r.data },
          derived: {},
          filledAt: daysAgo(r.day),
          doctorId: c.doctor.id,
        })),
      );
      await refreshOutcomeFacts(t.database.db, id);
      cases.push({ id, measurements });
    }
    const enrolDate = daysAgo(enrolDay);
    const between = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
    const mismatches: string[] = [];
    for (const { id, measurements } of cases) {
      const confirmation = confirmDiabetes(measurements);
      const sittingDays = [...new Set(measurements.map((m) => m.date))].sort();
      const end = confirmation.eventDate ?? sittingDays[sittingDays.length - 1]!;
      const expected = {
        ittProgressed: confirmation.status === 'confirmed',
        ittUnconfirmed: confirmation.status !== 'confirmed' && measurements.some((m) => diabeticTestCount(m) >= 1),
        ittFollowedDays: between(enrolDate, end),
        ittTests: sittingDays.filter((d) => d <= end).length,
      };
      const row = await facts(id);
      const got = {
        ittProgressed: row.ittProgressed,
        ittUnconfirmed: row.ittUnconfirmed,
        ittFollowedDays: row.ittFollowedDays,
        ittTests: row.ittTests,
      };
      if (JSON.stringify(got) !== JSON.stringify(expected)) {
        mismatches.push(`${JSON.stringify(measurements)}: SQL ${JSON.stringify(got)}, contracts ${JSON.stringify(expected)}`);
      }
    }
    expect(mismatches).toEqual([]);
    // The sample exercises every branch: confirmed, unconfirmed and clean patients.
    const outcomes = cases.map((x) => confirmDiabetes(x.measurements).status);
    expect(new Set(outcomes)).toEqual(new Set(['confirmed', 'unconfirmed', 'none']));
  });

  it('writes the baseline population and the reversal rule in SQL exactly as contracts does, over a grid', async () => {
    const fpgs = [null, 5.6, 6.09, 6.1, 6.99, 7.0, 3.5];
    const ogtts = [null, 7.79, 7.8, 11.09, 11.1];
    const hba1cs = [null, 5.69, 5.7, 6.49, 6.5];
    const diagnoses = [null, 'IFG', 'IGT', 'IFG+IGT', 'T2DM', 'other'];
    const laters = [
      {},
      { fpg: 5.6 },
      { fpg: 6.1 },
      { hba1c: 5.5 },
      { hba1c: 5.7 },
      { ogtt2h: 7.7 },
      { fpg: 5.0, ogtt2h: 7.0, hba1c: 5.2 },
      { fpg: 7.2 },
      { fpg: 3.6, hba1c: 5.0 },
    ];
    const cases = fpgs.flatMap((fpg) =>
      ogtts.flatMap((ogtt2h) =>
        hba1cs.flatMap((hba1c) => diagnoses.flatMap((diagnosis) => laters.map((later) => ({ fpg, ogtt2h, hba1c, diagnosis, later })))),
      ),
    );
    const num = (value: number | null | undefined) => (value === null || value === undefined ? 'null::numeric' : `${value}::numeric`);
    const rows = cases
      .map(
        (x, i) =>
          `(${i}, ${num(x.fpg)}, ${num(x.ogtt2h)}, ${num(x.hba1c)}, ${x.diagnosis === null ? 'null::text' : `'${x.diagnosis}'`}, ${num(x.later.fpg)}, ${num(x.later.ogtt2h)}, ${num(x.later.hba1c)})`,
      )
      .join(',\n');
    const baseline = { fpg: sql`v.fpg`, ogtt2h: sql`v.ogtt2h`, hba1c: sql`v.hba1c`, diagnosis: sql`v.diagnosis` };
    const status = (prefix: string) =>
      glycemicStatusSql({
        fpg: sql.raw(`v.${prefix}fpg`),
        ogtt2h: sql.raw(`v.${prefix}ogtt2h`),
        hba1c: sql.raw(`v.${prefix}hba1c`),
        randomGlucose: sql`null::numeric`,
        classicSymptoms: sql`false`,
      });
    const result = await t.database.db.execute(sql`select v.i,
        ${prediabetesBaselineSql(sql`true`, status(''), baseline)} as prediabetic,
        ${revertedSql(status('l_'), baselineAbnormalSql(baseline), { fpg: sql`v.l_fpg`, ogtt2h: sql`v.l_ogtt2h`, hba1c: sql`v.l_hba1c` })} as reverted
      from (values ${sql.raw(rows)}) as v(i, fpg, ogtt2h, hba1c, diagnosis, l_fpg, l_ogtt2h, l_hba1c) order by v.i`);
    const answered = (result as unknown as { rows: { i: number; prediabetic: boolean; reverted: boolean }[] }).rows;
    expect(answered).toHaveLength(cases.length);
    const mismatches = cases.flatMap((x, i) => {
      const facts = { values: { fpg: x.fpg, ogtt2h: x.ogtt2h, hba1c: x.hba1c }, westernDiagnosis: x.diagnosis };
      const prediabetic = isPrediabetesBaseline(facts);
      const reverted = judgeReversal(baselineAbnormalMeasures(facts), x.later).verdict === 'reverted';
      const got = answered[i]!;
      return got.prediabetic === prediabetic && got.reverted === reverted
        ? []
        : [`${JSON.stringify(x)}: SQL ${got.prediabetic}/${got.reverted}, contracts ${prediabetic}/${reverted}`];
    });
    expect(mismatches).toEqual([]);
    expect(classifyGlycemia({ hba1c: 5.5 })).toBeNull();
  });

  it('starts follow-up at enrolment, not at an older baseline test', async () => {
    const c = await clinic();
    // Enrolled −100, annex 1 at −190 (the 90-day baseline window), one visit at −10: 90 days of
    // follow-up, not the 180 days since the baseline test.
    const p = await enrol(c, 'comparison', 100);
    await a1(c, p, 190, { fpg: 6.3 });
    await a7(c, p, 10, { fpg: 6.2 });
    const comparison = (await report(c)).groups.comparison;
    expect(comparison.evaluable).toBe(1);
    expect(comparison.personYears).toBeCloseTo(years(90), 9);
    expect((await facts(p)).ittFollowedDays).toBe(90);
  });

  it('reverts only on the test that defined pre-diabetes, in the report and in annex 8', async () => {
    const c = await clinic();
    // R1: baseline HbA1c 6.1 with FPG 5.6 (elevated HbA1c); later FPG 5.6 only: not judged.
    const r1 = await enrol(c, 'managed', 120);
    await a1(c, r1, 120, { fpg: 5.6, hba1c: 6.1 });
    await a7(c, r1, 60, { fpg: 5.6 });
    // R2: baseline HbA1c 6.0 only; later HbA1c 5.5 only: reverted.
    const r2 = await enrol(c, 'managed', 120);
    await a1(c, r2, 120, { hba1c: 6.0 });
    await a7(c, r2, 60, { hba1c: 5.5 });
    // R3: values normal, the doctor recorded IGT: in the outcome population; FPG alone cannot exclude IGT.
    const r3 = await enrol(c, 'managed', 120);
    await a1(c, r3, 120, { fpg: 5.4, ogtt2h: 7.0, westernDiagnosis: 'IGT' });
    await a7(c, r3, 60, { fpg: 5.3 });

    let managed = (await report(c)).groups.managed;
    expect(managed.prediabetesAtBaseline).toBe(3);
    expect(managed.evaluable).toBe(3);
    expect(managed.reverted.count).toBe(1);

    // Annex 8 follows the same rule: R1's final FPG 5.5 alone is 无法判定; R3's 2h-PG 7.0 reverts.
    const end1 = await a8(c, r1, 10, { fpg: 5.5 });
    expect(end1.derived.outcome).toBe('notJudged');
    const end3 = await a8(c, r3, 10, { fpg: 5.2, ogtt2h: 7.0 });
    expect(end3.derived.outcome).toBe('reverted');
    managed = (await report(c)).groups.managed;
    expect(managed.reverted.count).toBe(2);

    // An unknown baseline (no annex 1) never yields 逆转为正常 in annex 8.
    const r4 = await enrol(c, 'managed', 30);
    const end4 = await a8(c, r4, 5, { fpg: 5.0, ogtt2h: 6.0, hba1c: 5.2 });
    expect(end4.derived.outcome).toBe('notJudged');
  });

  it('follows intention to treat by default and censors at the end of management when asked', async () => {
    const c = await clinic();
    // Enrolled −200, IFG; FPG 7.1 (−150) cleared by 6.0 (−120); management ends −100; then FPG 7.2
    // (−60) confirmed by 7.3 (−30). Intention to treat: progressed at −60, 140 days. Until the end
    // of management: the −150 value was never confirmed, follow-up −200 → −120, 80 days.
    const p = await enrol(c, 'managed', 200);
    await a1(c, p, 200, { fpg: 6.5 });
    await a7(c, p, 150, { fpg: 7.1 });
    await a7(c, p, 120, { fpg: 6.0 });
    await a7(c, p, 60, { fpg: 7.2 });
    await a7(c, p, 30, { fpg: 7.3 });
    await endManagement({ ctx: ctxAt(c.doctor, 100), input: { id: p, cohort: 'managed' } });

    const itt = await report(c);
    expect(itt.policy).toBe('intentionToTreat');
    expect(itt.groups.managed.progressed.count).toBe(1);
    expect(itt.groups.managed.personYears).toBeCloseTo(years(140), 9);
    const eom = await report(c, 'untilEndOfManagement');
    expect(eom.policy).toBe('untilEndOfManagement');
    expect(eom.groups.managed.progressed.count).toBe(0);
    expect(eom.groups.managed.unconfirmedDiabetic).toBe(1);
    expect(eom.groups.managed.personYears).toBeCloseTo(years(80), 9);

    const bad = await t.call({ method: 'GET', path: '/api/programme/outcomes', token: c.token, query: { policy: 'perProtocol' } });
    expect(bad.code).not.toBe(0);
    expect(bad.message).toContain('分析口径');
  });

  it('censors at a follow-up status other than active, on its date', async () => {
    const c = await clinic();
    // Enrolled −200, FPG 6.3 at −150; moved away at −100; FPG 7.5 (−50) and HbA1c 6.8 (−40) are
    // after the censoring date: not progressed, followed −200 → −150, 50 days.
    const p = await enrol(c, 'managed', 200);
    await a1(c, p, 200, { fpg: 6.5 });
    await a7(c, p, 150, { fpg: 6.3 });
    await a7(c, p, 50, { fpg: 7.5 });
    await a7(c, p, 40, { hba1c: 6.8 });
    expect((await report(c)).groups.managed.progressed.count).toBe(1);
    await t.database.db.execute(
      sql`update patients set follow_up_status = 'movedAway', follow_up_status_at = ${daysAgo(100)} where id = ${p}`,
    );
    await refreshOutcomeFacts(t.database.db, p);
    const managed = (await report(c)).groups.managed;
    expect(managed.progressed.count).toBe(0);
    expect(managed.unconfirmedDiabetic).toBe(0);
    expect(managed.personYears).toBeCloseTo(years(50), 9);
  });

  it('counts only the common schedule in the sensitivity analysis, for both groups', async () => {
    const c = await clinic();
    // Managed, enrolled −200: FPG 7.1 at day 15 and 7.2 at day 30 (confirmed at day 15), FPG 6.2 at
    // day 70 and 6.4 at day 75 (window 60–120), FPG 6.3 at day 160 (window 150–210). All
    // measurements: progressed at day 15, one sitting up to it. Common schedule: the first sitting of
    // each window, days 70 and 160: not progressed, 160 days.
    const m = await enrol(c, 'managed', 200);
    await a1(c, m, 200, { fpg: 6.5 });
    await a7(c, m, 185, { fpg: 7.1 });
    await a7(c, m, 170, { fpg: 7.2 });
    await a7(c, m, 130, { fpg: 6.2 });
    await a7(c, m, 125, { fpg: 6.4 });
    await a7(c, m, 40, { fpg: 6.3 });
    // Comparison, enrolled −200: FPG 6.4 at day 90 and 6.2 at day 180, both on the schedule.
    const k = await enrol(c, 'comparison', 200);
    await a1(c, k, 200, { fpg: 6.5 });
    await a7(c, k, 110, { fpg: 6.4 });
    await a7(c, k, 20, { fpg: 6.2 });

    const r = await report(c);
    expect(r.groups.managed.progressed.count).toBe(1);
    expect(r.groups.managed.personYears).toBeCloseTo(years(15), 9);
    expect(r.groups.managed.testsPerPersonYear).toBeCloseTo(1 / years(15), 9);
    const common = r.sensitivity.commonSchedule;
    expect(common.groups.managed.evaluable).toBe(1);
    expect(common.groups.managed.progressed.count).toBe(0);
    expect(common.groups.managed.personYears).toBeCloseTo(years(160), 9);
    // Days 70 and 160 (day 75 is the second sitting of its window and does not count).
    expect(common.groups.managed.testsPerPersonYear).toBeCloseTo(2 / years(160), 9);
    expect(common.groups.comparison.personYears).toBeCloseTo(years(180), 9);
    expect(common.groups.comparison.testsPerPersonYear).toBeCloseTo(2 / years(180), 9);
    expect(r.groups.comparison.testsPerPersonYear).toBeCloseTo(2 / years(180), 9);
  });

  it('accepts a past enrolment date, refuses a future or pre-birth one, and audits it', async () => {
    const c = await clinic();
    // The comparison body's gender defaults to man: the ID numbers agree with it.
    const body = (extra: Record<string, unknown>) => ({
      name: '入组日期',
      idNum: nextResidentId('1970-05-05', 'man'),
      tel_num: nextMobile(),
      institutionId: c.institutionId,
      consentDate: daysAgo(1),
      ...extra,
    });
    const future = await t.call({ method: 'POST', path: '/api/user/patient', token: c.token, body: body({ enrolledAt: daysAgo(-1) }) });
    expect(future.code).not.toBe(0);
    expect(future.message).toBe(`入组日期不能晚于今天（${daysAgo(0)}）`);
    const beforeBirth = await t.call({
      method: 'POST',
      path: '/api/comparative',
      token: c.token,
      body: body({ role: 0, enrolledAt: '1970-05-04' }),
    });
    expect(beforeBirth.code).not.toBe(0);
    expect(beforeBirth.message).toBe('入组日期不能早于患者出生日期（1970-05-05）');
    const child = await t.call({ method: 'POST', path: '/api/user/patient', token: c.token, body: body({ enrolledAt: '1980-01-01' }) });
    expect(child.code).not.toBe(0);
    expect(child.message).toContain('年满18周岁');

    const managed = await t.call<{ id: number }>({
      method: 'POST',
      path: '/api/user/patient',
      token: c.token,
      body: body({ enrolledAt: daysAgo(400) }),
    });
    expect(managed.code, managed.message).toBe(0);
    const comparison = await t.call<{ id: number }>({
      method: 'POST',
      path: '/api/comparative',
      token: c.token,
      body: body({ role: 0, enrolledAt: daysAgo(30) }),
    });
    expect(comparison.code, comparison.message).toBe(0);
    const plain = await t.call<{ id: number }>({ method: 'POST', path: '/api/user/patient', token: c.token, body: body({}) });
    expect(plain.code, plain.message).toBe(0);
    const enrolledAt = async (id: number) =>
      (await t.database.db.select({ at: patients.enrolledAt }).from(patients).where(eq(patients.id, id)))[0]!.at;
    expect(await enrolledAt(managed.data.id)).toBe(daysAgo(400));
    expect(await enrolledAt(comparison.data.id)).toBe(daysAgo(30));
    expect(await enrolledAt(plain.data.id)).toBe(daysAgo(0));
    const auditOf = async (action: string, id: number) =>
      (
        await t.database.db
          .select({ detail: auditLog.detail })
          .from(auditLog)
          .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))))
          .orderBy(desc(auditLog.id))
          .limit(1)
      )[0]?.detail as Record<string, unknown> | undefined;
    expect(await auditOf('patient.enrol', managed.data.id)).toMatchObject({ enrolledAt: daysAgo(400), enrolledAtGiven: true });
    expect(await auditOf('comparative.create', comparison.data.id)).toMatchObject({ enrolledAt: daysAgo(30), enrolledAtGiven: true });
    expect(await auditOf('patient.enrol', plain.data.id)).toMatchObject({ enrolledAt: daysAgo(0), enrolledAtGiven: false });
  });

  it('lets the doctor move the enrolment date while no record predates it', async () => {
    const c = await clinic();
    const p = await enrol(c, 'managed', 60);
    await a1(c, p, 50, { fpg: 6.4 });
    const put = (enrolledAt: string) => t.call({ method: 'PUT', path: '/api/user', token: c.token, body: { id: p, enrolledAt } });

    const later = await put(daysAgo(40));
    expect(later.code).not.toBe(0);
    expect(later.message).toBe(`入组日期不能改为 ${daysAgo(40)}：已有 ${daysAgo(50)} 的记录早于该日期，请先核对或作废这些记录`);
    expect((await put(daysAgo(-3))).message).toBe(`入组日期不能晚于今天（${daysAgo(0)}）`);

    const earlier = await put(daysAgo(80));
    expect(earlier.code, earlier.message).toBe(0);
    expect((await facts(p)).enrolledAt).toBe(daysAgo(80));
    const [audit] = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.update'), eq(auditLog.entityId, String(p))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(JSON.stringify(audit?.detail)).toContain(daysAgo(80));
    expect(JSON.stringify(audit?.detail)).toContain(daysAgo(60));
    // The same date as before is no change at all.
    expect((await put(daysAgo(80))).message).toBe('没有需要修改的内容');
  });
});
