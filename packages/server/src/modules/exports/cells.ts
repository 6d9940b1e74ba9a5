import type { Cell, SheetColumn } from './sheet';

/**
 * Clinical dates have no time zone: a YYYY-MM-DD becomes that day's UTC midnight, which exceljs writes
 * as the serial of that day. Answers the time value, or undefined for text that is no such date.
 * Parsed by position: this runs for every date cell of every row.
 */
function dayTime(value: string): number | undefined {
  if (value.length !== 10 || value[4] !== '-' || value[7] !== '-') return undefined;
  const time = Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)));
  return Number.isNaN(time) ? undefined : time;
}

/** = + - @ tab CR: a spreadsheet takes text that starts with one of them for a formula (OWASP CSV injection). */
const FORMULA_STARTS = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);

/**
 * Text as it goes into a cell: the .xlsx keeps it as text, but a user who edits the cell or saves the
 * sheet as CSV and opens it again would have `=HYPERLINK(…)` from a free-text field evaluated. A
 * leading ' keeps it text everywhere (OWASP's advice). Numbers are never text here, so they stay numbers.
 */
export function cellText(text: string): string {
  return FORMULA_STARTS.has(text.charCodeAt(0)) ? `'${text}` : text;
}

/**
 * A page of rows' cells as they are posted to the xlsx worker, as JSON text (`postedBatch`): the
 * structured clone of 250 arrays of mixed cells costs more on both threads than JSON.stringify here
 * and JSON.parse there (V8's fastest paths), and a string is copied in one piece. A day of a `date`
 * column travels as its time value (a number; a Date would not survive JSON and clones slower) and
 * its place is listed in `days` (row × width + column); the worker turns those back into Dates
 * (`reviveDays`, mirrored in xlsx-worker.mjs). A number that is not finite is sent as an empty cell:
 * the sheet XML has no NaN or Infinity (Excel refuses a file that holds one).
 */
export interface CellBatch {
  rows: Cell[][];
  width: number;
  days: number[];
}

/** Every row's cells in column order: text made formula-safe, a date column's days marked for revival. */
export function cellBatch(columns: readonly SheetColumn<unknown>[], page: readonly unknown[]): CellBatch {
  const width = columns.length;
  const rows: Cell[][] = new Array(page.length);
  const days: number[] = [];
  for (let r = 0; r < page.length; r += 1) {
    const row = page[r];
    const cells: Cell[] = new Array(width);
    for (let i = 0; i < width; i += 1) {
      const column = columns[i] as SheetColumn<unknown>;
      const value = column.value(row);
      if (typeof value !== 'string') {
        cells[i] = typeof value === 'number' && !Number.isFinite(value) ? null : value;
        continue;
      }
      const day = column.type === 'date' ? dayTime(value) : undefined;
      if (day === undefined) cells[i] = cellText(value);
      else {
        cells[i] = day;
        days.push(r * width + i);
      }
    }
    rows[r] = cells;
  }
  return { rows, width, days };
}

/** cellBatch as the JSON text posted to the worker. */
export function postedBatch(columns: readonly SheetColumn<unknown>[], page: readonly unknown[]): string {
  return JSON.stringify(cellBatch(columns, page));
}

/** The batch's rows with its listed days as Dates again: what exceljs is given. */
export function reviveDays(batch: CellBatch): Cell[][] {
  for (const at of batch.days) {
    const cells = batch.rows[Math.floor(at / batch.width)] as Cell[];
    const column = at % batch.width;
    cells[column] = new Date(cells[column] as number);
  }
  return batch.rows;
}

/** A row's cells in column order, as they go into the sheet. */
export function rowCells(columns: readonly SheetColumn<unknown>[], row: unknown): Cell[] {
  return reviveDays(cellBatch(columns, [row]))[0] as Cell[];
}
