import type { Paged } from '@tcm/contracts/api/envelope';
import type { PatientListItem } from '@tcm/contracts/api/patient';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/DataTable';
import { EmptyState, ErrorState } from '../../components/PageState';
import { CohortTag, FillStatusTag, FollowUpStatusTag, formatDate, UrgentMark } from '../../components/status-tags';
import { PAGE_SIZE_OPTIONS } from '../../components/use-paging';
import { LastContact, OutreachStatusTag } from '../outreach/OutreachStatusTag';

export type PatientColumn = 'cohort' | 'fillStatus' | 'followUp' | 'enrolledAt' | 'endedAt' | 'institution' | 'lastContact';

interface Props {
  data: Paged<PatientListItem> | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  page: number;
  limit: number;
  onPage: (page: number, limit: number) => void;
  columns: PatientColumn[];
  actions: (patient: PatientListItem) => React.ReactNode;
  caption: string;
  emptyText?: string;
  /** Home worklists are short; they hide the size changer. */
  compact?: boolean;
}

/** A server-paged patient list: identity (masked), the chosen status columns, row actions. */
export function PatientTable({
  data,
  isLoading,
  error,
  onRetry,
  page,
  limit,
  onPage,
  columns,
  actions,
  caption,
  emptyText,
  compact,
}: Props) {
  const { t } = useTranslation();

  // Kept between renders while what they show is (columns named by value, `actions` by identity: keep
  // it stable), so that a page click renders the spinner and the pager, not the rows (DataTable).
  const columnsKey = columns.join(',');
  const tableColumns = useMemo(
    () => patientColumns(t, columnsKey.split(',').filter(Boolean) as PatientColumn[], actions, compact),
    [t, columnsKey, actions, compact],
  );
  if (error && !data) return <ErrorState error={error} onRetry={onRetry} />;
  return (
    <section aria-label={caption}>
      <DataTable<PatientListItem>
        rowKey="id"
        size="middle"
        columns={tableColumns}
        rows={data?.list ?? []}
        loading={isLoading}
        scrollX
        empty={<EmptyState description={emptyText} />}
        pagination={{
          current: page,
          pageSize: limit,
          total: data?.total ?? 0,
          sizeOptions: compact ? undefined : PAGE_SIZE_OPTIONS,
          showTotal: true,
          onChange: onPage,
          hideOnSinglePage: compact,
          label: caption,
        }}
      />
    </section>
  );
}

function patientColumns(
  t: TFunction,
  columns: readonly PatientColumn[],
  actions: Props['actions'],
  compact: boolean | undefined,
): DataColumn<PatientListItem>[] {
  const optional: Record<PatientColumn, DataColumn<PatientListItem>> = {
    cohort: { key: 'cohort', title: t('columns.cohort'), render: (p) => <CohortTag cohort={p.cohort} role={p.role} /> },
    institution: { key: 'institution', title: t('fields.institution'), dataIndex: 'institutionName', from: 'xl' },
    enrolledAt: { key: 'enrolledAt', title: t('columns.enrolledAt'), render: (p) => formatDate(p.enrolledAt), from: 'lg' },
    fillStatus: { key: 'fillStatus', title: t('columns.fillStatus'), render: (p) => <FillStatusTag status={p.fillStatus} /> },
    followUp: {
      key: 'followUp',
      title: t('columns.followUp'),
      render: (p) => (
        <div>
          <div>{t('columns.lastFollowUp', { date: formatDate(p.lastFollowUpDate) })}</div>
          <div>
            {t('columns.nextDue', { date: formatDate(p.nextDueDate) })} <FollowUpStatusTag patient={p} />
          </div>
        </div>
      ),
    },
    endedAt: { key: 'endedAt', title: t('columns.endedAt'), render: (p) => formatDate(p.endedAt) },
    lastContact: { key: 'lastContact', title: t('outreach.lastContact'), render: (p) => <LastContact patient={p} /> },
  };

  return [
    {
      key: 'name',
      title: t('fields.name'),
      render: (p) => (
        <div>
          <strong data-patient-data>{p.name}</strong>
          {p.urgent && <UrgentMark />}
          <OutreachStatusTag status={p.followUpStatus} />
          <div style={{ color: 'var(--ant-color-text-secondary)' }}>
            {t(`gender.${p.gender}`)} · {t('common.ageYears', { age: p.age })}
          </div>
        </div>
      ),
    },
    { key: 'idNum', title: t('fields.idNum'), dataIndex: 'idNum', from: compact ? 'xxl' : 'md' },
    { key: 'tel', title: t('fields.telNum'), dataIndex: 'tel_num', from: 'md' },
    ...columns.map((c) => optional[c]),
    { key: 'actions', title: t('common.actions'), render: (p) => actions(p), sticky: 'right' },
  ];
}
