import type { AnnexKey } from '@tcm/contracts';
import { and, asc, eq, exists, gt, inArray, isNull } from 'drizzle-orm';
import { institutionJoin } from '../../../db/queries/patients';
import { annexRecords } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { exportPatients, withinRange } from '../filters';
import { type InstrumentValues, instrument, instrumentColumns, recordsOfPatients } from '../instrument-columns';
import { keysetPages } from '../paging';
import { type PatientFields, patientColumns, patientSelect } from '../patient-columns';
import { annexRecordSheet } from '../record-sheet';
import { anySheet, type ExportDefinition, type ExportScope } from '../sheet';

const ANNEXES: readonly AnnexKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

interface SummaryRow extends PatientFields {
  latest: Partial<Record<AnnexKey, InstrumentValues>>;
}

/**
 * With a date range, a patient counts when they have a record in it, and each group shows the latest
 * record within it; without one, every live patient in scope, records or not.
 */
function summarySheet(ctx: Ctx, scope: ExportScope) {
  const inScope = exportPatients(ctx, scope);
  const patients = inScope.cols;
  const hasRecordInRange =
    scope.from || scope.to
      ? exists(
          ctx.db
            .select({ one: annexRecords.id })
            .from(annexRecords)
            .where(
              and(
                eq(annexRecords.patientId, patients.id),
                inArray(annexRecords.annex, [...ANNEXES]),
                isNull(annexRecords.voidedAt),
                withinRange(annexRecords.filledAt, scope),
              ),
            ),
        )
      : undefined;
  const fetchPage = (afterId: number, limit: number) =>
    inScope
      .select(patientSelect(patients), hasRecordInRange, gt(patients.id, afterId))
      .leftJoin(...institutionJoin)
      .orderBy(asc(patients.id))
      .limit(limit);
  const prepare = async (rows: PatientFields[]): Promise<SummaryRow[]> => {
    const latest = await recordsOfPatients(
      ctx,
      rows.map((r) => r.patientId),
      ANNEXES,
      'latest',
      scope,
    );
    return rows.map((row) => ({ ...row, latest: latest.get(row.patientId) ?? {} }));
  };
  return anySheet<SummaryRow>({
    name: '患者汇总',
    columns: [
      ...patientColumns<SummaryRow>(scope),
      ...ANNEXES.flatMap((annex) =>
        instrumentColumns<SummaryRow>(annex, {
          keyPrefix: `annex${annex}.`,
          headerPrefix: `${instrument(annex).title.zh}·`,
          pick: (r) => r.latest[annex],
        }),
      ),
    ],
    pages: () => keysetPages(fetchPage, (row) => row.patientId, prepare),
  });
}

/**
 * /api/annex/exportAnnex1ToAnnex9: one row per patient with the latest record of each annex as a
 * column group, then (after the codebook) one sheet per annex with every record.
 */
export const annexSummaryExport: ExportDefinition = {
  key: 'annex1To9',
  summary: 'One row per patient with the latest record of each annex 1–9 as column groups, plus one sheet per annex with every record',
  sheets: (ctx, scope) => [
    summarySheet(ctx, scope),
    ...ANNEXES.map((annex) => annexRecordSheet(ctx, scope, annex, `附件${annex} ${instrument(annex).title.zh}`)),
  ],
};
