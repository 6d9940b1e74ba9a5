import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodRule } from './form-rules';

interface Props {
  open: boolean;
  title: string;
  description?: string;
  label: string;
  placeholder?: string;
  /** The contracts' rule for the reason (voidQuery / reviewDoctorQuery). */
  schema: z.ZodType;
  isPending: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** A destructive action that needs a written reason (void a member, reject a registration). */
export function ReasonDialog({ open, title, description, label, placeholder, schema, isPending, onSubmit, onClose }: Props) {
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
        <Form.Item name="reason" label={label} required rules={[zodRule(schema)]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
