import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { institutions } from './institutions';
import { patients } from './patients';

/**
 * One attempt to reach a patient (contracts api/outreach.ts): by phone, SMS, home visit or at the clinic,
 * and what came of it. Rows are never edited; the latest attempt decides the working list a patient is on.
 * `institution_id` is the patient's institution when the attempt was recorded, for scoped listing.
 */
export const outreachContacts = pgTable(
  'outreach_contacts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    channel: text('channel', { enum: ['phone', 'sms', 'homeVisit', 'clinic'] }).notNull(),
    result: text('result', {
      enum: ['agreedToVisit', 'remindLater', 'unreachable', 'wrongNumber', 'refused', 'movedAway', 'died', 'other'],
    }).notNull(),
    note: text('note'),
    /** Only for `remindLater`: the day the patient reappears on the 稍后联系 list. */
    remindOn: date('remind_on', { mode: 'string' }),
    /** The clinic-local day of the attempt, which the list and return-to-care rules compare with dates. */
    contactDate: date('contact_date', { mode: 'string' }).notNull(),
    /**
     * The patient's next due date when the attempt was recorded, as the doctor saw it. Return to care
     * does not read it: whether a contact was made while overdue is the contracts rule's (wasOverdueOn,
     * from the follow-ups before the contact day), shared with the indicators.
     */
    dueDate: date('due_date', { mode: 'string' }),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outreach_contacts_patient_idx').on(t.patientId, t.createdAt),
    index('outreach_contacts_institution_idx').on(t.institutionId, t.contactDate),
  ],
);
