import { makeResidentId } from '@tcm/contracts';
import { accounts } from '../../src/db/schema';
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
