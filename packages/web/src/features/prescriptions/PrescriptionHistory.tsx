import type { IssuedPrescription } from '@tcm/contracts/api/prescription';
import { prescriptionKindLabel } from '@tcm/contracts/prescriptions/labels';
import type { PrescriptionKind } from '@tcm/contracts/prescriptions/templates';
import { Button, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable';
import { ErrorState } from '../../components/PageState';
import { ReasonDialog } from '../../components/ReasonDialog';
import { toast } from '../../lib/toast';
import { HISTORY_PAGE_SIZE, usePrescriptionHistory, useVoidPrescription } from './api';
import { usePrescriptionLines } from './PrescriptionSheet';
import { colonOf, formatIssued, usePrescriptionLang } from './PrescriptionText';

function Lines({ issued }: { issued: IssuedPrescription }) {
  const { t } = useTranslation();
  const lines = usePrescriptionLines(issued);
  if (lines.length === 0) return <span>{t('prescribe.noItems')}</span>;
  return (
    <ul className="prescription-lines" style={{ margin: 0, paddingInlineStart: 18 }}>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}

/** A summary cell: the first lines only, the rest behind 查看. */
function Summary({ issued }: { issued: IssuedPrescription }) {
  const { t } = useTranslation();
  const lines = usePrescriptionLines(issued);
  if (lines.length === 0) return <span>{t('prescribe.noItems')}</span>;
  const shown = lines.slice(0, 2).map((line) => (line.length > 60 ? `${line.slice(0, 60)}…` : line));
  return <span>{shown.join('；') + (lines.length > 2 ? ' …' : '')}</span>;
}

interface Props {
  kind: PrescriptionKind;
  patientId: number;
  onPrint: (id: number) => void;
}

/** A kind's prescriptions, newest first: open, print, void with a reason. */
export function PrescriptionHistory({ kind, patientId, onPrint }: Props) {
  const { t } = useTranslation();
  const lang = usePrescriptionLang();
  const [page, setPage] = useState(1);
  const history = usePrescriptionHistory(kind, patientId, page, HISTORY_PAGE_SIZE);
  const remove = useVoidPrescription(kind);
  const [opened, setOpened] = useState<IssuedPrescription | null>(null);
  const [voiding, setVoiding] = useState<IssuedPrescription | null>(null);
  const kindName = prescriptionKindLabel(kind, lang);

  const headingId = `prescription-history-${kind}`;
  return (
    <section aria-labelledby={headingId} data-testid="prescription-history" style={{ marginTop: 24 }}>
      <h3 id={headingId} style={{ fontSize: 16, margin: '0 0 8px' }}>
        {t('prescribe.history')}
      </h3>
      {history.isError ? (
        <ErrorState error={history.error} onRetry={() => history.refetch()} />
      ) : (
        <DataTable<IssuedPrescription>
          rowKey="id"
          size="small"
          loading={history.isFetching}
          rows={history.data?.list ?? []}
          label={t('prescribe.historyLabel', { kind: kindName })}
          empty={<span style={{ color: 'var(--ant-color-text-secondary)' }}>{t('prescribe.historyEmpty')}</span>}
          pagination={{
            current: page,
            pageSize: HISTORY_PAGE_SIZE,
            total: history.data?.total ?? 0,
            onChange: setPage,
            showTotal: true,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              key: 'issuedAt',
              title: t('prescribe.issuedAt'),
              width: 170,
              render: (row, index) => (
                <Space size={4} wrap>
                  <span>{formatIssued(row.createdAt, true)}</span>
                  {page === 1 && index === 0 && (
                    <Tag
                      style={{
                        color: 'var(--ant-color-success)',
                        background: 'var(--ant-color-success-bg)',
                        borderColor: 'var(--ant-color-success-border)',
                      }}
                    >
                      {t('prescribe.overviewTitle')}
                    </Tag>
                  )}
                </Space>
              ),
            },
            { key: 'doctor', title: t('prescribe.doctor'), dataIndex: 'doctorName', width: 110 },
            { key: 'content', title: t('prescribe.content'), render: (row) => <Summary issued={row} /> },
            {
              key: 'actions',
              title: t('common.actions'),
              width: 200,
              render: (row) => {
                const date = formatIssued(row.createdAt, true);
                return (
                  <Space size={0} wrap>
                    <Button type="link" size="small" onClick={() => setOpened(row)} aria-label={`${t('prescribe.open')} ${date}`}>
                      {t('prescribe.open')}
                    </Button>
                    <Button type="link" size="small" onClick={() => onPrint(row.id)} aria-label={`${t('prescribe.print')} ${date}`}>
                      {t('prescribe.print')}
                    </Button>
                    <Button type="link" size="small" danger onClick={() => setVoiding(row)} aria-label={`${t('prescribe.void')} ${date}`}>
                      {t('prescribe.void')}
                    </Button>
                  </Space>
                );
              },
            },
          ]}
        />
      )}
      <Modal
        open={opened !== null}
        title={opened ? t('prescribe.detailTitle', { kind: kindName, date: formatIssued(opened.createdAt, true) }) : ''}
        onCancel={() => setOpened(null)}
        footer={[
          <Button key="print" onClick={() => opened && onPrint(opened.id)}>
            {t('prescribe.print')}
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpened(null)}>
            {t('prescribe.close')}
          </Button>,
        ]}
        data-testid="prescription-detail"
      >
        {opened && (
          <>
            <p style={{ margin: '0 0 8px' }}>
              {t('prescribe.doctor')}
              {colonOf(lang)}
              {opened.doctorName}
            </p>
            <Lines issued={opened} />
          </>
        )}
      </Modal>
      <ReasonDialog
        open={voiding !== null}
        title={t('prescribe.voidTitle')}
        description={t('prescribe.voidDescription')}
        label={t('prescribe.voidReason')}
        placeholder={t('prescribe.voidReasonPlaceholder')}
        reason="voidPrescription"
        isPending={remove.isPending}
        onSubmit={async (reason) => {
          if (!voiding) return;
          await remove.mutateAsync({ id: voiding.id, reason });
          toast.success(t('prescribe.voided'));
          setPage(1);
        }}
        onClose={() => setVoiding(null)}
      />
    </section>
  );
}
