import { allItems, annex4, answersFromQuestions, CCMQ_QUESTIONS } from '@tcm/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annexRecords, auditLog } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { addComparisonMember, backdateEnrolment, createDoctor, daysAgo, enrolPatient, loginAs } from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

interface RecordOut {
  id: number;
  annex: string;
  patientId: number;
  version: number;
  data: Record<string, unknown>;
  derived: Record<string, unknown>;
  filledAt: string;
  doctorId: number;
  revision: number;
}

/** Every CCMQ question answered `value`, mapped to its slots. */
function ccmqAnswers(value: number) {
  return answersFromQuestions(Object.fromEntries(CCMQ_QUESTIONS.map((q) => [q.key, value])));
}

/** Every graded symptom of annex 4 at one level. */
function symptomGrades(level: string) {
  return Object.fromEntries(
    allItems(annex4)
      .filter((i) => i.type === 'grade')
      .map((i) => [i.key, level]),
  );
}

describe.each(databaseKinds())('instrument records on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let doctorId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    doctorId = doctor.id;
    token = await loginAs(t, doctor);
    otherToken = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_B }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = (annex: string, patientId: number, data: Record<string, unknown>, as = token) =>
    t.call<RecordOut>({ method: 'POST', path: `/api/annex/${annex}/records`, token: as, body: { patientId, data } });

  it('saves annex 1 with the derived glycemic status and returns the record shape', async () => {
    const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
    const res = await save('1', p.id, { testDate: daysAgo(3), fpg: 6.5, ogtt2h: 8.2 });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ annex: '1', patientId: p.id, version: 1, filledAt: daysAgo(3), doctorId });
    expect(res.data.derived.glycemicStatus).toBe('IFG+IGT');
    const history = await t.call<{ list: RecordOut[] }>({ method: 'GET', path: '/api/annex/1/records', token, query: { patientId: p.id } });
    expect(history.data.list.map((r) => r.id)).toEqual([res.data.id]);
  });

  it('rejects out-of-range values, future dates, missing required items and unknown keys, naming the item; saves nothing', async () => {
    const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
    const cases: [string, Record<string, unknown>, string][] = [
      ['1', { testDate: daysAgo(1), fpg: 0.4 }, '空腹血糖'],
      ['1', { testDate: daysAgo(1), fpg: 80 }, '空腹血糖'],
      ['1', { testDate: daysAgo(-5), fpg: 6.2 }, '检测日期'],
      ['1', { testDate: daysAgo(1) }, '血糖'],
      ['1', { fpg: 6.2 }, '检测日期'],
      ['1', { testDate: daysAgo(1), fpg: 6.2, foo: 1 }, '未知字段：foo'],
      ['6', { examDate: daysAgo(1), height: 30, weight: 70 }, '身高'],
    ];
    for (const [annex, data, fragment] of cases) {
      const res = await save(annex, p.id, data);
      expect(res.code, JSON.stringify(data)).toBe(400);
      expect(res.message).toContain(fragment);
      expect((res.data as unknown as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
    }
    const stored = await t.database.db.select().from(annexRecords).where(eq(annexRecords.patientId, p.id));
    expect(stored).toHaveLength(0);
  });

  it('scores the CCMQ and refuses shared slots that disagree', async () => {
    const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A, gender: 'woman' });
    const answers = ccmqAnswers(1);
    const ok = await save('3', p.id, { assessDate: daysAgo(2), answers });
    if (ok.code !== 0) {
      // The definition names its date item; find it from the error and retry once.
      throw new Error(`CCMQ save failed: ${ok.message}`);
    }
    expect(ok.data.derived.judgement).toMatchObject({ pinghe: 'yes' });
    const shared = CCMQ_QUESTIONS.find((q) => q.slots.length === 2)!;
    const broken = { ...answers, [shared.slots[0]!]: 1, [shared.slots[1]!]: 5 };
    const res = await save('3', p.id, { assessDate: daysAgo(2), answers: broken });
    expect(res.code).toBe(400);
    expect(res.message).toContain('不一致');
  });

  it('edits with before/after in the audit log and voids with a reason', async () => {
    const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
    const created = await save('1', p.id, { testDate: daysAgo(3), fpg: 5.5 });
    expect(created.data.derived.glycemicStatus).toBe('normal');
    const edited = await t.call<RecordOut>({
      method: 'PUT',
      path: `/api/annex/1/records/${created.data.id}`,
      token,
      body: { data: { testDate: daysAgo(3), fpg: 7.2 }, revision: created.data.revision },
    });
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data.revision).toBe(2);
    // One diabetic-range value alone waits for its repeat on another day.
    expect(edited.data.derived.glycemicStatus).toBe('diabetesUnconfirmed');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record.update'), eq(auditLog.entityId, String(created.data.id))));
    const detail = audit!.detail as { before: { data: { fpg: number } }; after: { data: { fpg: number } } };
    expect([detail.before.data.fpg, detail.after.data.fpg]).toEqual([5.5, 7.2]);

    const noReason = await t.call({ method: 'DELETE', path: `/api/annex/1/records/${created.data.id}`, token });
    expect(noReason.message).toBe('请填写作废原因');
    expect(
      (await t.call({ method: 'DELETE', path: `/api/annex/1/records/${created.data.id}`, token, query: { reason: '录错患者' } })).code,
    ).toBe(0);
    expect((await t.call({ method: 'GET', path: `/api/annex/1/records/${created.data.id}`, token })).code).toBe(404);
    const [kept] = await t.database.db.select().from(annexRecords).where(eq(annexRecords.id, created.data.id));
    expect(kept?.voidReason).toBe('录错患者');
  });

  it("refuses another institution's patient and records, with no data", async () => {
    const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
    const created = await save('1', p.id, { testDate: daysAgo(3), fpg: 6.3 });
    const write = await save('1', p.id, { testDate: daysAgo(3), fpg: 6.3 }, otherToken);
    expect(write.code).toBe(403);
    const read = await t.call({ method: 'GET', path: `/api/annex/1/records/${created.data.id}`, token: otherToken });
    expect(read.code).toBe(403);
    expect(read.data).toEqual({});
    const list = await t.call({ method: 'GET', path: '/api/annex/1/records', token: otherToken, query: { patientId: p.id } });
    expect(list.code).toBe(403);
  });

  it('keeps each group to its instruments (403 naming the group)', async () => {
    const early = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 0 });
    const diabetic = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 1 });
    const managed = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
    const refusals: [string, number, string][] = [
      ['9', managed.id, '管理组不填写附件9，随访请使用附件7'],
      ['9', early.id, '对照组（糖尿病前期）不填写附件9，随访请使用附件7'],
      ['7', diabetic.id, '对照组（糖尿病）不填写附件7，随访请使用附件9'],
      ['8', early.id, '对照组（糖尿病前期）不填写附件8'],
      ['5', diabetic.id, '对照组（糖尿病）不填写附件5'],
      ['4', diabetic.id, '对照组（糖尿病）不填写附件4'],
    ];
    for (const [annex, patientId, message] of refusals) {
      const res = await save(annex, patientId, {});
      expect([res.code, res.message, res.data]).toEqual([403, message, {}]);
    }
    expect(
      (await t.call({ method: 'POST', path: '/api/annex/10/records', token, body: { patientId: managed.id, data: {} } })).message,
    ).toBe('附件编号应为 1–9 或 custom');
  });

  it('walks enrol → baseline → follow-up → overdue → end evaluation through the API', async () => {
    const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '全流程' });
    await backdateEnrolment(t, p.id, daysAgo(30));
    const status = async () =>
      (
        await t.call<{ list: { id: number; fillStatus: string; overdue: boolean; endManagement: boolean }[] }>({
          method: 'POST',
          path: '/api/user/list',
          token,
          body: { keyword: '全流程', limit: 100 },
        })
      ).data.list.find((i) => i.id === p.id)!;
    expect((await status()).fillStatus).toBe('uncompleted');
    const baseline: [string, Record<string, unknown>][] = [
      ['1', { testDate: daysAgo(40), fpg: 6.4 }],
      ['2', { surveyDate: daysAgo(40) }],
      ['3', { assessDate: daysAgo(40), answers: ccmqAnswers(2) }],
      ['4', { assessDate: daysAgo(40), ...symptomGrades('mild') }],
      ['6', { examDate: daysAgo(40), height: 170, weight: 78 }],
    ];
    for (const [annex, data] of baseline) {
      const res = await save(annex, p.id, data);
      expect(res.code, `annex ${annex}: ${res.message}`).toBe(0);
    }
    expect((await status()).fillStatus).toBe('completed');
    expect((await save('7', p.id, { visitDate: daysAgo(20), way: 'clinic' })).code).toBe(0);
    expect((await status()).overdue).toBe(true);
    expect((await save('7', p.id, { visitDate: daysAgo(2), way: 'phone' })).code).toBe(0);
    expect((await status()).overdue).toBe(false);
    const end = await save('8', p.id, { evaluationDate: daysAgo(0), fpg: 5.8, weight: 72, satisfaction: 'satisfied' });
    expect(end.code, end.message).toBe(0);
    // Baseline IFG (6.4) back to 5.8: normal; 78 kg to 72 kg: -7.7 %.
    expect(end.data.derived).toMatchObject({ baselineStatus: 'IFG', outcome: expect.any(String) });
    expect(end.data.derived.weightChangePercent).toBeCloseTo(-7.7, 1);
    const final = await status();
    expect(final.endManagement).toBe(true);
    expect(final.fillStatus).toBe('completed');
  });
});
