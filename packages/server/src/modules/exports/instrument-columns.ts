import { type AnnexKey, type CellValue, exportCellsMapper, exportColumns, getInstrument, type InstrumentDefinition } from '@tcm/contracts';
import { and, asc, desc, gte, inArray, isNull, lte } from 'drizzle-orm';
import { annexRecords } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import type { SheetColumn } from './sheet';

/** A record's cells in the order of `exportColumns(def)`. */
export type InstrumentValues = CellValue[];

export function instrument(annex: AnnexKey): InstrumentDefinition {
  const def = getInstrument(annex);
  if (!def) throw new Error(`no instrument ${annex}`);
  return def;
}

/** Each definition's cell builder, built on first use and kept: building one walks the whole definition. */
const mappers = new Map<AnnexKey, (record: { data: Record<string, unknown>; derived: Record<string, unknown> }) => InstrumentValues>();

/** An instrument record's cells (numbers stay numbers, choices become labels), in column order. */
export function instrumentValues(annex: AnnexKey, record: { data: unknown; derived: unknown }): InstrumentValues {
  let mapper = mappers.get(annex);
  if (!mapper) {
    mapper = exportCellsMapper(instrument(annex), 'zh');
    mappers.set(annex, mapper);
  }
  return mapper({ data: (record.data ?? {}) as Record<string, unknown>, derived: (record.derived ?? {}) as Record<string, unknown> });
}

/**
 * The columns of one instrument exactly as its definition names them (exportColumns), as a column
 * group: `keyPrefix` keeps variable names unique across groups, `headerPrefix` says which group a
 * Chinese header belongs to, and `pick` finds the group's values in a row (undefined: empty cells).
 */
export function instrumentColumns<R>(
  annex: AnnexKey,
  options: { keyPrefix: string; headerPrefix?: string; pick(row: R): InstrumentValues | undefined },
): SheetColumn<R>[] {
  return exportColumns(instrument(annex)).map((column, index) => ({
    key: `${options.keyPrefix}${column.key}`,
    header: `${options.headerPrefix ?? ''}${column.header}`,
    type: column.type,
    unit: column.unit,
    codes: column.codes,
    value: (row: R) => options.pick(row)?.[index] ?? null,
  }));
}

export interface DateRange {
  from: string | undefined;
  to: string | undefined;
}

/**
 * For one page of patients, their first (baseline) or latest live record of each of `annexes`,
 * optionally within a date range: one DISTINCT ON query per page, served by the partial index on
 * (patient, annex, date, id). Returns patient id → annex → cells.
 */
export async function recordsOfPatients(
  ctx: Ctx,
  patientIds: readonly number[],
  annexes: readonly AnnexKey[],
  which: 'first' | 'latest',
  range: DateRange = { from: undefined, to: undefined },
): Promise<Map<number, Partial<Record<AnnexKey, InstrumentValues>>>> {
  const found = new Map<number, Partial<Record<AnnexKey, InstrumentValues>>>();
  if (patientIds.length === 0 || annexes.length === 0) return found;
  const order = which === 'first' ? asc : desc;
  const rows = await ctx.db
    .selectDistinctOn([annexRecords.patientId, annexRecords.annex], {
      patientId: annexRecords.patientId,
      annex: annexRecords.annex,
      data: annexRecords.data,
      derived: annexRecords.derived,
    })
    .from(annexRecords)
    .where(
      and(
        inArray(annexRecords.patientId, [...patientIds]),
        inArray(annexRecords.annex, [...annexes]),
        isNull(annexRecords.voidedAt),
        range.from ? gte(annexRecords.filledAt, range.from) : undefined,
        range.to ? lte(annexRecords.filledAt, range.to) : undefined,
      ),
    )
    .orderBy(annexRecords.patientId, annexRecords.annex, order(annexRecords.filledAt), order(annexRecords.id));
  for (const row of rows) {
    const byAnnex = found.get(row.patientId) ?? {};
    byAnnex[row.annex as AnnexKey] = instrumentValues(row.annex as AnnexKey, row);
    found.set(row.patientId, byAnnex);
  }
  return found;
}
