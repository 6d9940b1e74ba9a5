import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { databaseKinds } from './support/databases';

/** What the server survives on PostgreSQL: connections the database server drops on its own. */
describe.runIf(databaseKinds().includes('postgres'))('PostgreSQL connections', () => {
  it('survives PostgreSQL terminating its idle connections: reported, replaced, no crash', async () => {
    const lost: Error[] = [];
    const database = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      poolSize: 2,
      onIdleConnectionError: (error) => lost.push(error),
    });
    try {
      const pid = async () => {
        const result = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        return result.rows[0]?.pid;
      };
      const before = await pid();
      // As a server restart or an administrator would: end the pooled (now idle) session.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [before]);
      await admin.end();
      const deadline = Date.now() + 5_000;
      while (lost.length === 0 && Date.now() < deadline) await sleep(20);
      expect(lost.map((e) => (e as Error & { code?: string }).code)).toEqual(['57P01']);
      // The next query gets a fresh connection.
      const after = await pid();
      expect(after).toBeGreaterThan(0);
      expect(after).not.toBe(before);
    } finally {
      await database.close();
    }
  });
});
