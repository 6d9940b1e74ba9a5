import { TOKEN_HEADER } from '@tcm/contracts';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { backdateEnrolment, createAdmin, createDoctor, daysAgo, enrolPatient, loginAs } from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

/**
 * Reads of a patient's clinical data and refused calls leave an audit row each: one per call (never
 * per row), with who, which patient and how many rows, never the values; refusals with their reason,
 * and a flood of them as a few rows.
 */
describe.each(databaseKinds())('audit of reads and refusals on %s', (kind) => {
  let t: TestApp;
  let doctorA: { id: number; token: string };
  let doctorB: { id: number; token: string };
  let adminToken: string;
  let patientId: number;
  let recordId: number;
  let prescriptionId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const a = await createDoctor(t, { institutionId: INSTITUTION_A });
    const b = await createDoctor(t, { institutionId: INSTITUTION_B });
    doctorA = { id: a.id, token: await loginAs(t, a) };
    doctorB = { id: b.id, token: await loginAs(t, b) };
    adminToken = await loginAs(t, await createAdmin(t));
    patientId = (await enrolPatient(t, doctorA.token, { institutionId: INSTITUTION_A, name: '审计丙' })).id;
    // A follow-up is dated on or after enrolment: the patient was enrolled before this visit.
    await backdateEnrolment(t, patientId, daysAgo(30));
    const saved = await t.call<{ id: number }>({
      method: 'POST',
      path: '/api/annex/7/records',
      token: doctorA.token,
      body: { patientId, data: { visitDate: daysAgo(3), way: 'clinic', fpg: 6.7 } },
    });
    expect(saved.code, saved.message).toBe(0);
    recordId = saved.data.id;
    const blank = await t.call<{ template: Record<string, unknown> }>({
      method: 'GET',
      path: '/prescription/diet/blank',
      token: doctorA.token,
      query: { patientId },
    });
    const issued = await t.call<{ id: number }>({
      method: 'POST',
      path: '/prescription/diet',
      token: doctorA.token,
      body: { ...blank.data.template, a1: true, a41: true, a42: '山药薏米粥，每周3次' },
    });
    expect(issued.code, issued.message).toBe(0);
    prescriptionId = issued.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const lastId = async () => (await t.database.db.select({ max: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog))[0]!.max;
  const rowsSince = async (after: number) => t.database.db.select().from(auditLog).where(gt(auditLog.id, after)).orderBy(asc(auditLog.id));

  /** Calls `path` as doctor A and returns the audit rows the call wrote. */
  const rowsOf = async (path: string, query: Record<string, string | number> = {}, token = doctorA.token) => {
    const before = await lastId();
    const res = await t.call({ method: 'GET', path, token, query });
    expect(res.code, `${path}: ${res.message}`).toBe(0);
    return rowsSince(before);
  };

  it('one row per read of clinical data: who, which patient, how many rows, never the values', async () => {
    const reads: [string, Record<string, string | number>, string, Record<string, unknown>][] = [
      ['/api/annex/7/records', { patientId }, 'record.list', { annex: '7', page: 1, count: 1 }],
      [`/api/annex/7/records/${recordId}`, {}, 'record.read', { annex: '7', recordId, count: 1 }],
      [`/api/annex/7/records/${recordId}/revisions`, {}, 'record.revisions', { annex: '7', recordId, count: 1 }],
      ['/prescription/current', { patientId }, 'prescription.current', { count: 1 }],
      ['/prescription/diet/history', { patientId }, 'prescription.list', { kind: 'diet', page: 1, count: 1 }],
      [`/prescription/diet/${prescriptionId}`, {}, 'prescription.read', { kind: 'diet', prescriptionId, count: 1 }],
    ];
    for (const [path, query, action, detail] of reads) {
      const rows = await rowsOf(path, query);
      expect(rows, path).toHaveLength(1);
      expect(rows[0], path).toMatchObject({
        action,
        actorId: doctorA.id,
        actorRole: 'doctor',
        entity: 'patient',
        entityId: String(patientId),
        institutionId: INSTITUTION_A,
        detail,
      });
      const stored = JSON.stringify(rows[0]?.detail);
      for (const value of ['6.7', 'clinic', '山药薏米粥']) expect(stored, path).not.toContain(value);
    }
  });

  it('a name search, the institution list and the outcome report are audited; a name is kept by its first character only', async () => {
    const search = await rowsOf('/api/user/institutionPatients', { institutionId: INSTITUTION_A, keyword: '审计丙', limit: 10 });
    expect(search.map((r) => r.action)).toEqual(['patient.search']);
    expect(search[0]!.detail).toMatchObject({ list: 'institution', keyword: '审**', keywordKind: 'name', total: 1, ids: [patientId] });
    expect(JSON.stringify(search)).not.toContain('审计丙');

    const listed = await rowsOf('/api/user/institutionPatients', { institutionId: INSTITUTION_A, limit: 10 });
    expect(listed.map((r) => r.action)).toEqual(['patient.institutionList']);
    expect(listed[0]).toMatchObject({ entity: 'institution', entityId: String(INSTITUTION_A), institutionId: INSTITUTION_A });
    expect((listed[0]!.detail as { count: number }).count).toBeGreaterThanOrEqual(1);

    const report = await rowsOf('/api/programme/outcomes', {});
    expect(report.map((r) => r.action)).toEqual(['outcome.report']);
    expect(report[0]).toMatchObject({ actorId: doctorA.id, entityId: String(INSTITUTION_A), detail: { scope: INSTITUTION_A, count: 1 } });
  });

  it('bells, counters and plain list pages are not reads of a patient: no row', async () => {
    for (const path of ['/api/annex/queryPersonalCenterData', '/api/v1/users/me']) {
      expect(await rowsOf(path), path).toEqual([]);
    }
    const before = await lastId();
    const page = await t.call({ method: 'POST', path: '/api/user/list', token: doctorA.token, body: { role: 'patient', limit: 10 } });
    expect(page.code).toBe(0);
    expect(await rowsSince(before)).toEqual([]);
  });

  it('refusals are audited with who, what and why: another institution, a role, a bad token', async () => {
    const before = await lastId();
    const cross = await t.call({ method: 'GET', path: `/api/annex/7/records/${recordId}`, token: doctorB.token });
    expect(cross.status).toBe(403);
    const role = await t.call({ method: 'GET', path: '/api/audit/list', token: doctorA.token });
    expect(role.status).toBe(403);
    const token = await t.call({
      method: 'GET',
      path: '/api/annex/7/records',
      query: { patientId },
      headers: { [TOKEN_HEADER]: 'not-a-session-token' },
    });
    expect(token.code).toBe(900);
    const rows = await rowsSince(before);
    expect(rows.map((r) => [r.action, r.actorId])).toEqual([
      ['denied.scope', doctorB.id],
      ['denied.role', doctorA.id],
      ['denied.token', null],
    ]);
    expect(rows[0]).toMatchObject({
      entity: 'route',
      institutionId: INSTITUTION_B,
      detail: { route: 'GET /prod-api/api/annex/:annex/records/:id', message: '无权访问其他机构的患者', count: 1 },
    });
    expect(rows[1]!.detail).toMatchObject({ route: 'GET /prod-api/api/audit/list', message: '该操作仅限管理员' });
    expect(rows[2]).toMatchObject({ ip: '127.0.0.1', detail: { route: 'GET /prod-api/api/annex/:annex/records' } });
    expect(JSON.stringify(rows)).not.toContain('not-a-session-token');
  });

  it('a flood of bad tokens writes a few rows a minute, with the running count', async () => {
    const before = await lastId();
    for (let i = 0; i < 120; i++) {
      const res = await t.call({ method: 'GET', path: '/api/v1/users/me', headers: { [TOKEN_HEADER]: `forged-${i}` } });
      expect(res.code).toBe(900);
    }
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, before), inArray(auditLog.action, ['denied.token'])))
      .orderBy(asc(auditLog.id));
    expect(rows.map((r) => (r.detail as { count: number }).count)).toEqual([1, 10, 100]);
  });

  it('the admin reading a patient is audited the same way', async () => {
    const rows = await rowsOf(`/api/annex/7/records/${recordId}`, {}, adminToken);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'record.read', actorRole: 'admin', entityId: String(patientId), institutionId: INSTITUTION_A });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'denied.rule'))).toEqual([]);
  });
});
