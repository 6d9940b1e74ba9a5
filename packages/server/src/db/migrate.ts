import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
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
  // Every DDL, the counters' triggers included, comes through these migrations: the triggers are
  // rendered from the lists' predicates into custom migrations (npm run db:counters), which also
  // recount, so nothing is installed beside the migration history.
}

/**
 * The advisory lock that serialises start-up work (migrations, baseline and demo seeding) between
 * server instances sharing one PostgreSQL database: a rolling deploy or a process manager starting N
 * workers at once would otherwise run the same CREATE TABLE or seed insert twice and die. Advisory
 * locks belong to one database, so instances of other databases never wait for each other. The pair
 * of int4 keys reads "TCM", start-up.
 */
const STARTUP_LOCK_KEYS = [0x54434d, 1] as const;

interface LockSession {
  query(text: string): Promise<unknown>;
  release(failed?: Error): void;
}

/**
 * A connection of its own on PostgreSQL: a session-level advisory lock belongs to the connection that
 * took it, and the work runs through the pool beside it. PGlite has a single connection in a single
 * process, so there the lock is taken on that one (harmlessly re-entrant) and the code path stays the
 * same.
 */
async function openLockSession(database: Database): Promise<LockSession> {
  // $client is the driver's own handle under the Drizzle instance; the shared Db type hides its kind.
  const driver = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (database.kind === 'postgres') {
    const client = await (driver as pg.Pool).connect();
    return { query: (text) => client.query(text), release: (failed) => client.release(failed) };
  }
  const pglite = driver as PGlite;
  return { query: (text) => pglite.query(text), release: () => {} };
}

/**
 * Runs `work` while holding the start-up lock. The first instance migrates and seeds; the others wait,
 * then find the schema current and the data present and do nothing. The lock is released when the
 * work ends or fails, and by PostgreSQL itself if the process dies while holding it.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  const session = await openLockSession(database);
  const [classId, objectId] = STARTUP_LOCK_KEYS;
  let unlocked = false;
  try {
    const tried = (await session.query(`select pg_try_advisory_lock(${classId}, ${objectId}) as locked`)) as {
      rows: { locked: boolean }[];
    };
    if (!tried.rows[0]?.locked) {
      onWait?.();
      await session.query(`select pg_advisory_lock(${classId}, ${objectId})`);
    }
    try {
      return await work();
    } finally {
      await session.query(`select pg_advisory_unlock(${classId}, ${objectId})`);
      unlocked = true;
    }
  } finally {
    // A connection that may still hold the lock is closed, not handed back to the pool.
    session.release(unlocked ? undefined : new Error('start-up lock not released'));
  }
}
