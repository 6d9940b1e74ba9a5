import { API_BASE, TOKEN_HEADER } from '@tcm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { rowsOf } from '../src/db/client';
import { sealPatientIdentifiers } from '../src/db/queries/patient-identifiers';
import { Keyring, keyringOf } from '../src/lib/crypto';
import { databaseKinds } from './support/databases';
import { createDoctor, loginAs, nextMobile, nextResidentId } from './support/factories';
import { createTestApp, INSTITUTION_A, TEST_DATA_KEY, type TestApp, testConfig } from './support/test-app';

interface StoredRow {
  id: number;
  id_num: string | null;
  tel_num: string | null;
  id_num_sealed: string | null;
  tel_num_sealed: string | null;
  id_num_index: string | null;
  data_key_id: string | null;
}

const stored = async (t: TestApp, id: number) =>
  rowsOf<StoredRow>(
    await t.database.db.execute(
      sql`select id, id_num, tel_num, id_num_sealed, tel_num_sealed, id_num_index, data_key_id from patients where id = ${id}`,
    ),
  )[0]!;

/** Rows as bulk SQL or a database from before encryption holds them: identifiers in plaintext. */
async function insertPlaintext(t: TestApp, rows: { name: string; idNum: string; telNum: string }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) {
    const [inserted] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`
        insert into patients (cohort, name, gender, birth_date, id_num, tel_num, institution_id, enrolled_at)
        values ('managed', ${row.name}, 'man', '1960-01-01', ${row.idNum}, ${row.telNum}, ${INSTITUTION_A}, '2026-01-05') returning id`),
    );
    ids.push(Number(inserted!.id));
  }
  return ids;
}

describe.each(databaseKinds())('ID numbers and mobiles encrypted at rest on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const enrol = (body: { name: string; idNum: string; tel_num: string }, app: TestApp['call'] = t.call) =>
    app<{ id: number }>({
      method: 'POST',
      path: '/api/user/patient',
      token,
      body: { ...body, institutionId: INSTITUTION_A, consentDate: '2026-01-05' },
    });
  const search = async (keyword: string) =>
    (
      await t.call<{ id: number }[]>({
        method: 'GET',
        path: '/api/user/institutionPatients',
        token,
        query: { institutionId: INSTITUTION_A, keyword },
      })
    ).data.map((r) => r.id);
  const detail = async (id: number) =>
    (await t.call<{ idNum: string; tel_num: string }>({ method: 'GET', path: '/api/user/patient', token, query: { id } })).data;

  it('stores only ciphertext and keyed hashes, and answers the same identifiers as before', async () => {
    const idNum = nextResidentId('1966-06-16', 'woman');
    const mobile = nextMobile();
    const res = await enrol({ name: '密文甲', idNum, tel_num: mobile });
    expect(res.code).toBe(0);
    const row = await stored(t, res.data.id);
    expect(row.id_num).toBeNull();
    expect(row.tel_num).toBeNull();
    expect(row.data_key_id).toBe(keyringOf(t.config).current.id);
    const everything = JSON.stringify(row);
    for (const secret of [idNum, mobile, idNum.slice(6, 14), mobile.slice(3)]) expect(everything).not.toContain(secret);
    expect(await detail(res.data.id)).toMatchObject({ idNum, tel_num: mobile });
  });

  it('finds a patient by the full ID number, the full mobile and the last four of either, and by nothing shorter', async () => {
    const idNum = nextResidentId('1967-07-17', 'man');
    const mobile = nextMobile();
    const { data } = await enrol({ name: '检索乙', idNum, tel_num: mobile });
    expect(await search(idNum)).toEqual([data.id]);
    expect(await search(idNum.toLowerCase())).toEqual([data.id]);
    expect(await search(mobile)).toEqual([data.id]);
    expect(await search(idNum.slice(-4))).toContain(data.id);
    expect(await search(mobile.slice(-4))).toContain(data.id);
    expect(await search(idNum.slice(0, 10))).not.toContain(data.id);
    expect(await search(mobile.slice(0, 7))).not.toContain(data.id);
  });

  it('refuses a second enrolment of one ID number with the same message, from the service and from the unique index', async () => {
    const idNum = nextResidentId('1968-08-18', 'man');
    expect((await enrol({ name: '重复丙', idNum, tel_num: nextMobile() })).code).toBe(0);
    const again = await enrol({ name: '重复丙', idNum, tel_num: nextMobile() });
    expect([again.status, again.message]).toEqual([409, '该身份证号已在管理组中登记']);
    // Eight at once race past the service's check: the unique index on the blind index stops all but one.
    const racing = nextResidentId('1968-08-19', 'man');
    const answers = await Promise.all(Array.from({ length: 8 }, () => enrol({ name: '并发丁', idNum: racing, tel_num: nextMobile() })));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0)) expect(a.message).toBe('该身份证号已在管理组中登记');
  });

  it('seals an edited identifier again and keeps the other one', async () => {
    const idNum = nextResidentId('1969-09-19', 'woman');
    const { data } = await enrol({ name: '修改戊', idNum, tel_num: nextMobile() });
    const newMobile = nextMobile();
    const put = await t.call({ method: 'PUT', path: '/api/user', token, body: { id: data.id, tel_num: newMobile } });
    expect(put.code).toBe(0);
    expect(await detail(data.id)).toMatchObject({ idNum, tel_num: newMobile });
    expect(await search(newMobile)).toEqual([data.id]);
    expect(JSON.stringify(await stored(t, data.id))).not.toContain(newMobile);
  });

  it('seals plaintext rows at start in batches, empties the plaintext columns, and does nothing the second time', async () => {
    const people = Array.from({ length: 5 }, (_, i) => ({
      name: `旧行${i}`,
      idNum: nextResidentId('1955-05-05', 'man'),
      telNum: nextMobile(),
    }));
    const ids = await insertPlaintext(t, people);
    // Unsealed rows still read (start-up seals them before any request in production).
    expect(await detail(ids[0]!)).toMatchObject({ idNum: people[0]!.idNum });
    const first = await sealPatientIdentifiers(t.database.db, keyringOf(t.config), 2);
    expect(first.sealed).toBe(5);
    for (const [i, id] of ids.entries()) {
      const row = await stored(t, id);
      expect([row.id_num, row.tel_num]).toEqual([null, null]);
      expect(await detail(id)).toMatchObject({ idNum: people[i]!.idNum, tel_num: people[i]!.telNum });
    }
    expect(await search(people[3]!.idNum)).toEqual([ids[3]]);
    expect(await sealPatientIdentifiers(t.database.db, keyringOf(t.config), 2)).toEqual({ sealed: 0 });
    const [left] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from patients where id_num is not null or tel_num is not null`),
    );
    expect(left!.n).toBe(0);
  });

  // Last in the file: it moves every row of this database to a key the other tests' app does not hold.
  it('rotates the key: old rows open and match under DATA_KEY_PREVIOUS, rekeying moves every row to the new key', async () => {
    const oldKeyring = keyringOf(t.config);
    const before = { idNum: nextResidentId('1958-03-03', 'woman'), tel_num: nextMobile() };
    const { data: old } = await enrol({ name: '轮换己', ...before });

    const newKey = 'c3'.repeat(32);
    const rotatedConfig = { ...testConfig(), dataKeys: { ...t.config.dataKeys, key: newKey, previous: [TEST_DATA_KEY] } };
    const rotated = await buildApp({ config: rotatedConfig, database: t.database });
    try {
      await rotated.app.ready();
      const call = async <T>(options: {
        method: 'GET' | 'POST';
        path: string;
        query?: Record<string, string | number>;
        body?: unknown;
      }) => {
        const response = await rotated.app.inject({
          method: options.method,
          url: `${API_BASE}${options.path}`,
          headers: { [TOKEN_HEADER]: token },
          ...(options.query ? { query: Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) } : {}),
          ...(options.body ? { payload: options.body as object } : {}),
        });
        return response.json() as { code: number; message: string; data: T };
      };
      // Before the rekey: the rotated server opens and finds the row sealed under the previous key…
      expect((await call<{ idNum: string }>({ method: 'GET', path: '/api/user/patient', query: { id: old.id } })).data.idNum).toBe(
        before.idNum,
      );
      const found = await call<{ id: number }[]>({
        method: 'GET',
        path: '/api/user/institutionPatients',
        query: { institutionId: INSTITUTION_A, keyword: before.idNum },
      });
      expect(found.data.map((r) => r.id)).toEqual([old.id]);
      // …and the duplicate check still sees it.
      const duplicate = await call({
        method: 'POST',
        path: '/api/user/patient',
        body: { name: '轮换己', idNum: before.idNum, tel_num: nextMobile(), institutionId: INSTITUTION_A, consentDate: '2026-01-05' },
      });
      expect(duplicate.message).toBe('该身份证号已在管理组中登记');

      const rotatedKeyring = keyringOf(rotatedConfig);
      const { sealed } = await sealPatientIdentifiers(t.database.db, rotatedKeyring);
      expect(sealed).toBeGreaterThan(0);
      const keys = rowsOf<{ data_key_id: string }>(await t.database.db.execute(sql`select distinct data_key_id from patients`));
      expect(keys).toEqual([{ data_key_id: rotatedKeyring.current.id }]);
      // Once rekeyed, the new key alone opens every row, and the old key opens none.
      const newOnly = Keyring.fromMasterKeys(Buffer.from(newKey, 'hex'));
      const row = await stored(t, old.id);
      expect(newOnly.open(row.id_num_sealed!, 'patients.id_num')).toBe(before.idNum);
      expect(() => oldKeyring.open(row.id_num_sealed!, 'patients.id_num')).toThrow(/neither DATA_KEY/);
      expect(row.id_num_index).toBe(newOnly.blindIndex(before.idNum, 'idNum'));
      expect(await sealPatientIdentifiers(t.database.db, rotatedKeyring)).toEqual({ sealed: 0 });
    } finally {
      await rotated.app.close();
    }
  });
});
