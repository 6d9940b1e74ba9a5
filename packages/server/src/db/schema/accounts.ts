import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_review_idx').on(t.role, t.registerStatus, t.institutionId, t.id),
    index('accounts_mobile_idx').on(t.mobile).where(sql`${t.mobile} is not null`),
  ],
);

/**
 * Wrong passwords, counted per login name (whether or not an account has it, so that the answers do
 * not tell which names exist) and per source address, plus one account-wide row per name (source '').
 * A source that reaches the threshold is locked out of that name; the account-wide row only slows
 * every source down with a growing delay, so an attacker cannot lock the owner out (modules/auth/lockout.ts).
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    username: text('username').notNull(),
    /** The client address as the server sees it; '' for the row that counts every address. */
    source: text('source').notNull(),
    failures: smallint('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    /** Per source: locked until. Account-wide: the next attempt is answered from this time on. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.username, t.source] }), index('login_throttle_source_idx').on(t.source, t.lastFailureAt)],
);
