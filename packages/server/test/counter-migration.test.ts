import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { defaultMigrationsFolder, runMigrations } from '../src/db/migrate';
import { latestCounterMigration } from '../src/db/queries/counter-migrations';
import { checkCounters, renderCounterFunctions } from '../src/db/queries/counters';
import { createTestDatabase, databaseKinds } from './support/databases';
import { migrationsBefore } from './support/migrations-before';

/**
 * The counters' triggers reach a database through a migration (drizzle/NNNN_counter_triggers.sql).
 * Before that, each release installed them at start-up, outside the migration history: a production
 * database is left at the previous migration with triggers an older release installed, and counters
 * those triggers kept. Upgrading must replace the triggers (not add a second set) and recount.
 */
const COUNTER_MIGRATION = latestCounterMigration(defaultMigrationsFolder())?.tag ?? 'no counter migration';

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe.each(databaseKinds())('counter triggers by migration on %s', (kind) => {
  let db: { database: Database; drop(): Promise<void> };
  let folders: Awaited<ReturnType<typeof migrationsBefore>>;
  beforeAll(async () => {
    db = await createTestDatabase(kind, { migrate: false });
    folders = await migrationsBefore(COUNTER_MIGRATION);
  });
  afterAll(async () => {
    await db?.drop();
    await folders?.cleanup();
  });

  const installed = (database: Database) =>
    rowsOf<{ name: string; body: string; triggers: number }>(
      database,
      sql`select p.proname as name, p.prosrc as body,
            (select count(*)::int from pg_trigger t where t.tgfoid = p.oid and t.tgrelid = 'patients'::regclass) as triggers
          from pg_proc p where p.proname like 'patient_counters_on_%' order by 1`,
    );

  it('replaces the triggers an older release installed at start-up and recounts', async () => {
    const { database } = db;
    await runMigrations(database, folders.before);
    expect(await installed(database)).toEqual([]);

    // As an older release did at start: its own trigger functions (here ones that count nothing, as a
    // rule that changed would count differently), attached with CREATE OR REPLACE TRIGGER.
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      const name = `patient_counters_on_${event}`;
      const on =
        event === 'insert' ? 'after insert' : event === 'update' ? 'after update' : event === 'delete' ? 'after delete' : 'after truncate';
      await database.db.execute(
        sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$begin return null; end;$$`),
      );
      await database.db.execute(
        sql.raw(`create or replace trigger ${name} ${on} on "patients" for each statement execute function ${name}()`),
      );
    }
    await database.db.execute(sql`insert into institutions (id, name) values (1, '升级机构一'), (2, '升级机构二')`);
    let n = 0;
    const insert = (cohort: string, role: number | null, institution: number, enrolled: string, ended = false) =>
      database.db.execute(sql`insert into patients (cohort, comparison_role, name, gender, birth_date, id_num, tel_num, institution_id, enrolled_at, end_management)
        values (${cohort}, ${role}, '升级前', 'man', '1960-01-01', ${`UPGRADE${++n}`}, '13700000001', ${institution}, ${enrolled}, ${ended})`);
    await insert('managed', null, 1, '2026-01-05');
    await insert('managed', null, 1, '2026-01-05');
    await insert('managed', null, 1, '2026-01-20', true);
    await insert('comparison', 0, 1, '2026-01-05');
    await insert('comparison', 1, 2, '2026-01-05');
    expect((await checkCounters(database.db)).length).toBeGreaterThan(0);

    await runMigrations(database);

    // One trigger per function, each function's text what the code renders now.
    expect(await installed(database)).toEqual(
      renderCounterFunctions()
        .map(({ name, body }) => ({ name, body, triggers: 1 }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
    // Counted by hand: institution 1 has three managed patients (one ended) and one early comparison
    // member; institution 2 one comparison member with diabetes. Both managed patients in management
    // were enrolled on 2026-01-05 with no follow-up: due on 2026-01-20 (15 days), one day on the bell.
    const counters = await rowsOf<Record<string, number>>(
      database,
      sql`select institution_id, managed, managed_in_management, managed_ended, comparison, comparison_early, comparison_diabetes
          from patient_counters order by institution_id`,
    );
    expect(counters).toEqual([
      {
        institution_id: 1,
        managed: 3,
        managed_in_management: 2,
        managed_ended: 1,
        comparison: 1,
        comparison_early: 1,
        comparison_diabetes: 0,
      },
      {
        institution_id: 2,
        managed: 0,
        managed_in_management: 0,
        managed_ended: 0,
        comparison: 1,
        comparison_early: 0,
        comparison_diabetes: 1,
      },
    ]);
    const days = await rowsOf<{ institution_id: number; due_date: string; patients: number }>(
      database,
      sql`select institution_id, to_char(due_date, 'YYYY-MM-DD') as due_date, patients from unfilled_reminder_days`,
    );
    expect(days).toEqual([{ institution_id: 1, due_date: '2026-01-20', patients: 2 }]);
    expect(await checkCounters(database.db)).toEqual([]);

    // The new triggers count the writes that follow.
    await insert('managed', null, 2, '2026-02-01');
    await database.db.execute(
      sql`update patients set end_management = true where institution_id = 1 and not end_management and cohort = 'managed'`,
    );
    expect(await checkCounters(database.db)).toEqual([]);
    const [after] = await rowsOf<{ managed_ended: number }>(
      database,
      sql`select managed_ended from patient_counters where institution_id = 1`,
    );
    expect(after?.managed_ended).toBe(3);

    // Migrating again changes nothing.
    await runMigrations(database);
    expect(await checkCounters(database.db)).toEqual([]);
  });
});
