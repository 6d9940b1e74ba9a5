import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';

/**
 * People who sign in: the administrator and doctors. Patients never sign in and live in `patients`.
 * A doctor's username is their mobile; the admin's is a login name.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    role: text('role', { enum: ['admin', 'doctor'] }).notNull(),
    username: text('username').notNull().unique(),
    name: text('name').notNull(),
    mobile: text('mobile'),
    institutionId: integer('institution_id').references(() => institutions.id),
    passwordHash: text('password_hash').notNull(),
    registerStatus: text('register_status', { enum: ['ToBeReviewed', 'Approved', 'Rejected'] })
      .notNull()
      .default('Approved'),
    rejectReason: text('reject_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by'),
    isDisabled: boolean('is_disabled').notNull().default(false),
    failedLoginCount: smallint('failed_login_count').notNull().default(0),
    failedLoginWindowStart: timestamp('failed_login_window_start', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_review_idx').on(t.role, t.registerStatus, t.institutionId, t.id),
    index('accounts_mobile_idx').on(t.mobile).where(sql`${t.mobile} is not null`),
  ],
);
