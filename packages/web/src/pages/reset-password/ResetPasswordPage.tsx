import { changePasswordInput } from '@tcm/contracts/api/auth';
import { mobileSchema, passwordSchema } from '@tcm/contracts/api/validators';
import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useResetPassword } from '../../api/auth';
import { ApiError } from '../../api/client';
import { confirmPasswordRules, zodRule } from '../../components/form-rules';
import { Notice } from '../../components/Notice';
import { AuthLayout } from '../../features/account/AuthLayout';
import { SmsCodeField } from '../../features/account/SmsCodeField';
import { translateValidation } from '../../i18n';
import { LOGIN_PATH } from '../../lib/routes';

interface Values {
  mobile: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** /resetpw: mobile + SMS code + new password, sent as a POST body (PRODUCT §2). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);

  const onFinish = async ({ confirmPassword: _confirm, ...values }: Values) => {
    setError(null);
    try {
      await reset.mutateAsync(changePasswordInput.parse(values));
      setIsDone(true);
    } catch (e) {
      setError(e instanceof ApiError && e.serverMessage ? translateValidation(e.serverMessage) : t('errors.system'));
    }
  };

  if (isDone) {
    return (
      <AuthLayout title={t('resetpw.title')}>
        <Result
          status="success"
          title={t('resetpw.successTitle')}
          subTitle={t('resetpw.successText')}
          extra={
            <Button type="primary" onClick={() => navigate(LOGIN_PATH)}>
              {t('account.backToLogin')}
            </Button>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('resetpw.title')}>
      <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
        {error && <Notice type="error" title={error} role="alert" style={{ marginBottom: 16 }} />}
        <Form.Item name="mobile" label={t('fields.mobile')} required rules={[zodRule(mobileSchema)]}>
          <Input placeholder={t('fields.mobilePlaceholder')} autoComplete="username" inputMode="numeric" maxLength={11} />
        </Form.Item>
        <SmsCodeField form={form} purpose="resetPassword" />
        <Form.Item
          name="password"
          label={t('resetpw.newPassword')}
          required
          extra={t('account.passwordHint')}
          rules={[zodRule(passwordSchema)]}
        >
          <Input.Password placeholder={t('resetpw.newPasswordPlaceholder')} autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.confirmPassword')}
          required
          dependencies={['password']}
          rules={confirmPasswordRules('password', { required: t('account.confirmRequired'), mismatch: t('account.confirmMismatch') })}
        >
          <Input.Password placeholder={t('account.confirmPlaceholder')} autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
          {t('resetpw.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to={LOGIN_PATH}>{t('account.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
