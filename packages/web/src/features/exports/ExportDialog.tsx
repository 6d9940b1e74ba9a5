import { EXPORT_NAMES, EXPORT_PROGRESS_PATH, type ExportKey, ExportPaths } from '@tcm/contracts/api/export-paths';
import { Checkbox, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, downloadFile } from '../../api/client';
import { DateField } from '../../components/DateField';
import { InstitutionSelect } from '../../components/InstitutionSelect';
import { currentLanguage } from '../../i18n';
import { toast } from '../../lib/toast';
// Registers dayjs's Chinese locale, which the date pickers need.
import '../../lib/dayjs';
import { useSessionStore } from '../../stores/session';

interface Values {
  kind: ExportKey;
  institutionId?: number;
  from?: string | null;
  to?: string | null;
  deidentify?: boolean;
  coded?: boolean;
}

/** Bytes as a person reads them while a file arrives. */
function receivedText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** How often the dialog asks how many rows the running export has written. */
const PROGRESS_POLL_MS = 1000;

/**
 * The rows written so far by the export started under `progressId` (GET /api/export/progress), polled
 * while it runs; null until the server knows it (or when the poll reached another instance).
 */
function useRowsWritten(progressId: string | null): number | null {
  const [rows, setRows] = useState<number | null>(null);
  useEffect(() => {
    setRows(null);
    if (!progressId) return;
    let stopped = false;
    const poll = async () => {
      const answer = await api
        .get<{ rows: number; known: boolean }>(EXPORT_PROGRESS_PATH, { progressId }, { silent: true })
        .catch(() => null);
      if (!stopped && answer?.known) setRows(answer.rows);
    };
    const timer = window.setInterval(() => void poll(), PROGRESS_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [progressId]);
  return rows;
}

/**
 * The export dialog of spec §7, loaded by ExportButton the first time it opens: its DatePicker and
 * Select are not part of any screen's first render.
 */
export default function ExportDialog({ open, kinds, onClose }: { open: boolean; kinds: readonly ExportKey[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const isAdmin = useSessionStore((s) => s.isAdmin);
  const [isBusy, setIsBusy] = useState(false);
  // Bytes of the file received so far, null before the first arrive.
  const [received, setReceived] = useState<number | null>(null);
  // The name this export's progress is read under, while it runs.
  const [progressId, setProgressId] = useState<string | null>(null);
  const rowsWritten = useRowsWritten(progressId);
  const language = currentLanguage();
  const nameOf = (key: ExportKey) => (language === 'en-US' ? EXPORT_NAMES[key].en : EXPORT_NAMES[key].zh);

  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { from, to } = values;
    const params = {
      ...(isAdmin && values.institutionId ? { institutionId: values.institutionId } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(values.deidentify ? { deidentify: 'true' } : {}),
      ...(values.coded ? { coded: 'true' } : {}),
    };
    const id = crypto.randomUUID();
    setIsBusy(true);
    setReceived(null);
    setProgressId(id);
    try {
      const name = await downloadFile(
        ExportPaths[values.kind],
        { ...params, progressId: id },
        `${EXPORT_NAMES[values.kind].fileStem}.xlsx`,
        setReceived,
      );
      toast.success(t('exports.done', { name }));
      onClose();
    } catch {
      // The client showed the server's refusal.
    } finally {
      setIsBusy(false);
      setReceived(null);
      setProgressId(null);
    }
  };

  // Rows written when the server says; otherwise the bytes received (a poll that reached another instance).
  const progressText = () => {
    if (rowsWritten !== null) return t('exports.written', { rows: rowsWritten, size: receivedText(received ?? 0) });
    return received === null ? t('exports.preparing') : t('exports.receiving', { size: receivedText(received) });
  };

  return (
    <Modal
      open={open}
      title={t('exports.title')}
      okText={t('exports.download')}
      cancelText={t('common.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={isBusy}
      data-testid="export-dialog"
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ kind: kinds[0] }}>
        <Form.Item name="kind" label={t('exports.kind')} required>
          <Select aria-label={t('exports.kind')} options={kinds.map((key) => ({ value: key, label: nameOf(key) }))} />
        </Form.Item>
        {isAdmin && (
          <Form.Item name="institutionId" label={t('fields.institution')} extra={t('exports.allInstitutions')}>
            <InstitutionSelect allowClear aria-label={t('fields.institution')} placeholder={t('exports.allInstitutions')} />
          </Form.Item>
        )}
        {/* Two labelled pickers rather than a RangePicker, whose second input has no label of its own. */}
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="from" label={t('exports.from')} style={{ flex: 1 }}>
            <DateField />
          </Form.Item>
          <Form.Item
            name="to"
            label={t('exports.to')}
            style={{ flex: 1 }}
            dependencies={['from']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value: string | null | undefined) => {
                  const from = getFieldValue('from') as string | null | undefined;
                  // YYYY-MM-DD strings compare as the days they name.
                  if (from && value && value < from) throw new Error(t('exports.rangeOrder'));
                },
              }),
            ]}
          >
            <DateField />
          </Form.Item>
        </div>
        <p style={{ margin: 0, color: 'var(--ant-color-text-secondary)' }}>{t('exports.rangeHint')}</p>
        <Form.Item name="deidentify" valuePropName="checked" style={{ margin: '12px 0 0' }} extra={t('exports.deidentifyHint')}>
          <Checkbox>{t('exports.deidentify')}</Checkbox>
        </Form.Item>
        <Form.Item name="coded" valuePropName="checked" style={{ margin: '8px 0 0' }} extra={t('exports.codedHint')}>
          <Checkbox>{t('exports.coded')}</Checkbox>
        </Form.Item>
      </Form>
      <p role="status" aria-live="polite" data-testid="export-progress" style={{ margin: '12px 0 0', minHeight: '1.5em' }}>
        {isBusy ? progressText() : ''}
      </p>
    </Modal>
  );
}
