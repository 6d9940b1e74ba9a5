import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createTestDatabase, databaseKinds } from './support/databases';
import { migrationsBefore } from './support/migrations-before';

const REVISIONS_MIGRATION = '0002_record_revisions';

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe.each(databaseKinds())('migration %s to record revisions', (kind) => {
  let db: { database: Database; drop(): Promise<void> };
  let folders: Awaited<ReturnType<typeof migrationsBefore>>;
  beforeAll(async () => {
    db = await createTestDatabase(kind, { migrate: false });
    folders = await migrationsBefore(REVISIONS_MIGRATION);
  });
  afterAll(async () => {
    await db?.drop();
    await folders?.cleanup();
  });

  it('puts records saved before it at revision 1, kept as their first revision', async () => {
    const { database } = db;
    await runMigrations(database, folders.before);
    await database.db.execute(sql`insert into institutions (id, name) values (1, '迁移测试机构')`);
    const [doctor] = await rowsOf<{ id: number }>(
      database,
      sql`insert into accounts (role, username, name, institution_id, password_hash) values ('doctor', '13700000000', '迁移医生', 1, 'x') returning id`,
    );
    const [patient] = await rowsOf<{ id: number }>(
      database,
      sql`insert into patients (cohort, name, gender, birth_date, id_num, tel_num, institution_id, enrolled_at)
          values ('managed', '迁移患者', 'man', '1960-01-01', '110105196001010011', '13700000001', 1, '2026-01-05') returning id`,
    );
    const [record] = await rowsOf<{ id: number }>(
      database,
      sql`insert into annex_records (patient_id, annex, version, data, derived, filled_at, doctor_id, updated_at)
          values (${patient!.id}, '1', 1, '{"testDate":"2026-01-06","fpg":6.4}', '{"glycemicStatus":"IFG"}', '2026-01-06',
                  ${doctor!.id}, '2026-01-07T08:00:00Z') returning id`,
    );

    await runMigrations(database);

    const [migrated] = await rowsOf<{ revision: number }>(database, sql`select revision from annex_records where id = ${record!.id}`);
    expect(migrated!.revision).toBe(1);
    const revisions = await rowsOf<{ revision: number; doctor_id: number; data: unknown; derived: unknown; saved_at: Date | string }>(
      database,
      sql`select revision, doctor_id, data, derived, saved_at from record_revisions where record_id = ${record!.id}`,
    );
    expect(revisions.map((r) => [r.revision, r.doctor_id, r.data, r.derived])).toEqual([
      [1, doctor!.id, { testDate: '2026-01-06', fpg: 6.4 }, { glycemicStatus: 'IFG' }],
    ]);
    expect(new Date(revisions[0]!.saved_at).toISOString()).toBe('2026-01-07T08:00:00.000Z');
  });
});
