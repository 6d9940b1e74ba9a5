import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** One-time SMS codes; the code itself is stored hashed, bound to mobile and purpose. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose', { enum: ['register', 'resetPassword'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
  },
  (t) => [index('verification_codes_mobile_idx').on(t.mobile, t.createdAt)],
);

/** Every SMS the system sends, whatever the provider, so that an operator can see what went out. */
export const smsOutbox = pgTable('sms_outbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  mobile: text('mobile').notNull(),
  text: text('text').notNull(),
  provider: text('provider').notNull(),
  status: text('status', { enum: ['sent', 'failed'] }).notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
