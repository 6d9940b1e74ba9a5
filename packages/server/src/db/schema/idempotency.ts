import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The answers to create calls sent with an `Idempotency-Key` header, per signed-in user, so that a
 * retried submit gets the first answer instead of creating twice (plugins/idempotency.ts). A row
 * without a status is a call still in progress. Rows older than 24 h are deleted.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    key: text('key').notNull(),
    /** SHA-256 of the method, route, parameters and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code'),
    answer: text('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
