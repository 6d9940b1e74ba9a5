import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { patients } from './patients';

/**
 * One filled instrument (annex 1-9 or custom): the raw answers, the definition version they were
 * answered against and the derived values, so scores can be recomputed later.
 */
export const annexRecords = pgTable(
  'annex_records',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    annex: text('annex').notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').notNull(),
    derived: jsonb('derived').notNull(),
    /** The clinical date of the record (test date, visit date); drives reminders. */
    filledAt: date('filled_at', { mode: 'string' }).notNull(),
    nextDueDate: date('next_due_date', { mode: 'string' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    /**
     * 1 when created, +1 on each edit. An edit names the revision it read and is applied only if the
     * record is still at it (UPDATE … WHERE revision = ?), so two editors never overwrite each other.
     */
    revision: integer('revision').notNull().default(1),
  },
  (t) => [index('annex_records_patient_idx').on(t.patientId, t.annex, t.filledAt.desc(), t.id.desc()).where(sql`${t.voidedAt} is null`)],
);

/**
 * Every saved state of a record, the current one included: who saved it, when, the answers and the
 * derived values. Written in the same transaction as the record; never updated or deleted.
 */
export const recordRevisions = pgTable(
  'record_revisions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    recordId: integer('record_id')
      .notNull()
      .references(() => annexRecords.id),
    revision: integer('revision').notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').notNull(),
    derived: jsonb('derived').notNull(),
    filledAt: date('filled_at', { mode: 'string' }).notNull(),
    /** Who saved this revision: the creator for revision 1, the editor for later ones. */
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => accounts.id),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('record_revisions_record_revision_uq').on(t.recordId, t.revision)],
);

/** A TCM health prescription of one kind (diet, sleep, motion, loseWeight, other, healthEducation, physique). */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    kind: text('kind').notNull(),
    content: jsonb('content').notNull(),
    issuedAt: date('issued_at', { mode: 'string' }).notNull(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
  },
  (t) => [index('prescriptions_patient_idx').on(t.patientId, t.kind, t.issuedAt.desc(), t.id.desc()).where(sql`${t.voidedAt} is null`)],
);
