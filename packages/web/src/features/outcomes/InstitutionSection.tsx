import type { OutcomeInstitutionRow, OutcomeReport } from '@tcm/contracts/api/outcomes';
import { type DataColumn, DataTable } from '../../components/data-table/DataTable';
import type { GroupKey } from './chart-data';
import { ReportSection } from './GroupTable';
import { GROUPS, type OutcomeFormat } from './use-outcome-format';

type InstitutionRow = OutcomeReport['byInstitution'][number];
type Measure = keyof OutcomeInstitutionRow;

/** The columns of each group; all but enrolment sort. */
const MEASURES: readonly { key: Measure; sortable: boolean }[] = [
  { key: 'enrolled', sortable: false },
  { key: 'baselineComplete', sortable: true },
  { key: 'followUpOnTime', sortable: true },
  { key: 'evaluable', sortable: true },
  { key: 'progressed', sortable: true },
  { key: 'reverted', sortable: true },
];

/** Sorting value: a share nobody was due for (null) sorts below every real share. */
export function sortValue(row: InstitutionRow, group: GroupKey, measure: Measure): number {
  return row[group][measure] ?? -1;
}

/** Each institution's two groups: enrolment, baseline completeness, follow-up on time and outcomes. */
export function InstitutionSection({ rows, format }: { rows: readonly InstitutionRow[]; format: OutcomeFormat }) {
  const { t } = format;
  const columns: DataColumn<InstitutionRow>[] = [
    {
      key: 'name',
      title: t('outcomes.institutions.name'),
      dataIndex: 'name',
      rowHeader: true,
      sticky: 'left',
      cellAttributes: () => ({ 'data-patient-data': '' }),
    },
    ...GROUPS.map(
      (group): DataColumn<InstitutionRow> => ({
        key: group,
        title: format.groupName(group),
        children: MEASURES.map(
          ({ key, sortable }): DataColumn<InstitutionRow> => ({
            key: `${group}.${key}`,
            title: t(`outcomes.institutions.${key}`),
            align: 'right',
            render: (row) => (key === 'followUpOnTime' ? format.percent(row[group].followUpOnTime) : format.count(row[group][key])),
            compare: sortable ? (a, b) => sortValue(a, group, key) - sortValue(b, group, key) : undefined,
          }),
        ),
      }),
    ),
  ];
  return (
    <ReportSection id="institutions" title={t('outcomes.sections.institutions')} intro={t('outcomes.institutions.intro')}>
      <DataTable<InstitutionRow>
        className="outcome-table outcome-institution-table"
        testId="outcome-institution-table"
        rowKey="institutionId"
        size="small"
        bordered
        scrollX
        columns={columns}
        rows={rows}
      />
    </ReportSection>
  );
}
