import { EXPORT_NAMES, type ExportKey, ExportPaths } from '@tcm/contracts/api/export-paths';
import { DatePicker, Form, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/client';
import { InstitutionSelect } from '../../components/InstitutionSelect';
import { currentLanguage } from '../../i18n';
// Registers dayjs's Chinese locale, which the date pickers need.
import '../../lib/dayjs';
import { useSessionStore } from '../../stores/session';

interface Values {
  kind: ExportKey;
  institutionId?: number;
  from?: Dayjs | null;
  to?: Dayjs | null;
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
  const language = currentLanguage();
  const nameOf = (key: ExportKey) => (language === 'en-US' ? EXPORT_NAMES[key].en : EXPORT_NAMES[key].zh);

  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { from, to } = values;
    const params = {
      ...(isAdmin && values.institutionId ? { institutionId: values.institutionId } : {}),
      ...(from ? { from: from.format('YYYY-MM-DD') } : {}),
      ...(to ? { to: to.format('YYYY-MM-DD') } : {}),
    };
    setIsBusy(true);
    try {
      await downloadFile(ExportPaths[values.kind], params, `${EXPORT_NAMES[values.kind].fileStem}.xlsx`);
      onClose();
    } catch {
      // The client showed the server's refusal.
    } finally {
      setIsBusy(false);
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
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="to"
            label={t('exports.to')}
            style={{ flex: 1 }}
            dependencies={['from']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value: Dayjs | null | undefined) => {
                  const from = getFieldValue('from') as Dayjs | null | undefined;
                  if (from && value?.isBefore(from, 'day')) throw new Error(t('exports.rangeOrder'));
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <p style={{ margin: 0, color: 'rgba(0,0,0,0.65)' }}>{t('exports.rangeHint')}</p>
      </Form>
    </Modal>
  );
}
