import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { checkCounters } from '../src/db/queries/counters';
import { checkOutcomeFacts } from '../src/db/queries/outcome-facts';
import { accounts } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { seedBaseline } from '../src/seed/baseline';
import { createPostgresDatabase, databaseKinds } from './support/databases';
import { daysAgo, nextMobile, nextResidentId, TEST_PASSWORD } from './support/factories';
import { ServerGroup, type ServerProcess } from './support/server-process';
import { INSTITUTION_A, testConfig } from './support/test-app';

const WORKERS = 4;
/** The kill comes after this many acknowledged writes, while the other workers' writes are in flight. */
const ACKS_BEFORE_KILL = 40;
/** Bounds each worker's loop whatever happens to the kill. */
const MAX_OPS_PER_WORKER = 100;

interface Ack {
  kind: 'patient' | 'record';
  id: number;
}

/** Where a test's data lives: a PGlite folder or a PostgreSQL database, both surviving the process. */
interface Store {
  env: Record<string, string>;
  open(): Promise<Database>;
  remove(): Promise<void>;
}

async function createStore(kind: 'pglite' | 'postgres'): Promise<Store> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tcm-crash-'));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      async remove() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const postgres = await createPostgresDatabase();
  return {
    env: { DATABASE_URL: postgres.url },
    open: () => openDatabase({ databaseUrl: postgres.url, poolSize: 2 }),
    remove: () => postgres.drop(),
  };
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe.each(databaseKinds())('kill -9 during a burst of writes on %s', (kind) => {
  const group = new ServerGroup();
  const mobile = nextMobile();
  let store: Store | undefined;

  beforeAll(async () => {
    store = await createStore(kind);
    // The schema and one doctor, written before the server runs: a PGlite folder has one owner at a time.
    const database = await store.open();
    try {
      await runMigrations(database);
      const config = testConfig();
      await seedBaseline(database.db, config);
      await database.db.insert(accounts).values({
        role: 'doctor',
        username: mobile,
        mobile,
        name: '测试医生',
        institutionId: INSTITUTION_A,
        passwordHash: await hashPassword(TEST_PASSWORD, config.security),
        registerStatus: 'Approved',
      });
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await group.killAll();
    await store?.remove();
  });

  it('keeps every acknowledged write with its audit row, and nothing half-written', async () => {
    const env = { ...store!.env, SEED_DEMO: 'never' };
    const server = await group.start({ env });
    const token = await server.login(mobile, TEST_PASSWORD);

    const acked: Ack[] = [];
    const refused: string[] = [];
    let inFlight = 0;
    let inFlightAtKill = 0;
    let killed = false;
    const write = async <T>(call: Parameters<ServerProcess['call']>[0]): Promise<T | undefined> => {
      inFlight += 1;
      try {
        const res = await server.call<T>({ ...call, token });
        if (res.code !== 0) refused.push(`${call.path}: ${res.code} ${res.message}`);
        return res.code === 0 ? res.data : undefined;
      } catch {
        return undefined; // the connection died with the server: not acknowledged
      } finally {
        inFlight -= 1;
      }
    };
    // An answer that got out before the signal landed is acknowledged all the same and must survive.
    const acknowledge = (ack: Ack) => {
      acked.push(ack);
      if (!killed && acked.length === ACKS_BEFORE_KILL) {
        killed = true;
        inFlightAtKill = inFlight;
        void server.killHard();
      }
    };
    const worker = async () => {
      for (let op = 0; op < MAX_OPS_PER_WORKER && !killed; op++) {
        const body = {
          name: '崩溃测试',
          idNum: nextResidentId(),
          tel_num: nextMobile(),
          institutionId: INSTITUTION_A,
          consentDate: daysAgo(30),
        };
        const patient = await write<{ id: number }>({ method: 'POST', path: '/api/user/patient', body });
        if (!patient) return;
        acknowledge({ kind: 'patient', id: patient.id });
        const record = await write<{ id: number }>({
          method: 'POST',
          path: '/api/annex/1/records',
          body: { patientId: patient.id, data: { testDate: daysAgo(1), fpg: 6.5, ogtt2h: 8.2 } },
        });
        if (!record) return;
        acknowledge({ kind: 'record', id: record.id });
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await server.exited;
    expect(refused).toEqual([]);
    expect(killed).toBe(true);
    expect(inFlightAtKill).toBeGreaterThan(0);

    // Same data, new process: recovery must leave a database that serves and takes writes.
    const restarted = await group.start({ env });
    const afterToken = await restarted.login(mobile, TEST_PASSWORD);
    const after = await restarted.call({
      method: 'POST',
      path: '/api/user/patient',
      token: afterToken,
      body: { name: '重启后', idNum: nextResidentId(), tel_num: nextMobile(), institutionId: INSTITUTION_A, consentDate: daysAgo(30) },
    });
    expect(after.code, after.message).toBe(0);
    await restarted.stop();
    expect(restarted.running).toBe(false);

    const database = await store!.open();
    try {
      const all = acked;
      const patientIds = all.filter((a) => a.kind === 'patient').map((a) => a.id);
      const recordIds = all.filter((a) => a.kind === 'record').map((a) => a.id);
      const foundPatients = await rows<{ id: number }>(
        database,
        sql`select p.id from patients p
            where p.id in (${sql.join(patientIds, sql`, `)})
              and exists (select 1 from audit_log a where a.action = 'patient.enrol' and a.entity_id = p.id::text)`,
      );
      const foundRecords = await rows<{ id: number }>(
        database,
        sql`select r.id from annex_records r
            where r.id in (${sql.join(recordIds.length ? recordIds : [0], sql`, `)})
              and exists (select 1 from audit_log a where a.action = 'record.create' and a.entity_id = r.id::text)`,
      );
      const found = foundPatients.length + foundRecords.length;
      console.log(
        `[${kind}] acknowledged writes found after kill -9: ${found}/${all.length} (${inFlightAtKill} writes in flight at the kill)`,
      );
      expect(found).toBe(all.length);

      // Nothing half-written: each write's rows and its audit row went in together or not at all.
      const patientsWithoutAudit = await rows(
        database,
        sql`select p.id from patients p where p.cohort = 'managed'
            and not exists (select 1 from audit_log a where a.action = 'patient.enrol' and a.entity_id = p.id::text)`,
      );
      const auditWithoutPatient = await rows(
        database,
        sql`select a.entity_id from audit_log a where a.action = 'patient.enrol'
            and not exists (select 1 from patients p where p.id::text = a.entity_id)`,
      );
      const recordsWithoutAudit = await rows(
        database,
        sql`select r.id from annex_records r
            where not exists (select 1 from audit_log a where a.action = 'record.create' and a.entity_id = r.id::text)`,
      );
      const recordsMissingFromSummary = await rows(
        database,
        sql`select r.id from annex_records r join patients p on p.id = r.patient_id
            where r.voided_at is null and not (r.annex = any(p.filled_annexes))`,
      );
      expect({ patientsWithoutAudit, auditWithoutPatient, recordsWithoutAudit, recordsMissingFromSummary }).toEqual({
        patientsWithoutAudit: [],
        auditWithoutPatient: [],
        recordsWithoutAudit: [],
        recordsMissingFromSummary: [],
      });
      // The outcome facts are written in the same transactions: none differs from its records.
      expect(await checkOutcomeFacts(database.db)).toEqual([]);
      // So are the counters of the personal centre and the bell (their triggers): none differs from a recount.
      expect(await checkCounters(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 300_000);
});
