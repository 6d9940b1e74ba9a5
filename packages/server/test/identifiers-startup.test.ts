import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { Keyring } from '../src/lib/crypto';
import { seedBaseline } from '../src/seed/baseline';
import { createPostgresDatabase, databaseKinds } from './support/databases';
import { nextMobile, nextResidentId } from './support/factories';
import { ServerGroup } from './support/server-process';
import { INSTITUTION_A, TEST_DATA_KEY, testConfig } from './support/test-app';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NEW_KEY = 'd4'.repeat(32);
const keyOf = (hex: string) => Keyring.fromMasterKeys(Buffer.from(hex, 'hex'));

interface Store {
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

async function storeOf(kind: 'pglite' | 'postgres'): Promise<Store> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tcm-seal-'));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const created = await createPostgresDatabase();
  return { env: { DATABASE_URL: created.url }, open: () => openDatabase({ databaseUrl: created.url, poolSize: 2 }), drop: created.drop };
}

interface Stored {
  id_num: string | null;
  tel_num: string | null;
  id_num_sealed: string | null;
  tel_num_sealed: string | null;
  data_key_id: string | null;
}

async function storedRows(store: Store): Promise<Stored[]> {
  const database = await store.open();
  try {
    return rowsOf<Stored>(
      await database.db.execute(sql`select id_num, tel_num, id_num_sealed, tel_num_sealed, data_key_id from patients order by id`),
    );
  } finally {
    await database.close();
  }
}

describe.each(databaseKinds())('identifiers sealed by the server start and by npm run data:rekey on %s', (kind) => {
  const group = new ServerGroup();
  let store: Store | undefined;
  afterAll(async () => {
    await group.killAll();
    await store?.drop();
  });

  it('a database from before encryption is sealed at start; a rotated key rekeys it from the command line', async () => {
    store = await storeOf(kind);
    const people = Array.from({ length: 3 }, () => ({ idNum: nextResidentId('1962-02-02', 'man'), telNum: nextMobile() }));
    const database = await store.open();
    try {
      await runMigrations(database);
      await seedBaseline(database.db, testConfig());
      for (const p of people) {
        await database.db.execute(sql`
          insert into patients (cohort, name, gender, birth_date, id_num, tel_num, institution_id, enrolled_at)
          values ('managed', '启动前', 'man', '1962-02-02', ${p.idNum}, ${p.telNum}, ${INSTITUTION_A}, '2026-01-05')`);
      }
    } finally {
      await database.close();
    }

    const server = await group.start({ env: { ...store.env, DATA_KEY: TEST_DATA_KEY, SEED_DEMO: 'never' } });
    await server.stop();
    const sealed = await storedRows(store);
    const testKey = keyOf(TEST_DATA_KEY);
    expect(sealed.map((r) => [r.id_num, r.tel_num, r.data_key_id])).toEqual(people.map(() => [null, null, testKey.current.id]));
    expect(sealed.map((r) => testKey.open(r.id_num_sealed!, 'patients.id_num'))).toEqual(people.map((p) => p.idNum));

    const rekey = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/data-rekey.ts'], {
      cwd: serverRoot,
      env: { ...process.env, ...store.env, INIT_CWD: serverRoot, NODE_ENV: 'test', DATA_KEY: NEW_KEY, DATA_KEY_PREVIOUS: TEST_DATA_KEY },
      encoding: 'utf8',
    });
    expect(rekey.stdout + rekey.stderr).toContain(`Rekeyed 3 patients to data key ${keyOf(NEW_KEY).current.id}`);
    expect(rekey.status).toBe(0);
    const rekeyed = await storedRows(store);
    expect(rekeyed.map((r) => keyOf(NEW_KEY).open(r.tel_num_sealed!, 'patients.tel_num'))).toEqual(people.map((p) => p.telNum));
    expect(new Set(rekeyed.map((r) => r.data_key_id))).toEqual(new Set([keyOf(NEW_KEY).current.id]));
  }, 240_000);
});

describe('the data key at start', () => {
  it('a production server refuses to start without a data key', () => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        ADMIN_USERNAME: 'root',
        ADMIN_PASSWORD: 'Strong2026pass',
        DATA_DIR: 'memory://',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('Production mode needs DATA_KEY or DATA_KEY_FILE');
  }, 240_000);
});
