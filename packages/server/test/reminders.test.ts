import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orphanedReminders } from '../src/db/queries/reminders';
import { smsOutbox } from '../src/db/schema';
import { keyringOf } from '../src/lib/crypto';
import { deliverReminder, MAX_SEND_ATTEMPTS } from '../src/modules/outreach/reminders/deliver';
import { handleSendJob, SEND_QUEUE, startReminderQueue } from '../src/modules/outreach/reminders/queue';
import { nextSendMoment } from '../src/modules/outreach/reminders/quiet-hours';
import { type QueuedReminder, runReminderSchedule } from '../src/modules/outreach/reminders/schedule';
import type { SmsMessage, SmsProvider } from '../src/sms/sms-sender';
import { databaseKinds } from './support/databases';
import { backdateEnrolment, createDoctor, daysAgo, loginAs, nextMobile, nextResidentId, storeRecord } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

const TZ = 'Asia/Shanghai';
/** A moment on a clinic-local day, e.g. at('2026-03-02', 10) is 10:00 in Shanghai. */
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+08:00`);
const plusDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The reminder schedule and delivery with a controllable clock, and the pg-boss queue on this database. */
describe.each(databaseKinds())('SMS reminders on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let doctorId: number;
  const sent: SmsMessage[] = [];
  const provider: SmsProvider = {
    name: 'test',
    async deliver(message) {
      sent.push(message);
    },
  };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    doctorId = doctor.id;
    token = await loginAs(t, doctor);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Enrols today (due in 15 days) with or without consent. */
  const enrol = async (name: string, smsConsent: boolean) => {
    const res = await t.call<{ id: number }>({
      method: 'POST',
      path: '/api/user/patient',
      token,
      body: { name, idNum: nextResidentId(), tel_num: nextMobile(), institutionId: INSTITUTION_A, consentDate: '2026-01-05', smsConsent },
    });
    expect(res.code, res.message).toBe(0);
    return res.data.id;
  };
  const due = plusDays(daysAgo(0), 15);
  const schedule = async (now: Date, enqueued: QueuedReminder[] = []) =>
    runReminderSchedule({
      db: t.database.db,
      now,
      timeZone: TZ,
      keyring: keyringOf(t.config),
      providerName: 'test',
      enqueue: async (r) => {
        enqueued.push(...r);
      },
      audit: { requestId: 'test', ip: '', actor: null },
    });
  const outboxOf = (patientId: number) => t.database.db.select().from(smsOutbox).where(eq(smsOutbox.patientId, patientId));

  it('due in 3 days: one reminder queued with the template and no clinical word; a second run queues nothing', async () => {
    const id = await enrol('提醒甲', true);
    const noConsent = await enrol('无同意乙', false);
    const enqueued: QueuedReminder[] = [];
    expect(await schedule(at(plusDays(due, -4), 10))).toEqual({ queued: 0, skipped: {} });
    const first = await schedule(at(plusDays(due, -3), 10), enqueued);
    expect(first.queued).toBeGreaterThanOrEqual(1);
    expect(first.skipped.noConsent).toBeGreaterThanOrEqual(1);
    const [row] = await outboxOf(id);
    const [y, m, d] = due.split('-').map(Number);
    expect([row?.kind, row?.status, row?.dueDate]).toEqual(['beforeDue', 'queued', due]);
    expect(row?.text).toBe(
      `【社区A】提醒甲您好，您的随访预约在${y}年${m}月${d}日，请按时就诊。如已就诊请忽略。`.replace(
        '社区A',
        row?.text.slice(1, row.text.indexOf('】')) ?? '',
      ),
    );
    expect(row?.text).not.toMatch(/糖|血|中医|药|诊断|mmol/);
    expect(enqueued.map((e) => e.outboxId)).toContain(row?.id);
    expect(await outboxOf(noConsent)).toEqual([]);
    const again = await schedule(at(plusDays(due, -3), 11));
    expect(again.queued).toBe(0);
    expect(again.skipped.alreadyQueued).toBeGreaterThanOrEqual(1);
  });

  it('two workers given one reminder send one SMS; outside 09:00–20:00 it waits for 09:00', async () => {
    const id = await enrol('并发丙', true);
    await schedule(at(plusDays(due, -2), 22));
    const [row] = await outboxOf(id);
    const night = await deliverReminder(t.database.db, provider, row!.id, { now: at(plusDays(due, -2), 22), timeZone: TZ });
    expect(night).toEqual({ outcome: 'deferred', startAfter: at(plusDays(due, -1), 9) });
    expect(nextSendMoment(at(plusDays(due, -2), 7), TZ)).toEqual(at(plusDays(due, -2), 9));
    const before = sent.length;
    const clock = { now: at(plusDays(due, -1), 9), timeZone: TZ };
    const outcomes = await Promise.all([
      deliverReminder(t.database.db, provider, row!.id, clock),
      deliverReminder(t.database.db, provider, row!.id, clock),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['done', 'sent']);
    expect(sent.length - before).toBe(1);
    const [after] = await outboxOf(id);
    expect([after?.status, after?.attempts, after?.sentAt?.toISOString()]).toEqual(['sent', 1, clock.now.toISOString()]);
    const messages = await t.call<{ kind: string; status: string; sentAt: string }[]>({
      method: 'GET',
      path: '/api/outreach/messages',
      token,
      query: { patientId: id },
    });
    expect(messages.data.map((m) => [m.kind, m.status, m.sentAt])).toEqual([['beforeDue', 'sent', clock.now.toISOString()]]);
    // Never more than one per 7 days: the afterMissed window opens 6 days after this one.
    const missed = await schedule(at(plusDays(due, 3), 10));
    expect((await outboxOf(id)).length).toBe(1);
    expect(missed.skipped.recentReminder).toBeGreaterThanOrEqual(1);
  });

  it('due date met after queuing: nothing is sent', async () => {
    const id = await enrol('已就诊丁', true);
    await backdateEnrolment(t, id, daysAgo(5));
    const dueEarly = plusDays(due, -5);
    await schedule(at(plusDays(dueEarly, -3), 10));
    const [row] = await outboxOf(id);
    expect(row?.dueDate).toBe(dueEarly);
    // Seen today: the due date moves 15 days on.
    await storeRecord(t, id, '7', daysAgo(0), doctorId);
    const result = await deliverReminder(t.database.db, provider, row!.id, { now: at(plusDays(dueEarly, -3), 10), timeZone: TZ });
    expect(result).toEqual({ outcome: 'cancelled', reason: 'dueDateMet' });
    expect((await outboxOf(id))[0]?.status).toBe('failed');
    await schedule(at(plusDays(dueEarly, -2), 10));
    expect(await outboxOf(id)).toHaveLength(1);
  });

  it('a provider failure is retried, then the reminder is marked failed with the answer', async () => {
    const id = await enrol('失败戊', true);
    await schedule(at(plusDays(due, -3), 10));
    const [row] = await outboxOf(id);
    const refusing: SmsProvider = {
      name: 'down',
      async deliver() {
        throw new Error('gateway answered HTTP 503');
      },
    };
    const clock = { now: at(plusDays(due, -3), 12), timeZone: TZ };
    const outcomes = [];
    for (let i = 0; i < MAX_SEND_ATTEMPTS; i++) outcomes.push((await deliverReminder(t.database.db, refusing, row!.id, clock)).outcome);
    expect(outcomes).toEqual(['retry', 'retry', 'retry', 'failed']);
    const [after] = await outboxOf(id);
    expect([after?.status, after?.attempts, after?.providerAnswer]).toEqual(['failed', MAX_SEND_ATTEMPTS, 'gateway answered HTTP 503']);
  });

  it('pg-boss runs on this database: a queued reminder becomes a job, a failing send is retried with back-off', async () => {
    const queue = await startReminderQueue({
      database: t.database,
      keyring: keyringOf(t.config),
      provider,
      timeZone: TZ,
      work: false,
    });
    try {
      const id = await enrol('队列己', true);
      await schedule(at(plusDays(due, -3), 10), []);
      const [row] = await outboxOf(id);
      // Queued without a job (as by a server running without the queue): the hourly job finds it.
      expect(await orphanedReminders(t.database.db, SEND_QUEUE)).toContain(row!.id);
      await queue.enqueue([{ outboxId: row!.id, startAfter: new Date(Date.now() - 1000) }]);
      expect(await orphanedReminders(t.database.db, SEND_QUEUE)).not.toContain(row!.id);
      const [job] = await queue.boss.fetch<{ outboxId: number }>(SEND_QUEUE);
      expect(job?.data.outboxId).toBe(row!.id);
      const failing = { ...provider, deliver: async () => Promise.reject(new Error('timeout')) };
      await expect(
        handleSendJob(queue.boss, { database: t.database, provider: failing, timeZone: TZ }, row!.id, at(plusDays(due, -3), 10)),
      ).rejects.toThrow('timeout');
      await queue.boss.fail(SEND_QUEUE, job!.id, new Error('timeout'));
      const retried = await queue.boss.getJobById(SEND_QUEUE, job!.id);
      expect([retried?.state, retried?.retryBackoff]).toEqual(['retry', true]);
      const before = sent.length;
      await handleSendJob(queue.boss, { database: t.database, provider, timeZone: TZ }, row!.id, at(plusDays(due, -3), 10));
      expect(sent.length - before).toBe(1);
      expect((await outboxOf(id))[0]?.status).toBe('sent');
    } finally {
      await queue.stop();
    }
  });
});
