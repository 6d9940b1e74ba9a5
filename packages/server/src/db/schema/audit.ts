import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only audit trail: writes (before/after), views of full identifiers, exports, logins.
 * Written in the same transaction as the change it records.
 *
 * Tamper evidence lives in the database (migration audit_chain, docs/security-data.md): triggers refuse
 * UPDATE, DELETE and TRUNCATE, and a BEFORE INSERT trigger numbers each row under the lock of
 * audit_chain_head and sets `hash` = SHA-256 over the row's fields and `prev_hash`, the hash of the row
 * before it. Callers never set id, prev_hash or hash; `npm run audit:verify` recomputes the chain.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    institutionId: integer('institution_id'),
    requestId: text('request_id'),
    ip: text('ip'),
    detail: jsonb('detail'),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/** One row (id 1): the id and hash of the chain's last row, locked by each insert into audit_log. */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }),
  lastHash: text('last_hash').notNull(),
});
