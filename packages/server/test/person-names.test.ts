import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { createAdmin, createDoctor, enrolPatient, loginAs, nextMobile, nextResidentId } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

const MIXED = '姓名不能混用不同的文字（如拉丁字母与西里尔字母）';
const MARKS = '姓名中的附加符号过多';

describe.each(databaseKinds())('person names on the API on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a decomposed name in its NFC form', async () => {
    const patient = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: 'Jose\u0301 Nu\u0301n\u0303ez' });
    const [row] = await t.database.db.select({ name: patients.name }).from(patients).where(eq(patients.id, patient.id));
    expect(row!.name).toBe('José Núñez');
    expect(row!.name).toHaveLength(10);
  });

  it('refuses look-alike scripts and stacked marks at enrolment, patient and doctor edits and registration', async () => {
    const enrol = (name: string) =>
      t.call({
        method: 'POST',
        path: '/api/user/patient',
        token,
        body: { name, idNum: nextResidentId(), tel_num: nextMobile(), institutionId: INSTITUTION_A, consentDate: '2026-01-05' },
      });
    expect(await enrol('\u0430dmin')).toMatchObject({ code: 400, message: MIXED });
    expect(await enrol(`张${'\u0301'.repeat(48)}三`)).toMatchObject({ code: 400, message: MARKS });

    const patient = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
    const edit = await t.call({ method: 'PUT', path: '/api/user', token, body: { id: patient.id, name: 'J\u043ehn' } });
    expect(edit).toMatchObject({ code: 400, message: MIXED });

    const register = await t.call({
      method: 'POST',
      path: '/api/auth/register',
      body: { name: '\u0430dmin', mobile: nextMobile(), institutionId: INSTITUTION_A, password: 'Newdoc2026x', code: '123456' },
    });
    expect(register).toMatchObject({ code: 400, message: MIXED });

    const adminToken = await loginAs(t, await createAdmin(t));
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const rename = await t.call({
      method: 'PUT',
      path: '/api/user',
      token: adminToken,
      body: { id: doctor.id, name: `x${'\u0300'.repeat(4)}` },
    });
    expect(rename).toMatchObject({ code: 400, message: MARKS });
  });
});
