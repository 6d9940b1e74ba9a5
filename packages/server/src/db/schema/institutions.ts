import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const institutions = pgTable('institutions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
