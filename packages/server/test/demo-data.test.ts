import type { OutcomeReport } from '@tcm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { checkIndicatorFacts } from '../src/db/queries/indicator-facts';
import { checkOutcomeFacts } from '../src/db/queries/outcome-facts';
import { seedDemo } from '../src/seed/demo';
import { loginAs } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

interface Item {
  overdue: boolean;
  fillStatus: string;
  endManagement: boolean;
  role: string | number;
  filledAnnexes: string[];
}

describe('demo data (PRODUCT §7)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    expect(await seedDemo(t.database.db, t.config)).toBe(true);
    token = await loginAs(t, { username: '13900000001', password: 'Doctor#2026' });
    // Seeding writes every demo record through the real services (about 10 s on an idle PGlite);
    // the bound leaves room for a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The demo doctor's managed patients (all of them fit one page). */
  const managedPatients = async () =>
    (
      await t.call<{ list: { id: number; filledAnnexes: string[] }[] }>({
        method: 'POST',
        path: '/api/user/list',
        token,
        body: { limit: 100 },
      })
    ).data.list;

  it('logs in every demo account as PRODUCT §7 lists them', async () => {
    expect((await t.call({ method: 'POST', path: '/api/auth/login', body: { username: 'admin', password: 'Admin#2026' } })).code).toBe(0);
    expect(
      (await t.call({ method: 'POST', path: '/api/auth/login', body: { username: '13900000002', password: 'Doctor#2026' } })).code,
    ).toBe(0);
    const pending = await t.call({ method: 'POST', path: '/api/auth/login', body: { username: '13900000003', password: 'Doctor#2026' } });
    expect(pending.code).toBe(403);
  });

  it('gives a demo doctor managed patients in every state and comparison members of both roles', async () => {
    const managed = (await t.call<{ list: Item[] }>({ method: 'POST', path: '/api/user/list', token, body: { limit: 100 } })).data.list;
    expect(managed.some((p) => p.overdue)).toBe(true);
    expect(managed.some((p) => !p.overdue && !p.endManagement && p.fillStatus === 'completed')).toBe(true);
    expect(managed.some((p) => p.fillStatus === 'uncompleted' && !p.endManagement)).toBe(true);
    expect(managed.some((p) => p.endManagement && p.filledAnnexes.includes('8'))).toBe(true);
    expect(managed.some((p) => p.endManagement && p.fillStatus === 'uncompleted')).toBe(true);
    const comparison = (await t.call<{ list: Item[] }>({ method: 'POST', path: '/api/comparative/list', token, body: { limit: 100 } })).data
      .list;
    expect(new Set(comparison.map((c) => c.role))).toEqual(new Set([0, 1]));
    expect(comparison.some((c) => c.endManagement)).toBe(true);
    expect(comparison.some((c) => c.role === 1 && c.filledAnnexes.includes('9'))).toBe(true);
    expect((await t.call<{ count: number }>({ method: 'GET', path: '/api/user/queryUnfilledRemind', token })).data.count).toBeGreaterThan(
      0,
    );
  });

  it('stores records whose derived values were computed by the instruments', async () => {
    const managed = await managedPatients();
    const withConstitution = managed.find((p) => p.filledAnnexes.includes('3'))!;
    const records = await t.call<{ list: { derived: { conclusion?: string } }[] }>({
      method: 'GET',
      path: '/api/annex/3/records',
      token,
      query: { patientId: withConstitution.id },
    });
    expect(records.data.list[0]?.derived.conclusion).toMatch(/质/);
  });

  it('issues the suggested prescriptions to managed patients whose baseline is filled, none to the others', async () => {
    const managed = await managedPatients();
    const current = async (patientId: number) =>
      (
        await t.call<Record<string, { issuedAt: string; content: Record<string, unknown> } | null>>({
          method: 'GET',
          path: '/prescription/current',
          token,
          query: { patientId },
        })
      ).data;
    const withBaseline = managed.filter((p) => ['1', '2', '3', '4', '6'].every((a) => p.filledAnnexes.includes(a)));
    expect(withBaseline.length).toBeGreaterThan(0);
    for (const patient of withBaseline) {
      const issued = await current(patient.id);
      // The constitution result always calls for a physique prescription; diet and motion follow the baseline.
      expect(issued.physique?.content.isBlank, `patient ${patient.id}`).toBe(false);
      expect(Object.values(issued).filter(Boolean).length, `patient ${patient.id}`).toBeGreaterThanOrEqual(2);
      expect(issued.other).toBeNull();
    }
    for (const patient of managed.filter((p) => !p.filledAnnexes.includes('3'))) {
      expect(Object.values(await current(patient.id)).filter(Boolean)).toEqual([]);
    }
  });

  it('gives both demo institutions more than ten evaluable patients per group for the outcome page (issue 13)', async () => {
    for (const username of ['13900000001', '13900000002']) {
      const doctorToken = await loginAs(t, { username, password: 'Doctor#2026' });
      const res = await t.call<OutcomeReport>({ method: 'GET', path: '/api/programme/outcomes', token: doctorToken });
      const { managed, comparison } = res.data.groups;
      expect(managed.evaluable, username).toBeGreaterThanOrEqual(10);
      expect(comparison.evaluable, username).toBeGreaterThanOrEqual(10);
      expect(managed.weightChangePercent.n, username).toBeGreaterThanOrEqual(10);
      expect(managed.progressed.count + managed.reverted.count + comparison.progressed.count, username).toBeGreaterThan(0);
    }
  });

  it('stores the outcome and indicator facts of every demo patient, equal to their records', async () => {
    const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await t.database.db.execute(query))[0]?.n;
    const live = await count(sql`select count(*)::int as n from patients where voided_at is null`);
    const facts = await count(sql`select count(*)::int as n from outcome_facts`);
    const indicators = await count(sql`select count(*)::int as n from indicator_facts`);
    expect(live).toBeGreaterThan(50);
    expect(facts).toBe(live);
    expect(indicators).toBe(live);
    expect(await checkOutcomeFacts(t.database.db)).toEqual([]);
    expect(await checkIndicatorFacts(t.database.db)).toEqual([]);
  });

  it('does nothing on a database that already has accounts', async () => {
    expect(await seedDemo(t.database.db, t.config)).toBe(false);
  });
});
