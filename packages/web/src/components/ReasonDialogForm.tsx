import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from './form-rules';
import type { ReasonDialogProps } from './ReasonDialog';
import { REASON_SCHEMAS } from './reason-schemas';

/** The dialog of ReasonDialog, loaded with its form and the reason's schema when first opened. */
export default function ReasonDialogForm({
  open,
  title,
  description,
  label,
  placeholder,
  reason,
  isPending,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await onSubmit(values.reason.trim());
      onClose();
    } catch {
      // The API client showed why; keep the dialog so the reason is not lost.
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={isPending}
      onOk={onOk}
      onCancel={onClose}
      data-testid="reason-dialog"
    >
      {description && <p>{description}</p>}
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={label} required rules={[zodRule(REASON_SCHEMAS[reason])]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
