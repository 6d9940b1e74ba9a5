import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases the API suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 * Under CI the PostgreSQL run is mandatory, so a missing URL fails instead of silently skipping.
 */
export function databaseKinds(): DatabaseKind[] {
  if (process.env.TEST_DATABASE_URL) return ['pglite', 'postgres'];
  if (process.env.CI === 'true') throw new Error('CI=true needs TEST_DATABASE_URL: the PostgreSQL run is mandatory');
  return ['pglite'];
}

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database beside TEST_DATABASE_URL's, dropped (with its connections) by drop(). */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tcm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh database: in-memory PGlite, or a new PostgreSQL database dropped afterwards. Migrated unless
 * `migrate: false` (a migration test applies its own folder).
 */
export async function createTestDatabase(kind: DatabaseKind, { migrate = true } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    if (migrate) await runMigrations(database);
    return { database, drop: () => database.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: empty.url, poolSize: 4 });
  if (migrate) await runMigrations(database);
  return {
    database,
    async drop() {
      await database.close();
      await empty.drop();
    },
  };
}
