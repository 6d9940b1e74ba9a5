import { WarningOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The visible warning that a figure or table rests on too few patients (never hidden). */
export function TooFewNote({ text, testId = 'too-few' }: { text: string; testId?: string }) {
  return (
    <p className="outcome-too-few" role="note" data-testid={testId}>
      <WarningOutlined aria-hidden /> {text}
    </p>
  );
}

export interface DataTableProps {
  caption: string;
  /** Column headers; the first column heads the row headers. */
  columns: readonly string[];
  /** Each row: its header cell, then the values. */
  rows: readonly (readonly [string, ...string[]])[];
}

/** A chart's numbers as a plain table: its text alternative. */
export function DataTable({ caption, columns, rows }: DataTableProps) {
  return (
    <table className="outcome-data-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([head, ...cells], index) => (
          // Rows may repeat a header (two groups at one day): the index keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed for one render and never reordered
          <tr key={`${head}-${index}`}>
            <th scope="row">{head}</th>
            {cells.map((cell, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
              <td key={column}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface Props {
  title: string;
  /** How many patients the figure rests on, in words (always shown). */
  basis: string;
  /** Set when the figure rests on too few patients: said visibly under the caption. */
  tooFew?: string | null;
  /** Draws the chart under its accessible name; null when there is nothing to draw (the data table still says so). */
  chart: ((label: string) => ReactNode) | null;
  table: DataTableProps;
  testId: string;
  children?: ReactNode;
}

/**
 * A chart of the report: title, the number of patients it rests on, the too-few warning, the chart,
 * and its data table in a collapsible 数据表 (a native <details>, so the table is in the page for
 * screen readers and search and opens with the keyboard).
 */
export function OutcomeFigure({ title, basis, tooFew, chart, table, testId, children }: Props) {
  const { t } = useTranslation();
  return (
    <figure className="outcome-figure" data-testid={testId}>
      <figcaption className="outcome-figure-caption">
        <span className="outcome-figure-title">{title}</span>
        <span className="outcome-basis" data-testid={`${testId}-basis`}>
          {basis}
        </span>
      </figcaption>
      {tooFew && <TooFewNote text={tooFew} testId={`${testId}-too-few`} />}
      {chart ? chart(t('outcomes.chartLabel', { title })) : <p className="outcome-chart-empty">{t('outcomes.nothingToDraw')}</p>}
      {children}
      <details className="outcome-data" data-testid={`${testId}-data`}>
        <summary>{t('outcomes.dataTable')}</summary>
        <DataTable {...table} />
      </details>
    </figure>
  );
}
