import type { ContactItem, MessageItem } from '@tcm/contracts/api/outreach';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/DataTable';
import { EmptyState, ErrorState } from '../../components/PageState';
import { formatDate } from '../../components/status-tags';
import dayjs from '../../lib/dayjs';
import { useContactHistory, useReminderHistory } from './api';

function formatTime(value: string | null): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—';
}

/**
 * A patient's contact history: the attempts, newest first, and the SMS reminders kept for them (kind,
 * status, when queued and sent; never the text).
 */
export default function ContactHistoryDialog({
  open,
  patientId,
  name,
  onClose,
}: {
  open: boolean;
  patientId: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('outreach.history.title', { name })}
      footer={null}
      onCancel={onClose}
      width={720}
      data-testid="contact-history"
    >
      {open && <ContactTable patientId={patientId} />}
      {open && <ReminderTable patientId={patientId} />}
    </Modal>
  );
}

function ContactTable({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const query = useContactHistory(patientId);
  if (query.error && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const columns: DataColumn<ContactItem>[] = [
    { key: 'date', title: t('outreach.history.date'), render: (c) => formatDate(c.contactDate) },
    { key: 'channel', title: t('outreach.dialog.channel'), render: (c) => t(`outreach.channel.${c.channel}`) },
    {
      key: 'result',
      title: t('outreach.dialog.result'),
      render: (c) => (
        <>
          {t(`outreach.result.${c.result}`)}
          {c.remindOn ? ` · ${t('outreach.history.remindOn', { date: formatDate(c.remindOn) })}` : ''}
        </>
      ),
    },
    { key: 'note', title: t('outreach.dialog.note'), render: (c) => c.note ?? '' },
    { key: 'by', title: t('outreach.history.by'), render: (c) => c.createdBy?.name ?? '—' },
  ];
  return (
    <section aria-label={t('outreach.history.contacts')} data-testid="contact-history-contacts">
      <h4 style={{ margin: '8px 0' }}>{t('outreach.history.contacts')}</h4>
      <DataTable<ContactItem>
        rowKey="id"
        size="small"
        columns={columns}
        rows={query.data ?? []}
        loading={query.isFetching}
        empty={<EmptyState description={t('outreach.history.noContacts')} />}
      />
    </section>
  );
}

function ReminderTable({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const query = useReminderHistory(patientId);
  if (query.error && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const columns: DataColumn<MessageItem>[] = [
    { key: 'kind', title: t('outreach.history.kind'), render: (m) => t(`outreach.reminderKind.${m.kind}`) },
    { key: 'status', title: t('outreach.history.status'), render: (m) => t(`outreach.messageStatus.${m.status}`) },
    { key: 'created', title: t('outreach.history.created'), render: (m) => formatTime(m.createdAt) },
    { key: 'sent', title: t('outreach.history.sent'), render: (m) => formatTime(m.sentAt) },
  ];
  return (
    <section aria-label={t('outreach.history.reminders')} data-testid="contact-history-reminders" style={{ marginTop: 16 }}>
      <h4 style={{ margin: '8px 0' }}>{t('outreach.history.reminders')}</h4>
      <DataTable<MessageItem>
        rowKey="id"
        size="small"
        columns={columns}
        rows={query.data ?? []}
        loading={query.isFetching}
        empty={<EmptyState description={t('outreach.history.noReminders')} />}
      />
    </section>
  );
}
