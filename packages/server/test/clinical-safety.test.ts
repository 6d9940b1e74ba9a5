import { addDays } from '@tcm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annexRecords } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import {
  addComparisonMember,
  backdateEnrolment,
  createDoctor,
  daysAgo,
  enrolPatient,
  loginAs,
  nextMobile,
  nextResidentId,
} from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

/**
 * Clinical safety through the API: adults only, record dates inside the patient's window, the danger
 * values are stored, not refused, and raise their alert (annex 8 too), and a diabetic-range
 * value is confirmed by a second one on another day.
 */

interface RecordOut {
  id: number;
  data: Record<string, unknown>;
  derived: Record<string, unknown>;
}

/** The birth date of someone who turns `years` old on `day` (YYYY-MM-DD). */
function birthDateFor(years: number, day: string): string {
  const [y, m, d] = day.split('-');
  return `${Number(y) - years}-${m}-${d}`;
}

describe.each(databaseKinds())('clinical safety on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = (annex: string, patientId: number, data: Record<string, unknown>) =>
    t.call<RecordOut>({ method: 'POST', path: `/api/annex/${annex}/records`, token, body: { patientId, data } });
  const saved = async (annex: string, patientId: number, data: Record<string, unknown>) => {
    const res = await save(annex, patientId, data);
    expect(res.code, res.message).toBe(0);
    return res.data;
  };

  describe('adults only (age on the enrolment date)', () => {
    const today = daysAgo(0);
    const enrol = (birthDate: string) =>
      t.call<{ id: number }>({
        method: 'POST',
        path: '/api/user/patient',
        token,
        body: {
          name: '年龄',
          idNum: nextResidentId(birthDate),
          tel_num: nextMobile(),
          institutionId: INSTITUTION_A,
          consentDate: daysAgo(0),
        },
      });
    const addMember = (birthDate: string) =>
      t.call<{ id: number }>({
        method: 'POST',
        path: '/api/comparative',
        token,
        body: {
          role: 0,
          name: '对照年龄',
          gender: 'woman',
          idNum: nextResidentId(birthDate, 'woman'),
          tel_num: nextMobile(),
          institutionId: INSTITUTION_A,
        },
      });

    it('refuses 17 (18th birthday tomorrow) and accepts 18 (birthday today), in both groups', async () => {
      const seventeen = addDays(birthDateFor(18, today), 1);
      const refused = await enrol(seventeen);
      expect([refused.code, refused.message]).toEqual([
        400,
        `患者入组时须年满18周岁（按身份证号出生日期 ${seventeen} 计算，入组日期 ${today} 时为 17 岁）`,
      ]);
      expect((await enrol(birthDateFor(18, today))).code).toBe(0);
      expect((await addMember(seventeen)).code).toBe(400);
      expect((await addMember(birthDateFor(18, today))).code).toBe(0);
      const child = await enrol(birthDateFor(10, today));
      expect(child.message).toContain('时为 10 岁');
    });
  });

  describe('record dates inside the patient window', () => {
    it('refuses annex 1 of 1900-01-01 and annex 8 of 1900-06-01 for a patient born 1976, and saves nothing', async () => {
      const patient = await enrolPatient(t, token, { institutionId: INSTITUTION_A, birthDate: '1976-04-02' });
      const early = await save('1', patient.id, { testDate: '1900-01-01', fpg: 6.4 });
      expect([early.code, early.message]).toEqual([400, '检测日期 不能早于患者出生日期（1976-04-02）']);
      const end = await save('8', patient.id, { evaluationDate: '1900-06-01', fpg: 6.0, satisfaction: 'satisfied' });
      expect([end.code, end.message]).toEqual([400, '评估日期 不能早于患者出生日期（1976-04-02）']);
      const stored = await t.database.db.select().from(annexRecords).where(eq(annexRecords.patientId, patient.id));
      expect(stored).toHaveLength(0);
    });

    it('takes baseline tests up to 90 days before enrolment, follow-ups from enrolment, next visits up to a year ahead', async () => {
      const patient = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
      const enrolledAt = daysAgo(10);
      await backdateEnrolment(t, patient.id, enrolledAt);
      const limit = addDays(enrolledAt, -90);
      const tooEarly = await save('1', patient.id, { testDate: addDays(limit, -1), fpg: 6.4 });
      expect(tooEarly.message).toBe(`检测日期 不能早于入组日期（${enrolledAt}）前90天，即 ${limit}`);
      expect((await save('1', patient.id, { testDate: limit, fpg: 6.4 })).code).toBe(0);
      const before = await save('7', patient.id, { visitDate: addDays(enrolledAt, -1), way: 'clinic' });
      expect(before.message).toBe(`随访日期 不能早于入组日期（${enrolledAt}）`);
      expect((await save('7', patient.id, { visitDate: enrolledAt, way: 'clinic' })).code).toBe(0);
      const far = await save('7', patient.id, { visitDate: daysAgo(0), way: 'clinic', nextVisitDate: addDays(daysAgo(0), 366) });
      expect(far.message).toBe(`下次随访日期 不能晚于一年后（${addDays(daysAgo(0), 365)}）`);
    });
  });

  describe('danger values are stored and raise their alert', () => {
    it('stores FPG 35.0 and 0.8 (annex 1) and random 34, each with its alert', async () => {
      const patient = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
      const high = await saved('1', patient.id, { testDate: daysAgo(3), fpg: 35.0 });
      expect(high.derived).toMatchObject({ hasAlert: true, glycemicStatus: 'diabetesUnconfirmed' });
      const low = await saved('1', patient.id, { testDate: daysAgo(2), fpg: 0.8 });
      expect(low.derived).toMatchObject({ hasAlert: true, glycemicStatus: 'hypoglycaemia' });
      const random = await saved('1', patient.id, { testDate: daysAgo(1), randomGlucose: 34 });
      expect(random.derived).toMatchObject({ hasAlert: true, glycemicStatus: 'randomHigh' });
    });

    it('annex 8: final FPG 2.5 and 25.0 raise alerts; 2.8 is hypoglycaemia, never 逆转为正常', async () => {
      for (const [fpg, outcome] of [
        [2.5, 'hypoglycaemia'],
        [25.0, 'suspectedProgression'],
        [2.8, 'hypoglycaemia'],
      ] as const) {
        const patient = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
        await saved('1', patient.id, { testDate: daysAgo(5), fpg: 6.4 });
        const end = await saved('8', patient.id, { evaluationDate: daysAgo(0), fpg, satisfaction: 'satisfied' });
        expect(end.derived, String(fpg)).toMatchObject({ hasAlert: true, baselineStatus: 'IFG', outcome });
        expect((end.derived.alerts as unknown[]).length).toBe(1);
      }
    });
  });

  describe('diabetes confirmation', () => {
    it('a diabetic FPG is unconfirmed; a second diabetic value on another day confirms it from the first date', async () => {
      const patient = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
      await backdateEnrolment(t, patient.id, daysAgo(20));
      const first = await saved('1', patient.id, { testDate: daysAgo(30), fpg: 7.2 });
      expect(first.derived).toMatchObject({ glycemicStatus: 'diabetesUnconfirmed', diabetesEventDate: null });
      const repeat = await saved('7', patient.id, { visitDate: daysAgo(5), way: 'clinic', fpg: 7.4 });
      expect(repeat.derived).toMatchObject({ glycemicStatus: 'diabetes', diabetesEventDate: daysAgo(30) });
      // A diabetic value at a pre-diabetes visit brings the next contact within 14 days.
      expect(repeat.derived.nextContactBy).toBe(addDays(daysAgo(5), 14));
    });

    it('a single annex 7 FPG 12.0 of a comparison member asks for a repeat within 14 days', async () => {
      const member = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 0 });
      const visit = await saved('7', member.id, { visitDate: daysAgo(0), way: 'clinic', fpg: 12.0 });
      expect(visit.derived).toMatchObject({ glycemicStatus: 'diabetesUnconfirmed', nextContactBy: addDays(daysAgo(0), 14) });
    });
  });
});
