import { answersFromQuestions, CCMQ_QUESTIONS } from '@tcm/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIndicatorFacts } from '../src/db/queries/indicator-facts';
import { backfillOutcomeFacts, checkOutcomeFacts, refreshFactsAfterBulkLoad, refreshOutcomeFacts } from '../src/db/queries/outcome-facts';
import { OUTCOME_FACTS_VERSION } from '../src/db/queries/outcome-facts-sql';
import { outcomeFacts } from '../src/db/schema';
import type { Ctx } from '../src/lib/context';
import { createPatient } from '../src/modules/patients/patient-service';
import { createSmsSender } from '../src/sms/sms-sender';
import { databaseKinds } from './support/databases';
import { type AccountFixture, createDoctor, daysAgo, loginAs, nextMobile, nextResidentId } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

/**
 * The stored outcome facts (outcome_facts) against the facts recomputed from the records
 * (checkOutcomeFacts): after writes of every kind through the API, under parallel saves for one patient,
 * and the check itself, which must see a changed, missing or extra row. Expected stored values are
 * worked by hand from the records saved here.
 */

const DAY_MS = 86_400_000;
const ccmq = (value: number) => answersFromQuestions(Object.fromEntries(CCMQ_QUESTIONS.map((q) => [q.key, value])));

interface RecordOut {
  id: number;
  revision: number;
}

describe.each(databaseKinds())('stored outcome facts on %s', (kind) => {
  let t: TestApp;
  let doctor: AccountFixture;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    token = await loginAs(t, doctor);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A service context whose clock stands `days` before now, to enrol on a past day. */
  const ctxAt = (days: number): Ctx => ({
    db: t.database.db,
    actor: { id: doctor.id, role: 'doctor', name: '测试医生', username: doctor.username, institutionId: INSTITUTION_A, sessionId: 0 },
    requestId: 'outcome-facts-test',
    ip: '127.0.0.1',
    now: new Date(Date.now() - days * DAY_MS),
    config: t.config,
    sms: createSmsSender({ name: 'test', async deliver() {} }),
  });
  const enrol = async (cohort: 'managed' | 'comparison', comparisonRole?: 0 | 1) =>
    (
      await createPatient({
        ctx: ctxAt(120),
        input: {
          cohort,
          ...(comparisonRole === undefined ? {} : { comparisonRole }),
          name: '事实甲',
          idNum: nextResidentId('1966-04-04', 'woman'),
          telNum: nextMobile(),
          institutionId: INSTITUTION_A,
        },
      })
    ).id;
  const save = async (annex: string, patientId: number, data: Record<string, unknown>) => {
    const res = await t.call<RecordOut>({ method: 'POST', path: `/api/annex/${annex}/records`, token, body: { patientId, data } });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const storedFacts = async (patientId: number) => {
    const [row] = await t.database.db.select().from(outcomeFacts).where(eq(outcomeFacts.patientId, patientId));
    return row;
  };
  const expectNoDrift = async () => expect(await checkOutcomeFacts(t.database.db)).toEqual([]);

  it('keeps every stored row equal to the records through writes of every kind', async () => {
    const m = await enrol('managed');
    expect(await storedFacts(m)).toMatchObject({
      baselineDate: null,
      laterCount: 0,
      closedWindows: 0,
      rulesVersion: OUTCOME_FACTS_VERSION,
    });
    await expectNoDrift();

    await save('1', m, { testDate: daysAgo(100), fpg: 6.5 });
    await save('6', m, { examDate: daysAgo(100), height: 200, weight: 80 });
    await save('3', m, { assessDate: daysAgo(100), answers: ccmq(3) });
    await save('3', m, { assessDate: daysAgo(50), answers: ccmq(1) });
    const visit = await save('7', m, { visitDate: daysAgo(60), way: 'clinic', fpg: 6.2, weight: 78 });
    await expectNoDrift();
    // FPG 6.5 is IFG; the visit 40 days later is the one later measurement, IFG again (6.1–<7.0).
    // Follow-up runs from enrolment (day −120) to that visit: 60 days.
    expect(await storedFacts(m)).toMatchObject({
      baselineDate: daysAgo(100),
      baselineStatus: 'IFG',
      withBaseline: true,
      prediabetic: true,
      laterCount: 1,
      ittEvaluable: true,
      ittProgressed: false,
      ittFollowedDays: 60,
      ittTests: 1,
      latestDate: daysAgo(60),
      firstWeight: '80',
      lastWeight: '78',
      closedWindows: 1,
      constitutionFirstDate: daysAgo(100),
      constitutionLastDate: daysAgo(50),
    });

    const edited = await t.call<RecordOut>({
      method: 'PUT',
      path: `/api/annex/7/records/${visit.id}`,
      token,
      body: { data: { visitDate: daysAgo(60), way: 'clinic', fpg: 7.2, weight: 78 }, revision: visit.revision },
    });
    expect(edited.code, edited.message).toBe(0);
    await expectNoDrift();
    // One diabetic test, never confirmed by a second: not an event, an unconfirmed diabetic value.
    expect(await storedFacts(m)).toMatchObject({ ittProgressed: false, ittUnconfirmed: true, ittFollowedDays: 60 });

    const voided = await t.call({ method: 'DELETE', path: `/api/annex/7/records/${visit.id}`, token, query: { reason: '录入错误' } });
    expect(voided.code, voided.message).toBe(0);
    await expectNoDrift();
    expect(await storedFacts(m)).toMatchObject({
      ittEvaluable: false,
      ittUnconfirmed: false,
      laterCount: 0,
      lastWeight: '80',
      closedWindows: 0,
    });

    // The end evaluation (annex 8) ends management in the same transaction.
    await save('8', m, { evaluationDate: daysAgo(10), fpg: 5.5, ogtt2h: 7.0, hba1c: 5.5, weight: 75, satisfaction: 'satisfied' });
    await expectNoDrift();
    // FPG (the baseline-abnormal measure) re-measured and normal: reverted, in every analysis (the end
    // evaluation is on the common schedule, and before the end of management).
    expect(await storedFacts(m)).toMatchObject({
      laterCount: 1,
      ittReverted: true,
      eomReverted: true,
      ittCommonReverted: true,
      ittFollowedDays: 110,
      lastWeight: '75',
    });

    const updated = await t.call({ method: 'PUT', path: '/api/user', token, body: { id: m, name: '改名后' } });
    expect(updated.code, updated.message).toBe(0);
    await expectNoDrift();

    const c = await enrol('comparison', 0);
    await save('1', c, { testDate: daysAgo(90), fpg: 5.0, ogtt2h: 8.0 });
    await save('7', c, { visitDate: daysAgo(20), way: 'clinic', fpg: 5.1 });
    const ended = await t.call({ method: 'GET', path: '/api/comparative/endManagementPatient', token, query: { id: c } });
    expect(ended.code, ended.message).toBe(0);
    await expectNoDrift();
    // IGT at baseline, later FPG 5.1 without a 2h-PG: normal, but no reversal can be read from it.
    expect(await storedFacts(c)).toMatchObject({ baselineStatus: 'IGT', ittEvaluable: true, ittReverted: false });

    const d = await enrol('comparison', 1);
    await save('9', d, {
      visitDate: daysAgo(30),
      way: 'clinic',
      symptoms: ['none'],
      urgentSigns: ['none'],
      fpg: 6.0,
      adverseReaction: 'no',
      visitClass: 'satisfactory',
    });
    await expectNoDrift();
    expect(await storedFacts(d)).toMatchObject({ visitSatisfactory: true, closedWindows: 1, onTime: 1 });

    const removed = await t.call({ method: 'DELETE', path: '/api/comparative', token, query: { id: c, reason: '录入错误' } });
    expect(removed.code, removed.message).toBe(0);
    await expectNoDrift();
    expect(await storedFacts(c)).toBeUndefined();
  });

  it('stays equal to the records when one patient’s records are saved in parallel', async () => {
    const p = await enrol('managed');
    await save('1', p, { testDate: daysAgo(110), fpg: 6.3 });
    const days = [100, 90, 80, 70, 60, 50, 40, 30, 20, 10];
    await Promise.all(
      days.map((day) => save('7', p, { visitDate: daysAgo(day), way: 'clinic', fpg: 6.0 + day / 1000, weight: 70 - day / 100 })),
    );
    await expectNoDrift();
    // Ten follow-ups, each a later measurement; the latest (10 days ago) carries FPG 6.01 and weight 69.9.
    expect(await storedFacts(p)).toMatchObject({
      laterCount: 10,
      closedWindows: 10,
      latestDate: daysAgo(10),
      latestFpg: '6.01',
      lastWeight: '69.9',
    });
  });

  it('is written once, at the end of a bulk load, for every patient the load wrote', async () => {
    const before = await enrol('managed');
    const { managed, gone } = await refreshFactsAfterBulkLoad(t.database.db, async () => {
      const managed = await enrol('managed');
      await save('1', managed, { testDate: daysAgo(100), fpg: 6.5 });
      await save('7', managed, { visitDate: daysAgo(60), way: 'clinic', fpg: 6.2, weight: 78 });
      // A patient the load has already written had its row; it is not touched until the end either.
      await save('1', before, { testDate: daysAgo(100), fpg: 6.4 });
      const gone = await enrol('managed');
      const voided = await t.call({ method: 'DELETE', path: '/api/user', token, query: { id: gone, reason: '重复登记' } });
      expect(voided.code, voided.message).toBe(0);
      // Until the load ends its patients' facts wait: none for the new patient, the old one's unchanged.
      expect(await storedFacts(managed)).toBeUndefined();
      expect(await storedFacts(before)).toMatchObject({ baselineDate: null });
      return { managed, gone };
    });
    await expectNoDrift();
    expect(await checkIndicatorFacts(t.database.db)).toEqual([]);
    // FPG 6.5 is IFG; the visit 40 days later (FPG 6.2, IFG again) is its one later measurement, 60 days
    // after enrolment (day −120). The other patient's FPG 6.4 is IFG too, with nothing after it.
    expect(await storedFacts(managed)).toMatchObject({ baselineStatus: 'IFG', laterCount: 1, ittFollowedDays: 60 });
    expect(await storedFacts(before)).toMatchObject({ baselineDate: daysAgo(100), baselineStatus: 'IFG', laterCount: 0 });
    expect(await storedFacts(gone)).toBeUndefined();
  });

  it('refreshes what a failed bulk load wrote before it failed, and answers the load’s own error', async () => {
    let written = 0;
    const failure = refreshFactsAfterBulkLoad(t.database.db, async () => {
      written = await enrol('managed');
      await save('1', written, { testDate: daysAgo(100), fpg: 6.5 });
      throw new Error('the load broke');
    });
    await expect(failure).rejects.toThrow('the load broke');
    expect(await storedFacts(written)).toMatchObject({ baselineStatus: 'IFG', laterCount: 0 });
    await expectNoDrift();
  });

  it('sees a changed, missing or extra row, and start-up restores missing and outdated rows', async () => {
    const a = await enrol('managed');
    await save('1', a, { testDate: daysAgo(50), fpg: 6.2 });
    const b = await enrol('managed');
    const gone = await enrol('managed');
    await t.call({ method: 'DELETE', path: '/api/user', token, query: { id: gone, reason: '重复登记' } });
    await expectNoDrift();

    const db = t.database.db;
    await db.execute(sql`update outcome_facts set later_count = later_count + 1 where patient_id = ${a}`);
    await db.execute(sql`delete from outcome_facts where patient_id = ${b}`);
    await db.insert(outcomeFacts).values({
      patientId: gone,
      institutionId: INSTITUTION_A,
      grp: 'managed',
      male: false,
      enrolledAt: daysAgo(120),
      endManagement: false,
      laterCount: 0,
      closedWindows: 0,
      onTime: 0,
      withBaseline: false,
      prediabetic: false,
      ...Object.fromEntries(
        ['itt', 'eom', 'ittCommon', 'eomCommon'].flatMap((a) => [
          [`${a}Evaluable`, false],
          [`${a}Progressed`, false],
          [`${a}Unconfirmed`, false],
          [`${a}Reverted`, false],
          [`${a}Tests`, 0],
        ]),
      ),
      reassessed: false,
      rulesVersion: OUTCOME_FACTS_VERSION,
    });
    const drift = await checkOutcomeFacts(db);
    expect(drift.map((d) => d.patientId)).toEqual([a, b, gone]);
    expect(drift[0]).toMatchObject({ stored: { later_count: 1 }, expected: { later_count: 0 } });
    expect(drift[1]).toMatchObject({ stored: null, expected: { patient_id: b } });
    expect(drift[2]).toMatchObject({ stored: { patient_id: gone }, expected: null });

    // Start-up recomputes missing rows and rows of older rules, and drops voided patients' rows.
    await db.execute(sql`update outcome_facts set rules_version = ${OUTCOME_FACTS_VERSION - 1} where patient_id = ${a}`);
    await backfillOutcomeFacts(db);
    await expectNoDrift();

    await db.execute(sql`update outcome_facts set baseline_status = 'normal' where patient_id = ${a}`);
    expect((await checkOutcomeFacts(db)).map((d) => d.patientId)).toEqual([a]);
    await refreshOutcomeFacts(db, a);
    await expectNoDrift();
  });
});
