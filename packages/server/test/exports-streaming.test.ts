import { setTimeout as sleep } from 'node:timers/promises';
import { ExportPaths } from '@tcm/contracts/api/exports';
import { and, desc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshPatientSummary } from '../src/db/queries/patient-summary';
import { annexRecords, auditLog } from '../src/db/schema';
import type { Ctx } from '../src/lib/context';
import { ExportGate } from '../src/modules/exports/export-gate';
import { sendExport } from '../src/modules/exports/export-response';
import { EXPORT_PAGE_SIZE } from '../src/modules/exports/paging';
import { anySheet, type ExportDefinition } from '../src/modules/exports/sheet';
import { registerErrorHandling } from '../src/plugins/errors';
import { databaseKinds } from './support/databases';
import { type AccountFixture, createAdmin, createDoctor, daysAgo, enrolPatient, loginAs } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';
import { download, openWorkbook, readSheet } from './support/xlsx';

const INSTITUTION_C = 3;
const ROWS = EXPORT_PAGE_SIZE * 2 + 345;

/** A one-column export whose rows come from `pages`, served by a bare app with the real export response. */
async function exportApp(t: TestApp, admin: AccountFixture, pages: () => AsyncIterable<number[]>, logs: string[], concurrency = 2) {
  const gate = new ExportGate(concurrency);
  const definition: ExportDefinition = {
    key: 'annex7',
    summary: 'test',
    sheets: () => [anySheet<number>({ name: '数据', columns: [{ key: 'n', header: '序号', type: 'number', value: (n) => n }], pages })],
  };
  // undici keeps an aborted fetch's socket open; closing it lets app.close() return.
  const app = Fastify({ forceCloseConnections: true, logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } } });
  registerErrorHandling(app);
  const state = { responseClosed: false };
  app.get('/export', async (req, reply) => {
    reply.raw.on('close', () => {
      state.responseClosed = true;
    });
    const actor = { id: admin.id, role: 'admin' as const, name: '管理员', username: admin.username, institutionId: null, sessionId: 0 };
    req.ctx = { db: t.database.db, actor, requestId: req.id, ip: req.ip, now: new Date(), config: t.config } as Ctx;
    return sendExport(req, reply, {}, definition, gate);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, state, gate, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/export` };
}

describe.each(databaseKinds())('export streaming on %s', (kind) => {
  let t: TestApp;
  let admin: AccountFixture;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const lastAudit = async () =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'export'), eq(auditLog.actorId, admin.id)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];
  const lastOutcome = async () => ((await lastAudit())?.detail as { outcome?: string } | undefined)?.outcome;

  it('reads the database page by page and writes every row once, in order', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_C });
    const patient = await enrolPatient(t, await loginAs(t, doctor), { institutionId: INSTITUTION_C });
    const values = Array.from({ length: ROWS }, (_, i) => ({
      patientId: patient.id,
      annex: '7',
      version: 1,
      data: { visitDate: daysAgo(1 + (i % 300)), way: 'clinic', fpg: 5 + (i % 30) / 10 },
      derived: {},
      filledAt: daysAgo(1 + (i % 300)),
      doctorId: doctor.id,
    }));
    for (let i = 0; i < values.length; i += 500) await t.database.db.insert(annexRecords).values(values.slice(i, i + 500));
    await refreshPatientSummary(t.database.db, patient.id);

    const res = await download(t, ExportPaths.annex7, await loginAs(t, admin), { institutionId: INSTITUTION_C });
    const { rows } = readSheet(await openWorkbook(res.body), '随访记录');
    expect(rows).toHaveLength(ROWS);
    const ids = rows.map((r) => r.记录编号 as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ROWS);
    expect(rows[ROWS - 1]?.空腹血糖).toBe(5 + ((ROWS - 1) % 30) / 10);
    expect((await lastAudit())?.detail).toMatchObject({ rows: ROWS, outcome: 'completed' });
  });

  it('logs a failure after streaming began, cuts the connection and audits what went out', async () => {
    const logs: string[] = [];
    const { app, url } = await exportApp(
      t,
      admin,
      async function* () {
        yield [1, 2, 3];
        // Late enough that the zip's first bytes (and so the headers) are on the wire.
        await sleep(100);
        throw new Error('database went away');
      },
      logs,
    );
    try {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
      await waitFor(async () => (await lastOutcome()) === 'failed', 'the export audited as failed');
      expect(logs.some((line) => line.includes('export failed after streaming began') && line.includes('database went away'))).toBe(true);
      expect((await lastAudit())?.detail).toMatchObject({ rows: 3, outcome: 'failed' });
    } finally {
      await app.close();
    }
  });

  it('stops reading when the client goes away and audits the export as aborted', async () => {
    const logs: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let pagesRead = 0;
    const { app, state, url } = await exportApp(
      t,
      admin,
      async function* () {
        for (let page = 0; page < 1000; page += 1) {
          pagesRead += 1;
          yield Array.from({ length: 100 }, (_, i) => page * 100 + i);
          if (page === 0) await gate;
        }
      },
      logs,
    );
    try {
      const controller = new AbortController();
      const response = await fetch(url, { signal: controller.signal });
      await response.body?.getReader().read();
      controller.abort();
      // Let the server see the closed connection before the source may go on.
      await waitFor(async () => state.responseClosed, 'the response closed');
      release();
      await waitFor(async () => (await lastOutcome()) === 'aborted', 'the export audited as aborted');
      expect(pagesRead).toBeLessThan(5);
    } finally {
      await app.close();
    }
  });
  it('streams at most `limit` exports at once: the next is refused with a message, and a place frees when one ends or fails', async () => {
    let finishFirst: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    let calls = 0;
    const { app, gate, url } = await exportApp(
      t,
      admin,
      async function* () {
        calls += 1;
        yield [calls];
        if (calls === 1) await held;
        if (calls === 2) {
          // Late enough that the headers are on the wire, as in the failure test above.
          await sleep(100);
          throw new Error('database went away');
        }
      },
      [],
      1,
    );
    try {
      const first = await fetch(url);
      expect(gate.active).toBe(1);
      const refused = await fetch(url);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ code: 429, data: {}, message: '当前导出任务较多，请稍后再试' });
      finishFirst();
      await first.arrayBuffer();
      await waitFor(async () => gate.active === 0, 'the export slot freed');
      // The place is free again: this one fails mid-stream, and still gives its place back.
      const failing = await fetch(url);
      expect(failing.status).toBe(200);
      await expect(failing.arrayBuffer()).rejects.toThrow();
      await waitFor(async () => gate.active === 0, 'the export slot freed');
      const last = await fetch(url);
      expect(last.status).toBe(200);
      expect(readSheet(await openWorkbook(Buffer.from(await last.arrayBuffer())), '数据').rows).toEqual([{ 序号: 3 }]);
    } finally {
      await app.close();
    }
  });

  it('runs one export per user: a second while the first streams is refused with its own message, though a place is free', async () => {
    let finishFirst: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    const { app, gate, url } = await exportApp(
      t,
      admin,
      async function* () {
        yield [1];
        await held;
      },
      [],
      2,
    );
    try {
      const first = await fetch(url);
      expect(gate.active).toBe(1);
      const refused = await fetch(url);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ code: 429, data: {}, message: '您已有一个导出正在进行，请等它完成后再试' });
      finishFirst();
      await first.arrayBuffer();
      await waitFor(async () => gate.active === 0, 'the export slot freed');
    } finally {
      await app.close();
    }
  });
});
