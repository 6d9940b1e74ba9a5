import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifierMatches } from '../src/db/queries/patient-identifiers';
import { auditLog, patients } from '../src/db/schema';
import { keyringOf } from '../src/lib/crypto';
import { databaseKinds } from './support/databases';
import { addComparisonMember, createAdmin, createDoctor, daysAgo, enrolPatient, loginAs, type PatientFixture } from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

const PATH = '/api/user/progressToDiabetes';
const TODAY = daysAgo(0);

interface Outcome {
  recordId: number;
  comparisonMemberId: number | null;
}
interface RecordPage {
  total: number;
  list: { id: number; data: Record<string, unknown>; derived: Record<string, unknown> }[];
}

/**
 * The guided end of management for a managed patient whose diabetes is confirmed: one call saves the
 * annex 8 evaluation (outcome 进展为糖尿病) and may enrol the person in the comparison group's diabetes
 * arm, keeping every record; all or nothing, once only, within the doctor's institution.
 */
describe.each(databaseKinds())('progress to diabetes on %s', (kind) => {
  let t: TestApp;
  let tokenA: string;
  let tokenB: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    tokenA = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
    tokenB = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_B }));
    admin = await loginAs(t, await createAdmin(t));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const save = async (annex: string, patientId: number, data: Record<string, unknown>) => {
    const res = await t.call<{ id: number }>({
      method: 'POST',
      path: `/api/annex/${annex}/records`,
      token: tokenA,
      body: { patientId, data },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const records = async (annex: string, patientId: number) => {
    const res = await t.call<RecordPage>({
      method: 'GET',
      path: `/api/annex/${annex}/records`,
      token: tokenA,
      query: { patientId, page: 1, limit: 10 },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const progress = (body: Record<string, unknown>, token = tokenA) => t.call<Outcome>({ method: 'POST', path: PATH, token, body });
  const stored = async (id: number) => {
    const [row] = await t.database.db.select().from(patients).where(eq(patients.id, id));
    return row!;
  };
  /** FPG and 2h-PG of one OGTT both in the diabetic range: confirmed in one sitting. */
  const confirmingEvaluation = { evaluationDate: TODAY, fpg: 7.4, ogtt2h: 12.6, satisfaction: 'satisfied' };

  /** A managed patient enrolled with IFG whose follow-up today confirms diabetes. */
  const diabeticPatient = async (name: string): Promise<PatientFixture> => {
    const patient = await enrolPatient(t, tokenA, { institutionId: INSTITUTION_A, name });
    await save('1', patient.id, { testDate: TODAY, fpg: 6.4, ogtt2h: 7.0 });
    await save('7', patient.id, { visitDate: TODAY, way: 'clinic', fpg: 7.3, ogtt2h: 12.1 });
    return patient;
  };

  it('ends management with the outcome 进展为糖尿病, keeps every record and enrols a diabetic comparison member', async () => {
    const patient = await diabeticPatient('进展甲');
    const res = await progress({ patientId: patient.id, evaluation: confirmingEvaluation, enrolComparison: true });
    expect(res.code, res.message).toBe(0);
    const { recordId, comparisonMemberId } = res.data;

    const end = await records('8', patient.id);
    expect(end.list.map((r) => r.id)).toEqual([recordId]);
    expect(end.list[0]?.derived).toMatchObject({ finalStatus: 'diabetes', outcome: 'progressed' });
    expect(end.list[0]?.data.endReason).toBe('progressedToDiabetes');
    expect((await records('1', patient.id)).total).toBe(1);
    expect((await records('7', patient.id)).total).toBe(1);
    const managed = await stored(patient.id);
    expect(managed).toMatchObject({ endManagement: true, endedAt: TODAY, cohort: 'managed' });
    expect(managed.voidedAt).toBeNull();
    expect(managed.idNumIndex).toEqual(expect.any(String));

    expect(comparisonMemberId).toEqual(expect.any(Number));
    const member = await stored(comparisonMemberId!);
    expect(member).toMatchObject({
      cohort: 'comparison',
      comparisonRole: 1,
      idNumIndex: managed.idNumIndex,
      name: '进展甲',
      institutionId: INSTITUTION_A,
      endManagement: false,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.progressToDiabetes'), eq(auditLog.entityId, String(patient.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({ recordId, comparisonMemberId });
  });

  it('refuses a second end, also when two clicks arrive together, and writes one record', async () => {
    const patient = await diabeticPatient('进展双击');
    const body = { patientId: patient.id, evaluation: confirmingEvaluation, enrolComparison: true };
    const answers = await Promise.all([progress(body), progress(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.message).toBe('该患者已结束管理');
    expect((await records('8', patient.id)).total).toBe(1);
    const again = await progress(body);
    expect(again.status).toBe(409);
    expect((await records('8', patient.id)).total).toBe(1);
    const members = await t.database.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(identifierMatches(keyringOf(t.config), 'idNum', patient.idNum), eq(patients.cohort, 'comparison')));
    expect(members).toHaveLength(1);
  });

  it('without enrolment ends management only', async () => {
    const patient = await diabeticPatient('进展乙');
    const res = await progress({ patientId: patient.id, evaluation: confirmingEvaluation });
    expect(res.code, res.message).toBe(0);
    expect(res.data.comparisonMemberId).toBeNull();
    expect((await stored(patient.id)).endManagement).toBe(true);
  });

  it('refuses an evaluation that does not confirm diabetes and writes nothing', async () => {
    const patient = await enrolPatient(t, tokenA, { institutionId: INSTITUTION_A, name: '未确诊' });
    await save('1', patient.id, { testDate: TODAY, fpg: 6.4, ogtt2h: 7.0 });
    const res = await progress({
      patientId: patient.id,
      evaluation: { evaluationDate: TODAY, fpg: 6.3, ogtt2h: 7.2, satisfaction: 'satisfied' },
      enrolComparison: true,
    });
    expect(res.status).toBe(400);
    expect(res.message).toContain('进展为糖尿病');
    expect(res.message).toContain('确诊糖尿病');
    expect((await records('8', patient.id)).total).toBe(0);
    expect((await stored(patient.id)).endManagement).toBe(false);
  });

  it('refuses, and rolls the end back, when the person is already a comparison member', async () => {
    const patient = await diabeticPatient('已在对照');
    const member = await t.call({
      method: 'POST',
      path: '/api/comparative',
      token: tokenA,
      body: { role: 1, name: '已在对照', gender: 'man', tel_num: '13700000001', idNum: patient.idNum, institutionId: INSTITUTION_A },
    });
    expect(member.code, member.message).toBe(0);
    const res = await progress({ patientId: patient.id, evaluation: confirmingEvaluation, enrolComparison: true });
    expect(res.status).toBe(409);
    expect(res.message).toContain('对照组');
    expect((await records('8', patient.id)).total).toBe(0);
    expect((await stored(patient.id)).endManagement).toBe(false);
  });

  it("keeps to the doctor's institution and the managed group, and refuses a malformed body", async () => {
    const patient = await diabeticPatient('他院');
    const body = { patientId: patient.id, evaluation: confirmingEvaluation, enrolComparison: true };
    expect((await progress(body, tokenB)).status).toBe(403);
    expect((await progress(body, admin)).status).toBe(403);
    const member = await addComparisonMember(t, tokenA, { institutionId: INSTITUTION_A, role: 0 });
    expect((await progress({ ...body, patientId: member.id })).status).toBe(404);
    expect((await progress({ ...body, patientId: 2_000_000_000 })).status).toBe(404);
    const bad = await progress({ ...body, enrolComparison: 'yes' });
    expect(bad.code).not.toBe(0);
    expect(bad.message).toContain('enrolComparison');
    expect((await records('8', patient.id)).total).toBe(0);
  });
});
