import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { XLSX_WRITER_OPTIONS } from './workbook-stream';
import { WorkbookWorker } from './xlsx-worker-client';

/**
 * The xlsx worker (xlsx-worker.mjs, room()) reads two private members to give exceljs backpressure:
 * the worksheet stream's `pipes` (exceljs's StreamBuf) and the zip entry's `_writableState` (the
 * readable-stream PassThrough archiver pipes it into). exceljs is pinned to one exact version for
 * that; these tests fail, naming the pin, when an upgrade takes the members away.
 */
const require = createRequire(import.meta.url);
const serverPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const PINNED = serverPackage.dependencies.exceljs ?? '(not declared)';
const INSTALLED = (require('exceljs/package.json') as { version: string }).version;
const MISSING = `exceljs ${PINNED} private stream API missing (installed ${INSTALLED}): xlsx-worker.mjs reads worksheet.stream.pipes[0]._writableState for backpressure; keep exceljs at ${PINNED} or rewrite room() for the new version`;

interface ZipEntry extends Writable {
  _writableState?: { needDrain?: unknown; length?: unknown };
}

/** What room() reads, or a failure that says what went missing. */
function zipEntryOf(sheet: ExcelJS.Worksheet): { entry: ZipEntry; state: { needDrain: boolean; length: number } } {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  expect(Array.isArray(pipes), `${MISSING} (no worksheet.stream.pipes array)`).toBe(true);
  const entry = (pipes as ZipEntry[])[0];
  expect(entry, `${MISSING} (worksheet.stream.pipes is empty)`).toBeDefined();
  const state = entry?._writableState;
  expect(typeof state?.needDrain, `${MISSING} (no _writableState.needDrain)`).toBe('boolean');
  expect(typeof state?.length, `${MISSING} (no _writableState.length)`).toBe('number');
  return { entry: entry as ZipEntry, state: state as { needDrain: boolean; length: number } };
}

/** Text that deflates poorly, so that a stalled output stops the deflater reading the entry. */
function noise(seed: number): string {
  let x = seed * 2654435761;
  let text = '';
  for (let i = 0; i < 24; i += 1) {
    x = (x * 1103515245 + 12345) % 2147483648;
    text += String.fromCharCode(0x4e00 + (x % 2000));
  }
  return text;
}

async function readBack(body: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('data');
  if (!sheet) throw new Error('the workbook has no sheet "data"');
  return sheet;
}

describe(`exceljs private stream API (pinned ${PINNED})`, () => {
  it('is pinned to the exact version installed', () => {
    expect(PINNED, 'packages/server/package.json must pin exceljs to one exact version').toMatch(/^\d+\.\d+\.\d+$/);
    expect(INSTALLED, `node_modules holds exceljs ${INSTALLED}, the pin says ${PINNED}: run npm install`).toBe(PINNED);
  });

  it("reports a full zip entry through the members room() reads, and its 'drain' once the output reads again", async () => {
    const chunks: Buffer[] = [];
    const output = new PassThrough();
    const sink = output.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
    });
    // An output that takes nothing until released: the deflater stops and the entry fills up.
    sink.pause();
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ ...XLSX_WRITER_OPTIONS, stream: output });
    const sheet = book.addWorksheet('data');
    sheet.columns = [
      { header: 'n', key: 'n' },
      { header: 'text', key: 'text' },
    ];
    const ROWS = 3_000;
    for (let n = 1; n <= ROWS; n += 1) sheet.addRow([n, noise(n)]).commit();
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));

    const { entry, state } = zipEntryOf(sheet);
    expect(state.needDrain, 'with the output stalled the zip entry should ask for a drain').toBe(true);
    expect(state.length).toBeGreaterThan(0);

    const drained = once(entry, 'drain');
    sink.resume();
    await drained;

    sheet.commit();
    await book.commit();
    const read = await readBack(Buffer.concat(chunks));
    expect(read.rowCount).toBe(ROWS + 1);
    expect(read.getRow(ROWS + 1).values).toEqual([undefined, ROWS, noise(ROWS)]);
  });

  it('lets the xlsx worker write a workbook that exceljs reads back', async () => {
    const chunks: Buffer[] = [];
    const target = new PassThrough().on('data', (chunk: Buffer) => {
      chunks.push(chunk);
    });
    const book = WorkbookWorker.open(target, XLSX_WRITER_OPTIONS);
    try {
      await book.send({
        type: 'sheet',
        name: 'data',
        columns: [
          { header: 'n', width: 8 },
          { header: 'text', width: 30 },
          { header: 'day', width: 12 },
        ],
      });
      // Two batches of rows, as an export sends them (postedBatch in cells.ts): room() runs after each.
      for (const from of [1, 301]) {
        const rows = Array.from({ length: 300 }, (_, i) => [from + i, noise(from + i), Date.UTC(2026, 0, 1 + ((from + i) % 28))]);
        const days = rows.map((_, i) => i * 3 + 2);
        await book.send({ type: 'rows', batch: JSON.stringify({ rows, width: 3, days }) }).catch((error: Error) => {
          throw new Error(`${MISSING}\n${error.message}`);
        });
      }
      await book.send({ type: 'endSheet' });
      await book.send({ type: 'commit' });
    } finally {
      book.release();
    }
    const read = await readBack(Buffer.concat(chunks));
    expect(read.rowCount).toBe(601);
    expect(read.getRow(2).values).toEqual([undefined, 1, noise(1), new Date(Date.UTC(2026, 0, 2))]);
    expect(read.getRow(601).values).toEqual([undefined, 600, noise(600), new Date(Date.UTC(2026, 0, 1 + (600 % 28)))]);
  });
});
