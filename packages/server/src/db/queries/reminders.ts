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
      select p.id as "patientId", p.name, i.name as "institutionName", to_char(${dueDateSql}, 'YYYY-MM-DD') as "dueDate",
        ${kindSql(today)} as kind, p.sms_consent as "smsConsent", p.follow_up_status = 'active' as active,
        i.reminders_enabled as "remindersEnabled", p.tel_num_sealed as "telNumSealed", p.tel_num as "legacyTelNum",
        exists (select 1 from ${smsOutbox} o where o.patient_id = p.id and o.status <> 'failed' and o.created_at > ${since}::timestamptz) as "recentReminder"
      from ${patients} p join ${institutions} i on i.id = p.institution_id
      where p.voided_at is null and not p.end_management
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

/**
 * Queues one reminder; the unique key (patient, due date, kind) makes a second schedule run, or a
 * second instance running it at the same moment, insert nothing. Answers the new row's id, or null.
 */
export async function queueReminder(
  db: Db,
  row: { patientId: number; kind: ReminderKind; dueDate: string; mobile: string; text: string; provider: string },
): Promise<number | null> {
  const [inserted] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into ${smsOutbox} (mobile, text, provider, status, patient_id, kind, due_date)
      values (${row.mobile}, ${row.text}, ${row.provider}, 'queued', ${row.patientId}, ${row.kind}, ${row.dueDate}::date)
      on conflict (patient_id, due_date, kind) where patient_id is not null do nothing
      returning id`),
  );
  return inserted?.id ?? null;
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
