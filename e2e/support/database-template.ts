import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dumpDatabaseToFile, loadConfig, openDatabase, runMigrations, seedBaseline, seedDemo } from '@tcm/server/testing';

export interface DatabaseTemplate {
  /** The PGlite dump (a tar file) startAppServer loads into each server's in-memory database. */
  file: string;
  remove(): void;
}

/**
 * Migrates and seeds the demo data once (several seconds, tens of seconds on a loaded machine) into a
 * PGlite dump that every app server of the run loads a copy of, instead of seeding per server.
 */
export async function writeDatabaseTemplate(): Promise<DatabaseTemplate> {
  const folder = mkdtempSync(path.join(tmpdir(), 'tcm-e2e-db-'));
  const file = path.join(folder, 'demo.tar');
  await writeDatabaseTemplateTo(file);
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Writes the migrated and seeded demo database to `file` (a PGlite dump). */
export async function writeDatabaseTemplateTo(file: string): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' });
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await runMigrations(database);
    await seedBaseline(database.db, config);
    await seedDemo(database.db, config);
    await dumpDatabaseToFile(database, file);
  } finally {
    await database.close();
  }
}
