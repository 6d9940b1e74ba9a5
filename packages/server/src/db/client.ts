import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { redactIdentifiers } from '../lib/log-redaction';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database or an open transaction; both drivers share this surface. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** A PGlite data folder or 'memory://'. */
  dataDir?: string;
  /** PGlite only: start from this dump (dumpDatabase) instead of an empty cluster. */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * Called when PostgreSQL drops an idle pooled connection (a server restart, pg_terminate_backend).
   * pg emits that as an 'error' event on the pool, which would crash the process if nobody listened;
   * the pool replaces the connection on the next query.
   */
  onIdleConnectionError?: (error: Error) => void;
}

function logIdleConnectionError(error: Error): void {
  process.stderr.write(
    `${JSON.stringify({ level: 40, time: Date.now(), msg: 'idle database connection lost', err: redactIdentifiers(error.message) })}\n`,
  );
}

/**
 * The rows of a raw `db.execute(sql)` result. Both drivers answer `{ rows }`, but Drizzle types the
 * result per driver, and code written once for both reads it through here.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('error', options.onIdleConnectionError ?? logIdleConnectionError);
    // Fail fast with a clear message if the server is unreachable.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, close: () => pool.end() };
  }
  const client = new PGlite(options.dataDir ?? 'memory://', options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { kind: 'pglite', db, close: () => client.close() };
}

/**
 * A PGlite database as an uncompressed tarball that openDatabase({ loadDataDir }) starts from; the browser
 * journeys seed the demo data once and give every journey file its own copy.
 */
export async function dumpDatabase(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('Only a PGlite database can be dumped to a tarball');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
