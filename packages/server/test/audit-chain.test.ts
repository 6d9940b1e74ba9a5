import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { verifyAuditChain } from '../src/db/queries/audit-chain';
import { auditLog } from '../src/db/schema';
import { createPostgresDatabase, createTestDatabase, databaseKinds } from './support/databases';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function appendRows(database: Database, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const [row] = await database.db
      .insert(auditLog)
      .values({ action: 'patient.view', entity: 'patient', entityId: String(i), detail: { n: i, note: '查看' } })
      .returning({ id: auditLog.id });
    ids.push(row!.id);
  }
  return ids;
}

/** What a superuser (not the application) can do: switch the append-only trigger off to forge a row. */
async function tamper(database: Database, statement: ReturnType<typeof sql>): Promise<void> {
  await database.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
  await database.db.execute(statement);
  await database.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
}

/** Drizzle wraps the database's error; the trigger's message is its cause. */
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    return String((error as { cause?: Error }).cause?.message ?? error);
  }
  return 'not refused';
}

function runVerify(env: Record<string, string>): { status: number | null; stdout: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env, INIT_CWD: serverRoot },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout + result.stderr };
}

describe.each(databaseKinds())('the audit log is append-only and hash-chained on %s', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(kind));
  });
  afterAll(async () => {
    await drop?.();
  });

  it('chains every row to the one before it and verifies OK with the row count', async () => {
    await appendRows(database, 5);
    const rows = await database.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(rows[0]!.prevHash).toBe('0'.repeat(64));
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, rows: rows.length, lastHash: rows.at(-1)!.hash });
  });

  it('refuses UPDATE, DELETE and TRUNCATE from the application', async () => {
    const [id] = await appendRows(database, 1);
    expect(await refusal(database.db.update(auditLog).set({ action: 'export' }).where(eq(auditLog.id, id!)))).toBe(
      'audit_log is append-only: UPDATE refused',
    );
    expect(await refusal(database.db.delete(auditLog).where(eq(auditLog.id, id!)))).toBe('audit_log is append-only: DELETE refused');
    expect(await refusal(database.db.execute(sql`truncate audit_log`))).toBe('audit_log is append-only: TRUNCATE refused');
    expect(await refusal(database.db.execute(sql`delete from audit_chain_head`))).toBe('audit_chain_head is append-only: DELETE refused');
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
  });

  it('ignores an id, prev_hash or hash the caller supplies', async () => {
    const [row] = await database.db.insert(auditLog).values({ id: 1, action: 'export', prevHash: 'forged', hash: 'forged' }).returning();
    expect(row!.id).toBeGreaterThan(1);
    expect(row!.hash).not.toBe('forged');
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
  });

  it("names the first edited row, and the next one when the forger rewrites the edited row's hash", async () => {
    const ids = await appendRows(database, 4);
    const edited = ids[1]!;
    await tamper(database, sql`update audit_log set detail = '{"n": 99}'::jsonb where id = ${edited}`);
    expect(await verifyAuditChain(database.db, 2)).toMatchObject({ ok: false, brokenAt: edited });

    // Restoring the edited row's fields would not do: rewrite its hash as a forger would, and the next link breaks.
    await tamper(database, sql`update audit_log a set hash = audit_log_digest(a) where id = ${edited}`);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: false, brokenAt: ids[2] });
  });

  it('reports rows cut off the end against the chain head', async () => {
    const fresh = await createTestDatabase(kind);
    try {
      const ids = await appendRows(fresh.database, 3);
      await tamper(fresh.database, sql`delete from audit_log where id = ${ids[2]!}`);
      expect(await verifyAuditChain(fresh.database.db)).toMatchObject({ ok: false, brokenAt: ids[2], rows: 2 });
    } finally {
      await fresh.drop();
    }
  });
});

describe.runIf(databaseKinds().includes('postgres'))('the audit chain under concurrent writers on PostgreSQL', () => {
  it('stays linear when many transactions on several pools append at once', async () => {
    const created = await createPostgresDatabase({});
    const first = await openDatabase({ databaseUrl: created.url, poolSize: 8 });
    try {
      await runMigrations(first);
      // A second pool stands for a second server instance on the same database.
      const second = await openDatabase({ databaseUrl: created.url, poolSize: 8 });
      try {
        const writers = Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? first : second).db.transaction(async (tx) => {
            await tx.insert(auditLog).values({ action: 'patient.view', entityId: `a${i}` });
            await tx.execute(sql`select pg_sleep(0.001)`);
            await tx.insert(auditLog).values({ action: 'patient.view', entityId: `b${i}` });
          }),
        );
        await Promise.all(writers);
      } finally {
        await second.close();
      }
      expect(await verifyAuditChain(first.db)).toMatchObject({ ok: true, rows: 80 });
    } finally {
      await first.close();
      await created.drop();
    }
  });
});

describe('npm run audit:verify', () => {
  it('prints OK with the row count, then the broken id with a non-zero exit after a tamper (PGlite DATA_DIR)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tcm-audit-verify-'));
    try {
      let database = await openDatabase({ dataDir });
      await runMigrations(database);
      const ids = await appendRows(database, 3);
      await database.close();

      const good = runVerify({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(good.stdout).toContain('OK: the audit chain holds over 3 rows');
      expect(good.status).toBe(0);

      database = await openDatabase({ dataDir });
      await tamper(database, sql`update audit_log set entity_id = 'forged' where id = ${ids[1]!}`);
      await database.close();
      const bad = runVerify({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(bad.stdout).toContain(`BROKEN at id ${ids[1]}`);
      expect(bad.status).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'reads DATABASE_URL and fails on a tampered PostgreSQL database',
    async () => {
      const { database, drop } = await createTestDatabase('postgres');
      try {
        const ids = await appendRows(database, 2);
        expect(runVerify({ DATABASE_URL: process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${databaseName(database)}`) }).status).toBe(
          0,
        );
        await tamper(database, sql`update audit_log set action = 'export' where id = ${ids[0]!}`);
        const bad = runVerify({ DATABASE_URL: process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${databaseName(database)}`) });
        expect(bad.stdout).toContain(`BROKEN at id ${ids[0]}`);
        expect(bad.status).toBe(1);
      } finally {
        await drop();
      }
    },
    240_000,
  );
});

function databaseName(database: Database): string {
  return (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString.replace(
    /.*\//,
    '',
  );
}
