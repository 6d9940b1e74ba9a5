import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { codebookSheet } from './codebook';
import { type AnySheet, anySheet, type Cell, type SheetColumn } from './sheet';

/** The client went away: stop reading the database and writing rows. */
export class ExportAborted extends Error {
  constructor() {
    super('export aborted: the response was closed before the file was complete');
    this.name = 'ExportAborted';
  }
}

/**
 * Clinical dates have no time zone: a YYYY-MM-DD becomes that day's UTC midnight, which exceljs writes
 * as the serial of that day. Parsed by position: this runs for every date cell of every row.
 */
function excelDate(value: string): Date | string {
  if (value.length !== 10 || value[4] !== '-' || value[7] !== '-') return value;
  const time = Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)));
  return Number.isNaN(time) ? value : new Date(time);
}

/** A row's cells in column order, as they go into the sheet. */
export function rowCells(columns: readonly SheetColumn<unknown>[], row: unknown): Cell[] {
  const cells: Cell[] = new Array(columns.length);
  for (let i = 0; i < columns.length; i += 1) {
    const column = columns[i] as SheetColumn<unknown>;
    const value = column.value(row);
    cells[i] = column.type === 'date' && typeof value === 'string' ? excelDate(value) : value;
  }
  return cells;
}

/** Chinese characters are about two Latin widths; a date needs ~11. */
function widthOf(column: SheetColumn<unknown>): number {
  if (column.type === 'date') return 12;
  return Math.min(40, Math.max(8, column.header.length * 2 + 2));
}

/**
 * How much sheet XML may wait for the deflater before the writer pauses. The deflater (zlib's thread
 * pool) is faster than row writing, so with a few pages of slack it runs alongside instead of the
 * writer idling after every page; the bound keeps memory flat when it does fall behind.
 */
const MAX_PENDING_XML_BYTES = 8 * 1024 * 1024;

/** Node's own streams and the older readable-stream copy archiver uses expose their state differently. */
function writableState(stream: Writable): { length: number; needDrain: boolean } {
  const state = (stream as unknown as { _writableState?: { length?: number; needDrain?: boolean } })._writableState;
  return { length: stream.writableLength ?? state?.length ?? 0, needDrain: stream.writableNeedDrain ?? state?.needDrain ?? false };
}

/**
 * exceljs has no backpressure of its own: rows go into an in-memory buffer piped into the zip entry
 * (a PassThrough archiver creates), then the zip, then `output`. After each page we wait while the
 * entry holds too much or the output (a slow client) needs draining, so memory stays flat instead of
 * queueing the whole file. The entry stream is an exceljs internal: if it is absent we rely on `output`.
 */
async function waitForRoom(worksheet: unknown, output: Writable): Promise<void> {
  const entry = (worksheet as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
  if (entry) {
    const state = writableState(entry);
    if (state.needDrain && state.length > MAX_PENDING_XML_BYTES) await drained(entry, output);
  }
  if (output.destroyed) throw new ExportAborted();
  if (writableState(output).needDrain) await drained(output, output);
}

function drained(stream: Writable, output: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', onDrain);
      output.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new ExportAborted());
    stream.on('drain', onDrain);
    output.on('close', onClose);
  });
}

/** Level 1 deflates the sheet XML to ~1.25× the size of the default level 6, for much less CPU. */
export const XLSX_WRITER_OPTIONS = { useStyles: false, useSharedStrings: false, zip: { zlib: { level: 1 } } } as const;

type Book = InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>;

/** Sheets are written one after another: the zip takes its entries in order, so an open later sheet would only buffer. */
async function writeSheet(book: Book, sheet: AnySheet, output: Writable, onPage: (rows: number) => void): Promise<void> {
  const worksheet = book.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((column) => ({ header: column.header, width: widthOf(column) }));
  for await (const page of sheet.pages()) {
    for (const row of page) worksheet.addRow(rowCells(sheet.columns, row)).commit();
    onPage(page.length);
    await waitForRoom(worksheet, output);
  }
  worksheet.commit();
}

/**
 * Streams an .xlsx into `target`: the first sheet, the codebook, then any further sheets. `output` is
 * the response stream the zip ends up in (its room and its closing are watched). `counts` receives the
 * data rows of each sheet as they are written (codebook left out), so a broken-off export still knows
 * how far it got. Styles and shared strings stay off: both cost time per cell, and dates still get
 * Excel's built-in date format.
 */
export async function writeWorkbook(
  target: Writable,
  output: Writable,
  sheets: readonly AnySheet[],
  counts: Record<string, number>,
): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: target,
    ...XLSX_WRITER_OPTIONS,
  });
  const counting = (sheet: AnySheet) => {
    counts[sheet.name] = 0;
    return (rows: number) => {
      counts[sheet.name] = (counts[sheet.name] ?? 0) + rows;
    };
  };
  const [main, ...rest] = sheets;
  if (!main) throw new Error('an export needs at least one sheet');
  await writeSheet(book, main, output, counting(main));
  await writeSheet(book, anySheet(codebookSheet(sheets)), output, () => undefined);
  for (const sheet of rest) await writeSheet(book, sheet, output, counting(sheet));
  await book.commit();
}
