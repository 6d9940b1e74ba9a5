import { type AnnexKey, baselineAnnexes, followUpAnnex } from '@tcm/contracts';
import type { ExportKey } from '@tcm/contracts/api/exports';
import { asc, eq, gt } from 'drizzle-orm';
import { institutionJoin } from '../../../db/queries/patients';
import { exportPatients, withinRange } from '../filters';
import { type InstrumentValues, instrument, instrumentColumns, recordsOfPatients } from '../instrument-columns';
import { keysetPages } from '../paging';
import { type PatientFields, patientColumns, patientSelect } from '../patient-columns';
import { anySheet, type ExportDefinition, type SheetColumn } from '../sheet';

type Group = { cohort: 'managed' } | { cohort: 'comparison'; role: 0 | 1 };

interface EndedRow extends PatientFields {
  baseline: Partial<Record<AnnexKey, InstrumentValues>>;
  latest: Partial<Record<AnnexKey, InstrumentValues>>;
}

/**
 * Baseline = the first live record of each annex of the group's baseline set (managed 1, 2, 3, 4, 6;
 * comparison 1, 3, 6); then the latest follow-up (annex 7, or 9 for diabetic members) and, for the
 * managed group, the end-of-management evaluation (annex 8) with its outcome versus baseline.
 */
function groupColumns(group: Group): { baseline: AnnexKey[]; latest: AnnexKey[]; columns: SheetColumn<EndedRow>[] } {
  const baseline = baselineAnnexes(group.cohort) as AnnexKey[];
  const followUp = followUpAnnex(group.cohort, group.cohort === 'comparison' ? group.role : null);
  const latest: AnnexKey[] = group.cohort === 'managed' ? [followUp, '8'] : [followUp];
  const columns = [
    ...baseline.flatMap((annex) =>
      instrumentColumns<EndedRow>(annex, {
        keyPrefix: `baseline.annex${annex}.`,
        headerPrefix: `基线·${instrument(annex).title.zh}·`,
        pick: (r) => r.baseline[annex],
      }),
    ),
    ...instrumentColumns<EndedRow>(followUp, {
      keyPrefix: `latest.annex${followUp}.`,
      headerPrefix: '末次随访·',
      pick: (r) => r.latest[followUp],
    }),
    ...(group.cohort === 'managed'
      ? instrumentColumns<EndedRow>('8', { keyPrefix: 'annex8.', headerPrefix: `${instrument('8').title.zh}·`, pick: (r) => r.latest['8'] })
      : []),
  ];
  return { baseline, latest, columns };
}

function stopManageExport(key: ExportKey, group: Group, sheetName: string, summary: string): ExportDefinition {
  return {
    key,
    summary,
    sheets(ctx, scope) {
      const { baseline, latest, columns } = groupColumns(group);
      const inScope = exportPatients(ctx, scope);
      const patients = inScope.cols;
      const fetchPage = (afterId: number, limit: number) =>
        inScope
          .select(
            patientSelect(patients),
            eq(patients.cohort, group.cohort),
            group.cohort === 'comparison' ? eq(patients.comparisonRole, group.role) : undefined,
            eq(patients.endManagement, true),
            withinRange(patients.endedAt, scope),
            gt(patients.id, afterId),
          )
          .leftJoin(...institutionJoin)
          .orderBy(asc(patients.id))
          .limit(limit);
      const prepare = async (rows: PatientFields[]): Promise<EndedRow[]> => {
        const ids = rows.map((r) => r.patientId);
        const [firsts, lasts] = await Promise.all([
          recordsOfPatients(ctx, ids, baseline, 'first'),
          recordsOfPatients(ctx, ids, latest, 'latest'),
        ]);
        return rows.map((row) => ({ ...row, baseline: firsts.get(row.patientId) ?? {}, latest: lasts.get(row.patientId) ?? {} }));
      };
      return [
        anySheet<EndedRow>({
          name: sheetName,
          columns: [...patientColumns<EndedRow>(scope), ...columns],
          pages: () => keysetPages(fetchPage, (row) => row.patientId, prepare),
        }),
      ];
    },
  };
}

export const stopComparativeDiabetesExport = stopManageExport(
  'stopComparativeDiabetes',
  { cohort: 'comparison', role: 1 },
  '对照组糖尿病结束管理',
  'Ended comparison members with diabetes (role 1): baseline annexes 1, 3, 6 and the latest annex 9; the range bounds the end date',
);
export const stopComparativePreDiabetesExport = stopManageExport(
  'stopComparativePreDiabetes',
  { cohort: 'comparison', role: 0 },
  '对照组糖尿病前期结束管理',
  'Ended comparison members with pre-diabetes (role 0): baseline annexes 1, 3, 6 and the latest annex 7; the range bounds the end date',
);
export const stopManagedExport = stopManageExport(
  'stopManaged',
  { cohort: 'managed' },
  '管理组结束管理',
  'Ended managed patients: baseline annexes 1, 2, 3, 4, 6, the latest annex 7 and the annex 8 evaluation; the range bounds the end date',
);
