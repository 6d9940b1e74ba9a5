import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { institutions } from './institutions';

/**
 * Patients never sign in. `cohort` is the managed group (registered patients) or the comparison group;
 * comparison members carry `comparisonRole` 0 (pre-diabetes) or 1 (diabetes), spec §9.
 */
export const patients = pgTable(
  'patients',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    cohort: text('cohort', { enum: ['managed', 'comparison'] }).notNull(),
    comparisonRole: smallint('comparison_role'),
    name: text('name').notNull(),
    gender: text('gender', { enum: ['man', 'woman'] }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    idNum: text('id_num').notNull(),
    telNum: text('tel_num').notNull(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    consentDate: date('consent_date', { mode: 'string' }),
    enrolledAt: date('enrolled_at', { mode: 'string' }).notNull(),
    endManagement: boolean('end_management').notNull().default(false),
    endedAt: date('ended_at', { mode: 'string' }),
    /** Reminder silenced until the patient's next follow-up is saved (notRemind). */
    remindSilencedAt: timestamp('remind_silenced_at', { withTimezone: true }),
    /** Removed from the incomplete list until overdue again (deleteFromIncompleteList). */
    incompleteDismissedAt: timestamp('incomplete_dismissed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
  },
  (t) => [
    uniqueIndex('patients_cohort_id_num_uq').on(t.cohort, t.idNum).where(sql`${t.voidedAt} is null`),
    index('patients_list_idx').on(t.institutionId, t.cohort, t.endManagement, t.id),
    index('patients_tel_idx').on(t.telNum),
  ],
);
