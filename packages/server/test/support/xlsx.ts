import { API_BASE, TOKEN_HEADER } from '@tcm/contracts';
import ExcelJS from 'exceljs';
import type { TestApp } from './test-app';

export interface Download {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
  /** The envelope when the answer is JSON (a refusal), else undefined. */
  envelope?: { code: number; data: unknown; message: string };
}

/** GETs an export; a JSON answer is parsed as the envelope, anything else kept as bytes. */
export async function download(
  t: TestApp,
  path: string,
  token: string | undefined,
  query: Record<string, string | number> = {},
): Promise<Download> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${API_BASE}${path}`,
    headers: token ? { [TOKEN_HEADER]: token } : {},
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  const isJson = String(response.headers['content-type'] ?? '').includes('json');
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.rawPayload,
    ...(isJson ? { envelope: JSON.parse(response.body) } : {}),
  };
}

export async function openWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}

export type SheetRow = Record<string, unknown>;

/** A sheet as its header row and one object per data row keyed by header (empty cells are absent). */
export function readSheet(book: ExcelJS.Workbook, name: string): { headers: string[]; rows: SheetRow[] } {
  const sheet = book.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}; sheets: ${book.worksheets.map((s) => s.name).join(', ')}`);
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = row.values as unknown[];
    const entry: SheetRow = {};
    headers.forEach((header, index) => {
      const value = values[index + 1];
      if (value !== undefined && value !== null) entry[header] = value;
    });
    rows.push(entry);
  });
  return { headers, rows };
}

/** The day a clinical date cell should hold: exceljs reads Excel dates as UTC midnights. */
export const excelDay = (isoDay: string) => new Date(`${isoDay}T00:00:00.000Z`);
