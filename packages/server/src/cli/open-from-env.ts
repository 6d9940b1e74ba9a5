import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase } from '../db/client';

/**
 * The database a command-line tool works on, chosen as the server chooses it: PostgreSQL when
 * DATABASE_URL is set, else the PGlite folder DATA_DIR (default ./data). npm runs a workspace's
 * script in the workspace's folder, so a relative DATA_DIR is read from where the command was typed
 * (INIT_CWD), the folder `npm start` also runs in. A missing folder is an error, not a new database.
 */
export function dataDirFromEnv(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR || './data');
}

export async function openDatabaseFromEnv(env: NodeJS.ProcessEnv): Promise<{ database: Database; where: string }> {
  if (env.DATABASE_URL) {
    return { database: await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 }), where: 'PostgreSQL (DATABASE_URL)' };
  }
  const dataDir = dataDirFromEnv(env);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(`No PGlite database in ${dataDir}: set DATA_DIR or DATABASE_URL`);
  }
  return { database: await openDatabase({ dataDir }), where: `PGlite at ${dataDir}` };
}
