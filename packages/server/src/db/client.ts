import { readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { redactIdentifiers } from '../lib/log-redaction';
import { GuardedPool } from './pool';
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
  /** PGlite only: start from this dump (readDatabaseDump) instead of an empty cluster. */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * Called when PostgreSQL drops an idle pooled connection (a server restart, pg_terminate_backend).
   * pg emits that as an 'error' event on the pool, which would crash the process if nobody listened;
   * the pool replaces the connection on the next query.
   */
  onIdleConnectionError?: (error: Error) => void;
}

/**
 * Also bounds the wait for a free pool slot. Under the web client's 50 s timeout, so that a person
 * gets the 503 message rather than a timeout; far above any wait of a healthy, busy server.
 */
const CONNECT_TIMEOUT_MS = 20_000;

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

/** Ids as bind parameters joined by commas, for `in (${idList(ids)})`. */
export function idList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new GuardedPool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // While the server is unreachable without refusing (a failover, a cut network) a request waits
      // this long for a connection and then answers 503, instead of hanging.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Notices a peer that vanished without closing the connection.
      keepAlive: true,
    });
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
 * Writes a PGlite database to `file` as an uncompressed tarball that openDatabase({ loadDataDir:
 * readDatabaseDump(file) }) starts from: the test tiers migrate (and the browser journeys seed) once
 * and give every test file or server its own copy.
 */
export async function dumpDatabaseToFile(database: Database, file: string): Promise<void> {
  if (database.kind !== 'pglite') throw new Error('Only a PGlite database can be dumped to a tarball');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
}

/** A dump written by dumpDatabaseToFile, as the `loadDataDir` openDatabase takes. */
export function readDatabaseDump(file: string): Blob {
  return new Blob([readFileSync(file)]);
}
