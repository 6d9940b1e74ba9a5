import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpDatabase, openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';

/** What the API tier's global set-up hands every test file (read with `inject`). */
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

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Vitest global set-up of the API tier: migrates once per run instead of once per test file. A new
 * PGlite cluster costs ~1.5 s of WASM initdb and the migrations ~0.8 s more, on every `createTestApp`;
 * loading a dump costs ~0.4 s. On PostgreSQL a copy of a migrated template costs ~40 ms against ~170 ms.
 * Every test file still gets a database of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'tcm-api-db-'));
  const pglite = { empty: path.join(folder, 'empty.tar'), migrated: path.join(folder, 'migrated.tar') };
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    writeFileSync(pglite.empty, Buffer.from(await (await dumpDatabase(database)).arrayBuffer()));
    await runMigrations(database);
    writeFileSync(pglite.migrated, Buffer.from(await (await dumpDatabase(database)).arrayBuffer()));
  } finally {
    await database.close();
  }

  let postgres: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    postgres = `tcm_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${postgres}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${postgres}`;
    const template = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      await runMigrations(template);
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template that has open connections.
      await template.close();
    }
  }

  project.provide('databaseTemplates', { pglite, ...(postgres ? { postgres } : {}) });
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (postgres) await adminQuery(`drop database if exists ${postgres} with (force)`);
  };
}
