import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * Counters the personal centre and the doctor's bell read instead of counting patients on every call
 * (so that their cost does not grow with the number of patients). Derived data only, never edited by
 * hand: triggers on `patients` (db/queries/counters.ts) apply each write's change in the writing
 * statement's own transaction, so a counter can never be ahead of or behind the rows it counts, whatever
 * path wrote them (services, seeds, bulk SQL). No foreign keys: a counter row is not a reference, and a
 * key-share lock on the institution from every patient write would buy nothing.
 */

/**
 * The eight personal-centre figures of one institution (PersonalCenterData), each the number of live
 * patients with follow-up status active matching the predicate of the list it links to
 * (db/queries/counters.ts PERSONAL_CENTRE), the number of urgent patients per group, and the totals of
 * the lists that keep patients of every status (the plain, state and comparison-role lists: *Listed).
 */
export const patientCounters = pgTable('patient_counters', {
  institutionId: integer('institution_id').primaryKey(),
  managed: integer('managed').notNull().default(0),
  managedCompleted: integer('managed_completed').notNull().default(0),
  managedUncompleted: integer('managed_uncompleted').notNull().default(0),
  managedInManagement: integer('managed_in_management').notNull().default(0),
  managedEnded: integer('managed_ended').notNull().default(0),
  comparison: integer('comparison').notNull().default(0),
  comparisonEarly: integer('comparison_early').notNull().default(0),
  comparisonDiabetes: integer('comparison_diabetes').notNull().default(0),
  /** Urgent patients of each group (db/queries/patients.ts isUrgentSql): the urgent lists' totals and the bell. */
  managedUrgent: integer('managed_urgent').notNull().default(0),
  comparisonUrgent: integer('comparison_urgent').notNull().default(0),
  /** Live patients whatever their follow-up status: the totals of the lists that show every status. */
  managedListed: integer('managed_listed').notNull().default(0),
  managedInManagementListed: integer('managed_in_management_listed').notNull().default(0),
  managedEndedListed: integer('managed_ended_listed').notNull().default(0),
  comparisonListed: integer('comparison_listed').notNull().default(0),
  comparisonEarlyListed: integer('comparison_early_listed').notNull().default(0),
  comparisonDiabetesListed: integer('comparison_diabetes_listed').notNull().default(0),
});

/**
 * The doctor's bell depends on today's date, so no single number can hold it. Instead, per institution
 * and due date (last follow-up or enrolment plus the interval), how many live managed patients in
 * management, neither silenced nor dismissed, fall due that day. Whether such a patient is overdue then
 * depends only on that date, so the bell is the sum of the rows dated before today: its cost grows with
 * the number of distinct due dates (a few hundred per year and institution), not with the number of
 * patients. Rows whose count falls to zero are removed by the write that empties them.
 */
export const unfilledReminderDays = pgTable(
  'unfilled_reminder_days',
  {
    institutionId: integer('institution_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    patients: integer('patients').notNull(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.dueDate] })],
);
