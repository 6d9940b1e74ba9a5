import { allItems, annex4, isFillCompleted, STALE_REVISION_MESSAGE } from '@tcm/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompletedSql } from '../src/db/queries/patient-protocol';
import { annexRecords, recordRevisions } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { addComparisonMember, backdateEnrolment, createDoctor, daysAgo, enrolPatient, loginAs, storeRecord } from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

interface RecordOut {
  id: number;
  revision: number;
  data: Record<string, unknown>;
  derived: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

interface RevisionOut {
  revision: number;
  data: Record<string, unknown>;
  derived: Record<string, unknown>;
  doctorId: number;
  doctorName: string;
  savedAt: string;
  changedItems: string[];
}

/** Every graded symptom of annex 4 at one level (mild 2/1 points, moderate 4/2: main/secondary). */
function symptomGrades(level: string) {
  return Object.fromEntries(
    allItems(annex4)
      .filter((i) => i.type === 'grade')
      .map((i) => [i.key, level]),
  );
}

/**
 * An annex 9 visit: FPG < 7.0 is satisfactory control, ≥ 7.0 unsatisfactory (no danger value here),
 * classified by the doctor as suggested.
 */
const visit = (day: number, fpg: number) => ({
  visitDate: daysAgo(day),
  way: 'clinic',
  symptoms: ['none'],
  urgentSigns: ['none'],
  fpg,
  adverseReaction: 'no',
  visitClass: fpg < 7 ? 'satisfactory' : 'unsatisfactory',
});

describe.each(databaseKinds())('record integrity on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let colleagueToken: string;
  let otherToken: string;
  let doctorId: number;
  let colleagueId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A, name: '王医生' });
    const colleague = await createDoctor(t, { institutionId: INSTITUTION_A, name: '李医生' });
    doctorId = doctor.id;
    colleagueId = colleague.id;
    token = await loginAs(t, doctor);
    colleagueToken = await loginAs(t, colleague);
    otherToken = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_B }));
  });
  afterAll(async () => {
    await t?.close();
  });

  // Scenarios here record several visits on one date on purpose: each confirms it (the question a
  // second same-day follow-up asks is idempotency.test.ts's).
  const save = (annex: string, patientId: number, data: Record<string, unknown>) =>
    t.call<RecordOut>({ method: 'POST', path: `/api/annex/${annex}/records`, token, body: { patientId, data, confirmDuplicate: true } });
  const edit = (annex: string, id: number, body: Record<string, unknown>, as = token) =>
    t.call<RecordOut>({ method: 'PUT', path: `/api/annex/${annex}/records/${id}`, token: as, body });
  const revisionsOf = (annex: string, id: number, as = token) =>
    t.call<{ list: RevisionOut[] }>({ method: 'GET', path: `/api/annex/${annex}/records/${id}/revisions`, token: as });
  const stored = async (id: number) => (await t.database.db.select().from(annexRecords).where(eq(annexRecords.id, id)))[0]!;
  const saved = async (annex: string, patientId: number, data: Record<string, unknown>) => {
    const res = await save(annex, patientId, data);
    expect(res.code, res.message).toBe(0);
    return res.data;
  };

  describe('group rule', () => {
    it('refuses an instrument outside the group with 403 naming the group, before any item is checked', async () => {
      const early = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 0 });
      const diabetic = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 1 });
      // Empty forms: item validation would answer 400 naming a missing item; the group rule comes first.
      for (const [annex, patientId, message] of [
        ['2', early.id, '对照组（糖尿病前期）不填写附件2'],
        ['4', early.id, '对照组（糖尿病前期）不填写附件4'],
        ['2', diabetic.id, '对照组（糖尿病）不填写附件2'],
      ] as const) {
        const res = await save(annex, patientId, {});
        expect([res.status, res.code, res.message, res.data]).toEqual([403, 403, message, {}]);
      }
      expect(await t.database.db.select().from(annexRecords).where(eq(annexRecords.patientId, early.id))).toHaveLength(0);
      // The group's own instruments are open to it.
      expect((await save('6', early.id, {})).code).toBe(400);
    });

    it('refuses an edit of an instrument outside the group the same way (a record from before the rule)', async () => {
      const early = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 0 });
      const id = await storeRecord(t, early.id, '2', daysAgo(5), doctorId);
      const res = await edit('2', id, { data: {}, revision: 1 });
      expect([res.code, res.message]).toEqual([403, '对照组（糖尿病前期）不填写附件2']);
    });
  });

  describe('revisions', () => {
    it('answers 409 to a stale or missing revision and changes nothing', async () => {
      const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
      const created = await saved('1', p.id, { testDate: daysAgo(3), fpg: 5.5 });
      expect(created.revision).toBe(1);
      const first = await edit('1', created.id, { data: { testDate: daysAgo(3), fpg: 6.3 }, revision: 1 });
      expect([first.code, first.data.revision, first.data.derived.glycemicStatus]).toEqual([0, 2, 'IFG']);
      const before = await stored(created.id);
      for (const body of [
        { data: { testDate: daysAgo(3), fpg: 7.4 }, revision: 1 },
        { data: { testDate: daysAgo(3), fpg: 7.4 }, revision: 3 },
        { data: { testDate: daysAgo(3), fpg: 7.4 } },
      ]) {
        const res = await edit('1', created.id, body);
        expect([res.status, res.code, res.message], JSON.stringify(body)).toEqual([409, 409, STALE_REVISION_MESSAGE]);
      }
      expect(await stored(created.id)).toEqual(before);
      expect((await revisionsOf('1', created.id)).data.list.map((r) => r.revision)).toEqual([2, 1]);
    });

    it('lets exactly one of several parallel edits of the same revision through', async () => {
      const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
      const created = await saved('1', p.id, { testDate: daysAgo(3), fpg: 5.5 });
      const values = [6.2, 6.4, 6.6, 6.8];
      const answers = await Promise.all(
        values.map((fpg, i) => edit('1', created.id, { data: { testDate: daysAgo(3), fpg }, revision: 1 }, i % 2 ? colleagueToken : token)),
      );
      expect(answers.map((a) => a.code).sort()).toEqual([0, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.code !== 0)) expect(refused.message).toBe(STALE_REVISION_MESSAGE);
      const winner = answers.find((a) => a.code === 0)!;
      const row = await stored(created.id);
      expect([row.revision, row.data]).toEqual([2, winner.data.data]);
      const kept = await t.database.db.select().from(recordRevisions).where(eq(recordRevisions.recordId, created.id));
      expect(kept.map((r) => r.revision).sort()).toEqual([1, 2]);
    });

    it('keeps every revision, newest first: who, when, answers, derived values and what changed', async () => {
      const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
      const created = await saved('1', p.id, { testDate: daysAgo(3), fpg: 5.5 });
      const second = await edit('1', created.id, { data: { testDate: daysAgo(3), fpg: 7.2 }, revision: 1 }, colleagueToken);
      const third = await edit('1', created.id, { data: { testDate: daysAgo(4), fpg: 7.2, hba1c: 6.8 }, revision: 2 });
      expect([second.code, third.code]).toEqual([0, 0]);
      const res = await revisionsOf('1', created.id);
      expect(res.code).toBe(0);
      const list = res.data.list;
      expect(list.map((r) => [r.revision, r.doctorId, r.doctorName])).toEqual([
        [3, doctorId, '王医生'],
        [2, colleagueId, '李医生'],
        [1, doctorId, '王医生'],
      ]);
      expect(list.map((r) => r.data)).toEqual([
        { testDate: daysAgo(4), fpg: 7.2, hba1c: 6.8 },
        { testDate: daysAgo(3), fpg: 7.2 },
        { testDate: daysAgo(3), fpg: 5.5 },
      ]);
      // FPG 7.2 alone waits for its repeat; with HbA1c 6.8 % in the same sitting it is confirmed.
      expect(list.map((r) => r.derived.glycemicStatus)).toEqual(['diabetes', 'diabetesUnconfirmed', 'normal']);
      expect(list.map((r) => r.savedAt)).toEqual([third.data.updatedAt, second.data.updatedAt, created.createdAt]);
      expect(list.map((r) => r.changedItems)).toEqual([['testDate', 'hba1c'], ['fpg'], []]);
      // Another institution's doctor learns nothing.
      const refused = await revisionsOf('1', created.id, otherToken);
      expect([refused.code, refused.data]).toEqual([403, {}]);
    });

    it('answers 409 to an edit of a voided record, whose revisions are gone with it', async () => {
      const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
      const created = await saved('1', p.id, { testDate: daysAgo(3), fpg: 5.5 });
      const voided = await t.call({ method: 'DELETE', path: `/api/annex/1/records/${created.id}`, token, query: { reason: '录错患者' } });
      expect(voided.code).toBe(0);
      const res = await edit('1', created.id, { data: { testDate: daysAgo(3), fpg: 6.0 }, revision: 1 });
      expect([res.status, res.code, res.message]).toEqual([409, 409, '该记录已作废，不能修改']);
      expect((await stored(created.id)).data).toEqual({ testDate: daysAgo(3), fpg: 5.5 });
      // Scope comes first: another institution hears 403, not whether the record was voided.
      expect((await edit('1', created.id, { data: {}, revision: 1 }, otherToken)).code).toBe(403);
      expect((await revisionsOf('1', created.id)).code).toBe(404);
    });
  });

  describe('context as of the record date', () => {
    it('classifies a back-dated annex 9 against the visit before it, and an edited one against its own past', async () => {
      const m = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 1 });
      await backdateEnrolment(t, m.id, daysAgo(70));
      const a = await saved('9', m.id, visit(60, 6.0));
      const b = await saved('9', m.id, visit(10, 8.5));
      expect([a.derived.suggestedNextStep, b.derived.suggestedNextStep]).toEqual(['routine', 'revisit']);
      // Day -30 follows the satisfactory day -60 visit: a first unsatisfactory visit, not the second in a row
      // (the newest visit, day -10, is unsatisfactory and would make it a referral).
      const c = await saved('9', m.id, visit(30, 8.5));
      expect(c.derived.suggestedNextStep).toBe('revisit');
      // Editing day -60 to unsatisfactory: nothing came before it.
      const editedA = await edit('9', a.id, { data: visit(60, 8.5), revision: 1 });
      expect(editedA.data.derived.suggestedNextStep).toBe('revisit');
      // Day -10 now follows the unsatisfactory day -30 visit: two in a row.
      const editedB = await edit('9', b.id, { data: visit(10, 8.5), revision: 1 });
      expect(editedB.data.derived.suggestedNextStep).toBe('referral');
    });

    it('orders visits of the same date by when they were saved (date, then id)', async () => {
      const m = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 1 });
      await backdateEnrolment(t, m.id, daysAgo(30));
      await saved('9', m.id, visit(20, 6.0));
      const y = await saved('9', m.id, visit(5, 8.5));
      const z = await saved('9', m.id, visit(5, 8.5));
      expect([y.derived.suggestedNextStep, z.derived.suggestedNextStep]).toEqual(['revisit', 'referral']);
      // Editing the first of the two: the later one of its date does not come before it.
      expect((await edit('9', y.id, { data: visit(5, 8.5), revision: 1 })).data.derived.suggestedNextStep).toBe('revisit');
    });

    it('takes the annex 4 baseline from before the record, so a back-dated assessment becomes the baseline', async () => {
      const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
      const later = await saved('4', p.id, { assessDate: daysAgo(30), ...symptomGrades('moderate') });
      expect(later.derived.baselineTotal ?? null).toBeNull();
      const earlier = await saved('4', p.id, { assessDate: daysAgo(60), ...symptomGrades('mild') });
      expect(earlier.derived.baselineTotal ?? null).toBeNull();
      const edited = await edit('4', later.id, { data: { assessDate: daysAgo(30), ...symptomGrades('moderate') }, revision: 1 });
      expect(edited.data.derived.baselineTotal).toBe(earlier.derived.total);
    });

    it('leaves records dated after an end evaluation out of its baseline', async () => {
      const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
      await backdateEnrolment(t, p.id, daysAgo(60));
      await saved('1', p.id, { testDate: daysAgo(10), fpg: 6.4 });
      const end = await saved('8', p.id, { evaluationDate: daysAgo(50), fpg: 5.8, satisfaction: 'satisfied' });
      expect(end.derived.baselineStatus ?? null).toBeNull();
    });
  });

  it('computes the fill-in status in SQL exactly as isFillCompleted, for every combination of filled annexes', async () => {
    const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'custom'];
    // A derived table named like the patients table, so the generated fragment reads its columns.
    const result = (await t.database.db.execute(sql`
      select patients.cohort, patients.comparison_role as role, patients.end_management as ended,
        patients.filled_annexes as filled, ${isCompletedSql} as completed
      from (
        select g.cohort, g.comparison_role, e.end_management,
          array(select u.k from unnest(${sql.raw(`array[${keys.map((k) => `'${k}'`).join(',')}]::text[]`)}) with ordinality as u(k, i)
                where (m.mask >> (u.i::int - 1)) & 1 = 1) as filled_annexes
        from (values ('managed', null::smallint), ('comparison', 0::smallint), ('comparison', 1::smallint), ('comparison', null::smallint))
          as g(cohort, comparison_role)
        cross join (values (true), (false)) as e(end_management)
        cross join generate_series(0, ${2 ** keys.length - 1}::int) as m(mask)
      ) as patients`)) as unknown as {
      rows: { cohort: 'managed' | 'comparison'; role: number | null; ended: boolean; filled: string[] | string; completed: boolean }[];
    };
    expect(result.rows).toHaveLength(4 * 2 * 2 ** keys.length);
    const asArray = (v: string[] | string) => (Array.isArray(v) ? v : v.replace(/[{}]/g, '').split(',').filter(Boolean));
    const disagreements = result.rows.filter((r) => r.completed !== isFillCompleted(r.cohort, asArray(r.filled), r.ended, r.role));
    expect(disagreements).toEqual([]);
    const completed = result.rows.filter((r) => r.completed).length;
    expect(completed).toBeGreaterThan(0);
    expect(completed).toBeLessThan(result.rows.length);
  });
});
