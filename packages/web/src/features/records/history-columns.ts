import { type ExportColumn, exportColumns, historyColumns } from '@tcm/contracts/instruments/columns';
import type { InstrumentDefinition } from '@tcm/contracts/instruments/types';

/** The blood pressure columns a history shows whenever its instrument measures blood pressure. */
const BP_COLUMNS = ['sbp', 'dbp', 'derived.bpBand'] as const;

/**
 * The history's columns: the definition's, and the blood pressure with its category whenever the
 * instrument measures it, because a danger value of blood pressure must be readable in the row that
 * is flagged for it.
 */
export function recordHistoryColumns(def: InstrumentDefinition): ExportColumn[] {
  const columns = historyColumns(def);
  const all = new Map(exportColumns(def).map((column) => [column.key, column]));
  if (!all.has('sbp')) return columns;
  const shown = new Set(columns.map((column) => column.key));
  const missing = BP_COLUMNS.flatMap((key) => (shown.has(key) ? [] : (all.get(key) ?? [])));
  if (missing.length === 0) return columns;
  // Before the next visit date, which closes a follow-up row.
  const next = columns.findIndex((column) => column.key === 'nextVisitDate');
  const at = next < 0 ? columns.length : next;
  return [...columns.slice(0, at), ...missing, ...columns.slice(at)];
}
