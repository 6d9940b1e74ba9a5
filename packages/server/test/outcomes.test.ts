import {
  allItems,
  annex4,
  answersFromQuestions,
  CCMQ_QUESTIONS,
  CCMQ_SUBSCALES,
  classifyFollowUpGlycemia,
  classifyGlycemia,
  involvesIgt,
  type OutcomeReport,
} from '@tcm/contracts';
import { XLSX_CONTENT_TYPE } from '@tcm/contracts/api/exports';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glycemicStatusSql, isBackToNormalSql } from '../src/db/queries/glycemic-sql';
import { auditLog } from '../src/db/schema';
import type { Actor, Ctx } from '../src/lib/context';
import { createPatient, endManagement } from '../src/modules/patients/patient-service';
import { createSmsSender } from '../src/sms/sms-sender';
import { databaseKinds } from './support/databases';
import { type AccountFixture, createAdmin, createDoctor, daysAgo, loginAs, nextMobile, nextResidentId } from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';
import { download, openWorkbook, readSheet } from './support/xlsx';

/**
 * The outcome report over a synthetic cohort built through the real services and the records API.
 * Every expected figure below is worked by hand from the cohort table (the arithmetic is written
 * beside it; interval limits from t and normal quantiles checked with a calculator), never by calling
 * the report's code. Dates are days before today; every patient is enrolled 310 days ago.
 *
 * Managed (15-day follow-up), institution A unless noted; t0 = first annex 1:
 *   M1  t0 −300 FPG 6.5 (IFG) · a7 −200 FPG 7.2 (diabetes) · a7 −100 FPG 6.0 wt 76 · a6 −300 wt 80 · a3 −300, −100
 *   M2  t0 −300 FPG 5.5 2h 8.6 (IGT) · a7 −150 FPG 5.6 wt 67.9, no 2h (not a reversal) · a6 −300 wt 70 · a3 −300
 *   M3  t0 −300 FPG 6.3 2h 9.0 HbA1c 6.0 (IFG+IGT) · a8 −60 FPG 5.5 2h 7.0 HbA1c 5.5 wt 81 (reverted) · a6 −300 wt 90
 *       · a2, a3 −300 (baseline set complete) · a4 −300 moderate, −70 none
 *   M4  t0 −250 FPG 5.4 HbA1c 6.0 (elevatedHbA1c) · a7 −100 FPG 5.2 HbA1c 5.6 (reverted) · a6 −250 wt 60
 *   M5  t0 −200 FPG 6.0 (normal: not pre-diabetes) · a7 −100 FPG 5.0
 *   M6  t0 −200 FPG 6.4 (IFG) · a7 −100 wt 104 only (not evaluable) · a6 −200 wt 100
 *   M7  no annex 1 · a6 −250 wt 70
 *   M8  voided patient: t0 −300 FPG 6.5 · a7 −200 FPG 8.0
 *   M9  t0 −300 FPG 6.4 HbA1c 6.1 (IFG) · a7 −250 FPG 7.1 voided · a7 −200 FPG 6.2 HbA1c 5.9
 *   M10 no annex 1 · a7 −300, −290, −280 (three on time)
 *   MB1 (institution B) t0 −300 FPG 6.5 HbA1c 5.8 (IFG) · a7 −200 FPG 6.5 HbA1c 5.7 · a6 −300 wt 64
 * Comparison, pre-diabetes (90-day follow-up):
 *   C1  t0 −300 FPG 6.2 (IFG) · a7 −210 FPG 7.5 wt 80.8 (diabetes) · a6 −300 wt 80 · a3 −300, −210
 *   C2  t0 −300 FPG 5.0 2h 8.0 (IGT) · a7 −120 FPG 5.1 2h 7.5 wt 71.4 (reverted) · a6 −300 wt 70
 *   C3  t0 −300 FPG 6.6 (IFG) · a7 −30 HbA1c 6.6 wt 49 (diabetes) · a6 −300 wt 50
 *   C4  t0 −280 FPG 6.3 (IFG) · a7 −190 FPG 6.2
 *   C5  no annex 1 · a7 −250, −170, −90 (three on time; the next is due today, not yet missed)
 *   C6  no annex 1 · a7 −250 (on time) · management ended −200 (the open window is not due)
 *   CB1 (institution B) t0 −300 FPG 6.8 (IFG) · a7 −150 FPG 7.3 (diabetes)
 * Comparison, diabetes: D1 a9 −250 satisfactory, −100 unsatisfactory · D2 a9 −20 satisfactory.
 * Heights are 200 cm, so BMI = weight / 4.
 */

const DAY_MS = 86_400_000;
const HEIGHT = 200;

interface Built {
  ids: Record<string, number>;
  /** Judgements stored by the constitution records, first and latest, per reassessed patient. */
  judgements: Record<string, { first: Record<string, string>; last: Record<string, string> }>;
  efficacyM3: string;
  birth: Record<string, { date: string; gender: 'man' | 'woman' }>;
}

/** Completed years from a birth date to a day, worked the way a person counts birthdays. */
function ageAt(birth: string, day: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const ccmq = (value: number) => answersFromQuestions(Object.fromEntries(CCMQ_QUESTIONS.map((q) => [q.key, value])));
const grades = (level: string) =>
  Object.fromEntries(
    allItems(annex4)
      .filter((i) => i.type === 'grade')
      .map((i) => [i.key, level]),
  );
const typesJudged = (judgement: Record<string, string>) =>
  Object.fromEntries(CCMQ_SUBSCALES.map((s) => [s.key, judgement[s.key] === 'yes' || judgement[s.key] === 'basically' ? 1 : 0]));

describe.each(databaseKinds())('programme outcome report on %s', (kind) => {
  let t: TestApp;
  let doctorA: AccountFixture;
  let doctorB: AccountFixture;
  let tokenA: string;
  let tokenB: string;
  let adminToken: string;
  let built: Built;

  const actorOf = (doctor: AccountFixture): Actor => ({
    id: doctor.id,
    role: 'doctor',
    name: '测试医生',
    username: doctor.username,
    institutionId: doctor.institutionId,
    sessionId: 0,
  });
  /** A service context whose clock stands `days` before now (enrolment and ending on past days). */
  const ctxAt = (doctor: AccountFixture, days: number): Ctx => ({
    db: t.database.db,
    actor: actorOf(doctor),
    requestId: 'outcomes-test',
    ip: '127.0.0.1',
    now: new Date(Date.now() - days * DAY_MS),
    config: t.config,
    sms: createSmsSender({ name: 'test', async deliver() {} }),
  });

  async function buildCohort(): Promise<Built> {
    const ids: Record<string, number> = {};
    const birth: Built['birth'] = {};
    const enrol = async (
      name: string,
      doctor: AccountFixture,
      cohort: 'managed' | 'comparison',
      person: { date: string; gender: 'man' | 'woman' } = { date: '1965-05-05', gender: 'woman' },
      comparisonRole?: 0 | 1,
    ) => {
      birth[name] = person;
      const { id } = await createPatient({
        ctx: ctxAt(doctor, 310),
        input: {
          cohort,
          ...(comparisonRole === undefined ? {} : { comparisonRole }),
          name: `患者${name.replace(/\d/g, '')}`,
          idNum: nextResidentId(person.date, person.gender),
          telNum: nextMobile(),
          institutionId: doctor.institutionId!,
        },
      });
      ids[name] = id;
      return id;
    };
    const save = async (token: string, annex: string, patientId: number, data: Record<string, unknown>) => {
      const res = await t.call<{ id: number; derived: Record<string, unknown> }>({
        method: 'POST',
        path: `/api/annex/${annex}/records`,
        token,
        body: { patientId, data },
      });
      if (res.code !== 0) throw new Error(`annex ${annex} for patient ${patientId}: ${res.code} ${res.message}`);
      return res.data;
    };
    const a1 = (token: string, id: number, day: number, values: Record<string, number>) =>
      save(token, '1', id, { testDate: daysAgo(day), ...values });
    const a6 = (token: string, id: number, day: number, weight: number) =>
      save(token, '6', id, { examDate: daysAgo(day), height: HEIGHT, weight });
    const a7 = (token: string, id: number, day: number, values: Record<string, number> = {}) =>
      save(token, '7', id, { visitDate: daysAgo(day), way: 'clinic', ...values });
    const a3 = async (token: string, id: number, day: number, answer: number) =>
      (await save(token, '3', id, { assessDate: daysAgo(day), answers: ccmq(answer) })).derived.judgement as Record<string, string>;
    const a9 = (id: number, day: number, fpg: number, visitClass: string) =>
      save(tokenA, '9', id, {
        visitDate: daysAgo(day),
        way: 'clinic',
        symptoms: ['none'],
        urgentSigns: ['none'],
        fpg,
        adverseReaction: 'no',
        visitClass,
      });
    const A = tokenA;

    const m1 = await enrol('M1', doctorA, 'managed', { date: '1960-01-15', gender: 'man' });
    await a1(A, m1, 300, { fpg: 6.5 });
    await a6(A, m1, 300, 80);
    await a7(A, m1, 200, { fpg: 7.2 });
    await a7(A, m1, 100, { fpg: 6.0, weight: 76 });
    const m1First = await a3(A, m1, 300, 3);
    const m1Last = await a3(A, m1, 100, 1);

    const m2 = await enrol('M2', doctorA, 'managed', { date: '1965-06-30', gender: 'woman' });
    await a1(A, m2, 300, { fpg: 5.5, ogtt2h: 8.6 });
    await a6(A, m2, 300, 70);
    await a7(A, m2, 150, { fpg: 5.6, weight: 67.9 });
    await a3(A, m2, 300, 2);

    const m3 = await enrol('M3', doctorA, 'managed', { date: '1970-03-01', gender: 'man' });
    await a1(A, m3, 300, { fpg: 6.3, ogtt2h: 9.0, hba1c: 6.0 });
    await a6(A, m3, 300, 90);
    await save(A, '2', m3, { surveyDate: daysAgo(300) });
    await a3(A, m3, 300, 3);
    await save(A, '4', m3, { assessDate: daysAgo(300), ...grades('moderate') });
    await save(A, '4', m3, { assessDate: daysAgo(70), ...grades('none') });
    const m3End = await save(A, '8', m3, {
      evaluationDate: daysAgo(60),
      fpg: 5.5,
      ogtt2h: 7.0,
      hba1c: 5.5,
      weight: 81,
      satisfaction: 'satisfied',
    });

    const m4 = await enrol('M4', doctorA, 'managed', { date: '1958-11-11', gender: 'woman' });
    await a1(A, m4, 250, { fpg: 5.4, hba1c: 6.0 });
    await a6(A, m4, 250, 60);
    await a7(A, m4, 100, { fpg: 5.2, hba1c: 5.6 });

    const m5 = await enrol('M5', doctorA, 'managed', { date: '1972-08-08', gender: 'man' });
    await a1(A, m5, 200, { fpg: 6.0 });
    await a7(A, m5, 100, { fpg: 5.0 });

    const m6 = await enrol('M6', doctorA, 'managed', { date: '1966-02-02', gender: 'man' });
    await a1(A, m6, 200, { fpg: 6.4 });
    await a6(A, m6, 200, 100);
    await a7(A, m6, 100, { weight: 104 });

    const m7 = await enrol('M7', doctorA, 'managed');
    await a6(A, m7, 250, 70);

    const m8 = await enrol('M8', doctorA, 'managed');
    await a1(A, m8, 300, { fpg: 6.5 });
    await a7(A, m8, 200, { fpg: 8.0 });
    const voidedPatient = await t.call({ method: 'DELETE', path: '/api/user', token: A, query: { id: m8, reason: '重复登记' } });
    expect(voidedPatient.code, voidedPatient.message).toBe(0);

    const m9 = await enrol('M9', doctorA, 'managed', { date: '1961-12-31', gender: 'woman' });
    await a1(A, m9, 300, { fpg: 6.4, hba1c: 6.1 });
    const wrong = await a7(A, m9, 250, { fpg: 7.1 });
    const voidedRecord = await t.call({
      method: 'DELETE',
      path: `/api/annex/7/records/${wrong.id}`,
      token: A,
      query: { reason: '录入错误' },
    });
    expect(voidedRecord.code, voidedRecord.message).toBe(0);
    await a7(A, m9, 200, { fpg: 6.2, hba1c: 5.9 });

    const m10 = await enrol('M10', doctorA, 'managed');
    for (const day of [300, 290, 280]) await a7(A, m10, day);

    const mb1 = await enrol('MB1', doctorB, 'managed', { date: '1969-07-07', gender: 'man' });
    await a1(tokenB, mb1, 300, { fpg: 6.5, hba1c: 5.8 });
    await a6(tokenB, mb1, 300, 64);
    await a7(tokenB, mb1, 200, { fpg: 6.5, hba1c: 5.7 });

    const c1 = await enrol('C1', doctorA, 'comparison', undefined, 0);
    await a1(A, c1, 300, { fpg: 6.2 });
    await a6(A, c1, 300, 80);
    await a7(A, c1, 210, { fpg: 7.5, weight: 80.8 });
    const c1First = await a3(A, c1, 300, 4);
    const c1Last = await a3(A, c1, 210, 2);

    const c2 = await enrol('C2', doctorA, 'comparison', undefined, 0);
    await a1(A, c2, 300, { fpg: 5.0, ogtt2h: 8.0 });
    await a6(A, c2, 300, 70);
    await a7(A, c2, 120, { fpg: 5.1, ogtt2h: 7.5, weight: 71.4 });

    const c3 = await enrol('C3', doctorA, 'comparison', undefined, 0);
    await a1(A, c3, 300, { fpg: 6.6 });
    await a6(A, c3, 300, 50);
    await a7(A, c3, 30, { hba1c: 6.6, weight: 49 });

    const c4 = await enrol('C4', doctorA, 'comparison', undefined, 0);
    await a1(A, c4, 280, { fpg: 6.3 });
    await a7(A, c4, 190, { fpg: 6.2 });

    const c5 = await enrol('C5', doctorA, 'comparison', undefined, 0);
    for (const day of [250, 170, 90]) await a7(A, c5, day);

    const c6 = await enrol('C6', doctorA, 'comparison', undefined, 0);
    await a7(A, c6, 250);
    await endManagement({ ctx: ctxAt(doctorA, 200), input: { id: c6, cohort: 'comparison' } });

    const cb1 = await enrol('CB1', doctorB, 'comparison', undefined, 0);
    await a1(tokenB, cb1, 300, { fpg: 6.8 });
    await a7(tokenB, cb1, 150, { fpg: 7.3 });

    const d1 = await enrol('D1', doctorA, 'comparison', undefined, 1);
    await a9(d1, 250, 6.5, 'satisfactory');
    await a9(d1, 100, 8.0, 'unsatisfactory');
    const d2 = await enrol('D2', doctorA, 'comparison', undefined, 1);
    await a9(d2, 20, 6.2, 'satisfactory');

    return {
      ids,
      birth,
      judgements: { M1: { first: m1First, last: m1Last }, C1: { first: c1First, last: c1Last } },
      efficacyM3: String(m3End.derived.symptomEfficacy),
    };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    doctorA = await createDoctor(t, { institutionId: INSTITUTION_A });
    doctorB = await createDoctor(t, { institutionId: INSTITUTION_B });
    tokenA = await loginAs(t, doctorA);
    tokenB = await loginAs(t, doctorB);
    adminToken = await loginAs(t, await createAdmin(t));
    built = await buildCohort();
  });
  afterAll(async () => {
    await t?.close();
  });

  const report = async (token: string, query: Record<string, string | number> = {}) => {
    const res = await t.call<OutcomeReport>({ method: 'GET', path: '/api/programme/outcomes', token, query });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };

  it('classifies glucose in SQL exactly as contracts does, over a grid around every threshold', async () => {
    const fpgs = [null, 5.0, 6.0, 6.09, 6.1, 6.9, 6.99, 7.0, 7.01];
    const ogtts = [null, 7.7, 7.79, 7.8, 11.0, 11.09, 11.1];
    const hba1cs = [null, 5.6, 5.69, 5.7, 6.0, 6.1, 6.4, 6.49, 6.5];
    const randoms: [number | null, boolean][] = [
      [null, false],
      [11.0, true],
      [11.1, false],
      [11.1, true],
    ];
    const baselines = [null, 'normal', 'IFG', 'IGT', 'IFG+IGT', 'elevatedHbA1c'];
    const cases = fpgs.flatMap((fpg) =>
      ogtts.flatMap((ogtt2h) =>
        hba1cs.flatMap((hba1c) =>
          randoms.flatMap(([random, symptoms]) => baselines.map((baseline) => ({ fpg, ogtt2h, hba1c, random, symptoms, baseline }))),
        ),
      ),
    );
    const num = (value: number | null) => (value === null ? 'null::numeric' : `${value}::numeric`);
    const rows = cases
      .map(
        (c, i) =>
          `(${i}, ${num(c.fpg)}, ${num(c.ogtt2h)}, ${num(c.hba1c)}, ${num(c.random)}, ${c.symptoms}, ${c.baseline === null ? 'null::text' : `'${c.baseline}'`})`,
      )
      .join(',\n');
    const v = {
      fpg: sql`v.fpg`,
      ogtt2h: sql`v.ogtt2h`,
      hba1c: sql`v.hba1c`,
      randomGlucose: sql`v.random_glucose`,
      classicSymptoms: sql`v.symptoms`,
    };
    const result = await t.database.db.execute(
      sql`select v.i, ${glycemicStatusSql(v)} as status, coalesce(${isBackToNormalSql(glycemicStatusSql(v), sql`v.ogtt2h`, sql`v.baseline`)}, false) as back_to_normal
        from (values ${sql.raw(rows)}) as v(i, fpg, ogtt2h, hba1c, random_glucose, symptoms, baseline) order by v.i`,
    );
    const answered = (result as unknown as { rows: { i: number; status: string | null; back_to_normal: boolean }[] }).rows;
    expect(answered).toHaveLength(cases.length);
    const mismatches = cases.flatMap((c, i) => {
      const values = { fpg: c.fpg, ogtt2h: c.ogtt2h, hba1c: c.hba1c, randomGlucose: c.random, hasClassicSymptoms: c.symptoms };
      const expectedStatus = classifyGlycemia(values);
      const expectedBack = classifyFollowUpGlycemia(values, involvesIgt(c.baseline)) === 'normal';
      const got = answered[i]!;
      return got.status === expectedStatus && got.back_to_normal === expectedBack
        ? []
        : [`${JSON.stringify(c)}: SQL ${got.status}/${got.back_to_normal}, contracts ${expectedStatus}/${expectedBack}`];
    });
    expect(mismatches).toEqual([]);
  });

  it('counts the groups, person-years, progressions and reversions (admin, whole city)', async () => {
    const { groups } = await report(adminToken);
    const { managed: m, comparison: c } = groups;
    // Managed: enrolled M1–M7, M9, M10, MB1 (M8 voided); pre-diabetes at t0: all with a baseline but M5.
    expect([m.enrolled, m.prediabetesAtBaseline, m.evaluable]).toEqual([10, 7, 6]);
    // Followed days: M1 100 (to its diabetes), M9 100, MB1 100, M2 150, M4 150, M3 240 = 840.
    expect(m.personYears).toBeCloseTo(840 / 365.25, 10);
    expect(m.progressed).toEqual({ count: 1, proportion: 1 / 6, per100PersonYears: expect.closeTo(43.482143, 5) });
    // M3 (IFG+IGT, back to normal with a 2h-PG) and M4 (elevated HbA1c, back to normal); M2 lacks a 2h-PG.
    expect(m.reverted).toEqual({ count: 2, proportion: 2 / 6 });
    expect([c.enrolled, c.prediabetesAtBaseline, c.evaluable]).toEqual([7, 5, 5]);
    // C1 90, C4 90, CB1 150, C2 180, C3 270 = 780 days; C1, C3, CB1 progressed.
    expect(c.personYears).toBeCloseTo(780 / 365.25, 10);
    expect(c.progressed).toEqual({ count: 3, proportion: 0.6, per100PersonYears: expect.closeTo(140.480769, 5) });
    expect(c.reverted).toEqual({ count: 1, proportion: 0.2 });
  });

  it('gives weight and glucose changes with their t intervals', async () => {
    const { managed: m, comparison: c } = (await report(adminToken)).groups;
    // Managed, two weights on different days: M1 (76 − 80)/80 = −5 %, M2 −3 %, M3 −10 %, M6 +4 %.
    // Mean −3.5, s² = (1.5² + 0.5² + 6.5² + 7.5²)/3 = 101/3, t(0.975, 3) = 3.182446.
    expect(m.weightChangePercent.n).toBe(4);
    expect(m.weightChangePercent.mean).toBeCloseTo(-3.5, 10);
    expect(m.weightChangePercent.low).toBeCloseTo(-12.732752, 5);
    expect(m.weightChangePercent.high).toBeCloseTo(5.732752, 5);
    // −5 % exactly counts as a loss of at least 5 % (M1), and M3.
    expect(m.weightLoss5).toEqual({ count: 2, proportion: 0.5 });
    // Comparison: C1 +1 %, C2 +2 %, C3 −2 %: mean 1/3, s² = 13/3.
    expect(c.weightChangePercent).toEqual({
      n: 3,
      mean: expect.closeTo(1 / 3, 10),
      low: expect.closeTo(-4.837812, 5),
      high: expect.closeTo(5.504478, 5),
    });
    expect(c.weightLoss5).toEqual({ count: 0, proportion: 0 });
    // FPG, latest minus baseline: M1 6.0 − 6.5, M2 +0.1, M3 −0.8, M4 −0.2, M9 −0.2 (voided 7.1 ignored), MB1 0.
    expect(m.fpgChange).toEqual({
      n: 6,
      mean: expect.closeTo(-1.6 / 6, 10),
      low: expect.closeTo(-0.615778, 5),
      high: expect.closeTo(0.082445, 5),
    });
    expect(m.ogtt2hChange).toEqual({ n: 1, mean: expect.closeTo(-2, 10), low: null, high: null });
    // HbA1c: M3 −0.5, M4 −0.4, M9 −0.2 (a drop of exactly 0.2 counts), MB1 −0.1.
    expect(m.hba1cChange).toEqual({
      n: 4,
      mean: expect.closeTo(-0.3, 10),
      low: expect.closeTo(-0.590516, 5),
      high: expect.closeTo(-0.009484, 5),
    });
    expect(m.hba1cDrop02).toEqual({ count: 3, proportion: 0.75 });
    // Comparison FPG: C1 +1.3, C2 +0.1, C4 −0.1, CB1 +0.5 (C3 has no later FPG); no HbA1c pair.
    expect(c.fpgChange.n).toBe(4);
    expect(c.fpgChange.mean).toBeCloseTo(1.8 / 4, 10);
    expect(c.hba1cChange).toEqual({ n: 0, mean: null, low: null, high: null });
    expect(c.hba1cDrop02).toEqual({ count: 0, proportion: null });
  });

  it('compares the groups: risk ratios (log method), risk difference (Newcombe), weight difference (Welch)', async () => {
    const { effect } = await report(adminToken);
    // (1/6)/(3/5) = 0.277778, SE = √(1 − 1/6 + 1/3 − 1/5) = 0.983192.
    expect(effect.progressionRiskRatio!.value).toBeCloseTo(0.277778, 5);
    expect(effect.progressionRiskRatio!.low).toBeCloseTo(0.040439, 5);
    expect(effect.progressionRiskRatio!.high).toBeCloseTo(1.90806, 4);
    // 1/6 − 3/5 = −0.433333; Wilson limits 1/6: 0.030053–0.563503, 3/5: 0.230724–0.882379;
    // −0.433333 − √(0.136613² + 0.282379²) = −0.747023, −0.433333 + √(0.396836² + 0.369276²) = 0.108740.
    expect(effect.progressionRiskDifference!.value).toBeCloseTo(-0.433333, 5);
    expect(effect.progressionRiskDifference!.low).toBeCloseTo(-0.747023, 5);
    expect(effect.progressionRiskDifference!.high).toBeCloseTo(0.10874, 5);
    // (2/6)/(1/5) = 1.666667.
    expect(effect.reversionRiskRatio!.value).toBeCloseTo(1.666667, 5);
    expect(effect.reversionRiskRatio!.low).toBeCloseTo(0.20686, 4);
    expect(effect.reversionRiskRatio!.high).toBeCloseTo(13.42833, 3);
    // −3.5 − 1/3, Welch df 3.943827.
    expect(effect.weightChangeDifference!.value).toBeCloseTo(-3.833333, 5);
    expect(effect.weightChangeDifference!.low).toBeCloseTo(-12.601233, 4);
    expect(effect.weightChangeDifference!.high).toBeCloseTo(4.934566, 4);
  });

  it('draws diabetes-free survival (Kaplan–Meier) per group', async () => {
    const { survival } = await report(adminToken);
    // Managed: day 100, 6 at risk, 1 event (M1), 2 censored → 5/6; day 150, 3 at risk; day 240, 1.
    expect(survival.managed).toEqual([
      { day: 0, survival: 1, atRisk: 6 },
      { day: 100, survival: expect.closeTo(5 / 6, 10), atRisk: 6 },
      { day: 150, survival: expect.closeTo(5 / 6, 10), atRisk: 3 },
      { day: 240, survival: expect.closeTo(5 / 6, 10), atRisk: 1 },
    ]);
    // Comparison: day 90, 5 at risk, C1 event, C4 censored → 0.8; day 150 CB1 of 3 → 0.8 · 2/3; day 180 C2
    // censored; day 270 C3 the last one → 0.
    expect(survival.comparison).toEqual([
      { day: 0, survival: 1, atRisk: 5 },
      { day: 90, survival: expect.closeTo(0.8, 10), atRisk: 5 },
      { day: 150, survival: expect.closeTo(1.6 / 3, 10), atRisk: 3 },
      { day: 180, survival: expect.closeTo(1.6 / 3, 10), atRisk: 2 },
      { day: 270, survival: 0, atRisk: 1 },
    ]);
  });

  it('describes the groups at baseline (Table 1)', async () => {
    const { managed: m, comparison: c } = (await report(adminToken)).groups;
    const withBaseline = ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M9', 'MB1'];
    const t0: Record<string, number> = { M1: 300, M2: 300, M3: 300, M4: 250, M5: 200, M6: 200, M9: 300, MB1: 300 };
    const ages = withBaseline.map((name) => ageAt(built.birth[name]!.date, daysAgo(t0[name]!)));
    expect(m.baseline.withBaseline).toBe(8);
    expect(m.baseline.age.n).toBe(8);
    expect(m.baseline.age.mean).toBeCloseTo(ages.reduce((s, a) => s + a, 0) / 8, 10);
    // Men: M1, M3, M5, M6, MB1.
    expect(m.baseline.male).toEqual({ count: 5, proportion: 5 / 8 });
    // BMI = weight / 4: 20, 17.5, 22.5, 15, 25, 16 (M5 and M9 have no examination).
    expect(m.baseline.bmi).toEqual({
      n: 6,
      mean: expect.closeTo(116 / 6, 10),
      low: expect.closeTo(15.246369, 5),
      high: expect.closeTo(23.420298, 5),
    });
    // FPG 6.5, 5.5, 6.3, 5.4, 6.0, 6.4, 6.4, 6.5: mean 6.125, t(0.975, 7) = 2.364624.
    expect(m.baseline.fpg).toEqual({
      n: 8,
      mean: expect.closeTo(6.125, 10),
      low: expect.closeTo(5.751788, 5),
      high: expect.closeTo(6.498212, 5),
    });
    expect(m.baseline.ogtt2h).toMatchObject({ n: 2, mean: expect.closeTo(8.8, 10) });
    expect(m.baseline.hba1c).toMatchObject({ n: 4, mean: expect.closeTo(5.975, 10) });
    expect(c.baseline.withBaseline).toBe(5);
    expect(c.baseline.fpg).toMatchObject({ n: 5, mean: expect.closeTo(30.9 / 5, 10) });
    expect(c.baseline.male).toEqual({ count: 0, proportion: 0 });
  });

  it('counts follow-ups on time, constitution shifts, symptom efficacy and the diabetic members', async () => {
    const r = await report(adminToken);
    const { managed: m, comparison: c } = r.groups;
    // Managed windows due (on time): M1 3, M2 2, M3 1, M4 2, M5 2, M6 2, M7 1, M9 2, M10 4 (3), MB1 2 = 21 (3).
    expect(m.followUpOnTime).toBeCloseTo(3 / 21, 10);
    // Comparison: C1 2, C2 2, C3 1, C4 2, C5 3 (3), C6 1 (1), CB1 2 = 13 (4).
    expect(c.followUpOnTime).toBeCloseTo(4 / 13, 10);
    // Diabetic: D1 3 (1), D2 1; latest visits unsatisfactory (D1) and satisfactory (D2).
    expect(r.diabeticComparison).toEqual({ enrolled: 2, followUpOnTime: 0.25, satisfactoryShare: 0.5 });
    // Reassessed constitution: M1 in the managed group, C1 in the comparison group.
    expect(m.constitution).toEqual({
      n: 1,
      baseline: typesJudged(built.judgements.M1!.first),
      latest: typesJudged(built.judgements.M1!.last),
    });
    expect(c.constitution).toEqual({
      n: 1,
      baseline: typesJudged(built.judgements.C1!.first),
      latest: typesJudged(built.judgements.C1!.last),
    });
    // M3's end evaluation: every symptom moderate at baseline, none on re-assessment.
    expect(built.efficacyM3).toBe('cure');
    expect(m.symptomEfficacy).toEqual({ cured: 1, marked: 0, effective: 0, ineffective: 0 });
    expect(c.symptomEfficacy).toBeNull();
  });

  it('lists every institution for the admin, with baseline completeness and outcomes', async () => {
    const { byInstitution } = await report(adminToken);
    expect(byInstitution.map((row) => row.institutionId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const [a, b, other] = byInstitution;
    // Baseline set complete: M3 (1, 2, 3, 4, 6) and C1 (1, 3, 6).
    expect(a!.managed).toEqual({ enrolled: 9, baselineComplete: 1, followUpOnTime: 3 / 19, evaluable: 5, progressed: 1, reverted: 2 });
    expect(a!.comparison).toEqual({ enrolled: 6, baselineComplete: 1, followUpOnTime: 4 / 11, evaluable: 4, progressed: 2, reverted: 1 });
    expect(b!.managed).toEqual({ enrolled: 1, baselineComplete: 0, followUpOnTime: 0, evaluable: 1, progressed: 0, reverted: 0 });
    expect(b!.comparison).toEqual({ enrolled: 1, baselineComplete: 0, followUpOnTime: 0, evaluable: 1, progressed: 1, reverted: 0 });
    expect(other!.managed).toEqual({ enrolled: 0, baselineComplete: 0, followUpOnTime: null, evaluable: 0, progressed: 0, reverted: 0 });
  });

  it('limits a doctor to their institution, refuses another, and lets the admin pick one', async () => {
    const mine = await report(tokenA);
    expect(mine.byInstitution.map((row) => row.institutionId)).toEqual([INSTITUTION_A]);
    expect([mine.groups.managed.enrolled, mine.groups.managed.evaluable, mine.groups.comparison.evaluable]).toEqual([9, 5, 4]);
    expect(await report(tokenA, { institutionId: INSTITUTION_A })).toEqual(mine);
    const other = await t.call({ method: 'GET', path: '/api/programme/outcomes', token: tokenA, query: { institutionId: INSTITUTION_B } });
    expect([other.status, other.code, other.message]).toEqual([403, 403, '无权访问其他机构的数据']);
    expect(other.data).toEqual({});
    const adminB = await report(adminToken, { institutionId: INSTITUTION_B });
    expect([adminB.groups.managed.enrolled, adminB.groups.comparison.progressed.count]).toEqual([1, 1]);
    const unknown = await t.call({ method: 'GET', path: '/api/programme/outcomes', token: adminToken, query: { institutionId: 999 } });
    expect([unknown.code, unknown.message]).toEqual([404, '机构不存在']);
  });

  it('bounds the baseline date with from/to, both days included', async () => {
    // t0 in [−250, −200]: M4 (−250), M5 and M6 (−200); patients without a baseline count by enrolment (−310).
    const r = await report(adminToken, { from: daysAgo(250), to: daysAgo(200) });
    expect([r.groups.managed.enrolled, r.groups.managed.prediabetesAtBaseline, r.groups.managed.evaluable]).toEqual([3, 2, 1]);
    expect(r.groups.managed.reverted.count).toBe(1);
    expect(r.groups.comparison.enrolled).toBe(0);
    expect(r.effect).toEqual({
      progressionRiskRatio: null,
      progressionRiskDifference: null,
      reversionRiskRatio: null,
      weightChangeDifference: null,
      hazardRatio: null,
      logRankP: null,
      nnt: null,
    });
    expect(r.survival.comparison).toEqual([]);
    expect((await report(adminToken, { from: daysAgo(310), to: daysAgo(310) })).groups.managed.enrolled).toBe(2);
  });

  it('answers bad filters with a 400 envelope', async () => {
    const reversed = await t.call({
      method: 'GET',
      path: '/api/programme/outcomes',
      token: adminToken,
      query: { from: daysAgo(1), to: daysAgo(9) },
    });
    expect([reversed.code, reversed.message]).toEqual([400, '开始日期不能晚于结束日期']);
    const badDate = await t.call({ method: 'GET', path: '/api/programme/outcomes', token: adminToken, query: { from: '2026-02-30' } });
    expect(badDate.code).toBe(400);
    const badId = await t.call({ method: 'GET', path: '/api/programme/outcomes', token: adminToken, query: { institutionId: 'abc' } });
    expect(badId.code).toBe(400);
  });

  it('exports the report as one workbook, a sheet per table, with an audit row', async () => {
    const file = await download(t, '/api/programme/outcomes/exportExcel', adminToken);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent('项目成效报告'));
    const book = await openWorkbook(file.body);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      '两组基线（表1）',
      'codebook',
      '结局指标',
      '组间比较',
      '生存分析',
      '体质变化',
      '各机构',
    ]);
    const table1 = readSheet(book, '两组基线（表1）');
    expect(table1.rows[0]).toMatchObject({ 指标: '入组人数', 管理组·值: 10, '对照组（糖尿病前期）·值': 7, '对照组（糖尿病）·值': 2 });
    const outcomes = readSheet(book, '结局指标').rows.find((row) => row.指标 === '进展为糖尿病');
    expect(outcomes).toMatchObject({ '管理组·分母（人数）': 6, 管理组·例数: 1, '对照组（糖尿病前期）·例数': 3 });
    expect(Number(outcomes!.管理组·值)).toBeCloseTo(1 / 6, 10);
    const effects = readSheet(book, '组间比较').rows;
    expect(Number(effects[0]!.估计值)).toBeCloseTo(0.277778, 5);
    expect(readSheet(book, '生存分析').rows).toHaveLength(4 + 5);
    expect(readSheet(book, '各机构').rows).toHaveLength(10);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.entityId, 'outcomes')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({
      export: 'outcomes',
      path: '/api/programme/outcomes/exportExcel',
      rows: 10,
      outcome: 'completed',
    });
    const refused = await download(t, '/api/programme/outcomes/exportExcel', tokenA, { institutionId: INSTITUTION_B });
    expect([refused.status, refused.envelope?.code, refused.envelope?.message]).toEqual([403, 403, '无权访问其他机构的数据']);
  });
});
