import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '../../components/data-table/DataTable';
import type { GroupKey } from './chart-data';
import { GROUPS, type OutcomeFormat } from './use-outcome-format';

/** One part of the printed report: a heading and its content, on a page of its own when printed. */
export function ReportSection({ id, title, children, intro }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="outcome-section" aria-labelledby={`outcome-${id}`} data-testid={`outcome-section-${id}`}>
      <h3 id={`outcome-${id}`}>{title}</h3>
      {intro && <p className="outcome-intro">{intro}</p>}
      {children}
    </section>
  );
}

/** A cell's value and, below it, how many patients it rests on. */
export interface GroupCell {
  text: string;
  n?: number;
}

export interface GroupRow {
  key: string;
  label: string;
  managed: GroupCell;
  comparison: GroupCell;
}

/** The two groups side by side, one measure per row (Table 1 style). */
export function GroupTable({ rows, format, testId }: { rows: readonly GroupRow[]; format: OutcomeFormat; testId: string }) {
  const { t } = format;
  const cell = (value: GroupCell) => (
    <>
      <span className="outcome-value">{value.text}</span>
      {value.n !== undefined && <span className="outcome-n">{t('outcomes.n', { n: value.n })}</span>}
    </>
  );
  const columns: DataColumn<GroupRow>[] = [
    { key: 'label', title: t('outcomes.measure'), dataIndex: 'label', rowHeader: true },
    ...GROUPS.map(
      (group: GroupKey): DataColumn<GroupRow> => ({
        key: group,
        title: format.groupName(group),
        render: (row) => cell(row[group]),
        cellAttributes: () => ({ 'data-group': group }),
      }),
    ),
  ];
  return <DataTable<GroupRow> className="outcome-table" testId={testId} rowKey="key" size="small" bordered columns={columns} rows={rows} />;
}
