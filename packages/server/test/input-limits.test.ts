import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { MAX_REPORTED_ERRORS } from '../src/modules/records/record-service';
import { MAX_BODY_ENTRIES } from '../src/plugins/input-guard';
import { databaseKinds } from './support/databases';
import { createDoctor, enrolPatient, loginAs } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

/** A body of `count` made-up short keys (100,000 of them: 0.9 MB), as a script would send to slow everyone else down. */
const manyKeys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i.toString(36)}`, 0]));

describe.each(databaseKinds())('bodies that cost the server more than a person sends, on %s', (kind) => {
  let t: TestApp;
  let doctor: string;
  let patientId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    doctor = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
    patientId = (await enrolPatient(t, doctor, { institutionId: INSTITUTION_A })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const saveRecord = (data: unknown, token = doctor) =>
    t.call<{ errors?: unknown[] }>({ method: 'POST', path: '/api/annex/7/records', token, body: { patientId, data } });

  it('a body of 100,000 keys is refused before validation with a short message', async () => {
    const body = manyKeys(100_000);
    expect(JSON.stringify({ patientId, data: body }).length).toBeLessThan(1024 * 1024);
    const res = await saveRecord(body);
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.message).toBe(`请求内容的字段过多（最多 ${MAX_BODY_ENTRIES} 个）`);
    expect(res.raw.length).toBeLessThan(300);
  });

  it('counts array items and nested keys too', async () => {
    const res = await saveRecord({ medications: Array.from({ length: MAX_BODY_ENTRIES }, () => ({ name: 'x' })) });
    expect(res.message).toBe(`请求内容的字段过多（最多 ${MAX_BODY_ENTRIES} 个）`);
  });

  it(`a body just under the cap is validated, and its refusal lists the first ${MAX_REPORTED_ERRORS} problems with the total`, async () => {
    const count = MAX_BODY_ENTRIES - 10;
    const res = await saveRecord(manyKeys(count));
    expect(res.status).toBe(400);
    expect(res.data.errors).toHaveLength(MAX_REPORTED_ERRORS);
    expect(res.data.errors?.[0]).toEqual({ item: 'k0', message: '未知字段：k0' });
    expect(res.message).toContain('未知字段：k0');
    expect(res.message).toContain(`共 ${count} 处问题`);
    expect(res.raw.length).toBeLessThan(3000);
  });
});

describe('USER_CALLS_PER_MINUTE', () => {
  it('defaults to 600 a minute, takes 10 to 100000, and refuses anything else at start', () => {
    expect(loadConfig({}).security.userCallsPerMinute).toBe(600);
    expect(loadConfig({ USER_CALLS_PER_MINUTE: '1200' }).security.userCallsPerMinute).toBe(1200);
    for (const bad of ['5', '100001', 'many', '12.5']) expect(() => loadConfig({ USER_CALLS_PER_MINUTE: bad }), bad).toThrow(ConfigError);
  });
});

describe.each(databaseKinds())('calls per signed-in user on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { userCallsPerMinute: 5 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the envelope 429 past the per-user limit, counting every route, while another user goes on', async () => {
    const busy = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
    const other = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
    const center = '/api/annex/queryPersonalCenterData';
    const paths = ['/api/v1/users/me', center, '/api/v1/users/me', center, '/api/v1/users/me', '/api/v1/users/me'];
    const codes: number[] = [];
    for (const path of paths) codes.push((await t.call({ method: 'GET', path, token: busy })).code);
    expect(codes).toEqual([0, 0, 0, 0, 0, 429]);
    const refused = await t.call({ method: 'GET', path: '/api/v1/users/me', token: busy });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.raw)).toEqual({ code: 429, data: {}, message: '请求过于频繁，请稍后再试' });
    expect((await t.call({ method: 'GET', path: '/api/v1/users/me', token: other })).code).toBe(0);
  });
});
