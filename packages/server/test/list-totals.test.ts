import { DEFAULT_INSTITUTIONS } from '@tcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases';
import { addComparisonMember, createAdmin, createDoctor, enrolPatient, loginAs } from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

const INSTITUTION_C = DEFAULT_INSTITUTIONS[2]!.id;

/**
 * A plain list (no filter but its group) reads its total with its page; an empty page reads it apart.
 * Whatever the path, the total is the number of the scope's patients in the group, on every page.
 */
describe.each(databaseKinds())('list totals on %s', (kind) => {
  let t: TestApp;
  let doctorA: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    doctorA = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
    const doctorB = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_B }));
    admin = await loginAs(t, await createAdmin(t));
    // Institution A: 3 managed, 2 comparison (one of each role); B: 2 managed, 1 comparison; C: none.
    for (let i = 0; i < 3; i++) await enrolPatient(t, doctorA, { institutionId: INSTITUTION_A });
    await addComparisonMember(t, doctorA, { institutionId: INSTITUTION_A, role: 0 });
    await addComparisonMember(t, doctorA, { institutionId: INSTITUTION_A, role: 1 });
    for (let i = 0; i < 2; i++) await enrolPatient(t, doctorB, { institutionId: INSTITUTION_B });
    await addComparisonMember(t, doctorB, { institutionId: INSTITUTION_B, role: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const pages = async (token: string, path: string, body: Record<string, unknown>, limit: number, count: number) => {
    const seen: { total: number; ids: number[] }[] = [];
    for (let page = 1; page <= count; page++) {
      const res = await t.call<{ total: number; list: { id: number }[] }>({ method: 'POST', path, token, body: { ...body, page, limit } });
      expect(res.code).toBe(0);
      seen.push({ total: res.data.total, ids: res.data.list.map((p) => p.id) });
    }
    return seen;
  };
  const managed = (token: string, limit: number, count: number, extra: Record<string, unknown> = {}) =>
    pages(token, '/api/user/list', { role: 'patient', ...extra }, limit, count);
  const comparison = (token: string, limit: number, count: number, extra: Record<string, unknown> = {}) =>
    pages(token, '/api/comparative/list', extra, limit, count);

  it("gives a doctor their institution's total on every page and past the end", async () => {
    const m = await managed(doctorA, 2, 3);
    expect(m.map((p) => p.total)).toEqual([3, 3, 3]);
    expect(m.map((p) => p.ids.length)).toEqual([2, 1, 0]);
    const c = await comparison(doctorA, 1, 3);
    expect(c.map((p) => p.total)).toEqual([2, 2, 2]);
    expect(c.map((p) => p.ids.length)).toEqual([1, 1, 0]);
  });

  it("gives the admin the city's total, or one institution's, and 0 for an institution with none", async () => {
    const all = await managed(admin, 4, 3);
    expect(all.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(all.map((p) => p.ids.length)).toEqual([4, 1, 0]);
    expect((await comparison(admin, 2, 3)).map((p) => p.total)).toEqual([3, 3, 3]);
    expect((await managed(admin, 1, 3, { institutionId: INSTITUTION_B })).map((p) => p.total)).toEqual([2, 2, 2]);
    const none = await managed(admin, 10, 2, { institutionId: INSTITUTION_C });
    expect(none).toEqual([
      { total: 0, ids: [] },
      { total: 0, ids: [] },
    ]);
  });
});
