import { IndicatorPaths, type IndicatorPatientsResult, type IndicatorPeriod, type IndicatorReport, parsePeriod } from '@tcm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { refreshIndicatorFacts } from '../src/db/queries/indicator-facts';
import { type IndicatorScope, loadScopedFacts } from '../src/db/queries/indicator-scope';
import { annexRecords } from '../src/db/schema';
import type { Ctx } from '../src/lib/context';
import { isoDate } from '../src/lib/dates';
import { evaluateAll, figures, patientsOn, trend } from '../src/modules/indicators/aggregate';
import { defaultIndicatorPeriods, IndicatorCache, indicatorCacheOf, warmIndicatorCache } from '../src/modules/indicators/facts-cache';
import { computeIndicatorReport, readTargets } from '../src/modules/indicators/service';
import { databaseKinds } from './support/databases';
import {
  addComparisonMember,
  createAdmin,
  createDoctor,
  daysAgo,
  enrolPatient,
  loginAs,
  type PatientFixture,
  storeRecord,
} from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

/**
 * The indicators' in-process cache (modules/indicators/facts-cache.ts) against the reference: the
 * rows read afresh (loadScopedFacts) and evaluated in full (evaluateAll, trend), after each kind of
 * write, for the quarter holding today.
 */
describe.each(databaseKinds())('indicator cache on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let token: string;
  let doctorId: number;
  let otherToken: string;
  const today = isoDate(new Date());
  const quarter = parsePeriod(`${today.slice(0, 4)}-Q${Math.ceil(Number(today.slice(5, 7)) / 3)}`) as IndicatorPeriod;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await loginAs(t, await createAdmin(t));
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A, name: '缓存医生' });
    doctorId = doctor.id;
    token = await loginAs(t, doctor);
    // A patient of another institution, so that the institution's scope differs from the city's.
    const other = await createDoctor(t, { institutionId: INSTITUTION_B, name: '他院医生' });
    otherToken = await loginAs(t, other);
    await enrolPatient(t, otherToken, { institutionId: INSTITUTION_B, name: '他院患者' });
  });
  afterAll(async () => t?.close());

  const ok = async <T>(call: Parameters<TestApp['call']>[0]) => {
    const res = await t.call<T>({ token, ...call });
    if (res.code !== 0) throw new Error(`${call.method} ${call.path}: ${res.code} ${res.message}`);
    return res.data;
  };
  const report = async (scope: { institutionId?: number } = {}) =>
    ok<IndicatorReport>({ method: 'GET', path: IndicatorPaths.indicators, token: admin, query: { period: quarter.key, ...scope } });

  async function reference(scope: IndicatorScope) {
    const list = await loadScopedFacts(t.database.db, scope);
    const targets = await readTargets({ db: t.database.db } as Ctx);
    return { indicators: figures(evaluateAll(list, quarter, today), targets), trend: trend(list, quarter, today), list };
  }

  /** The reports of the city and of institution A equal the reference; answers the city's. */
  async function expectFresh(): Promise<IndicatorReport> {
    let city: IndicatorReport | undefined;
    for (const scope of [{}, { institutionId: INSTITUTION_A }]) {
      const got = await report(scope);
      const want = await reference(scope);
      expect(got.indicators).toEqual(want.indicators);
      expect(got.trend).toEqual(want.trend);
      // The whole answer, by institution or by doctor included, equals the uncached path's (a
      // transaction's ctx.db bypasses the cache).
      const uncached = await t.database.db.transaction((tx) =>
        computeIndicatorReport({ db: tx as unknown as Db } as Ctx, { period: quarter, scope, today }),
      );
      expect(got).toEqual(uncached);
      city ??= got;
    }
    // The drill-down reads the same cache: the gap list of standard management equals the reference's.
    const gap = await ok<IndicatorPatientsResult>({
      method: 'GET',
      path: IndicatorPaths.patients,
      token: admin,
      query: { period: quarter.key, key: 'activePatients', in: 'numerator', limit: 100 },
    });
    const want = patientsOn(evaluateAll((await reference({})).list, quarter, today), 'activePatients', 'numerator');
    expect(gap.list.map((p) => [p.id, p.count])).toEqual(want.map((r) => [r.patient.id, r.count]));
    return city as IndicatorReport;
  }
  const figure = (r: IndicatorReport, key: string) => r.indicators.find((i) => i.key === key)!;

  it('reflects each kind of write in the next report, equal to a fresh evaluation, without reloading', async () => {
    const start = await expectFresh();
    const cache = indicatorCacheOf(t.database.db)!;
    const loads = cache.stats.fullLoads;
    expect(loads).toBe(1);

    // Enrolment (a new facts row).
    const a = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '缓存甲' });
    const b = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '缓存乙' });
    const c: PatientFixture = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 0 });
    let now = await expectFresh();
    expect(figure(now, 'newlyEnrolled').numerator).toBe(figure(start, 'newlyEnrolled').numerator + 3);

    // A patient column read live (enrolment date), written directly: the trigger touches the facts row.
    // Enrolled 40 days ago, the baseline's 30 days have passed: a enters baseline completion, not done.
    await t.database.db.execute(sql`update patients set enrolled_at = ${daysAgo(40)} where id = ${a.id}`);
    now = await expectFresh();
    const baselineBefore = figure(now, 'baselineCompletion');

    // Records: the baseline set, then a follow-up through the API.
    for (const annex of ['1', '2', '3', '4', '6']) await storeRecord(t, a.id, annex, daysAgo(40), doctorId);
    now = await expectFresh();
    expect(figure(now, 'baselineCompletion').numerator).toBe(baselineBefore.numerator + 1);
    await ok({
      method: 'POST',
      path: '/api/annex/7/records',
      body: { patientId: a.id, data: { visitDate: daysAgo(25), way: 'clinic', fpg: 6.1 } },
    });
    await expectFresh();

    // A contact, then a status change, then the end of management.
    await ok({ method: 'POST', path: '/api/outreach/contacts', body: { patientId: b.id, channel: 'phone', result: 'unreachable' } });
    await expectFresh();
    const active = figure(now, 'activePatients').numerator;
    await ok({ method: 'POST', path: '/api/outreach/status', body: { patientId: b.id, status: 'movedAway', reason: '迁出' } });
    now = await expectFresh();
    expect(figure(now, 'activePatients').numerator).toBe(active - 1);
    await ok({ method: 'GET', path: '/api/user/endManagementPatient', query: { id: a.id } });
    now = await expectFresh();
    expect(figure(now, 'activePatients').numerator).toBe(active - 2);

    // Voiding: the facts row is deleted; the live count tells the cache to drop it.
    const prunes = cache.stats.pruneReads;
    await ok({ method: 'DELETE', path: '/api/comparative', query: { id: c.id, reason: '录入错误' } });
    now = await expectFresh();
    expect(figure(now, 'newlyEnrolled').numerator).toBe(figure(start, 'newlyEnrolled').numerator + 2);
    expect(cache.stats.pruneReads).toBe(prunes + 1);

    // Every write came in through the deltas: one full read in all.
    expect(cache.stats.fullLoads).toBe(loads);
    expect(cache.size).toBe((await loadScopedFacts(t.database.db, {})).length);
  });

  it('re-evaluates on a new day, each day equal to a fresh evaluation', async () => {
    const b = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '缓存丙' });
    const cache = new IndicatorCache(t.database.db);
    await cache.refresh();
    const list = await loadScopedFacts(t.database.db, {});
    // Enrolled today: the baseline window closes in 30 days, so only a later day counts b in it.
    const later = isoDate(new Date(Date.now() + 31 * 86_400_000));
    const year = parsePeriod(today.slice(0, 4)) as IndicatorPeriod;
    const results = (day: string) => cache.view({}, [year], day).evaluated(year);
    const first = results(today);
    expect(first.map((e) => e.result)).toEqual(evaluateAll(list, year, today).map((e) => e.result));
    const evaluations = cache.stats.evaluations;
    const second = results(later);
    expect(cache.stats.evaluations).toBe(evaluations + list.length);
    expect(second.map((e) => e.result)).toEqual(evaluateAll(list, year, later).map((e) => e.result));
    const ofB = (rows: typeof first) => rows.find((e) => e.patient.id === b.id)?.result.baselineCompletion;
    expect(ofB(first)).toBeUndefined();
    expect(ofB(second)).toEqual({ numerator: 0, denominator: 1 });
  });

  it("warms the screen's default periods: this quarter's report then evaluates nothing more", async () => {
    const periods = defaultIndicatorPeriods(today);
    expect(periods).toHaveLength(12);
    expect(periods.at(-1)?.key).toBe(quarter.key);
    const cache = new IndicatorCache(t.database.db);
    const warmed = await warmIndicatorCache(t.database.db, today, cache);
    expect(warmed.patients).toBe(cache.size);
    expect(cache.stats.evaluations).toBe(cache.size * 12);
    const view = cache.view({}, periods, today);
    expect(cache.stats.evaluations).toBe(cache.size * 12);
    const list = await loadScopedFacts(t.database.db, {});
    expect(view.evaluated(quarter).map((e) => e.result)).toEqual(evaluateAll(list, quarter, today).map((e) => e.result));
  });

  it('shares one refresh among concurrent callers and runs one more for those who came during it', async () => {
    const cache = new IndicatorCache(t.database.db);
    await Promise.all([cache.refresh(), cache.refresh(), cache.refresh()]);
    expect(cache.stats).toMatchObject({ fullLoads: 1, deltas: 1 });
    await cache.refresh();
    expect(cache.stats).toMatchObject({ fullLoads: 1, deltas: 2 });
  });

  it.runIf(kind === 'postgres')('catches a write whose transaction was open at the previous read', async () => {
    const a = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '缓存丁' });
    // Of another institution: B's write must not wait for A's locks (the counters' row per institution).
    const b = await enrolPatient(t, otherToken, { institutionId: INSTITUTION_B, name: '缓存戊' });
    const before = await expectFresh();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written: () => void = () => undefined;
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    // Transaction A (its own pooled connection): a's enrolment moves back, its xid is taken now...
    const open = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update patients set enrolled_at = ${daysAgo(400)} where id = ${a.id}`);
      await tx
        .insert(annexRecords)
        .values({ patientId: a.id, annex: '1', version: 1, data: {}, derived: {}, filledAt: daysAgo(400), doctorId });
      await refreshIndicatorFacts(tx, a.id);
      written();
      await held;
    });
    await wrote;
    let during: IndicatorReport;
    try {
      // ...then B, with a later xid, commits, and the cache reads while A is still open: it sees B, not A.
      await t.database.db.execute(sql`update patients set follow_up_status = 'died', follow_up_status_at = ${today} where id = ${b.id}`);
      during = await expectFresh();
      expect(figure(during, 'activePatients').numerator).toBe(figure(before, 'activePatients').numerator - 1);
      // (b died after the quarter began: still newly enrolled in it.)
      expect(figure(during, 'newlyEnrolled').numerator).toBe(figure(before, 'newlyEnrolled').numerator);
    } finally {
      release();
      await open;
    }
    // A committed with an xid below the horizon of B's read only if the horizon were B's: the cache
    // keeps the snapshot's xmin (A's xid), so the next read brings a's new row.
    const after = await expectFresh();
    expect(figure(after, 'newlyEnrolled').numerator).toBe(figure(during, 'newlyEnrolled').numerator - 1);
    expect(figure(after, 'activePatients').numerator).toBe(figure(during, 'activePatients').numerator);
  });
});
