import {
  AGREED_WAIT_DAYS,
  type ContactResult,
  type FollowUpStatus,
  type LastContact,
  LOST_OVERDUE_DAYS,
  LOST_UNREACHABLE_ATTEMPTS,
  LOST_UNREACHABLE_SPAN_DAYS,
  type OutreachList,
} from '@tcm/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isoDate } from '../../lib/dates';
import { type Db, rowsOf } from '../client';
import { outreachContacts, patients } from '../schema';
import { dueDateSql, isActiveSql } from './patients';

/**
 * The outreach rules over the patients table (docs/outreach.md): the four working lists, the last
 * attempt each row shows, and the lost-to-follow-up rules. Lists reach these through patientScope, so
 * the institution condition stays in the query (patient-scope-guard.test.ts).
 */

/**
 * The latest attempt recorded on or after the patient's current due date, as a one-row subquery "l"
 * (result, contact_date, remind_on). A visit moves the due date, so older attempts stop counting.
 */
const latestSinceDue = sql`(select c.result, c.contact_date, c.remind_on from ${outreachContacts} c
  where c.patient_id = ${patients.id} and c.contact_date >= ${dueDateSql}
  order by c.created_at desc, c.id desc limit 1)`;

/**
 * One working list: active patients in management whose due date has come (due or overdue), by their
 * latest attempt since that date.
 * - toContact (待联系): no attempt since the due date, or an agreement older than AGREED_WAIT_DAYS;
 * - agreed (已约): agreed to visit within the last AGREED_WAIT_DAYS days (a visit moves the due date);
 * - later (稍后联系): asked to be called later, and that day has come;
 * - unreachable (未联系上): not reached, or a wrong number.
 */
export function outreachListSql(list: OutreachList, today: string): SQL {
  const due = sql`${isActiveSql} and not ${patients.endManagement} and ${dueDateSql} <= ${today}::date`;
  const agreedFresh = sql`l.result = 'agreedToVisit' and l.contact_date + ${AGREED_WAIT_DAYS}::int >= ${today}::date`;
  switch (list) {
    case 'toContact':
      return sql`(${due} and not exists (select 1 from ${latestSinceDue} l where not (l.result = 'agreedToVisit' and l.contact_date + ${AGREED_WAIT_DAYS}::int < ${today}::date)))`;
    case 'agreed':
      return sql`(${due} and exists (select 1 from ${latestSinceDue} l where ${agreedFresh}))`;
    case 'later':
      return sql`(${due} and exists (select 1 from ${latestSinceDue} l where l.result = 'remindLater' and l.remind_on <= ${today}::date))`;
    case 'unreachable':
      return sql`(${due} and exists (select 1 from ${latestSinceDue} l where l.result in ('unreachable', 'wrongNumber')))`;
  }
}

/** The last attempt of each patient given (a page of a list): one indexed probe per patient. */
export async function lastContactsOf(db: Db, patientIds: number[]): Promise<Map<number, LastContact>> {
  if (patientIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([outreachContacts.patientId], {
      patientId: outreachContacts.patientId,
      result: outreachContacts.result,
      channel: outreachContacts.channel,
      contactDate: outreachContacts.contactDate,
    })
    .from(outreachContacts)
    .where(inArray(outreachContacts.patientId, patientIds))
    .orderBy(outreachContacts.patientId, desc(outreachContacts.createdAt), desc(outreachContacts.id));
  return new Map(rows.map((r) => [r.patientId, { result: r.result, channel: r.channel, contactDate: isoDate(r.contactDate) }]));
}

/**
 * Whether the patient's latest attempts are LOST_UNREACHABLE_ATTEMPTS `unreachable` ones in a row
 * spanning at least LOST_UNREACHABLE_SPAN_DAYS days: evaluated when an attempt is recorded.
 */
export async function unreachableStreakLost(db: Db, patientId: number): Promise<boolean> {
  const latest = await db
    .select({ result: outreachContacts.result, contactDate: outreachContacts.contactDate })
    .from(outreachContacts)
    .where(eq(outreachContacts.patientId, patientId))
    .orderBy(desc(outreachContacts.createdAt), desc(outreachContacts.id))
    .limit(LOST_UNREACHABLE_ATTEMPTS);
  if (latest.length < LOST_UNREACHABLE_ATTEMPTS || latest.some((c) => c.result !== ('unreachable' satisfies ContactResult))) return false;
  const newest = Date.parse(isoDate(latest[0]?.contactDate));
  const oldest = Date.parse(isoDate(latest[latest.length - 1]?.contactDate));
  return (newest - oldest) / 86_400_000 >= LOST_UNREACHABLE_SPAN_DAYS;
}

/** The patient's next due date now (for the attempt being recorded). */
export async function currentDueDate(db: Db, patientId: number): Promise<string | null> {
  const [row] = await db
    .select({ due: sql<string | null>`to_char(${dueDateSql}, 'YYYY-MM-DD')` })
    .from(patients)
    .where(eq(patients.id, patientId));
  return row?.due ?? null;
}

/**
 * The daily rule: active patients in management LOST_OVERDUE_DAYS or more days overdue with no attempt
 * since their due date become lost to follow-up. Answers who changed, for the audit log. Runs without a
 * request (the queue's daily job), over every institution.
 */
export async function markLongOverdueLost(db: Db, today: string): Promise<{ id: number; institutionId: number }[]> {
  const status: FollowUpStatus = 'lostToFollowUp';
  const result = await db.execute(sql`
    update ${patients} set follow_up_status = ${status}, follow_up_status_at = ${today}::date,
      follow_up_status_reason = ${`逾期${LOST_OVERDUE_DAYS}天以上且未联系`}, updated_at = now()
    where ${and(
      sql`${patients.voidedAt} is null`,
      isActiveSql,
      sql`not ${patients.endManagement}`,
      sql`${dueDateSql} + ${LOST_OVERDUE_DAYS}::int <= ${today}::date`,
      sql`not exists (select 1 from ${outreachContacts} c where c.patient_id = ${patients.id} and c.contact_date >= ${dueDateSql})`,
    )}
    returning id, institution_id as "institutionId"`);
  return rowsOf<{ id: number; institutionId: number }>(result);
}
