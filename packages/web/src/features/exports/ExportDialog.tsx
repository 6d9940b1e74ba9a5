import { EXPORT_NAMES, type ExportKey, ExportPaths } from '@tcm/contracts/api/export-paths';
import { Checkbox, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/client';
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
    setIsBusy(true);
    setReceived(null);
    try {
      const name = await downloadFile(ExportPaths[values.kind], params, `${EXPORT_NAMES[values.kind].fileStem}.xlsx`, setReceived);
      toast.success(t('exports.done', { name }));
      onClose();
    } catch {
      // The client showed the server's refusal.
    } finally {
      setIsBusy(false);
      setReceived(null);
    }
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
        <p style={{ margin: 0, color: 'rgba(0,0,0,0.65)' }}>{t('exports.rangeHint')}</p>
        <Form.Item name="deidentify" valuePropName="checked" style={{ margin: '12px 0 0' }} extra={t('exports.deidentifyHint')}>
          <Checkbox>{t('exports.deidentify')}</Checkbox>
        </Form.Item>
        <Form.Item name="coded" valuePropName="checked" style={{ margin: '8px 0 0' }} extra={t('exports.codedHint')}>
          <Checkbox>{t('exports.coded')}</Checkbox>
        </Form.Item>
      </Form>
      <p role="status" aria-live="polite" data-testid="export-progress" style={{ margin: '12px 0 0', minHeight: '1.5em' }}>
        {isBusy ? (received === null ? t('exports.preparing') : t('exports.receiving', { size: receivedText(received) })) : ''}
      </p>
    </Modal>
  );
}
