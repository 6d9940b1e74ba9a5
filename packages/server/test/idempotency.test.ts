import { IDEMPOTENT_REPLAY_HEADER, ResponseCode } from '@tcm/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annexRecords, idempotencyKeys, patients } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { backdateEnrolment, createDoctor, daysAgo, enrolPatient, loginAs, nextMobile, nextResidentId } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

let keySerial = 0;
const newKey = () => `test-key-${Date.now()}-${++keySerial}`;

describe.each(databaseKinds())('idempotent create calls on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let doctorId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    doctorId = doctor.id;
    token = await loginAs(t, doctor);
    otherToken = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A managed patient enrolled two months ago, so that follow-ups of the past weeks are in range. */
  const patient = async () => {
    const p = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
    await backdateEnrolment(t, p.id, daysAgo(60));
    return p;
  };
  const followUp = (patientId: number, data: Record<string, unknown>, options: { key?: string; as?: string; confirm?: boolean } = {}) =>
    t.call<{ id: number }>({
      method: 'POST',
      path: '/api/annex/7/records',
      token: options.as ?? token,
      headers: options.key ? { 'Idempotency-Key': options.key } : {},
      body: { patientId, data, ...(options.confirm ? { confirmDuplicate: true } : {}) },
    });
  const followUpsOf = async (patientId: number) =>
    t.database.db
      .select({ id: annexRecords.id })
      .from(annexRecords)
      .where(and(eq(annexRecords.patientId, patientId), eq(annexRecords.annex, '7'), isNull(annexRecords.voidedAt)));

  it('replays the first answer for the same key and body, creating one record', async () => {
    const p = await patient();
    const key = newKey();
    const first = await followUp(p.id, { visitDate: daysAgo(1), way: 'clinic' }, { key });
    expect(first.code, first.message).toBe(0);
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    // The same body with keys in another order is the same request.
    const again = await followUp(p.id, { way: 'clinic', visitDate: daysAgo(1) }, { key });
    expect(again.code, again.message).toBe(0);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(again.raw).toBe(first.raw);
    expect(await followUpsOf(p.id)).toEqual([{ id: first.data.id }]);
  });

  it('creates once when two calls with one key arrive together (queued retries)', async () => {
    const p = await patient();
    const key = newKey();
    const body = { visitDate: daysAgo(10), way: 'clinic' };
    const answers = await Promise.all([followUp(p.id, body, { key }), followUp(p.id, body, { key }), followUp(p.id, body, { key })]);
    expect(await followUpsOf(p.id)).toHaveLength(1);
    // Each answer is the record, replayed, or "still in progress" (409), never a second record.
    for (const answer of answers) expect([0, ResponseCode.CONFLICT]).toContain(answer.code);
    expect(answers.filter((a) => a.code === 0).length).toBeGreaterThanOrEqual(1);
  });

  it('replays an enrolment: the patient is created once', async () => {
    const countPatients = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(patients))[0]?.n;
    const before = await countPatients();
    const key = newKey();
    const idNum = nextResidentId('1971-04-09', 'woman');
    const body = { name: '幂等甲', idNum, tel_num: nextMobile(), institutionId: INSTITUTION_A, consentDate: '2026-01-05' };
    const first = await t.call<{ id: number }>({
      method: 'POST',
      path: '/api/user/patient',
      token,
      headers: { 'Idempotency-Key': key },
      body,
    });
    const second = await t.call<{ id: number }>({
      method: 'POST',
      path: '/api/user/patient',
      token,
      headers: { 'Idempotency-Key': key },
      body,
    });
    expect(first.code, first.message).toBe(0);
    expect(second.code, second.message).toBe(0);
    expect(second.data.id).toBe(first.data.id);
    expect(await countPatients()).toBe((before ?? 0) + 1);
  });

  it('refuses the same key with a different body (422) and saves nothing', async () => {
    const p = await patient();
    const key = newKey();
    expect((await followUp(p.id, { visitDate: daysAgo(3), way: 'clinic' }, { key })).code).toBe(0);
    const other = await followUp(p.id, { visitDate: daysAgo(2), way: 'phone' }, { key });
    expect(other.status).toBe(422);
    expect(other.code).toBe(ResponseCode.IDEMPOTENCY_KEY_REUSED);
    expect(other.message).toBe('该幂等键（Idempotency-Key）已用于另一份不同的提交，本次未保存；请重新提交');
    expect(await followUpsOf(p.id)).toHaveLength(1);
  });

  it('keeps keys per user: another doctor with the same key creates their own record', async () => {
    const p = await patient();
    const key = newKey();
    const mine = await followUp(p.id, { visitDate: daysAgo(5), way: 'clinic' }, { key });
    const theirs = await followUp(p.id, { visitDate: daysAgo(4), way: 'clinic' }, { key, as: otherToken });
    expect(mine.code, mine.message).toBe(0);
    expect(theirs.code, theirs.message).toBe(0);
    expect(theirs.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(theirs.data.id).not.toBe(mine.data.id);
    expect(await followUpsOf(p.id)).toHaveLength(2);
  });

  it('forgets a key after 24 hours and deletes expired rows', async () => {
    const p = await patient();
    const key = newKey();
    expect((await followUp(p.id, { visitDate: daysAgo(8), way: 'clinic' }, { key })).code).toBe(0);
    const stale = newKey();
    expect((await followUp(p.id, { visitDate: daysAgo(9), way: 'clinic' }, { key: stale })).code).toBe(0);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(idempotencyKeys.accountId, doctorId));
    // After expiry the same key is a new request: with the same date it meets the duplicate rule, confirmed here.
    const later = await followUp(p.id, { visitDate: daysAgo(8), way: 'clinic' }, { key, confirm: true });
    expect(later.code, later.message).toBe(0);
    expect(later.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    const rows = await t.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.accountId, doctorId));
    expect(rows.map((r) => r.key)).toEqual([key]);
    expect(await followUpsOf(p.id)).toHaveLength(3);
  });

  it('frees the key of a refused call, so the corrected retry can use it', async () => {
    const p = await patient();
    const key = newKey();
    const refused = await followUp(p.id, { visitDate: 'not a date', way: 'clinic' }, { key });
    expect(refused.code).toBe(ResponseCode.BAD_REQUEST);
    const fixed = await followUp(p.id, { visitDate: daysAgo(6), way: 'clinic' }, { key });
    expect(fixed.code, fixed.message).toBe(0);
  });

  it('refuses a malformed key with a clear message', async () => {
    const p = await patient();
    const res = await followUp(p.id, { visitDate: daysAgo(6), way: 'clinic' }, { key: 'short' });
    expect(res.status).toBe(400);
    expect(res.message).toBe('Idempotency-Key 应为 8 到 128 个可见 ASCII 字符');
  });

  it('asks to confirm a second follow-up on the same date, and saves it once confirmed', async () => {
    const p = await patient();
    const date = daysAgo(7);
    expect((await followUp(p.id, { visitDate: date, way: 'clinic' })).code).toBe(0);
    const second = await followUp(p.id, { visitDate: date, way: 'phone' });
    expect(second.status).toBe(409);
    expect(second.code).toBe(ResponseCode.DUPLICATE_FOLLOW_UP);
    expect(second.message).toBe(`该患者 ${date} 已有一条随访记录，确认要再保存一条同日随访吗？`);
    expect(await followUpsOf(p.id)).toHaveLength(1);
    // Another date needs no confirmation.
    expect((await followUp(p.id, { visitDate: daysAgo(6), way: 'phone' })).code).toBe(0);
    const confirmed = await followUp(p.id, { visitDate: date, way: 'phone' }, { confirm: true });
    expect(confirmed.code, confirmed.message).toBe(0);
    expect(await followUpsOf(p.id)).toHaveLength(3);
  });
});
