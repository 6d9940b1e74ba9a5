import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only audit trail: writes (before/after), views of full identifiers, exports, logins.
 * Written in the same transaction as the change it records.
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
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);
