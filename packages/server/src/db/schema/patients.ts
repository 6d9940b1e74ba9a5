import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { institutions } from './institutions';

/** The alert an urgent patient is listed for: the record that raised it and its alerts (derived.alerts). */
export interface StoredUrgentAlert {
  recordId: number;
  annex: string;
  alerts: { code: string; item: string; value?: number; message: string; messageEn: string }[];
}

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
    /**
     * ID number and mobile at rest (docs/security-data.md): AES-256-GCM in `*_sealed`, keyed hashes
     * (HMAC blind indexes) for the searches and the one-enrolment-per-group rule, all made with the key
     * `data_key_id` names. Only db/queries/patient-identifiers.ts reads or writes them. `id_num` and
     * `tel_num` hold plaintext only for rows written by bulk SQL or before encryption: start-up seals
     * those and empties the columns (sealPatientIdentifiers).
     */
    legacyIdNum: text('id_num'),
    legacyTelNum: text('tel_num'),
    idNumSealed: text('id_num_sealed'),
    telNumSealed: text('tel_num_sealed'),
    idNumIndex: text('id_num_index'),
    idLast4Index: text('id_last4_index'),
    telNumIndex: text('tel_num_index'),
    telLast4Index: text('tel_last4_index'),
    dataKeyId: text('data_key_id'),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    consentDate: date('consent_date', { mode: 'string' }),
    enrolledAt: date('enrolled_at', { mode: 'string' }).notNull(),
    endManagement: boolean('end_management').notNull().default(false),
    endedAt: date('ended_at', { mode: 'string' }),
    /**
     * Maintained by record writes in the same transaction (records/patient-summary.ts): which annexes
     * have a live record, and the date of the latest periodic follow-up (annex 7, or 9 for diabetes).
     * Overdue and fill-in status are computed from these at query time, never stored.
     */
    filledAnnexes: text('filled_annexes').array().notNull().default(sql`'{}'::text[]`),
    lastFollowUpDate: date('last_follow_up_date', { mode: 'string' }),
    lastFollowUpSavedAt: timestamp('last_follow_up_saved_at', { withTimezone: true }),
    /**
     * Also maintained by record writes (db/queries/patient-summary.ts): when the patient's latest record
     * of an instrument that assesses danger values has an alert and records no referral, its date and
     * what it found. Null otherwise. The urgent worklist, its counters and the due-date cap read these.
     */
    urgentSince: date('urgent_since', { mode: 'string' }),
    urgentAlert: jsonb('urgent_alert').$type<StoredUrgentAlert>(),
    /** Reminder silenced until the patient's next follow-up is saved (notRemind). */
    remindSilencedAt: timestamp('remind_silenced_at', { withTimezone: true }),
    /**
     * deleteFromIncompleteList: the follow-up due date that was dismissed. The patient stays off the
     * unfilled list while their due date is not later than this, i.e. until they are overdue again.
     */
    incompleteDismissedDue: date('incomplete_dismissed_due', { mode: 'string' }),
    /**
     * Follow-up status (转归, contracts api/outreach.ts): 'active' unless a contact attempt recorded the
     * patient moved away, died or refused, or the outreach rules judged them lost to follow-up. Patients
     * not active leave the worklists, the bells and the denominators; they stay searchable and exportable.
     */
    followUpStatus: text('follow_up_status', { enum: ['active', 'lostToFollowUp', 'movedAway', 'died', 'refused'] })
      .notNull()
      .default('active'),
    followUpStatusAt: date('follow_up_status_at', { mode: 'string' }),
    followUpStatusReason: text('follow_up_status_reason'),
    /** Consent to receive SMS reminders: none until recorded; withdrawing it is recorded the same way. */
    smsConsent: boolean('sms_consent').notNull().default(false),
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    smsConsentBy: integer('sms_consent_by').references(() => accounts.id),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
  },
  // Lists and counts by institution use the covering partial index patients_scope_cover_idx
  // (drizzle/0001_patient_scope_index.sql): drizzle-kit cannot express INCLUDE columns.
  (t) => [
    uniqueIndex('patients_cohort_id_num_uq').on(t.cohort, t.idNumIndex).where(sql`${t.voidedAt} is null`),
    index('patients_tel_idx').on(t.telNumIndex),
    index('patients_id_last4_idx').on(t.idLast4Index),
    index('patients_tel_last4_idx').on(t.telLast4Index),
    index('patients_data_key_idx').on(t.dataKeyId),
    // Every row has its identifiers, sealed or (until start-up seals them) in plaintext.
    check(
      'patients_identifiers_present',
      sql`(${t.idNumSealed} is not null and ${t.telNumSealed} is not null and ${t.idNumIndex} is not null and ${t.idLast4Index} is not null and ${t.telNumIndex} is not null and ${t.telLast4Index} is not null and ${t.dataKeyId} is not null) or (${t.legacyIdNum} is not null and ${t.legacyTelNum} is not null)`,
    ),
    // The urgent worklist of one institution, oldest alert first: a handful of rows, never a scan.
    index('patients_urgent_idx')
      .on(t.institutionId, t.urgentSince, t.id)
      .where(sql`${t.urgentSince} is not null and ${t.voidedAt} is null`),
    // The voided patients (few): the indicator cache's live count leaves them out without reading every patient row.
    index('patients_voided_idx').on(t.id).where(sql`${t.voidedAt} is not null`),
    check('patients_follow_up_status_known', sql`${t.followUpStatus} in ('active', 'lostToFollowUp', 'movedAway', 'died', 'refused')`),
  ],
);
