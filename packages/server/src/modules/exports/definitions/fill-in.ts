import { PROTOCOL_GROUPS } from '@tcm/contracts';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { dueDateSql, institutionJoin, isCompletedSql, isOverdueSql } from '../../../db/queries/patients';
import { isoDate } from '../../../lib/dates';
import { exportPatients, withinRange } from '../filters';
import { instrument } from '../instrument-columns';
import { keysetPages } from '../paging';
import { type PatientFields, patientColumns, patientSelect } from '../patient-columns';
import { anySheet, type ExportDefinition, type SheetColumn } from '../sheet';

/** The managed group of the protocol table: its instruments are the ✓ columns, its baseline the missing ones. */
const MANAGED = PROTOCOL_GROUPS.managed;

interface FillInRow extends PatientFields {
  filledAnnexes: string[];
  completed: boolean;
  overdue: boolean;
  dueDate: string | null;
  lastFollowUpDate: string | null;
}

const MARK = '✓';
const YES_NO = [
  { value: 'true', label: '是' },
  { value: 'false', label: '否' },
];
const FILL_STATUS = [
  { value: 'completed', label: '已完成' },
  { value: 'uncompleted', label: '未完成' },
];

function fillColumns(): SheetColumn<FillInRow>[] {
  const marks = MANAGED.instruments.map(
    (annex): SheetColumn<FillInRow> => ({
      key: `filled.annex${annex}`,
      header: annex === 'custom' ? instrument(annex).title.zh : `附件${annex} ${instrument(annex).title.zh}`,
      type: 'mark',
      codes: [{ value: MARK, label: '已填写' }],
      value: (r) => (r.filledAnnexes.includes(annex) ? MARK : null),
    }),
  );
  return [
    ...marks,
    {
      key: 'fill.status',
      header: '填报状态',
      type: 'single',
      codes: FILL_STATUS,
      value: (r) => (r.completed ? '已完成' : '未完成'),
    },
    {
      key: 'fill.missingBaseline',
      header: '缺少的基线附件',
      type: 'text',
      value: (r) =>
        MANAGED.baseline
          .filter((annex) => !r.filledAnnexes.includes(annex))
          .map((annex) => `附件${annex}`)
          .join('、') || null,
    },
    { key: 'followUp.last', header: '最近随访日期', type: 'date', value: (r) => (r.lastFollowUpDate ? isoDate(r.lastFollowUpDate) : null) },
    { key: 'followUp.due', header: '下次随访应访日期', type: 'date', value: (r) => (r.endManagement ? null : r.dueDate) },
    { key: 'followUp.overdue', header: '随访是否逾期', type: 'boolean', codes: YES_NO, value: (r) => (r.overdue ? '是' : '否') },
  ];
}

/**
 * /api/user/exportRegisterPatientIsFillIn: the managed (registered) patients and which instruments each
 * has filled, with the fill-in status and follow-up dates the lists show; the range bounds enrolment.
 */
export const fillInExport: ExportDefinition = {
  key: 'registerFillIn',
  summary: 'Managed patients and which instruments each has filled (✓ per annex), fill-in status and follow-up dates',
  sheets(ctx, scope) {
    const inScope = exportPatients(ctx, scope);
    const patients = inScope.cols;
    const fetchPage = (afterId: number, limit: number) =>
      inScope
        .select(
          {
            ...patientSelect(patients),
            filledAnnexes: patients.filledAnnexes,
            completed: isCompletedSql,
            overdue: isOverdueSql(scope.today),
            dueDate: sql<string | null>`to_char(${dueDateSql}, 'YYYY-MM-DD')`,
            lastFollowUpDate: patients.lastFollowUpDate,
          },
          eq(patients.cohort, 'managed'),
          withinRange(patients.enrolledAt, scope),
          gt(patients.id, afterId),
        )
        .leftJoin(...institutionJoin)
        .orderBy(asc(patients.id))
        .limit(limit);
    return [
      anySheet<FillInRow>({
        name: '填报情况',
        columns: [...patientColumns<FillInRow>(scope), ...fillColumns()],
        pages: () =>
          keysetPages(
            fetchPage,
            (row) => row.patientId,
            (rows) => rows,
          ),
      }),
    ];
  },
};
