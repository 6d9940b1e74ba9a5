import { changeOwnPasswordBody } from '@tcm/contracts/api/own-account';
import { passwordSchema } from '@tcm/contracts/api/validators';
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { confirmPasswordRules, zodRule } from '../../components/form-rules';
import { Notice } from '../../components/Notice';
import { translateValidation } from '../../i18n';
import { toast } from '../../lib/toast';
import { useChangeOwnPassword } from './own-account-api';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * 修改密码 (POST /api/auth/changePassword): every role, the admin included. On success the server
 * ends every other session of the account; this one stays signed in.
 */
export default function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const change = useChangeOwnPassword();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      form.resetFields();
      setError(null);
    }
  }, [open, form]);

  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setError(null);
    const parsed = changeOwnPasswordBody.safeParse({ oldPassword: values.oldPassword, newPassword: values.newPassword });
    if (!parsed.success) {
      setError(translateValidation(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      await change.mutateAsync(parsed.data);
      toast.success(t('accountSecurity.passwordChanged'));
      onClose();
    } catch (e) {
      setError(e instanceof ApiError && e.serverMessage ? translateValidation(e.serverMessage) : t('errors.system'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('accountSecurity.changePassword')}
      okText={t('accountSecurity.changePasswordSubmit')}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical">
        {error && <Notice type="error" title={error} role="alert" style={{ marginBottom: 16 }} />}
        <Form.Item
          name="oldPassword"
          label={t('accountSecurity.oldPassword')}
          required
          rules={[{ required: true, message: t('accountSecurity.oldPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('accountSecurity.newPassword')}
          required
          extra={t('account.passwordHint')}
          rules={[zodRule(passwordSchema)]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.confirmPassword')}
          required
          dependencies={['newPassword']}
          rules={confirmPasswordRules('newPassword', { required: t('account.confirmRequired'), mismatch: t('account.confirmMismatch') })}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
