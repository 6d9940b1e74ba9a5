import type { AnnexRecord } from '@tcm/contracts/api/records';
import { formatDerived, formatValue } from '@tcm/contracts/instruments/columns';
import type { InstrumentDefinition } from '@tcm/contracts/instruments/types';
import { allItems } from '@tcm/contracts/instruments/visibility';
import { Button, Space } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type DataColumn, DataTable } from '../../components/data-table/DataTable';
import { LazyDialog } from '../../components/lazy-dialog';
import { EmptyState } from '../../components/PageState';
import { ReasonDialog } from '../../components/ReasonDialog';
import { readDerived } from '../../instruments/InstrumentDerived';
import { useInstrumentLang } from '../../instruments/lang';
import { toast } from '../../lib/toast';
import { AlertFlag } from './AlertFlag';
import { useVoidRecord } from './api';
import { recordHistoryColumns } from './history-columns';

// The record's document and its revisions come with their dialogs, when first opened.
const RecordViewDialog = lazy(() => import('./RecordViewDialog'));
const RecordRevisionsDialog = lazy(() => import('./RecordRevisionsDialog'));

interface Props {
  def: InstrumentDefinition;
  patientId: number;
  records: AnnexRecord[];
  isLoading: boolean;
  gender?: 'man' | 'woman';
  onEdit: (record: AnnexRecord) => void;
}

export function printPath(record: AnnexRecord): string {
  return `/recordPrint/${record.annex}/${record.id}`;
}

/** The instrument's history, newest first: open, edit, see its revisions, print, void with a reason. */
export function RecordHistory({ def, patientId, records, isLoading, gender, onEdit }: Props) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<AnnexRecord | null>(null);
  const [voiding, setVoiding] = useState<AnnexRecord | null>(null);
  const [revising, setRevising] = useState<AnnexRecord | null>(null);
  const voidRecord = useVoidRecord(def.key, patientId);
  const items = new Map(allItems(def).map((item) => [item.key, item]));
  const derivedColumns = new Map((def.derivedColumns ?? []).map((column) => [column.key, column]));

  const columns = recordHistoryColumns(def).map(
    (column): DataColumn<AnnexRecord> => ({
      key: column.key,
      title: lang === 'zh' ? column.header : column.headerEn,
      // Dates and measured values read badly broken over two lines; the region scrolls instead.
      className: column.type === 'date' || column.type === 'number' ? 'cell-nowrap' : undefined,
      render: (record) => {
        if (column.source === 'derived') {
          const key = column.path.join('.');
          const derived = derivedColumns.get(key);
          // A derived text kept in both languages (the CCMQ conclusion) has its English under `<key>En`.
          const english = lang === 'en' ? readDerived(record.derived, `${key}En`) : undefined;
          const value = typeof english === 'string' ? english : readDerived(record.derived, key);
          return derived ? formatDerived(derived, value, lang) : String(value ?? '');
        }
        const item = items.get(column.path[0] ?? '');
        return item ? formatValue(item, record.data[item.key], lang) : '';
      },
    }),
  );

  // Instruments with danger values open each row with its flag (empty for a row without one).
  const flagged = (def.derivedColumns ?? []).some((column) => column.key === 'hasAlert');
  const flagColumn: DataColumn<AnnexRecord>[] = flagged
    ? [{ key: 'alert', title: t('alerts.historyFlag'), className: 'cell-nowrap', render: (record) => <AlertFlag record={record} /> }]
    : [];

  const title = t('instrument.historyTitle', { name: def.title[lang] });
  return (
    <section aria-label={title} data-testid={`record-history-${def.key}`}>
      <h3 className="instrument-history-title">{title}</h3>
      {/* The table fits the section and wraps its cells (dates and numbers stay on one line); a history
          too wide even so scrolls, and DataTable then makes it a focusable region of this name. */}
      <DataTable<AnnexRecord>
        label={title}
        rowKey="id"
        size="small"
        loading={isLoading}
        localPageSize={10}
        rows={records}
        empty={<EmptyState description={t('instrument.historyEmpty')} />}
        columns={[
          ...flagColumn,
          ...columns,
          { key: 'doctor', title: t('instrument.doctor'), dataIndex: 'doctorName' },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (record) => (
              <Space size={4} wrap>
                <Button size="small" type="link" onClick={() => setViewing(record)}>
                  {t('instrument.open')}
                </Button>
                <Button size="small" type="link" onClick={() => onEdit(record)}>
                  {t('instrument.edit')}
                </Button>
                <Button size="small" type="link" onClick={() => setRevising(record)} data-testid={`record-revisions-open-${record.id}`}>
                  {t('instrument.revisions')}
                </Button>
                <Button size="small" type="link" onClick={() => navigate(printPath(record))}>
                  {t('instrument.print')}
                </Button>
                <Button size="small" type="link" danger onClick={() => setVoiding(record)}>
                  {t('instrument.void')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <LazyDialog
        dialog={RecordViewDialog}
        open={viewing !== null}
        def={def}
        record={viewing}
        gender={gender}
        onRevisions={(record) => {
          setRevising(record);
          setViewing(null);
        }}
        onPrint={(record) => navigate(printPath(record))}
        onClose={() => setViewing(null)}
      />
      <LazyDialog dialog={RecordRevisionsDialog} open={revising !== null} def={def} record={revising} onClose={() => setRevising(null)} />
      <ReasonDialog
        open={voiding !== null}
        title={t('instrument.voidTitle')}
        description={voiding ? t('instrument.voidDescription', { name: def.title[lang], date: voiding.filledAt.slice(0, 10) }) : undefined}
        label={t('instrument.voidReason')}
        reason="voidRecord"
        isPending={voidRecord.isPending}
        onSubmit={async (reason) => {
          if (!voiding) return;
          await voidRecord.mutateAsync({ id: voiding.id, reason });
          toast.success(t('instrument.voided'));
        }}
        onClose={() => setVoiding(null)}
      />
    </section>
  );
}
