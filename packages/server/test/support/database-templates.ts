import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpDatabaseToFile, openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { createPostgresDatabase } from './databases';

/**
 * Vitest global set-up of the API tier: migrates once per run instead of once per test file. A new
 * PGlite cluster costs ~1.5 s of WASM initdb and the migrations ~0.8 s more, on every `createTestApp`;
 * loading a dump costs ~0.4 s. On PostgreSQL a copy of a migrated template costs ~40 ms against ~170 ms.
 * Every test file still gets a database of its own (createTestDatabase in databases.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'tcm-api-db-'));
  const pglite = { empty: path.join(folder, 'empty.tar'), migrated: path.join(folder, 'migrated.tar') };
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await dumpDatabaseToFile(database, pglite.empty);
    await runMigrations(database);
    await dumpDatabaseToFile(database, pglite.migrated);
  } finally {
    await database.close();
  }

  const postgres = process.env.TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  if (postgres) {
    const template = await openDatabase({ databaseUrl: postgres.url, poolSize: 1 });
    try {
      await runMigrations(template);
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template that has open connections.
      await template.close();
    }
  }

  project.provide('databaseTemplates', { pglite, ...(postgres ? { postgres: postgres.name } : {}) });
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    await postgres?.drop();
  };
}
