import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { accounts, annexRecords, recordRevisions } from '../schema';

/**
 * The record reads of a patient's record tabs (modules/records), as builders the services run and the
 * SQL snapshots render (snapshots/records.sql).
 */

/** A patient's live records of one annex: the condition of a page and of its total. */
function liveRecordsOf(patientId: number, annex: string) {
  return and(eq(annexRecords.patientId, patientId), eq(annexRecords.annex, annex), isNull(annexRecords.voidedAt));
}

/** One page of a patient's live records of one annex, the latest clinical date first. */
export function recordPageQuery(db: Db, patientId: number, annex: string, limit: number, offset: number) {
  return db
    .select({ record: annexRecords, doctorName: accounts.name })
    .from(annexRecords)
    .leftJoin(accounts, eq(accounts.id, annexRecords.doctorId))
    .where(liveRecordsOf(patientId, annex))
    .orderBy(desc(annexRecords.filledAt), desc(annexRecords.id))
    .limit(limit)
    .offset(offset);
}

/** How many live records of one annex a patient has. */
export function recordCountQuery(db: Db, patientId: number, annex: string) {
  return db.select({ value: count() }).from(annexRecords).where(liveRecordsOf(patientId, annex));
}

/** Every revision of a record, the current one first, with the name of the doctor who saved it. */
export function recordRevisionsQuery(db: Db, recordId: number) {
  return db
    .select({ revision: recordRevisions, doctorName: accounts.name })
    .from(recordRevisions)
    .leftJoin(accounts, eq(accounts.id, recordRevisions.doctorId))
    .where(eq(recordRevisions.recordId, recordId))
    .orderBy(desc(recordRevisions.revision));
}
