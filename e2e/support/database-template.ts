import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../packages/server/src/config';
import { dumpDatabase, openDatabase } from '../../packages/server/src/db/client';
import { runMigrations } from '../../packages/server/src/db/migrate';
import { seedBaseline } from '../../packages/server/src/seed/baseline';
import { seedDemo } from '../../packages/server/src/seed/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump with the migrations, the baseline accounts and the demo data (startAppServer loads it). */
    e2eDatabaseTemplate: string;
  }
}

/**
 * Global set-up of the browser tier: migrates and seeds the demo data once (several seconds, tens of
 * seconds on a loaded machine) and hands each journey file a copy, instead of seeding per file.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'tcm-e2e-db-'));
  const file = path.join(folder, 'demo.tar');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' });
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await runMigrations(database);
    await seedBaseline(database.db, config);
    await seedDemo(database.db, config);
    writeFileSync(file, Buffer.from(await (await dumpDatabase(database)).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('e2eDatabaseTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
