import { Writable } from 'node:stream';
import { TOKEN_HEADER } from '@tcm/contracts';
import { and, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifierColumns, identifierMatches } from '../src/db/queries/patient-identifiers';
import { patients } from '../src/db/schema';
import { keyringOf } from '../src/lib/crypto';
import { databaseErrorAnswer } from '../src/plugins/database-errors';
import { databaseKinds } from './support/databases';
import { createAdmin, createDoctor, enrolPatient, loginAs, nextMobile, nextResidentId } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

/**
 * Input that PostgreSQL cannot take or that is garbage answers a 400
 * envelope naming the field (never a 500), a unique race answers 409, and no identifier reaches the log.
 */
describe.each(databaseKinds())('input hardening on %s', (kind) => {
  let t: TestApp;
  let doctor: string;
  let admin: string;
  let patientId: number;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(kind, {}, { logStream });
    doctor = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
    admin = await loginAs(t, await createAdmin(t));
    patientId = (await enrolPatient(t, doctor, { institutionId: INSTITUTION_A })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A JSON body sent byte for byte, so lone surrogates and NUL escapes arrive as written. */
  const raw = (method: 'POST' | 'PUT', path: string, json: string, token = doctor) =>
    t.call({ method, path, token, body: json, headers: { 'content-type': 'application/json' } });

  const enrolBody = (overrides: Record<string, unknown> = {}) => ({
    name: '王五',
    idNum: nextResidentId('1970-05-20', 'man'),
    tel_num: nextMobile(),
    institutionId: INSTITUTION_A,
    consentDate: '2026-01-05',
    ...overrides,
  });

  it('NUL anywhere answers 400 naming the field: names, login before a session, keywords, audit filters, record text', async () => {
    const cases = [
      [await t.call({ method: 'POST', path: '/api/user/patient', token: doctor, body: enrolBody({ name: '王\u0000五' }) }), '姓名'],
      [await t.call({ method: 'POST', path: '/api/auth/login', body: { username: 'admin\u0000', password: 'x' } }), 'username'],
      [await t.call({ method: 'POST', path: '/api/user/list', token: doctor, body: { keyword: '王\u0000' } }), 'keyword'],
      [await t.call({ method: 'GET', path: '/api/annex/queryToBeContinued', token: doctor, query: { keyword: '\u0000' } }), 'keyword'],
      [await t.call({ method: 'GET', path: '/api/audit/list', token: admin, query: { action: 'patient\u0000' } }), 'action'],
      [
        await t.call({
          method: 'POST',
          path: '/api/annex/custom/records',
          token: doctor,
          body: { patientId, data: { title: '随访\u0000', recordDate: '2026-01-06', content: '正常' } },
        }),
        /title|标题/,
      ],
    ] as const;
    for (const [res, field] of cases) {
      expect(res.status, res.raw).toBe(400);
      expect(res.code).toBe(400);
      expect(res.message).toMatch(field);
    }
  });

  it('lone UTF-16 surrogates in record text, keys and names answer 400', async () => {
    const text = await raw(
      'POST',
      '/api/annex/custom/records',
      `{"patientId":${patientId},"data":{"title":"随访","recordDate":"2026-01-06","content":"血糖\\ud800正常"}}`,
    );
    expect(text.status, text.raw).toBe(400);
    expect(text.message).toMatch(/content|内容/);
    const key = await raw('POST', '/api/annex/custom/records', `{"patientId":${patientId},"data":{"\\udc00":"x"}}`);
    expect(key.status, key.raw).toBe(400);
    const name = await raw('POST', '/api/user/patient', JSON.stringify(enrolBody()).replace('"王五"', '"王\\udbff"'));
    expect(name.status, name.raw).toBe(400);
  });

  it('ids of 2^31 and more answer 400 naming the id, never 500', async () => {
    const big = '2147483648';
    const calls = [
      t.call({ method: 'GET', path: '/api/user/patient', token: doctor, query: { id: big } }),
      t.call({ method: 'GET', path: '/api/annex/7/records/1099511627776', token: doctor }),
      t.call({ method: 'GET', path: '/prescription/diet/1099511627776', token: doctor }),
      t.call({ method: 'GET', path: '/api/audit/list', token: admin, query: { actorId: big } }),
      t.call({ method: 'GET', path: '/prescription/current', token: doctor, query: { patientId: big } }),
      t.call({ method: 'POST', path: '/api/annex/custom/records', token: doctor, body: { patientId: 2 ** 31, data: { title: 'x' } } }),
      t.call({ method: 'POST', path: '/prescription/sleep', token: doctor, body: { patientId: 2 ** 40, a1: true } }),
      t.call({ method: 'PUT', path: '/api/user', token: doctor, body: { id: 2 ** 31, name: '王五' } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, res.raw).toBe(400);
      expect(res.message).toMatch(/id|编号/i);
    }
  });

  it('names refuse control characters, line breaks and bidi overrides; dates start at 1900-01-01', async () => {
    for (const name of ['王\u0007五', '王\u001b[2J五', '王\r\n五', '\u202e五王', '王\u200f五']) {
      const res = await t.call({ method: 'POST', path: '/api/user/patient', token: doctor, body: enrolBody({ name }) });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.message).toBe('姓名只能包含文字、数字、空格及“·”“-”“.”');
    }
    const old = await t.call({ method: 'POST', path: '/api/user/patient', token: doctor, body: enrolBody({ consentDate: '0001-01-01' }) });
    expect(old.status).toBe(400);
    expect(old.message).toBe('知情同意日期（consentDate）不能早于 1900-01-01');
    const named = await t.call({ method: 'POST', path: '/api/user/patient', token: doctor, body: enrolBody({ name: '阿依古丽·买买提' }) });
    expect(named.code, named.message).toBe(0);
  });

  it('JSON bodies take strict numbers: true, "0x10", " " and "12" are not ids or roles', async () => {
    for (const bad of [true, '0x10', ' ', '12']) {
      const body = {
        role: 0,
        name: '赵六',
        gender: 'man',
        tel_num: nextMobile(),
        idNum: nextResidentId('1960-01-01', 'man'),
        institutionId: INSTITUTION_A,
      };
      const asId = await t.call({ method: 'POST', path: '/api/comparative', token: doctor, body: { ...body, institutionId: bad } });
      expect(asId.status, `institutionId ${JSON.stringify(bad)}`).toBe(400);
      const asRole = await t.call({ method: 'POST', path: '/api/comparative', token: doctor, body: { ...body, role: bad } });
      expect(asRole.status, `role ${JSON.stringify(bad)}`).toBe(400);
      const list = await t.call({ method: 'POST', path: '/api/comparative/list', token: doctor, body: { role: bad } });
      expect(list.status, `list role ${JSON.stringify(bad)}`).toBe(400);
      const record = await t.call({
        method: 'POST',
        path: '/api/annex/custom/records',
        token: doctor,
        body: { patientId: bad, data: { title: 'x' } },
      });
      expect(record.status, `record patientId ${JSON.stringify(bad)}`).toBe(400);
    }
    // Query strings still parse plain digits.
    const detail = await t.call({ method: 'GET', path: '/api/user/patient', token: doctor, query: { id: String(patientId) } });
    expect(detail.code).toBe(0);
  });

  it('20 parallel identical additions: exactly one succeeds, the others answer 409 with the usual message', async () => {
    const body = {
      role: 0,
      name: '并发甲',
      gender: 'woman',
      tel_num: nextMobile(),
      idNum: nextResidentId('1962-02-02', 'woman'),
      institutionId: INSTITUTION_A,
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.call({ method: 'POST', path: '/api/comparative', token: doctor, body })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    const refused = answers.filter((a) => a.code !== 0);
    expect(refused).toHaveLength(19);
    for (const a of refused) expect([a.status, a.code, a.message]).toEqual([409, 409, '该身份证号已在对照组中登记']);
    const rows = await t.database.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(identifierMatches(keyringOf(t.config), 'idNum', body.idNum), isNull(patients.voidedAt)));
    expect(rows).toHaveLength(1);
  });

  it('maps the database refusals themselves (wrapped by drizzle) to 400 or 409 naming the field', async () => {
    const db = t.database.db;
    const failure = async (query: Promise<unknown>) => {
      try {
        await query;
      } catch (error) {
        return error;
      }
      throw new Error('the query did not fail');
    };
    const input = { body: { name: 'a\u0000b', age: 2 ** 40 }, query: {}, params: {} };
    const nul = databaseErrorAnswer(await failure(db.execute(sql`select ${'a\u0000b'}::text`)), input);
    expect(nul).toMatchObject({ httpStatus: 400, message: '姓名（name）含有无法保存的字符（空字符或不成对的代理字符）' });
    const jsonNul = databaseErrorAnswer(await failure(db.execute(sql`select '{"a":"\\u0000"}'::jsonb::text`)), input);
    expect(jsonNul).toMatchObject({ httpStatus: 400 });
    expect(jsonNul?.message).toContain('name');
    const range = databaseErrorAnswer(await failure(db.execute(sql`select ${String(2 ** 40)}::int4`)), input);
    expect(range).toMatchObject({ httpStatus: 400, message: '数值（age）超出允许的范围' });
    const syntax = databaseErrorAnswer(await failure(db.execute(sql`select 'abc'::int4`)), { body: {}, query: {}, params: {} });
    expect(syntax).toMatchObject({ httpStatus: 400, message: '请求参数格式不正确' });
    const idNum = nextResidentId('1955-05-05', 'man');
    const insert = () =>
      db.insert(patients).values({
        cohort: 'managed',
        name: '重复',
        gender: 'man',
        birthDate: '1955-05-05',
        ...identifierColumns(keyringOf(t.config), { idNum, telNum: nextMobile() }),
        institutionId: INSTITUTION_A,
        enrolledAt: '2026-01-01',
      });
    await insert();
    const duplicate = databaseErrorAnswer(await failure(insert()), input);
    expect(duplicate).toMatchObject({ httpStatus: 409, code: 409, message: '该身份证号已在管理组中登记' });
    expect(databaseErrorAnswer(new Error('not a database error'), input)).toBeNull();
  });

  it('no identifier sent in a run of bad requests reaches the log', async () => {
    const idNum = nextResidentId('1971-07-07', 'woman');
    const mobile = nextMobile();
    const name = '隐私测试者';
    const before = logLines.length;
    const bad: Promise<unknown>[] = [
      t.call({
        method: 'POST',
        path: '/api/user/patient',
        token: doctor,
        body: { name: `${name}\u0000`, idNum, tel_num: mobile, institutionId: INSTITUTION_A, consentDate: '2026-01-05' },
      }),
      t.call({
        method: 'POST',
        path: '/api/user/patient',
        token: doctor,
        body: { name, idNum: `${idNum}\u0000`, tel_num: mobile, institutionId: 2 ** 31, consentDate: '2026-01-05' },
      }),
      t.call({ method: 'GET', path: '/api/annex/queryToBeContinued', token: doctor, query: { keyword: idNum } }),
      t.call({ method: 'GET', path: '/api/annex/queryCompleted', token: doctor, query: { keyword: `${idNum}\u0000` } }),
      t.call({
        method: 'GET',
        path: '/api/user/institutionPatients',
        token: doctor,
        query: { institutionId: INSTITUTION_A, keyword: mobile },
      }),
      t.call({
        method: 'GET',
        path: '/api/user/institutionPatients',
        token: doctor,
        query: { institutionId: INSTITUTION_A, keyword: name },
      }),
      t.call({ method: 'GET', path: '/api/user/patient', token: doctor, query: { id: idNum, other: mobile } }),
      t.call({ method: 'GET', path: `/api/user/${idNum}`, token: doctor }),
      t.call({ method: 'GET', path: `/api/annex/queryPersonalCenterData?inst=${mobile}&x=${idNum.toLowerCase()}`, token: doctor }),
      raw('POST', '/api/user/patient', `{"name":"${name}","idNum":"${idNum}","tel_num":"${mobile}",`),
      t.call({ method: 'POST', path: '/api/auth/login', body: { username: mobile, password: `${idNum}\u0000` } }),
      t.call({
        method: 'POST',
        path: '/api/comparative',
        token: doctor,
        body: { role: true, name, tel_num: mobile, idNum, institutionId: INSTITUTION_A },
      }),
    ];
    await Promise.all(bad);
    // A duplicate enrolment: PostgreSQL's own refusal would carry the number in its detail.
    const dup = { name, idNum, tel_num: mobile, institutionId: INSTITUTION_A, consentDate: '2026-01-05' };
    await Promise.all([0, 1, 2].map(() => t.call({ method: 'POST', path: '/api/user/patient', token: doctor, body: dup })));
    // And a query failure as the server logs an unexpected one: drizzle's message lists every parameter.
    try {
      await t.database.db.insert(patients).values({
        cohort: 'managed',
        name: `${name}\u0000`,
        gender: 'woman',
        birthDate: '1971-07-07',
        // Plaintext columns, as bulk SQL writes them: the failing statement's parameters carry both.
        legacyIdNum: idNum,
        legacyTelNum: mobile,
        institutionId: INSTITUTION_A,
        enrolledAt: '2026-01-01',
      });
      throw new Error('the insert did not fail');
    } catch (error) {
      expect(String((error as Error).message)).toContain(idNum);
      t.app.log.error({ err: error }, 'unexpected error');
    }
    const log = logLines.slice(before).join('');
    expect(log).toContain('unexpected error');
    expect(log).toContain('reqId');
    for (const secret of [idNum, idNum.toLowerCase(), idNum.slice(0, 17), mobile, name]) expect(log).not.toContain(secret);
    expect(log).not.toContain(encodeURIComponent(name));
  });

  it('sends the token header check before any body rule', async () => {
    const res = await t.call({
      method: 'POST',
      path: '/api/user/list',
      body: { keyword: '\u0000' },
      headers: { [TOKEN_HEADER]: 'x'.repeat(10) },
    });
    expect(res.code).toBe(900);
  });
});
