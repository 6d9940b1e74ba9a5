import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createTestDatabase, databaseKinds } from './support/databases';
import { migrationsBefore } from './support/migrations-before';

/**
 * The database is left before the counters (0004), not just before this migration: the releases of
 * that time installed the counters' triggers at start-up with rules that name columns of later
 * migrations (the urgent counters), so no release left a database between 0004 and this one.
 */
const CUT_BEFORE = '0004_counters';

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe.each(databaseKinds())('migration %s to keyed codes and a code-free outbox', (kind) => {
  let db: { database: Database; drop(): Promise<void> };
  let folders: Awaited<ReturnType<typeof migrationsBefore>>;
  beforeAll(async () => {
    db = await createTestDatabase(kind, { migrate: false });
    folders = await migrationsBefore(CUT_BEFORE);
  });
  afterAll(async () => {
    await db?.drop();
    await folders?.cleanup();
  });

  it('masks codes already in the outbox, spends codes under the old hash and makes a random key', async () => {
    const { database } = db;
    await runMigrations(database, folders.before);
    await database.db.execute(sql`insert into sms_outbox (mobile, text, provider, status) values
      ('13700000000', '【糖尿病前期中医药健康管理】您正在注册，验证码 482913，5分钟内有效。如非本人操作请忽略。', 'console', 'sent'),
      ('13700000001', '【糖尿病前期中医药健康管理】您的注册申请已通过审核。', 'console', 'sent')`);
    await database.db.execute(sql`insert into verification_codes (mobile, purpose, code_hash, expires_at)
      values ('13700000000', 'register', 'old', now() + interval '5 minutes')`);

    await runMigrations(database);

    const outbox = await rowsOf<{ text: string }>(database, sql`select text from sms_outbox order by id`);
    expect(outbox.map((r) => r.text)).toEqual([
      '【糖尿病前期中医药健康管理】您正在注册，验证码 ******，5分钟内有效。如非本人操作请忽略。',
      '【糖尿病前期中医药健康管理】您的注册申请已通过审核。',
    ]);
    const live = await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from verification_codes where used_at is null`);
    expect(live[0]!.n).toBe(0);
    const keys = await rowsOf<{ len: number }>(
      database,
      sql`select octet_length(value) as len from server_secrets where name = 'code-hmac'`,
    );
    expect(keys).toEqual([{ len: 32 }]);
  });
});
