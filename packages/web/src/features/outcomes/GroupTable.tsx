import { Children, type ReactNode } from 'react';
import { type DataColumn, DataTable } from '../../components/data-table/DataTable';
import type { GroupKey } from './chart-data';
import { type GlossaryKey, GlossaryTerm } from './GlossaryTerm';
import { GROUPS, type OutcomeFormat } from './use-outcome-format';

interface ReportSectionProps {
  id: string;
  title: string;
  intro?: ReactNode;
  /**
   * The section's first block, printed on the same sheet as its heading: a heading is never left at
   * the foot of a page with its content on the next (the heading, intro and lead do not break apart).
   * Without it, the first of the children is the lead.
   */
  lead?: ReactNode;
  children?: ReactNode;
}

/** One part of the printed report: a heading and its content. */
export function ReportSection({ id, title, intro, lead, children }: ReportSectionProps) {
  const blocks = Children.toArray(children);
  const first = lead ?? blocks.shift();
  return (
    <section className="outcome-section" aria-labelledby={`outcome-${id}`} data-testid={`outcome-section-${id}`}>
      <div className="outcome-section-head">
        <h3 id={`outcome-${id}`}>{title}</h3>
        {intro && <p className="outcome-intro">{intro}</p>}
        {first}
      </div>
      {blocks}
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
  /** The label is a term of the glossary: its definition on hover and focus. */
  term?: GlossaryKey;
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
    {
      key: 'label',
      title: t('outcomes.measure'),
      rowHeader: true,
      render: (row) => (row.term ? <GlossaryTerm term={row.term}>{row.label}</GlossaryTerm> : row.label),
    },
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
