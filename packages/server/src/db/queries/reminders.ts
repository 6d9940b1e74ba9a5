import type { ReminderKind } from '@tcm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Keyring } from '../../lib/crypto';
import { isoDate } from '../../lib/dates';
import { type Db, rowsOf } from '../client';
import { institutions, patients, smsOutbox } from '../schema';
import { revealTelNum } from './patient-identifiers';
import { dueDateSql } from './patients';

/**
 * The reminder schedule's reads and writes over patients and the outbox (modules/outreach/reminders).
 * A reminder is due BEFORE_DUE_DAYS before the next due date and AFTER_MISSED_DAYS after a missed one;
 * each has a window of days, so a run missed (the server was down) still sends it a little late.
 */
export const BEFORE_DUE_DAYS = 3;
export const AFTER_MISSED_DAYS = 3;
/** The afterMissed window is a week long: the 7-day spacing may hold it back for a few days. */
export const AFTER_MISSED_WINDOW_DAYS = 7;
/** Never more than one reminder per patient in this many days. */
export const REMINDER_SPACING_DAYS = 7;

/** A patient in a reminder window today, with what the schedule must check before queuing. */
export interface ReminderCandidate {
  patientId: number;
  name: string;
  institutionName: string;
  dueDate: string;
  kind: ReminderKind;
  smsConsent: boolean;
  active: boolean;
  remindersEnabled: boolean;
  recentReminder: boolean;
  alreadyQueued: boolean;
  telNumSealed: string | null;
  legacyTelNum: string | null;
}

const kindSql = (today: string) => sql<ReminderKind | null>`case
  when ${today}::date between ${dueDateSql} - ${BEFORE_DUE_DAYS}::int and ${dueDateSql} - 1 then 'beforeDue'
  when ${today}::date between ${dueDateSql} + ${AFTER_MISSED_DAYS}::int and ${dueDateSql} + ${AFTER_MISSED_DAYS + AFTER_MISSED_WINDOW_DAYS}::int then 'afterMissed'
  end`;

/**
 * Every live patient in management, of every institution, whose due date puts today in a reminder
 * window. A visit moves the due date, so a patient whose due date was met is not among them.
 */
export async function reminderCandidates(db: Db, today: string, now: Date): Promise<ReminderCandidate[]> {
  const since = new Date(now.getTime() - REMINDER_SPACING_DAYS * 86_400_000).toISOString();
  const result = await db.execute(sql`
    select * from (
      select ${patients.id} as "patientId", ${patients.name} as name, i.name as "institutionName",
        to_char(${dueDateSql}, 'YYYY-MM-DD') as "dueDate", ${kindSql(today)} as kind,
        ${patients.smsConsent} as "smsConsent", ${patients.followUpStatus} = 'active' as active,
        i.reminders_enabled as "remindersEnabled", ${patients.telNumSealed} as "telNumSealed", ${patients.legacyTelNum} as "legacyTelNum",
        exists (select 1 from ${smsOutbox} o where o.patient_id = ${patients.id} and o.status <> 'failed' and o.created_at > ${since}::timestamptz) as "recentReminder"
      from ${patients} join ${institutions} i on i.id = ${patients.institutionId}
      where ${patients.voidedAt} is null and not ${patients.endManagement}
    ) c
    where c.kind is not null`);
  const rows = rowsOf<Omit<ReminderCandidate, 'alreadyQueued'>>(result);
  if (rows.length === 0) return [];
  const queued = rowsOf<{ patientId: number; dueDate: string; kind: string }>(
    await db.execute(sql`select patient_id as "patientId", to_char(due_date, 'YYYY-MM-DD') as "dueDate", kind from ${smsOutbox}
      where patient_id = any(${`{${rows.map((r) => r.patientId).join(',')}}`}::int[])`),
  );
  const keys = new Set(queued.map((q) => `${q.patientId}/${q.dueDate}/${q.kind}`));
  return rows.map((r) => ({ ...r, alreadyQueued: keys.has(`${r.patientId}/${r.dueDate}/${r.kind}`) }));
}

/** The candidate's mobile, opened only to be handed to the provider. */
export function candidateMobile(keyring: Keyring, c: Pick<ReminderCandidate, 'telNumSealed' | 'legacyTelNum'>): string {
  return revealTelNum(keyring, c);
}

export interface NewReminder {
  patientId: number;
  kind: ReminderKind;
  dueDate: string;
  mobile: string;
  text: string;
  provider: string;
  createdAt: Date;
}

/**
 * Queues reminders in one statement; the unique key (patient, due date, kind) makes a second schedule
 * run, or a second instance running it at the same moment, insert nothing. Answers the new rows' ids
 * with their patients (a reminder already queued is absent).
 */
export async function queueReminders(db: Db, rows: NewReminder[]): Promise<{ id: number; patientId: number }[]> {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.mobile}, ${r.text}, ${r.provider}, 'queued', ${r.patientId}::int, ${r.kind}, ${r.dueDate}::date, ${r.createdAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  return rowsOf<{ id: number; patientId: number }>(
    await db.execute(sql`insert into ${smsOutbox} (mobile, text, provider, status, patient_id, kind, due_date, created_at)
      values ${values}
      on conflict (patient_id, due_date, kind) where patient_id is not null do nothing
      returning id, patient_id as "patientId"`),
  );
}

/** Why a queued reminder must not go out any more (null: it still should). */
export async function reminderCancelReason(db: Db, patientId: number, dueDate: string): Promise<string | null> {
  const [row] = await db
    .select({
      smsConsent: patients.smsConsent,
      status: patients.followUpStatus,
      ended: patients.endManagement,
      voided: sql<boolean>`${patients.voidedAt} is not null`,
      dueDate: sql<string>`to_char(${dueDateSql}, 'YYYY-MM-DD')`,
      remindersEnabled: institutions.remindersEnabled,
    })
    .from(patients)
    .innerJoin(institutions, eq(institutions.id, patients.institutionId))
    .where(and(eq(patients.id, patientId)));
  if (!row || row.voided || row.ended) return 'notInManagement';
  if (!row.smsConsent) return 'noConsent';
  if (row.status !== 'active') return 'inactive';
  if (!row.remindersEnabled) return 'remindersOff';
  if (isoDate(row.dueDate) !== dueDate) return 'dueDateMet';
  return null;
}

/**
 * Queued reminders that no pending job of the send queue names: queued by a server running without
 * the queue, or whose job was lost. The periodic schedule job hands them to the queue again; delivery
 * is idempotent, so a reminder named twice still goes out once.
 */
export async function orphanedReminders(db: Db, sendQueue: string): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select o.id from ${smsOutbox} o
      where o.status = 'queued' and o.patient_id is not null
        and not exists (select 1 from pgboss.job j where j.name = ${sendQueue}
          and j.state in ('created', 'retry', 'active') and (j.data->>'outboxId')::int = o.id)`),
  );
  return rows.map((r) => r.id);
}
