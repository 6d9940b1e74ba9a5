import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** Where drizzle-kit writes migrations; the built server copies them next to its bundle. */
export function defaultMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/db -> ../../drizzle ; dist -> ./drizzle
  return path.basename(here) === 'dist' ? path.join(here, 'drizzle') : path.resolve(here, '../../drizzle');
}

export async function runMigrations(database: Database, migrationsFolder = defaultMigrationsFolder()): Promise<void> {
  // Both migrators take the Drizzle instance of their own driver; the shared Db type hides which.
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migrateNodePg(database.db as never, { migrationsFolder });
  }
}
