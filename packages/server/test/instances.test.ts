import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_INSTITUTIONS } from '@tcm/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { withStartupLock } from '../src/db/migrate';
import { DEMO_DOCTOR_PASSWORD, DEMO_DOCTORS } from '../src/seed/demo';
import { createPostgresDatabase, databaseKinds } from './support/databases';
import { ServerGroup, type ServerProcess } from './support/server-process';

// PGlite is one process's database; sharing one only makes sense on PostgreSQL. databaseKinds()
// throws under CI without TEST_DATABASE_URL, so the file is only skipped on a developer's machine.
const onPostgres = databaseKinds().includes('postgres');
const INSTANCES = 3;

const journal = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle/meta/_journal.json');
const migrationCount = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;

describe.skipIf(!onPostgres)('several server instances on one PostgreSQL database', () => {
  const group = new ServerGroup();
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let started: PromiseSettledResult<ServerProcess>[] = [];
  let servers: ServerProcess[] = [];

  const query = async (text: string): Promise<Record<string, unknown>[]> => {
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // All at once on the empty database, as a process manager starting N workers does.
    started = await Promise.allSettled(Array.from({ length: INSTANCES }, () => group.start({ env: { DATABASE_URL: database!.url } })));
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  });
  afterAll(async () => {
    await group.killAll();
    await database?.drop();
  });

  it('starts three at once on an empty database: all healthy, migrated once, one set of demo data', async () => {
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    expect(failures, failures.join('\n\n')).toEqual([]);
    for (const server of servers) {
      const health = await server.call<{ status: string; database: { kind: string } }>({ method: 'GET', path: '/api/health' });
      expect(health.data).toMatchObject({ status: 'ok', database: { kind: 'postgres' } });
    }
    const [counts] = await query(`
      select
        (select count(*) from accounts where role = 'admin')::int as admins,
        (select count(*) from accounts where role = 'doctor')::int as doctors,
        (select count(*) from institutions)::int as institutions,
        (select count(*) from patients)::int as patients,
        (select count(distinct (cohort, id_num_index)) from patients)::int as distinct_patients,
        (select count(*) from drizzle.__drizzle_migrations)::int as migrations`);
    expect(counts).toEqual({
      admins: 1,
      doctors: DEMO_DOCTORS.length,
      institutions: DEFAULT_INSTITUTIONS.length,
      patients: counts!.distinct_patients,
      distinct_patients: counts!.distinct_patients,
      migrations: migrationCount,
    });
    expect(counts!.patients).toBeGreaterThan(0);
  });

  it('accepts a session opened on one instance on the others, and a logout on one ends it on all', async () => {
    const [first, second, third] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const doctor = DEMO_DOCTORS[0]!;
    const token = await first.login(doctor.mobile, DEMO_DOCTOR_PASSWORD);
    for (const server of [second, third]) {
      const me = await server.call<{ username: string }>({ method: 'GET', path: '/api/v1/users/me', token });
      expect(me.code).toBe(0);
      expect(me.data.username).toBe(doctor.mobile);
    }
    expect((await second.call({ method: 'POST', path: '/api/auth/logout', token })).code).toBe(0);
    for (const server of [first, second, third]) {
      expect((await server.call({ method: 'GET', path: '/api/v1/users/me', token })).code).toBe(900);
    }
  });

  it('counts wrong passwords sent to all instances at once as one lockout that holds on every instance', async () => {
    const doctor = DEMO_DOCTORS[1]!;
    const attempts = 18;
    // main.ts runs with the production security settings.
    const threshold = DEFAULT_SECURITY.lockoutThreshold;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        servers[i % servers.length]!.call({
          method: 'POST',
          path: '/api/auth/login',
          body: { username: doctor.mobile, password: 'Wrong1234x' },
        }),
      ),
    );
    const codes = answers.map((a) => a.code).sort((a, b) => a - b);
    expect(codes).toEqual([...Array<number>(threshold - 1).fill(401), ...Array<number>(attempts - threshold + 1).fill(423)]);
    for (const server of servers) {
      const right = await server.call({
        method: 'POST',
        path: '/api/auth/login',
        body: { username: doctor.mobile, password: DEMO_DOCTOR_PASSWORD },
      });
      expect(right.code).toBe(423);
    }
  });
});

describe.skipIf(!onPostgres)('the start-up lock between two connections to one PostgreSQL database', () => {
  let empty: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  const opened: Database[] = [];
  const open = async () => {
    const database = await openDatabase({ databaseUrl: empty!.url, poolSize: 2 });
    opened.push(database);
    return database;
  };
  beforeAll(async () => {
    empty = await createPostgresDatabase();
  });
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await empty?.drop();
  });

  it('makes the second holder wait until the first has finished, and frees the lock when the work fails', async () => {
    const [first, second] = [await open(), await open()];
    const order: string[] = [];
    let secondRun: Promise<void> | undefined;
    await withStartupLock(first, async () => {
      order.push('first starts');
      let reportWaiting!: () => void;
      const secondWaits = new Promise<void>((resolve) => {
        reportWaiting = resolve;
      });
      secondRun = withStartupLock(
        second,
        async () => {
          order.push('second runs');
        },
        () => {
          order.push('second waits');
          reportWaiting();
        },
      );
      // Whichever comes first: without the lock the second would run at once and never wait.
      await Promise.race([secondWaits, secondRun]);
      order.push('first ends');
    });
    await secondRun;
    expect(order).toEqual(['first starts', 'second waits', 'first ends', 'second runs']);

    await expect(
      withStartupLock(first, async () => {
        throw new Error('migration failed');
      }),
    ).rejects.toThrow('migration failed');
    let waited = false;
    await withStartupLock(
      second,
      async () => {},
      () => {
        waited = true;
      },
    );
    expect(waited).toBe(false);
  });
});
