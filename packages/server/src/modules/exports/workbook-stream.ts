import type { Writable } from 'node:stream';
import { postedBatch } from './cells';
import { codebookSheet } from './codebook';
import { type AnySheet, anySheet, type SheetColumn } from './sheet';
import { WorkbookWorker } from './xlsx-worker-client';

/** The client went away: stop reading the database and writing rows. */
export class ExportAborted extends Error {
  constructor() {
    super('export aborted: the response was closed before the file was complete');
    this.name = 'ExportAborted';
  }
}

/** Chinese characters are about two Latin widths; a date needs ~11. */
export function widthOf(column: SheetColumn<unknown>): number {
  if (column.type === 'date') return 12;
  return Math.min(40, Math.max(8, column.header.length * 2 + 2));
}

/** Node's own streams and older readable-stream copies expose "needs drain" differently. */
function needsDrain(stream: Writable): boolean {
  return stream.writableNeedDrain ?? (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain ?? false;
}

/** Waits while a slow client leaves the response full; throws once the client has gone. */
async function waitForOutput(output: Writable): Promise<void> {
  if (output.destroyed) throw new ExportAborted();
  if (!needsDrain(output)) return;
  await new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      output.off('drain', onDrain);
      output.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new ExportAborted());
    output.on('drain', onDrain);
    output.on('close', onClose);
  });
}

/** Level 1 deflates the sheet XML to ~1.25× the size of the default level 6, for much less CPU. */
export const XLSX_WRITER_OPTIONS = { useStyles: false, useSharedStrings: false, zip: { zlib: { level: 1 } } } as const;

/** Row batches the worker may hold at once: enough to keep it busy while the next page is read. */
const BATCHES_IN_FLIGHT = 4;

/** Sheets are written one after another: the zip takes its entries in order, so an open later sheet would only buffer. */
async function writeSheet(book: WorkbookWorker, sheet: AnySheet, output: Writable, onRows: (rows: number) => void): Promise<void> {
  await book.send({ type: 'sheet', name: sheet.name, columns: sheet.columns.map((c) => ({ header: c.header, width: widthOf(c) })) });
  const inFlight: Promise<void>[] = [];
  try {
    for await (const page of sheet.pages()) {
      const written = book.send({ type: 'rows', batch: postedBatch(sheet.columns, page) }).then(() => onRows(page.length));
      // Awaited below; until then a failure must not count as unhandled.
      written.catch(() => undefined);
      inFlight.push(written);
      if (inFlight.length >= BATCHES_IN_FLIGHT) await inFlight.shift();
      await waitForOutput(output);
    }
  } catch (error) {
    // The batches already handed over are written whatever the machine's load: let the worker finish
    // them, so that the audit of a failed export counts every row that went out.
    await Promise.allSettled(inFlight);
    throw error;
  }
  await Promise.all(inFlight);
  await book.send({ type: 'endSheet' });
}

/**
 * Streams an .xlsx into `target`: the first sheet, the codebook, then any further sheets; rows are
 * built here and rendered by exceljs on a worker thread. `output` is the response stream the zip ends
 * up in (its room and its closing are watched). `counts` receives the data rows of each sheet as they
 * are written (codebook left out), so a broken-off export still knows how far it got. Styles and
 * shared strings stay off: both cost time per cell, and dates still get Excel's built-in date format.
 */
export async function writeWorkbook(
  target: Writable,
  output: Writable,
  sheets: readonly AnySheet[],
  counts: Record<string, number>,
): Promise<void> {
  const [main, ...rest] = sheets;
  if (!main) throw new Error('an export needs at least one sheet');
  const counting = (sheet: AnySheet) => {
    counts[sheet.name] = 0;
    return (rows: number) => {
      counts[sheet.name] = (counts[sheet.name] ?? 0) + rows;
    };
  };
  const book = WorkbookWorker.open(target, XLSX_WRITER_OPTIONS);
  // A client that leaves stops the worker at once, even while we wait on it rather than on a page.
  const stop = () => book.destroy();
  output.once('close', stop);
  try {
    await writeSheet(book, main, output, counting(main));
    await writeSheet(book, anySheet(codebookSheet(sheets)), output, () => undefined);
    for (const sheet of rest) await writeSheet(book, sheet, output, counting(sheet));
    await book.send({ type: 'commit' });
  } catch (error) {
    book.destroy();
    throw output.destroyed ? new ExportAborted() : error;
  } finally {
    output.off('close', stop);
  }
  book.release();
  // The worker posted every chunk before acknowledging the commit, and they were written in order.
  target.end();
}
