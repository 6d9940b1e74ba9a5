import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase, readDatabaseDump } from '../../src/db/client';

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

/** What the API tier's global set-up (database-templates.ts) hands every test file, read with `inject`. */
export interface DatabaseTemplates {
  /** PGlite dumps (tar files): a bare cluster, and one with every migration applied. */
  pglite: { empty: string; migrated: string };
  /** A migrated PostgreSQL database that `CREATE DATABASE … TEMPLATE` copies; absent without TEST_DATABASE_URL. */
  postgres?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/**
 * A new PostgreSQL database beside TEST_DATABASE_URL's, dropped (with its connections) by drop():
 * empty, or a copy of `template`.
 */
export async function createPostgresDatabase({ template }: { template?: string } = {}): Promise<{
  name: string;
  url: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tcm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const pgliteDumps = new Map<string, Blob>();

/** A PGlite dump written by the global set-up, read once per test file. */
function pgliteDump(file: string): Blob {
  let dump = pgliteDumps.get(file);
  if (!dump) {
    dump = readDatabaseDump(file);
    pgliteDumps.set(file, dump);
  }
  return dump;
}

/**
 * A fresh database of its own: in-memory PGlite, or a new PostgreSQL database dropped afterwards.
 * Migrated unless `migrate: false` (a migration test applies its own folder). Both start from the
 * templates the tier's global set-up migrated once, so no test file pays for initdb and migrations.
 */
export async function createTestDatabase(kind: DatabaseKind, { migrate = true } = {}): Promise<TestDatabase> {
  const templates = inject('databaseTemplates');
  if (kind === 'pglite') {
    const dump = pgliteDump(migrate ? templates.pglite.migrated : templates.pglite.empty);
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: dump });
    return { database, drop: () => database.close() };
  }
  if (!templates.postgres) throw new Error('the PostgreSQL template is missing: TEST_DATABASE_URL was not set for the global set-up');
  const created = await createPostgresDatabase(migrate ? { template: templates.postgres } : {});
  const database = await openDatabase({ databaseUrl: created.url, poolSize: 4 });
  return {
    database,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}
