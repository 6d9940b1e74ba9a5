import { bigint, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { patients } from './patients';

/**
 * One row per live patient: what the management quality indicators (docs/indicators.md) read of the
 * patient's records and contacts (contracts `indicatorRecordFacts`): baseline completion day,
 * follow-up days, glucose values, weights, alerts, contact days. Derived data only, never edited by
 * hand: every write that refreshes the outcome facts refreshes this row in the same transaction
 * (db/queries/indicator-facts.ts), and checkIndicatorFacts recounts it from the rows. The patient's
 * own columns (group, enrolment, status) are read live from `patients` at query time.
 */
export const indicatorFacts = pgTable(
  'indicator_facts',
  {
    patientId: integer('patient_id')
      .primaryKey()
      .references(() => patients.id),
    institutionId: integer('institution_id').notNull(),
    facts: jsonb('facts').notNull(),
    /** INDICATOR_FACTS_VERSION the row was computed with; start-up recomputes older rows. */
    rulesVersion: integer('rules_version').notNull(),
    /**
     * The id of the transaction that last wrote the row (pg_current_xact_id), set by a trigger on
     * every insert and update, also when a patient column the indicators read changes (migration
     * 0017). The in-process cache (modules/indicators/facts-cache.ts) re-reads the rows written at or
     * after the snapshot xmin of its previous read. Never written by the code.
     */
    writtenXid: bigint('written_xid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('indicator_facts_institution_idx').on(t.institutionId), index('indicator_facts_written_xid_idx').on(t.writtenXid)],
);

/** The admin's target per indicator, in percent (met at or above it; at or below for lost to follow-up). */
export const indicatorTargets = pgTable('indicator_targets', {
  key: text('key').primaryKey(),
  target: numeric('target', { mode: 'number' }).notNull(),
  updatedBy: integer('updated_by').references(() => accounts.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
