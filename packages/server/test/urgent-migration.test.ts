import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { checkCounters } from '../src/db/queries/counters';
import { createTestDatabase, databaseKinds } from './support/databases';
import { migrationsBefore } from './support/migrations-before';

/**
 * The journal is cut before the counters (0004), not just before the urgent columns (0008): the
 * releases of that time installed the counters' triggers at start-up with rules that name the urgent
 * columns, so a database can only be left between 0004 and 0008 by a release that predates both.
 */
const CUT_BEFORE = '0004_counters';

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const ALERT = { code: 'glucoseHigh', item: 'fpg', value: 17.5, message: '空腹血糖 17.5 mmol/L ≥ 16.7', messageEn: 'fpg 17.5' };

describe.each(databaseKinds())('migration %s to the urgent worklist', (kind) => {
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

  it('marks the patients already urgent by their stored records, and counts them', async () => {
    const { database } = db;
    await runMigrations(database, folders.before);
    await database.db.execute(sql`insert into institutions (id, name) values (1, '迁移测试机构')`);
    const [doctor] = await rowsOf<{ id: number }>(
      database,
      sql`insert into accounts (role, username, name, institution_id, password_hash) values ('doctor', '13700000000', '迁移医生', 1, 'x') returning id`,
    );
    const patient = async (n: number) => {
      const [row] = await rowsOf<{ id: number }>(
        database,
        sql`insert into patients (cohort, comparison_role, name, gender, birth_date, id_num, tel_num, institution_id, enrolled_at)
            values ('comparison', 1, ${`迁移${n}`}, 'man', '1960-01-01', ${`11010519600101001${n}`}, '13700000001', 1, '2026-01-05') returning id`,
      );
      return row!.id;
    };
    const record = async (patientId: number, annex: string, filledAt: string, data: object, derived: object) => {
      const [row] = await rowsOf<{ id: number }>(
        database,
        sql`insert into annex_records (patient_id, annex, version, data, derived, filled_at, doctor_id)
            values (${patientId}, ${annex}, 1, ${JSON.stringify(data)}::jsonb, ${JSON.stringify(derived)}::jsonb, ${filledAt}, ${doctor!.id}) returning id`,
      );
      return row!.id;
    };
    const alerted = { hasAlert: true, alerts: [ALERT] };
    // Urgent: the alert is the latest annex 9 visit; a later custom note is no contact for the rule.
    const urgent = await patient(1);
    const alertRecord = await record(urgent, '9', '2026-02-01', { fpg: 17.5 }, alerted);
    await record(urgent, 'custom', '2026-02-03', { title: '电话' }, {});
    // Resolved by a later visit without an alert, or by the referral on the alert's own record.
    const visitedSince = await patient(2);
    await record(visitedSince, '9', '2026-02-01', { fpg: 17.5 }, alerted);
    await record(visitedSince, '9', '2026-02-10', { fpg: 7.0 }, { hasAlert: false, alerts: [] });
    const referred = await patient(3);
    await record(referred, '9', '2026-02-01', { fpg: 17.5, referral: true }, alerted);

    await runMigrations(database);

    const states = await rowsOf<{ id: number; urgent_since: string | null; urgent_alert: unknown }>(
      database,
      sql`select id, to_char(urgent_since, 'YYYY-MM-DD') as urgent_since, urgent_alert from patients order by id`,
    );
    expect(states).toEqual([
      { id: urgent, urgent_since: '2026-02-01', urgent_alert: { recordId: alertRecord, annex: '9', alerts: [ALERT] } },
      { id: visitedSince, urgent_since: null, urgent_alert: null },
      { id: referred, urgent_since: null, urgent_alert: null },
    ]);
    const [counters] = await rowsOf<{ comparison_urgent: number }>(database, sql`select comparison_urgent from patient_counters`);
    expect(counters?.comparison_urgent).toBe(1);
    expect(await checkCounters(database.db)).toEqual([]);
  });
});
