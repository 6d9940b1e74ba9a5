import { makeResidentId } from '@tcm/contracts';
import { eq } from 'drizzle-orm';
import { refreshOutcomeFacts } from '../../src/db/queries/outcome-facts';
import { refreshPatientSummary } from '../../src/db/queries/patient-summary';
import { accounts, annexRecords, patients } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/auth/passwords';
import type { TestApp } from './test-app';

let sequence = 0;
/** A unique, valid mainland mobile for each call. */
export function nextMobile(): string {
  sequence += 1;
  return `137${String(process.pid % 1000).padStart(3, '0')}${String(sequence).padStart(5, '0')}`;
}

let idSequence = 0;
/** A unique, valid resident ID number (GB 11643) with the given birth date and sex. */
export function nextResidentId(birthDate = '1970-05-20', gender: 'man' | 'woman' = 'man'): string {
  idSequence += 1;
  // Sequence parity carries the sex: odd = man.
  const base = (idSequence * 2) % 1000;
  const seq = gender === 'man' ? base + 1 : base;
  return makeResidentId('110105', birthDate, seq % 1000);
}

export const TEST_PASSWORD = 'Clinic2026pass';

export interface AccountFixture {
  id: number;
  username: string;
  password: string;
  institutionId: number | null;
}

export async function createDoctor(
  t: TestApp,
  options: { institutionId: number; status?: 'ToBeReviewed' | 'Approved' | 'Rejected'; name?: string },
): Promise<AccountFixture> {
  const mobile = nextMobile();
  const [row] = await t.database.db
    .insert(accounts)
    .values({
      role: 'doctor',
      username: mobile,
      mobile,
      name: options.name ?? '测试医生',
      institutionId: options.institutionId,
      passwordHash: await hashPassword(TEST_PASSWORD, t.config.security),
      registerStatus: options.status ?? 'Approved',
    })
    .returning();
  return { id: row!.id, username: mobile, password: TEST_PASSWORD, institutionId: options.institutionId };
}

export async function createAdmin(t: TestApp): Promise<AccountFixture> {
  sequence += 1;
  const username = `admin${sequence}`;
  const [row] = await t.database.db
    .insert(accounts)
    .values({
      role: 'admin',
      username,
      name: '管理员',
      passwordHash: await hashPassword(TEST_PASSWORD, t.config.security),
      registerStatus: 'Approved',
    })
    .returning();
  return { id: row!.id, username, password: TEST_PASSWORD, institutionId: null };
}

export async function loginAs(t: TestApp, account: { username: string; password: string }): Promise<string> {
  const res = await t.call<{ token: string }>({ method: 'POST', path: '/api/auth/login', body: account });
  if (res.code !== 0) throw new Error(`login failed for ${account.username}: ${res.code} ${res.message}`);
  return res.data.token;
}

/** The six digits of the newest SMS sent to a mobile. */
export function lastCodeFor(t: TestApp, mobile: string): string {
  const message = [...t.sms].reverse().find((m) => m.mobile === mobile);
  const code = message?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no SMS code sent to ${mobile}`);
  return code;
}

export interface PatientFixture {
  id: number;
  idNum: string;
  institutionId: number;
}

/** Enrols a managed patient through the API as the given doctor. */
export async function enrolPatient(
  t: TestApp,
  token: string,
  options: { institutionId: number; name?: string; birthDate?: string; gender?: 'man' | 'woman' },
): Promise<PatientFixture> {
  const idNum = nextResidentId(options.birthDate ?? '1968-03-12', options.gender ?? 'man');
  const res = await t.call<{ id: number }>({
    method: 'POST',
    path: '/api/user/patient',
    token,
    body: { name: options.name ?? '患者甲', idNum, tel_num: nextMobile(), institutionId: options.institutionId, consentDate: '2026-01-05' },
  });
  if (res.code !== 0) throw new Error(`enrol failed: ${res.code} ${res.message}`);
  return { id: res.data.id, idNum, institutionId: options.institutionId };
}

/** Adds a comparison member through the API. */
export async function addComparisonMember(
  t: TestApp,
  token: string,
  options: { institutionId: number; role: 0 | 1; name?: string },
): Promise<PatientFixture> {
  const idNum = nextResidentId('1960-11-02', 'woman');
  const res = await t.call<{ id: number }>({
    method: 'POST',
    path: '/api/comparative',
    token,
    body: {
      role: options.role,
      name: options.name ?? '对照甲',
      gender: 'woman',
      tel_num: nextMobile(),
      idNum,
      institutionId: options.institutionId,
    },
  });
  if (res.code !== 0) throw new Error(`comparative failed: ${res.code} ${res.message}`);
  return { id: res.data.id, idNum, institutionId: options.institutionId };
}

/**
 * Stores a record directly (the storage layer the records API writes through) and refreshes the
 * patient's summary and outcome facts, for tests of the protocol that need records on given dates.
 */
export async function storeRecord(t: TestApp, patientId: number, annex: string, filledAt: string, doctorId: number): Promise<number> {
  const [row] = await t.database.db
    .insert(annexRecords)
    .values({ patientId, annex, version: 1, data: {}, derived: {}, filledAt, doctorId })
    .returning({ id: annexRecords.id });
  await refreshPatientSummary(t.database.db, patientId);
  await refreshOutcomeFacts(t.database.db, patientId);
  return row!.id;
}

/**
 * Moves a patient's enrolment back to a given date, for tests that need follow-ups dated in the past
 * (the API enrols today, and a follow-up cannot precede enrolment).
 */
export async function backdateEnrolment(t: TestApp, patientId: number, enrolledAt: string): Promise<void> {
  await t.database.db.update(patients).set({ enrolledAt }).where(eq(patients.id, patientId));
  await refreshPatientSummary(t.database.db, patientId);
  await refreshOutcomeFacts(t.database.db, patientId);
}

/** A date a number of days before today, YYYY-MM-DD. */
export function daysAgo(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
