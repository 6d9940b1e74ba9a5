import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCounters, countUnfilledReminders, recountCounters } from '../src/db/queries/counters';
import { isDismissedSql, isOverdueSql, isSilencedSql } from '../src/db/queries/patients';
import type { Ctx } from '../src/lib/context';
import { createSmsSender } from '../src/sms/sms-sender';
import { databaseKinds } from './support/databases';
import {
  type AccountFixture,
  addComparisonMember,
  createAdmin,
  createDoctor,
  daysAgo,
  enrolPatient,
  loginAs,
  storeRecord,
} from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

/**
 * The stored counters of the personal centre and the doctor's bell (db/queries/counters.ts) against a
 * recount from the patient rows (checkCounters): after writes of every kind through the API, under
 * parallel writes, after bulk SQL that bypasses the services, and the check itself, which must see a
 * counter that is off. The bell is also compared with its former row-by-row query on several days,
 * since its counts are kept per due date rather than as one number. kill -9: test/crash.test.ts.
 */

const DAY_MS = 86_400_000;

interface RecordOut {
  id: number;
  revision: number;
}

type Figures = Record<string, number>;

describe.each(databaseKinds())('stored counters on %s', (kind) => {
  let t: TestApp;
  let doctor: AccountFixture;
  let token: string;
  let tokenB: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    token = await loginAs(t, doctor);
    tokenB = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_B }));
    adminToken = await loginAs(t, await createAdmin(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const expectNoDrift = async () => expect(await checkCounters(t.database.db)).toEqual([]);

  /** The service context of `as` with the clock moved by `days` (bell on another day). */
  const ctxIn = (days: number, as: 'doctor' | 'admin' = 'doctor'): Ctx => ({
    db: t.database.db,
    actor:
      as === 'doctor'
        ? { id: doctor.id, role: 'doctor', name: '测试医生', username: doctor.username, institutionId: INSTITUTION_A, sessionId: 0 }
        : { id: 0, role: 'admin', name: '管理员', username: 'admin', institutionId: null, sessionId: 0 },
    requestId: 'counters-test',
    ip: '127.0.0.1',
    now: new Date(Date.now() + days * DAY_MS),
    config: t.config,
    sms: createSmsSender({ name: 'test', async deliver() {} }),
  });
  const dayIn = (days: number) => daysAgo(-days);

  /** The bell counted the slow, obvious way (the oracle): row by row, with the lists' predicates. */
  const bellFromRows = async (today: string, institutionId?: number) => {
    const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from patients
      where voided_at is null and cohort = 'managed' ${institutionId === undefined ? sql`` : sql`and institution_id = ${institutionId}`}
        and ${isOverdueSql(today)} and not ${isSilencedSql} and not ${isDismissedSql}`);
    return row?.n ?? 0;
  };
  /** The stored bell equals the row-by-row count on every day from a year ago to a month ahead. */
  const expectBellMatchesRows = async () => {
    for (const days of [-400, -120, -60, -20, -16, -15, -14, -1, 0, 1, 14, 15, 16, 30]) {
      expect(await countUnfilledReminders(ctxIn(days), dayIn(days)), `doctor's bell in ${days} days`).toBe(
        await bellFromRows(dayIn(days), INSTITUTION_A),
      );
      expect(await countUnfilledReminders(ctxIn(days, 'admin'), dayIn(days)), `admin's view in ${days} days`).toBe(
        await bellFromRows(dayIn(days)),
      );
    }
  };
  const personalCentre = async (as: string, institutionId?: number) => {
    const res = await t.call<Figures>({
      method: 'GET',
      path: '/api/annex/queryPersonalCenterData',
      token: as,
      ...(institutionId === undefined ? {} : { query: { institutionId } }),
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const bell = async () => {
    const res = await t.call<{ count: number }>({ method: 'GET', path: '/api/user/queryUnfilledRemind', token });
    expect(res.code, res.message).toBe(0);
    return res.data.count;
  };
  /** The token of a doctor of the patient's institution. */
  const tokenOf = (institutionId: number) => (institutionId === INSTITUTION_A ? token : tokenB);
  const ok = async (call: Parameters<TestApp['call']>[0]) => {
    const res = await t.call<RecordOut>({ token, ...call });
    expect(res.code, `${call.method} ${call.path}: ${res.message}`).toBe(0);
    return res.data;
  };
  const saveVisit = (patientId: number, visitDate: string, as = token) =>
    ok({ method: 'POST', path: '/api/annex/7/records', token: as, body: { patientId, data: { visitDate, way: 'clinic', fpg: 6.1 } } });
  /**
   * Moves enrolment into the past (a direct write, which the counters' triggers see like any other), so
   * that follow-ups dated after it pass the records' date window: a follow-up may not predate enrolment.
   */
  const enrolledDaysAgo = async (ids: number[], days: number) => {
    await rows(
      sql`update patients set enrolled_at = ${daysAgo(days)} where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  };
  const baseline = async (patientId: number, annexes = ['1', '2', '3', '4', '6']) => {
    for (const annex of annexes) await storeRecord(t, patientId, annex, daysAgo(40), doctor.id);
  };

  it('keeps every counter equal to a recount through writes of every kind', async () => {
    await expectNoDrift();
    const before = await personalCentre(token);
    const bellBefore = await bell();

    const a = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '计数甲' });
    const b = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '计数乙' });
    const early = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 0 });
    const diabetic = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 1 });
    await expectNoDrift();
    expect(await personalCentre(token)).toEqual({
      ...before,
      managementTeamCount: before.managementTeamCount! + 2,
      managementTeamUnCompletedCount: before.managementTeamUnCompletedCount! + 2,
      managementTeamInManagementCount: before.managementTeamInManagementCount! + 2,
      comparativeTeamCount: before.comparativeTeamCount! + 2,
      comparativeTeamEarlyCount: before.comparativeTeamEarlyCount! + 1,
      comparativeTeamDiabetesCount: before.comparativeTeamDiabetesCount! + 1,
    });

    // Baseline set complete: a is completed; a follow-up 30 days ago makes a overdue (b is not due yet).
    await baseline(a.id);
    await baseline(early.id, ['1', '3', '6']);
    await enrolledDaysAgo([a.id], 40);
    const visit = await saveVisit(a.id, daysAgo(30));
    await expectNoDrift();
    await expectBellMatchesRows();
    expect(await bell()).toBe(bellBefore + 1);
    expect(await personalCentre(token)).toMatchObject({
      managementTeamCompletedCount: before.managementTeamCompletedCount! + 1,
      managementTeamUnCompletedCount: before.managementTeamUnCompletedCount! + 1,
    });

    // Editing the visit's date moves a to another due date; voiding it returns a to enrolment's.
    const edited = await ok({
      method: 'PUT',
      path: `/api/annex/7/records/${visit.id}`,
      body: { data: { visitDate: daysAgo(5), way: 'clinic', fpg: 6.1 }, revision: visit.revision },
    });
    expect(edited.revision).toBe(2);
    await expectNoDrift();
    expect(await bell()).toBe(bellBefore);
    await ok({ method: 'DELETE', path: `/api/annex/7/records/${visit.id}`, query: { reason: '录入错误' } });
    await expectNoDrift();
    await expectBellMatchesRows();

    // A voided baseline record leaves the set incomplete again.
    const [annex6] = await rows<{ id: number }>(
      sql`select id from annex_records where patient_id = ${a.id} and annex = '6' and voided_at is null`,
    );
    await ok({ method: 'DELETE', path: `/api/annex/6/records/${annex6!.id}`, query: { reason: '录入错误' } });
    await expectNoDrift();
    expect((await personalCentre(token)).managementTeamCompletedCount).toBe(before.managementTeamCompletedCount);
    await storeRecord(t, a.id, '6', daysAgo(40), doctor.id);

    // notRemind and deleteFromIncompleteList take a patient off the bell; a new follow-up brings them back.
    await saveVisit(a.id, daysAgo(20));
    await enrolledDaysAgo([b.id], 20);
    await saveVisit(b.id, daysAgo(20));
    await ok({ method: 'GET', path: '/api/user/notRemind', query: { id: a.id } });
    await ok({ method: 'GET', path: '/api/user/deleteFromIncompleteList', query: { id: b.id } });
    await expectNoDrift();
    await expectBellMatchesRows();
    expect(await bell()).toBe(bellBefore);
    await saveVisit(a.id, daysAgo(17));
    await saveVisit(b.id, daysAgo(17));
    await expectNoDrift();
    expect(await bell()).toBe(bellBefore + 2);

    // An edit of name or phone moves no figure; ending management and voiding do.
    await ok({ method: 'PUT', path: '/api/user', body: { id: b.id, name: '改名后' } });
    await ok({ method: 'GET', path: '/api/user/endManagementPatient', query: { id: a.id } });
    await ok({ method: 'GET', path: '/api/comparative/endManagementPatient', query: { id: early.id } });
    await ok({ method: 'DELETE', path: '/api/user', query: { id: b.id, reason: '重复登记' } });
    await ok({ method: 'DELETE', path: '/api/comparative', query: { id: diabetic.id, reason: '录入错误' } });
    await expectNoDrift();
    await expectBellMatchesRows();
    expect(await bell()).toBe(bellBefore);
    expect(await personalCentre(token)).toEqual({
      ...before,
      managementTeamCount: before.managementTeamCount! + 1,
      // a ended without its end evaluation (annex 8): no longer completed.
      managementTeamUnCompletedCount: before.managementTeamUnCompletedCount! + 1,
      managementTeamEndManagementCount: before.managementTeamEndManagementCount! + 1,
      comparativeTeamCount: before.comparativeTeamCount! + 1,
      comparativeTeamEarlyCount: before.comparativeTeamEarlyCount! + 1,
    });

    // The admin sees one institution or the sum of all, from the same counters.
    await enrolPatient(t, tokenB, { institutionId: INSTITUTION_B });
    await expectNoDrift();
    const [ofA, ofB, all] = [
      await personalCentre(adminToken, INSTITUTION_A),
      await personalCentre(adminToken, INSTITUTION_B),
      await personalCentre(adminToken),
    ];
    expect(ofA).toEqual(await personalCentre(token));
    // The counted figures add up; returnToCare (not a counter) has its own test in outreach.test.ts.
    for (const key of Object.keys(all).filter((k) => k !== 'returnToCare')) expect(all[key], key).toBe(ofA[key]! + ofB[key]!);
  });

  it('never drifts under parallel enrolments, record saves and ends of management', async () => {
    const patients = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const institutionId = i % 2 ? INSTITUTION_A : INSTITUTION_B;
        return enrolPatient(t, tokenOf(institutionId), { institutionId, name: `并发${i}` });
      }),
    );
    await enrolledDaysAgo(
      patients.map((p) => p.id),
      30,
    );
    await expectNoDrift();
    // Every patient's follow-ups on scattered days, and several for one patient at once.
    await Promise.all(patients.map((p, i) => saveVisit(p.id, daysAgo(5 + (i % 25)), tokenOf(p.institutionId))));
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => saveVisit(patients[0]!.id, daysAgo(3 + i * 3), tokenOf(patients[0]!.institutionId))),
    );
    await expectNoDrift();
    // Ends of management, silences and voids of the same patients, interleaved.
    await Promise.all(
      patients.map((p, i) => {
        const as = tokenOf(p.institutionId);
        if (i % 3 === 0) return ok({ method: 'GET', path: '/api/user/endManagementPatient', token: as, query: { id: p.id } });
        if (i % 3 === 1) return ok({ method: 'GET', path: '/api/user/notRemind', token: as, query: { id: p.id } });
        return ok({ method: 'DELETE', path: '/api/user', token: as, query: { id: p.id, reason: '并发作废' } });
      }),
    );
    await expectNoDrift();
    await expectBellMatchesRows();
  });

  it.runIf(kind === 'postgres')('never drifts under a storm of concurrent transactions on many connections', async () => {
    const enrolled = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const institutionId = i % 3 ? INSTITUTION_A : INSTITUTION_B;
        return enrolPatient(t, tokenOf(institutionId), { institutionId });
      }),
    );
    await expectNoDrift();
    // The app's pool has 4 connections; 20 of our own make more writers wait on the same counter rows.
    const url = (t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
    const pool = new pg.Pool({ connectionString: url, max: 20 });
    try {
      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      const changes = [
        (id: number) => `update patients set last_follow_up_date = current_date - ${random(40)} where id = ${id}`,
        (id: number) => `update patients set end_management = not end_management where id = ${id}`,
        (id: number) =>
          `update patients set filled_annexes = '${random(2) ? '{1,2,3,4,6}' : '{1}'}', remind_silenced_at = ${random(2) ? 'now()' : 'null'} where id = ${id}`,
        (id: number) => `update patients set voided_at = case when voided_at is null then now() end where id = ${id}`,
        (id: number) => `update patients set incomplete_dismissed_due = current_date - ${random(30)} where id = ${id}`,
        // No service moves a patient between groups or roles today; the counters must follow if one does.
        (id: number) =>
          `update patients set cohort = case when cohort = 'managed' then 'comparison' else 'managed' end,
            comparison_role = case when cohort = 'managed' then ${random(2)} end where id = ${id}`,
      ];
      await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const client = await pool.connect();
          try {
            await client.query('begin');
            // One or two statements per transaction on one patient, with a pause so others queue behind.
            const id = enrolled[random(enrolled.length)]!.id;
            await client.query(changes[random(changes.length)]!(id));
            await client.query(`select pg_sleep(${random(5) / 1000})`);
            if (i % 2) await client.query(changes[random(changes.length)]!(id));
            await client.query(i % 7 === 0 ? 'rollback' : 'commit');
          } finally {
            client.release();
          }
        }),
      );
    } finally {
      await pool.end();
    }
    await expectNoDrift();
    await expectBellMatchesRows();
  });

  it('counts rows written by bulk SQL, sees a counter that is off, and recounts', async () => {
    const db = t.database.db;
    // Set-based writes, as the bench and maintenance scripts do: one statement, many rows.
    await db.execute(sql`insert into patients (cohort, comparison_role, name, gender, birth_date, id_num, tel_num, institution_id, enrolled_at)
      select case when g % 3 = 0 then 'comparison' else 'managed' end, case when g % 3 = 0 then g % 2 end, '批量' || g, 'man',
        date '1960-01-01', 'BULK' || g, '13900000000', ${INSTITUTION_A} + g % 2, current_date - g % 60
      from generate_series(1, 500) as g`);
    await db.execute(sql`update patients set end_management = true where name like '批量%' and id % 4 = 0`);
    await db.execute(sql`update patients set voided_at = now() where name like '批量%' and id % 5 = 0`);
    await expectNoDrift();
    await expectBellMatchesRows();

    await db.execute(sql`update patient_counters set managed = managed + 1 where institution_id = ${INSTITUTION_A}`);
    await db.execute(sql`delete from unfilled_reminder_days where institution_id = ${INSTITUTION_B}`);
    const drift = await checkCounters(db);
    expect(drift[0]).toMatchObject({ table: 'patient_counters', key: { institutionId: INSTITUTION_A } });
    expect(drift[0]!.stored!.managed).toBe(drift[0]!.expected!.managed! + 1);
    expect(drift.slice(1).length).toBeGreaterThan(0);
    for (const d of drift.slice(1))
      expect(d).toMatchObject({ table: 'unfilled_reminder_days', stored: null, key: { institutionId: INSTITUTION_B } });
    await recountCounters(db);
    await expectNoDrift();
  });
});
