import { API_BASE } from '@tcm/contracts';
import { ExportPaths, XLSX_CONTENT_TYPE } from '@tcm/contracts/api/exports';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../src/db/schema';
import type { Access } from '../src/plugins/access';
import { databaseKinds } from './support/databases';
import {
  type AccountFixture,
  addComparisonMember,
  createAdmin,
  createDoctor,
  daysAgo,
  enrolPatient,
  loginAs,
  nextMobile,
  storeRecord,
} from './support/factories';
import { type ApiCall, createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

type Caller = 'none' | 'expired' | 'doctorSame' | 'doctorOther' | 'admin';
const CALLERS: Caller[] = ['none', 'expired', 'doctorSame', 'doctorOther', 'admin'];

interface Fixtures {
  t: TestApp;
  doctorA: AccountFixture;
  doctorAToken: string;
  /** A fresh managed patient of institution A, overdue. */
  patient(): Promise<number>;
  comparisonMember(role: 0 | 1): Promise<number>;
  pendingDoctor(): Promise<number>;
  /** A fresh custom record of a fresh patient of institution A. */
  record(): Promise<number>;
}

// Dated today: a record may not predate the patient's enrolment window, and fixtures enrol today.
const CUSTOM_RECORD = { title: '随访备注', recordDate: daysAgo(0), content: '无特殊' };

interface RouteCase {
  /** Builds the request; called once per caller so that each call has fresh data. */
  request(fx: Fixtures, caller: Caller): Promise<Omit<ApiCall, 'method' | 'path' | 'token'>>;
  /** Whether the request names institution A's data: a doctor of institution B must be refused. */
  scoped: boolean;
  /** The concrete path for routes with parameters (default: the route's own path). */
  pathFor?(fx: Fixtures): Promise<string> | string;
  /** Expected code per caller where it differs from what the access rule implies. */
  expect?: Partial<Record<Caller, number>>;
}

/**
 * Every API route must appear here. A route added without a case fails the first test, so no route
 * goes out without a decided rule for each kind of caller.
 */
const CASES: Record<string, RouteCase> = {
  'GET /api/health': { scoped: false, request: async () => ({}) },
  'POST /api/auth/login': {
    scoped: false,
    request: async (fx) => ({ body: { username: fx.doctorA.username, password: fx.doctorA.password } }),
  },
  'POST /api/auth/logout': { scoped: false, request: async () => ({}) },
  'GET /api/v1/users/me': { scoped: false, request: async () => ({}) },
  'GET /api/auth/getVerificationCode': { scoped: false, request: async () => ({ query: { mobile: nextMobile() } }) },
  'GET /api/auth/checkIsRegister': { scoped: false, request: async () => ({ query: { mobile: nextMobile() } }) },
  'POST /api/auth/register': {
    scoped: false,
    // No code was sent to this mobile: a clear 400, whoever calls.
    request: async () => ({ body: { name: '某医生', mobile: nextMobile(), institutionId: 1, password: 'Matrix2026x', code: '123456' } }),
    expect: { none: 400, expired: 400, doctorSame: 400, doctorOther: 400, admin: 400 },
  },
  'GET /api/auth/changePwdByVerificationCode': {
    scoped: false,
    request: async (fx) => ({ query: { mobile: fx.doctorA.username, code: '123456', password: 'Matrix2026x' } }),
    expect: { none: 400, expired: 400, doctorSame: 400, doctorOther: 400, admin: 400 },
  },
  'POST /api/auth/changePwdByVerificationCode': {
    scoped: false,
    request: async (fx) => ({ body: { mobile: fx.doctorA.username, code: '123456', password: 'Matrix2026x' } }),
    expect: { none: 400, expired: 400, doctorSame: 400, doctorOther: 400, admin: 400 },
  },
  'POST /api/auth/changePassword': {
    scoped: false,
    // A wrong old password: refused for every signed-in caller, so no fixture's password changes.
    request: async () => ({ body: { oldPassword: 'Wrong2026x', newPassword: 'Matrix2026x' } }),
    expect: { doctorSame: 401, doctorOther: 401, admin: 401 },
  },
  'GET /api/auth/sessions': { scoped: false, request: async () => ({}) },
  'POST /api/auth/sessions/revokeOthers': { scoped: false, request: async () => ({}) },
  'POST /api/institution/list': { scoped: false, request: async () => ({ body: { limit: 1000, page: 1 } }) },
  'POST /api/user/list': { scoped: true, request: async () => ({ body: { role: 'patient', institutionId: INSTITUTION_A } }) },
  // The same call edits (voids) a patient for a doctor and a doctor's account for the admin.
  'PUT /api/user': {
    scoped: true,
    request: async (fx, caller) => ({ body: { id: caller === 'admin' ? await fx.pendingDoctor() : await fx.patient(), name: '新名字' } }),
  },
  'DELETE /api/user': {
    scoped: true,
    request: async (fx, caller) => ({ query: { id: caller === 'admin' ? await fx.pendingDoctor() : await fx.patient(), reason: '测试' } }),
  },
  'GET /api/user/reviewedDoctorRegisterInfo': {
    scoped: false,
    request: async (fx) => ({ query: { id: await fx.pendingDoctor(), registerStatus: 'Approved' } }),
  },
  'POST /api/user/patient': {
    scoped: true,
    request: async () => ({
      body: {
        name: '矩阵患者',
        idNum: (await import('./support/factories')).nextResidentId(),
        tel_num: nextMobile(),
        institutionId: INSTITUTION_A,
        consentDate: '2026-01-01',
      },
    }),
  },
  'GET /api/user/patient': { scoped: true, request: async (fx) => ({ query: { id: await fx.patient() } }) },
  'GET /api/user/queryAnnex7TheLastTimeIsOver': { scoped: true, request: async (fx) => ({ query: { id: await fx.patient() } }) },
  'GET /api/user/queryAnnex9TheLastTimeIsOver': { scoped: true, request: async (fx) => ({ query: { id: await fx.comparisonMember(1) } }) },
  'GET /api/user/endManagementPatient': { scoped: true, request: async (fx) => ({ query: { id: await fx.patient() } }) },
  'POST /api/user/progressToDiabetes': {
    scoped: true,
    // FPG and 2h-PG of one OGTT both diabetic: confirmed, so a doctor of the institution may end with it.
    request: async (fx) => ({
      body: {
        patientId: await fx.patient(),
        evaluation: { evaluationDate: daysAgo(0), fpg: 7.4, ogtt2h: 12.6, satisfaction: 'satisfied' },
        enrolComparison: false,
      },
    }),
  },
  'GET /api/user/notRemind': { scoped: true, request: async (fx) => ({ query: { id: await fx.patient() } }) },
  'POST /api/outreach/contacts': {
    scoped: true,
    request: async (fx) => ({ body: { patientId: await fx.patient(), channel: 'phone', result: 'unreachable' } }),
  },
  'GET /api/outreach/contacts': { scoped: true, request: async (fx) => ({ query: { patientId: await fx.patient() } }) },
  'POST /api/outreach/status': {
    scoped: true,
    request: async (fx) => ({ body: { patientId: await fx.patient(), status: 'active', reason: '核实' } }),
  },
  'GET /api/outreach/messages': { scoped: true, request: async (fx) => ({ query: { patientId: await fx.patient() } }) },
  'POST /api/outreach/reminders/run': { scoped: false, request: async () => ({}) },
  'GET /api/outreach/reminders/settings': { scoped: false, request: async () => ({}) },
  'POST /api/outreach/reminders/settings': {
    scoped: false,
    request: async () => ({ body: { institutionId: INSTITUTION_A, enabled: true } }),
  },
  'GET /api/user/deleteFromIncompleteList': { scoped: true, request: async (fx) => ({ query: { id: await fx.patient() } }) },
  'GET /api/user/queryUnfilledRemind': { scoped: false, request: async () => ({}) },
  'GET /api/user/institutionPatients': { scoped: true, request: async () => ({ query: { institutionId: INSTITUTION_A } }) },
  'POST /api/comparative': {
    scoped: true,
    request: async () => ({
      body: {
        role: 0,
        name: '矩阵对照',
        gender: 'man',
        tel_num: nextMobile(),
        idNum: (await import('./support/factories')).nextResidentId(),
        institutionId: INSTITUTION_A,
      },
    }),
  },
  'POST /api/comparative/list': { scoped: true, request: async () => ({ body: { role: 0, institutionId: INSTITUTION_A } }) },
  'GET /api/comparative/endManagementPatient': { scoped: true, request: async (fx) => ({ query: { id: await fx.comparisonMember(0) } }) },
  'DELETE /api/comparative': { scoped: true, request: async (fx) => ({ query: { id: await fx.comparisonMember(0), reason: '测试' } }) },
  'GET /api/annex/queryToBeContinued': { scoped: true, request: async () => ({ query: { institutionId: INSTITUTION_A } }) },
  'GET /api/annex/queryCompleted': { scoped: true, request: async () => ({ query: { institutionId: INSTITUTION_A } }) },
  'GET /api/annex/queryPersonalCenterData': { scoped: true, request: async () => ({ query: { institutionId: INSTITUTION_A } }) },
  'GET /api/audit/list': { scoped: false, request: async () => ({}) },
  'POST /api/annex/:annex/records': {
    scoped: true,
    request: async (fx) => ({ body: { patientId: await fx.patient(), data: CUSTOM_RECORD } }),
    pathFor: () => '/api/annex/custom/records',
  },
  'GET /api/annex/:annex/records': {
    scoped: true,
    request: async (fx) => ({ query: { patientId: await fx.patient() } }),
    pathFor: () => '/api/annex/custom/records',
  },
  'GET /api/annex/:annex/records/:id': {
    scoped: true,
    request: async () => ({}),
    pathFor: async (fx) => `/api/annex/custom/records/${await fx.record()}`,
  },
  'PUT /api/annex/:annex/records/:id': {
    scoped: true,
    // A fresh record is at revision 1, the revision an editor would have read.
    request: async () => ({ body: { data: { ...CUSTOM_RECORD, title: '修改后' }, revision: 1 } }),
    pathFor: async (fx) => `/api/annex/custom/records/${await fx.record()}`,
  },
  'GET /api/annex/:annex/records/:id/revisions': {
    scoped: true,
    request: async () => ({}),
    pathFor: async (fx) => `/api/annex/custom/records/${await fx.record()}/revisions`,
  },
  'DELETE /api/annex/:annex/records/:id': {
    scoped: true,
    request: async () => ({ query: { reason: '录入错误' } }),
    pathFor: async (fx) => `/api/annex/custom/records/${await fx.record()}`,
  },
  'GET /prescription/current': { scoped: true, request: async (fx) => ({ query: { patientId: await fx.patient() } }) },
  'GET /prescription/:kind/blank': {
    scoped: true,
    request: async (fx) => ({ query: { patientId: await fx.patient() } }),
    pathFor: () => '/prescription/physique/blank',
  },
  'POST /prescription/:kind': {
    scoped: true,
    request: async (fx) => ({ body: { patientId: await fx.patient(), isBlank: true, content: '清淡饮食' } }),
    pathFor: () => '/prescription/other',
  },
  'GET /prescription/:kind/history': {
    scoped: true,
    request: async (fx) => ({ query: { patientId: await fx.patient() } }),
    pathFor: () => '/prescription/diet/history',
  },
  'GET /prescription/:kind/:id': {
    scoped: true,
    request: async () => ({}),
    pathFor: async (fx) => {
      const body = { patientId: await fx.patient(), content: '清淡饮食' };
      const res = await fx.t.call<{ id: number }>({ method: 'POST', path: '/prescription/other', token: fx.doctorAToken, body });
      return `/prescription/other/${res.data.id}`;
    },
  },
  'DELETE /prescription/:kind/:id': {
    scoped: true,
    request: async () => ({ query: { reason: '开错处方' } }),
    pathFor: async (fx) => {
      const body = { patientId: await fx.patient(), content: '清淡饮食' };
      const res = await fx.t.call<{ id: number }>({ method: 'POST', path: '/prescription/other', token: fx.doctorAToken, body });
      return `/prescription/other/${res.data.id}`;
    },
  },
  // The seven exports answer a file; the loop below counts an .xlsx 200 as success.
  ...Object.fromEntries(
    Object.values(ExportPaths).map((path): [string, RouteCase] => [
      `GET ${path}`,
      { scoped: true, request: async () => ({ query: { institutionId: INSTITUTION_A } }) },
    ]),
  ),
  // How far a running export of the caller's has got (in memory, per user: nothing to scope).
  'GET /api/export/progress': { scoped: false, request: async () => ({ query: { progressId: 'dialog-0001' } }) },
  // The programme outcome report and its workbook: a doctor their institution, the admin any.
  'GET /api/programme/outcomes': { scoped: true, request: async () => ({ query: { institutionId: INSTITUTION_A } }) },
  'GET /api/programme/outcomes/exportExcel': { scoped: true, request: async () => ({ query: { institutionId: INSTITUTION_A } }) },
  // The management quality indicators: scoped like the outcome report; targets are set by the admin.
  'GET /api/programme/indicators': { scoped: true, request: async () => ({ query: { period: '2026-Q3', institutionId: INSTITUTION_A } }) },
  'GET /api/programme/indicators/patients': {
    scoped: true,
    request: async () => ({ query: { period: '2026-Q3', institutionId: INSTITUTION_A, key: 'activePatients', in: 'denominator' } }),
  },
  'GET /api/programme/indicators/exportExcel': {
    scoped: true,
    request: async () => ({ query: { period: '2026-Q3', institutionId: INSTITUTION_A } }),
  },
  'GET /api/programme/indicators/targets': { scoped: false, request: async () => ({}) },
  'PUT /api/programme/indicators/targets': { scoped: false, request: async () => ({ body: { key: 'standardManagement', target: 80 } }) },
  'GET /api/programme/indicators/patientGaps': { scoped: true, request: async (fx) => ({ query: { patientId: await fx.patient() } }) },
};

/** What the access rule implies for each caller, before per-route overrides. */
function expectedCode(access: Access, scoped: boolean, caller: Caller): number {
  if (access === 'public') return 0;
  if (caller === 'none' || caller === 'expired') return 900;
  if (access === 'admin') return caller === 'admin' ? 0 : 403;
  if (access === 'doctor' && caller === 'admin') return 403;
  if (caller === 'doctorOther' && scoped) return 403;
  return 0;
}

describe.each(databaseKinds())('access matrix on %s', (kind) => {
  let t: TestApp;
  let fx: Fixtures;
  const accounts: Partial<Record<Caller, AccountFixture>> = {};
  let expiredToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const doctorA = await createDoctor(t, { institutionId: INSTITUTION_A });
    const doctorAToken = await loginAs(t, doctorA);
    accounts.doctorSame = await createDoctor(t, { institutionId: INSTITUTION_A });
    accounts.doctorOther = await createDoctor(t, { institutionId: INSTITUTION_B });
    accounts.admin = await createAdmin(t);
    const expiredDoctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    expiredToken = await loginAs(t, expiredDoctor);
    await t.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.accountId, expiredDoctor.id));
    fx = {
      t,
      doctorA,
      doctorAToken,
      async patient() {
        const p = await enrolPatient(t, doctorAToken, { institutionId: INSTITUTION_A });
        await storeRecord(t, p.id, '7', daysAgo(40), doctorA.id);
        return p.id;
      },
      async comparisonMember(role) {
        return (await addComparisonMember(t, doctorAToken, { institutionId: INSTITUTION_A, role })).id;
      },
      async record() {
        const patientId = await this.patient();
        const res = await t.call<{ id: number }>({
          method: 'POST',
          path: '/api/annex/custom/records',
          token: doctorAToken,
          body: { patientId, data: CUSTOM_RECORD },
        });
        if (res.code !== 0) throw new Error(`record fixture failed: ${res.message}`);
        return res.data.id;
      },
      async pendingDoctor() {
        return (await createDoctor(t, { institutionId: INSTITUTION_A, status: 'ToBeReviewed' })).id;
      },
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a case for every API route, and no case for a route that does not exist', () => {
    const registered = t.routes.map((r) => `${r.method} ${r.url.slice(API_BASE.length)}`).sort();
    expect(registered.filter((r) => !(r in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((c) => !registered.includes(c))).toEqual([]);
  });

  it('answers every route as its rule says for each kind of caller, and audits every refused route', async () => {
    const failures: string[] = [];
    const refusedRoutes = new Set<string>();
    const [{ before } = { before: 0 }] = await t.database.db
      .select({ before: sql<number>`coalesce(max(${auditLog.id}), 0)` })
      .from(auditLog);
    for (const route of t.routes) {
      const key = `${route.method} ${route.url.slice(API_BASE.length)}`;
      const routeCase = CASES[key];
      if (!routeCase) continue;
      for (const caller of CALLERS) {
        let token: string | undefined;
        if (caller === 'expired') token = expiredToken;
        else if (caller !== 'none') token = await loginAs(t, accounts[caller]!);
        const request = await routeCase.request(fx, caller);
        const path = routeCase.pathFor ? await routeCase.pathFor(fx) : key.split(' ')[1]!;
        const res = await t.call({ method: route.method as ApiCall['method'], path, token, ...request });
        // A file has no envelope: an .xlsx answered with 200 is the route's success.
        const isFile = res.status === 200 && String(res.headers['content-type']).startsWith(XLSX_CONTENT_TYPE);
        const code = isFile ? 0 : res.code;
        const publicOverride = route.access === 'public' ? routeCase.expect?.[caller] : undefined;
        const expected =
          publicOverride ??
          (expectedCode(route.access, routeCase.scoped, caller) === 0
            ? (routeCase.expect?.[caller] ?? 0)
            : expectedCode(route.access, routeCase.scoped, caller));
        if (code !== expected) failures.push(`${key} as ${caller}: expected ${expected}, got ${code} (${res.message})`);
        if (res.status === 401 || res.status === 403) refusedRoutes.add(`${route.method} ${route.url}`);
        if (expected === 403 && res.data && Object.keys(res.data as object).length > 0)
          failures.push(`${key} as ${caller}: a refusal carried data`);
      }
    }
    expect(failures).toEqual([]);
    // One refusal per caller and route here, so the throttle writes each: every refused route has its row.
    const denied = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(gt(auditLog.id, before), like(auditLog.action, 'denied.%')));
    const auditedRoutes = new Set(denied.map((row) => (row.detail as { route: string }).route));
    expect([...refusedRoutes].filter((route) => !auditedRoutes.has(route))).toEqual([]);
    expect(refusedRoutes.size).toBeGreaterThan(30);
    // Every route for every kind of caller, one after another: 52 s on PGlite at load 7, near the tier's
    // 60 s default; the limit is for a hung call, not a measure of the suite's speed.
  }, 300_000);
});
