import { createHmac } from 'node:crypto';
import { EXPORT_PROGRESS_PATH, ExportPaths } from '@tcm/contracts/api/exports';
import { and, desc, eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { createExportScenario, type ExportScenario } from './support/export-fixtures';
import { createTestApp, type TestApp } from './support/test-app';
import { download, openWorkbook, readSheet, type SheetRow } from './support/xlsx';

const IDENTIFYING_HEADERS = ['姓名', '身份证号', '手机号', '出生日期'];

describe.each(databaseKinds())('export options (de-identified, coded, filters) on %s', (kind) => {
  let t: TestApp;
  let s: ExportScenario;
  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await createExportScenario(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const workbook = async (path: string, query: Record<string, string> = {}) => {
    const res = await download(t, path, s.tokenA, query);
    expect(res.status, JSON.stringify(res.envelope)).toBe(200);
    return openWorkbook(res.body);
  };
  const dataSheets = (book: ExcelJS.Workbook) => book.worksheets.filter((sheet) => sheet.name !== 'codebook');
  /** The codebook's code list of one column (by variable name or Chinese label), as "value → label". */
  const codesOf = (book: ExcelJS.Workbook, column: string) => {
    const entry = readSheet(book, 'codebook').rows.find((row) => row.列 === column || row.标签 === column);
    const listed = String(entry?.编码 ?? '');
    return new Map(listed.split('；').map((pair) => pair.split('=') as [string, string]));
  };
  const lastExportAudit = async () => {
    const [row] = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row?.detail as Record<string, unknown>;
  };

  it('leaves out name, ID number, mobile and birth date on every export, keeping the age', async () => {
    for (const [key, path] of Object.entries(ExportPaths)) {
      const book = await workbook(path, { deidentify: 'true' });
      for (const sheet of dataSheets(book)) {
        const { headers } = readSheet(book, sheet.name);
        for (const header of IDENTIFYING_HEADERS) expect(headers, `${key} / ${sheet.name}`).not.toContain(header);
        expect(headers, `${key} / ${sheet.name}`).not.toContain('患者编号');
        if (headers.includes('性别')) {
          expect(headers, `${key} / ${sheet.name}`).toContain('年龄');
          expect(headers, `${key} / ${sheet.name}`).toContain('患者代码');
        }
      }
      const codebook = readSheet(book, 'codebook').rows.map((row) => row.列);
      expect(codebook, key).not.toContain('patient.name');
      expect(codebook, key).not.toContain('patient.idNum');
      expect(codebook, key).not.toContain('patient.mobile');
    }
  });

  it('gives each patient one key within an export, another in the next, and records how in the audit log', async () => {
    const plain = readSheet(await workbook(ExportPaths.annex7), '随访记录').rows;
    const first = readSheet(await workbook(ExportPaths.annex7, { deidentify: 'true' }), '随访记录').rows;
    const audit = await lastExportAudit();
    const second = readSheet(await workbook(ExportPaths.annex7, { deidentify: 'true' }), '随访记录').rows;
    // The rows come in the same order: the plain file's patient numbers tell which rows are one patient.
    expect(first).toHaveLength(plain.length);
    const keyOf = new Map<unknown, unknown>();
    plain.forEach((row, index) => {
      const key = first[index]?.患者代码;
      expect(key).toMatch(/^P[0-9A-F]{12}$/);
      if (keyOf.has(row.患者编号)) expect(key).toBe(keyOf.get(row.患者编号));
      keyOf.set(row.患者编号, key);
    });
    expect(new Set(keyOf.values()).size).toBe(keyOf.size);
    expect(plain.filter((row) => row.患者编号 === s.pA1.id).length).toBeGreaterThan(1);
    for (const [index, row] of second.entries()) expect(row.患者代码).not.toBe(first[index]?.患者代码);
    // The audit row holds the secret from which an auditor recomputes a key.
    expect(audit).toMatchObject({ export: 'annex7', deidentify: true, coded: false });
    const secret = (audit.pseudonymKey as { secret: string }).secret;
    const recomputed = `P${createHmac('sha256', secret).update(String(s.pA1.id)).digest('hex').slice(0, 12).toUpperCase()}`;
    expect(keyOf.get(s.pA1.id)).toBe(recomputed);
  });

  it('writes coded answers as the numbers of the codebook, standing for the labels of the plain export', async () => {
    const plainBook = await workbook(ExportPaths.annex7);
    const codedBook = await workbook(ExportPaths.annex7, { coded: 'true' });
    const plain = readSheet(plainBook, '随访记录').rows;
    const coded = readSheet(codedBook, '随访记录').rows;
    const gender = codesOf(codedBook, 'patient.gender');
    expect([...gender.entries()]).toEqual([
      ['1', '男'],
      ['2', '女'],
    ]);
    const way = codesOf(codedBook, '随访方式');
    expect(way.size).toBeGreaterThan(1);
    let checked = 0;
    plain.forEach((row: SheetRow, index) => {
      const codedRow = coded[index] as SheetRow;
      expect(typeof codedRow.性别).toBe('number');
      expect(gender.get(String(codedRow.性别))).toBe(row.性别);
      if (row.随访方式 !== undefined) {
        expect(typeof codedRow.随访方式).toBe('number');
        expect(way.get(String(codedRow.随访方式))).toBe(row.随访方式);
        checked += 1;
      }
      // Uncoded columns are as in the plain export.
      expect(codedRow.姓名).toBe(row.姓名);
    });
    expect(checked).toBeGreaterThan(0);
    // The plain export's codebook keeps the values the specification's calls have always listed.
    expect(codesOf(plainBook, 'patient.gender').get('man')).toBe('男');
  });

  it('sets a column width and a filter on the header row of every sheet', async () => {
    for (const path of Object.values(ExportPaths)) {
      for (const query of [{}, { deidentify: 'true', coded: 'true' }] as Record<string, string>[]) {
        const book = await workbook(path, query);
        for (const sheet of book.worksheets) {
          const width = sheet.columnCount;
          expect(width, `${path} ${sheet.name}`).toBeGreaterThan(0);
          const last = sheet.getRow(1).getCell(width).address.replace(/\d+$/, '');
          expect(sheet.autoFilter, `${path} ${sheet.name}`).toBe(`A1:${last}1`);
          for (let column = 1; column <= width; column += 1) {
            expect(sheet.getColumn(column).width, `${path} ${sheet.name} column ${column}`).toBeGreaterThanOrEqual(8);
          }
        }
      }
    }
  });

  it('refuses an option that is not true or false', async () => {
    const res = await download(t, ExportPaths.annex7, s.tokenA, { deidentify: 'yes' });
    expect(res.envelope?.code).toBe(400);
    expect(res.envelope?.message).toContain('去标识化（deidentify）应为 true 或 false');
  });

  it('tells the user who started an export how many rows it has written, by the progressId they gave', async () => {
    const progress = (token: string, progressId: string) =>
      t.call<{ rows: number; done: boolean; known: boolean }>({ method: 'GET', path: EXPORT_PROGRESS_PATH, token, query: { progressId } });
    const book = await workbook(ExportPaths.annex7, { progressId: 'dialog-0001' });
    const written = readSheet(book, dataSheets(book)[0]!.name).rows.length;
    expect(written).toBeGreaterThan(0);
    expect((await lastExportAudit()).rows).toBe(written);
    expect((await progress(s.tokenA, 'dialog-0001')).data).toEqual({ rows: written, done: true, known: true });
    // Another user's poll, or an id nobody started, learns nothing.
    expect((await progress(s.tokenB, 'dialog-0001')).data).toEqual({ rows: 0, done: false, known: false });
    expect((await progress(s.tokenA, 'dialog-9999')).data).toEqual({ rows: 0, done: false, known: false });
    const bad = await progress(s.tokenA, 'x');
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('进度编号（progressId）应为 8–64 位字母、数字或连字符');
  });
});
