import type { ExportColumn } from '@tcm/contracts';
import { EXPORT_NAMES, type ExportKey, type ExportName, ExportPaths } from '@tcm/contracts/api/exports';
import type { ZodType } from 'zod';
import type { Ctx } from '../../lib/context';
import type { Keyring } from '../../lib/crypto';

/** What a cell may hold; a `date` column's YYYY-MM-DD strings are written as real Excel dates. */
export type Cell = string | number | Date | null;

/** The instrument column types, plus `mark` (✓ when an instrument was filled). */
export type ColumnType = ExportColumn['type'] | 'mark';

export interface Code {
  value: string;
  label: string;
}

/** One spreadsheet column: its variable name and Chinese header (both in the codebook) and its value. */
export interface SheetColumn<R> {
  key: string;
  header: string;
  type: ColumnType;
  unit?: string | undefined;
  codes?: readonly Code[] | undefined;
  value(row: R): Cell;
}

/** A sheet: columns and a lazy source of row pages (nothing is read until the sheet is written). */
export interface SheetSpec<R> {
  name: string;
  columns: readonly SheetColumn<R>[];
  pages(): AsyncIterable<readonly R[]>;
}

/** Sheets of different row types travel together; each sheet's own columns read its own rows. */
export type AnySheet = SheetSpec<unknown>;
export const anySheet = <R>(spec: SheetSpec<R>): AnySheet => spec as unknown as AnySheet;

/** The resolved filters of one export, already checked against the caller's rights. */
export interface ExportScope {
  /** undefined: every institution (admin only). */
  institutionId: number | undefined;
  from: string | undefined;
  to: string | undefined;
  /** The export day (file name, ages, overdue). */
  today: string;
  now: Date;
  /** Opens the sealed ID numbers and mobiles the patient columns write in full. */
  keyring: Keyring;
}

/**
 * One export: which rows and which columns. The first sheet is the export's rows (its count goes to the
 * audit log); the engine adds the codebook as the second sheet; further sheets follow it.
 */
export interface ExportDefinition {
  key: ExportKey;
  summary: string;
  sheets(ctx: Ctx, scope: ExportScope): AnySheet[];
}

/**
 * A report exported through the same pipeline (gate, streaming, codebook, audit) that is not one of
 * the specification's seven, such as the programme outcome report: it names its own path and file,
 * and is offered on its report's page rather than in the export dialog.
 */
export interface ReportExportDefinition extends Omit<ExportDefinition, 'key' | 'sheets'> {
  key: string;
  path: string;
  name: ExportName;
  /** A query schema of its own (default: the exports' institutionId/from/to); the sheets receive the parsed query. */
  query?: ZodType;
  /** Refusals that must answer the JSON envelope before the file starts (e.g. another doctor's filter). */
  check?(ctx: Ctx, query: Record<string, unknown>): Promise<void>;
  sheets(ctx: Ctx, scope: ExportScope, query: Record<string, unknown>): AnySheet[];
}

export type AnyExportDefinition = ExportDefinition | ReportExportDefinition;

/** Where an export is served and what its file is called. */
export function exportIdentity(definition: AnyExportDefinition): { path: string; name: ExportName } {
  return 'path' in definition
    ? { path: definition.path, name: definition.name }
    : { path: ExportPaths[definition.key], name: EXPORT_NAMES[definition.key] };
}
