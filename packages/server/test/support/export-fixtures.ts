import { refreshPatientSummary } from '../../src/db/queries/patient-summary';
import { annexRecords } from '../../src/db/schema';
import {
  type AccountFixture,
  addComparisonMember,
  backdateEnrolment,
  createAdmin,
  createDoctor,
  daysAgo,
  enrolPatient,
  loginAs,
} from './factories';
import { INSTITUTION_A, INSTITUTION_B, type TestApp } from './test-app';

type Values = Record<string, unknown>;

export interface ExportScenario {
  doctorA: AccountFixture;
  tokenA: string;
  tokenB: string;
  adminToken: string;
  /** Managed, institution A: baseline 1 and 6, two follow-ups, a diet prescription (and a voided one). */
  pA1: { id: number; idNum: string };
  /** Managed, institution A: one live follow-up and one voided. */
  pA2: { id: number; idNum: string };
  /** Managed, institution A, voided with a follow-up: never exported. */
  pA3: { id: number; idNum: string };
  /** Managed, institution A, ended through annex 8. */
  pA5: { id: number; idNum: string; annex8: { data: Values; derived: Values } };
  /** Comparison pre-diabetes (0) and diabetes (1), institution A, both ended. */
  cA0: { id: number; idNum: string };
  cA1: { id: number; idNum: string };
  /** Managed, institution B, one follow-up. */
  pB1: { id: number; idNum: string };
}

export const D = { d1: daysAgo(1), d3: daysAgo(3), d5: daysAgo(5), d8: daysAgo(8), d9: daysAgo(9), d10: daysAgo(10) } as const;
export const D2 = { d15: daysAgo(15), d20: daysAgo(20), d30: daysAgo(30), d40: daysAgo(40), d60: daysAgo(60), d100: daysAgo(100) } as const;

const DIET = { a1: true, a41: true, a42: '山药薏米粥，每周3次' };

/** The data every export test reads: created through the API, as a doctor would. */
export async function createExportScenario(t: TestApp): Promise<ExportScenario> {
  const doctorA = await createDoctor(t, { institutionId: INSTITUTION_A, name: '王医生' });
  const tokenA = await loginAs(t, doctorA);
  const tokenB = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_B }));
  const adminToken = await loginAs(t, await createAdmin(t));

  const call = async <T = { id: number; data: Values; derived: Values }>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    token: string,
    payload: { body?: unknown; query?: Record<string, string | number> } = {},
  ) => {
    const res = await t.call<T>({ method, path, token, ...payload });
    if (res.code !== 0) throw new Error(`${method} ${path}: ${res.code} ${res.message}`);
    return res.data;
  };
  const record = (annex: string, patientId: number, data: Values, token = tokenA) =>
    call('POST', `/api/annex/${annex}/records`, token, { body: { patientId, data } });
  const prescribe = async (kind: string, patientId: number, fields: Values) => {
    const blank = await call<{ template: Values }>('GET', `/prescription/${kind}/blank`, tokenA, { query: { patientId } });
    return call('POST', `/prescription/${kind}`, tokenA, { body: { ...blank.template, ...fields } });
  };

  const pA1 = await enrolPatient(t, tokenA, { institutionId: INSTITUTION_A, name: '导出甲' });
  // Follow-ups cannot precede enrolment: each patient is enrolled on or before their first follow-up.
  await backdateEnrolment(t, pA1.id, D2.d40);
  await record('1', pA1.id, { testDate: D2.d60, fpg: 6.4, ogtt2h: 8.2, comorbidities: ['hypertension', 'fattyLiver'] });
  await record('6', pA1.id, { examDate: D2.d60, height: 170, weight: 78 });
  await record('7', pA1.id, { visitDate: D2.d30, way: 'clinic', weight: 76.5, fpg: 6.2, symptoms: ['thirst', 'fatigue'] });
  await record('7', pA1.id, { visitDate: D.d5, way: 'phone', fpg: 5.9 });
  await prescribe('diet', pA1.id, DIET);
  const voidedPrescription = await prescribe('sleep', pA1.id, { a1: true });
  await call('DELETE', `/prescription/sleep/${voidedPrescription.id}`, tokenA, { query: { reason: '开错' } });

  const pA2 = await enrolPatient(t, tokenA, { institutionId: INSTITUTION_A, name: '导出乙' });
  await backdateEnrolment(t, pA2.id, D.d10);
  await record('7', pA2.id, { visitDate: D.d10, way: 'home', fpg: 6.0 });
  const voided = await record('7', pA2.id, { visitDate: D.d8, way: 'clinic', fpg: 6.6 });
  await call('DELETE', `/api/annex/7/records/${voided.id}`, tokenA, { query: { reason: '录错' } });

  const pA3 = await enrolPatient(t, tokenA, { institutionId: INSTITUTION_A, name: '作废丙' });
  await backdateEnrolment(t, pA3.id, D.d9);
  await record('7', pA3.id, { visitDate: D.d9, way: 'clinic', fpg: 6.1 });
  await call('DELETE', '/api/user', tokenA, { query: { id: pA3.id, reason: '重复建档' } });

  const cA0 = await addComparisonMember(t, tokenA, { institutionId: INSTITUTION_A, role: 0, name: '对照丁' });
  await backdateEnrolment(t, cA0.id, D2.d20);
  await record('7', cA0.id, { visitDate: D2.d20, way: 'clinic', fpg: 6.3 });
  await call('GET', '/api/comparative/endManagementPatient', tokenA, { query: { id: cA0.id } });

  const cA1 = await addComparisonMember(t, tokenA, { institutionId: INSTITUTION_A, role: 1, name: '对照戊' });
  await backdateEnrolment(t, cA1.id, D2.d15);
  await record('9', cA1.id, {
    visitDate: D2.d15,
    way: 'clinic',
    symptoms: ['none'],
    urgentSigns: ['none'],
    sbp: 130,
    dbp: 80,
    weight: 70,
    fpg: 7.5,
    medicationCompliance: 'regular',
    adverseReaction: 'no',
    hypoglycaemia: 'none',
    visitClass: 'unsatisfactory',
  });
  await call('GET', '/api/comparative/endManagementPatient', tokenA, { query: { id: cA1.id } });

  const pA5 = await enrolPatient(t, tokenA, { institutionId: INSTITUTION_A, name: '结束己' });
  await backdateEnrolment(t, pA5.id, D2.d40);
  await record('1', pA5.id, { testDate: D2.d100, fpg: 6.5 });
  await record('6', pA5.id, { examDate: D2.d100, height: 165, weight: 80 });
  await record('7', pA5.id, { visitDate: D2.d40, way: 'clinic', weight: 76, fpg: 6.0 });
  const annex8 = await record('8', pA5.id, { evaluationDate: D.d1, fpg: 5.8, weight: 74, satisfaction: 'satisfied' });

  const pB1 = await enrolPatient(t, tokenB, { institutionId: INSTITUTION_B, name: '乙院庚' });
  await backdateEnrolment(t, pB1.id, D.d3);
  await record('7', pB1.id, { visitDate: D.d3, way: 'clinic', fpg: 6.1 }, tokenB);

  return { doctorA, tokenA, tokenB, adminToken, pA1, pA2, pA3, pA5: { ...pA5, annex8 }, cA0, cA1, pB1 };
}

/** A seeded generator (mulberry32): the same "random" text on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `length` CJK characters picked at random: text that deflate cannot shrink much (~3.7 KB per 2,000). */
function scrambledChinese(random: () => number, length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += String.fromCharCode(0x4e00 + Math.floor(random() * 20_900));
  return text;
}

/**
 * A patient of `doctor` with `records` annex 7 follow-ups whose two free-text items are full (1,000
 * characters each, the most the instrument allows) and hard to compress, stored directly as the
 * records API would store them: an export of them is tens of megabytes of sheet XML and over 10 MB
 * of zip, more than a socket's buffers hold, so a client that stops reading really stops the export.
 */
export async function createBulkFollowUps(
  t: TestApp,
  doctor: AccountFixture & { institutionId: number },
  records: number,
): Promise<{ patientId: number }> {
  const patient = await enrolPatient(t, await loginAs(t, doctor), { institutionId: doctor.institutionId, name: '大量随访' });
  const random = seededRandom(records);
  const batch = 100;
  for (let start = 0; start < records; start += batch) {
    const values = Array.from({ length: Math.min(batch, records - start) }, (_, i) => {
      const visitDate = daysAgo(1 + ((start + i) % 300));
      return {
        patientId: patient.id,
        annex: '7',
        version: 1,
        data: { visitDate, way: 'clinic', fpg: 6.1, problems: scrambledChinese(random, 1000), guidance: scrambledChinese(random, 1000) },
        derived: {},
        filledAt: visitDate,
        doctorId: doctor.id,
      };
    });
    await t.database.db.insert(annexRecords).values(values);
  }
  await refreshPatientSummary(t.database.db, patient.id);
  return { patientId: patient.id };
}
