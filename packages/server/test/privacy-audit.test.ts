import { makeResidentId, maskMobile, maskResidentId } from '@tcm/contracts';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { createAdmin, createDoctor, loginAs, nextMobile } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

interface Item {
  id: number;
}

/**
 * A masked list must not be turned back into full identifiers by prefix
 * searches, identifier-shaped searches are audited, and the audit log itself holds no identifiers.
 */
describe.each(databaseKinds())('identifier privacy in searches and the audit log on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let doctorId: number;
  let adminToken: string;
  let adminId: number;
  // Area 330102 is used by no other patient of this file, so a prefix probe can only hit this one.
  const idNum = makeResidentId('330102', '1975-06-15', 341);
  const mobile = nextMobile();
  const comparisonIdNum = makeResidentId('330102', '1961-02-03', 222);
  const comparisonMobile = nextMobile();
  let managedId: number;
  let comparisonId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    doctorId = doctor.id;
    token = await loginAs(t, doctor);
    const admin = await createAdmin(t);
    adminId = admin.id;
    adminToken = await loginAs(t, admin);
    const enrolled = await t.call<{ id: number }>({
      method: 'POST',
      path: '/api/user/patient',
      token,
      body: { name: '隐私甲', idNum, tel_num: mobile, institutionId: INSTITUTION_A, consentDate: '2026-01-05' },
    });
    expect(enrolled.code).toBe(0);
    managedId = enrolled.data.id;
    const added = await t.call<{ id: number }>({
      method: 'POST',
      path: '/api/comparative',
      token,
      body: { role: 0, name: '隐私乙', gender: 'woman', tel_num: comparisonMobile, idNum: comparisonIdNum, institutionId: INSTITUTION_A },
    });
    expect(added.code).toBe(0);
    comparisonId = added.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every list that takes a keyword, as the doctor; returns the ids found. */
  const searches = {
    managed: async (keyword: string) =>
      (
        await t.call<{ list: Item[] }>({ method: 'POST', path: '/api/user/list', token, body: { role: 'patient', limit: 100, keyword } })
      ).data.list.map((p) => p.id),
    comparison: async (keyword: string) =>
      (
        await t.call<{ list: Item[] }>({ method: 'POST', path: '/api/comparative/list', token, body: { limit: 100, keyword } })
      ).data.list.map((p) => p.id),
    institution: async (keyword: string) =>
      (
        await t.call<Item[]>({
          method: 'GET',
          path: '/api/user/institutionPatients',
          token,
          query: { institutionId: INSTITUTION_A, keyword, limit: 100 },
        })
      ).data.map((p) => p.id),
    toBeContinued: async (keyword: string) =>
      (
        await t.call<{ list: Item[] }>({ method: 'GET', path: '/api/annex/queryToBeContinued', token, query: { limit: 100, keyword } })
      ).data.list.map((p) => p.id),
  };

  const searchAuditRows = async (afterId: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.search'), eq(auditLog.actorId, doctorId), gt(auditLog.id, afterId)))
      .orderBy(auditLog.id);
  const lastAuditId = async () =>
    (await t.database.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;

  it('never matches an ID number or mobile on a prefix or a substring', async () => {
    const probes = [
      '330102',
      '3301021',
      idNum.slice(0, 10),
      idNum.slice(0, 17),
      idNum.slice(3, 12),
      mobile.slice(0, 7),
      mobile.slice(0, 10),
      mobile.slice(2, 9),
    ];
    for (const probe of probes) {
      expect(await searches.managed(probe), probe).not.toContain(managedId);
      expect(await searches.institution(probe), probe).not.toContain(managedId);
      expect(await searches.institution(probe), probe).not.toContain(comparisonId);
      expect(await searches.toBeContinued(probe), probe).not.toContain(managedId);
    }
    for (const probe of ['330102', '3301021', comparisonIdNum.slice(0, 17), comparisonMobile.slice(0, 7)]) {
      expect(await searches.comparison(probe), probe).not.toContain(comparisonId);
    }
  });

  it('finds a patient by the full ID number or mobile, by their last four, and by name as before', async () => {
    for (const keyword of [idNum, idNum.toLowerCase(), idNum.slice(-4), mobile, mobile.slice(-4), '隐私', '私甲']) {
      expect(await searches.managed(keyword), keyword).toContain(managedId);
      expect(await searches.institution(keyword), keyword).toContain(managedId);
      expect(await searches.toBeContinued(keyword), keyword).toContain(managedId);
    }
    for (const keyword of [comparisonIdNum, comparisonIdNum.slice(-4), comparisonMobile, comparisonMobile.slice(-4), '隐私乙']) {
      expect(await searches.comparison(keyword), keyword).toContain(comparisonId);
      expect(await searches.institution(keyword), keyword).toContain(comparisonId);
    }
  });

  it('writes one audit row per search, an identifier masked as lists show it and a name after its first character', async () => {
    const before = await lastAuditId();
    await searches.managed(idNum);
    await searches.comparison(comparisonMobile);
    await searches.institution('3301021');
    await searches.toBeContinued(idNum.slice(-4));
    await searches.managed('隐私甲');
    const rows = await searchAuditRows(before);
    expect(rows).toHaveLength(5);
    const details = rows.map((r) => r.detail as { keyword: string; list: string; total: number; ids: number[] });
    expect(details.map((d) => d.keyword)).toEqual([
      maskResidentId(idNum),
      maskMobile(comparisonMobile),
      '330****',
      idNum.slice(-4),
      '隐**',
    ]);
    expect(details.map((d) => d.list)).toEqual(['managed', 'comparison', 'institution', 'managed', 'managed']);
    expect(details[4]).toMatchObject({ keywordKind: 'name', total: 1, ids: [managedId] });
    expect(details[0]).toMatchObject({ total: 1, ids: [managedId] });
    expect(details[2]).toMatchObject({ total: 0, ids: [] });
    for (const row of rows) {
      expect(row.institutionId).toBe(INSTITUTION_A);
      expect(row.requestId).toBeTruthy();
    }
    const stored = JSON.stringify(rows);
    for (const identifier of [idNum, mobile, comparisonIdNum, comparisonMobile, '隐私甲']) expect(stored).not.toContain(identifier);
  });

  it('keeps identifiers out of enrolment and update audit rows, recording only which fields changed', async () => {
    const newIdNum = makeResidentId('330102', '1975-06-15', 343);
    const newMobile = nextMobile();
    const update = await t.call({
      method: 'PUT',
      path: '/api/user',
      token,
      body: { id: managedId, idNum: newIdNum, tel_num: newMobile, name: '隐私丙' },
    });
    expect(update.code).toBe(0);
    const [enrol] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.enrol'), eq(auditLog.entityId, String(managedId))));
    const [updated] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.update'), eq(auditLog.entityId, String(managedId))));
    const [comparative] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'comparative.create'), eq(auditLog.entityId, String(comparisonId))));
    const detail = updated!.detail as { changed: string[]; before: Record<string, unknown>; after: Record<string, unknown> };
    // Same birth date and an odd sequence like before: birth date and sex are unchanged, so not listed.
    expect([...detail.changed].sort()).toEqual(['idNum', 'name', 'telNum']);
    expect(detail.before.name).toBe('隐私甲');
    expect(detail.after.name).toBe('隐私丙');
    expect((enrol!.detail as { after: { name: string } }).after.name).toBe('隐私甲');
    const stored = JSON.stringify([enrol, updated, comparative]);
    for (const value of [idNum, newIdNum, mobile, newMobile, comparisonIdNum, comparisonMobile]) {
      expect(stored).not.toContain(value);
    }
    for (const value of [maskResidentId(idNum), maskResidentId(newIdNum), maskMobile(mobile), maskMobile(newMobile)]) {
      expect(stored).not.toContain(value);
    }
  });

  it('audits every read of the audit list, and shows no identifiers in it', async () => {
    const before = await lastAuditId();
    const res = await t.call<{ list: { action: string; detail: unknown }[]; total: number }>({
      method: 'GET',
      path: '/api/audit/list',
      token: adminToken,
      query: { action: 'patient.enrol', limit: 100 },
    });
    expect(res.code).toBe(0);
    expect(res.data.list.length).toBeGreaterThan(0);
    expect(JSON.stringify(res.data.list)).not.toContain(idNum);
    const reads = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'audit.list'), gt(auditLog.id, before)));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actorId: adminId, actorRole: 'admin', entity: 'audit' });
    expect(reads[0]!.detail).toMatchObject({ filters: { action: 'patient.enrol' }, page: 1, limit: 100, total: res.data.total });

    const again = await t.call({ method: 'GET', path: '/api/audit/list', token: adminToken });
    expect(again.code).toBe(0);
    const all = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'audit.list'), gt(auditLog.id, before)));
    expect(all).toHaveLength(2);
  });

  it('shows rows written before identifiers were kept out without them', async () => {
    const [legacy] = await t.database.db
      .insert(auditLog)
      .values({
        action: 'patient.update',
        entity: 'patient',
        entityId: 'legacy-1',
        detail: {
          before: { name: '旧记录', idNum, telNum: mobile },
          after: { name: '旧记录', idNum: comparisonIdNum, telNum: comparisonMobile },
        },
      })
      .returning();
    const res = await t.call<{ list: { id: number; detail: unknown }[] }>({
      method: 'GET',
      path: '/api/audit/list',
      token: adminToken,
      query: { entityId: 'legacy-1' },
    });
    expect(res.code).toBe(0);
    expect(res.data.list.map((r) => r.id)).toEqual([legacy!.id]);
    expect(res.data.list[0]!.detail).toEqual({ before: { name: '旧记录' }, after: { name: '旧记录' } });
  });

  it('refuses an audit filter that is not a known action with a 400 envelope', async () => {
    const res = await t.call({ method: 'GET', path: '/api/audit/list', token: adminToken, query: { action: 'patient.nothing' } });
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.message).toContain('action');
  });
});
