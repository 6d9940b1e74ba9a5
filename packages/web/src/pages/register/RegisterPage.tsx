import { registerBody } from '@tcm/contracts/api/auth';
import { mobileSchema, passwordSchema, personNameSchema } from '@tcm/contracts/api/validators';
import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { authApi, useRegister } from '../../api/auth';
import { ApiError } from '../../api/client';
import { confirmPasswordRules, isValid, zodRule } from '../../components/form-rules';
import { InstitutionSelect } from '../../components/InstitutionSelect';
import { Notice } from '../../components/Notice';
import { AuthLayout } from '../../features/account/AuthLayout';
import { SmsCodeField } from '../../features/account/SmsCodeField';
import { translateValidation } from '../../i18n';
import { LOGIN_PATH } from '../../lib/routes';

interface Values {
  name: string;
  mobile: string;
  institutionId: number;
  password: string;
  confirmPassword: string;
  code: string;
}

/** Doctor registration (PRODUCT §2): the account goes to the administrator for review. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const register = useRegister();
  const [error, setError] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);

  // Telling the doctor early that the number is taken saves them waiting for a code that never comes.
  const checkMobile = async () => {
    const mobile = form.getFieldValue('mobile') as string | undefined;
    if (!isValid(mobileSchema, mobile)) return;
    try {
      const { registered } = await authApi.checkIsRegister(mobileSchema.parse(mobile));
      if (registered) form.setFields([{ name: 'mobile', errors: [t('account.mobileTaken')] }]);
    } catch {
      // Only a hint; the server checks again on sending the code and on submit.
    }
  };

  const onFinish = async ({ confirmPassword: _confirm, ...values }: Values) => {
    setError(null);
    try {
      await register.mutateAsync(registerBody.parse(values));
      setIsDone(true);
    } catch (e) {
      setError(e instanceof ApiError && e.serverMessage ? translateValidation(e.serverMessage) : t('errors.system'));
    }
  };

  if (isDone) {
    return (
      <AuthLayout title={t('register.title')}>
        <Result
          status="success"
          title={t('register.successTitle')}
          subTitle={t('register.successText')}
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
    <AuthLayout title={t('register.title')}>
      <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
        {error && <Notice type="error" title={error} role="alert" style={{ marginBottom: 16 }} />}
        <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(personNameSchema)]}>
          <Input placeholder={t('fields.namePlaceholder')} autoComplete="name" maxLength={50} />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={t('fields.mobile')}
          required
          rules={[zodRule(mobileSchema)]}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input placeholder={t('fields.mobilePlaceholder')} autoComplete="tel" inputMode="numeric" maxLength={11} onBlur={checkMobile} />
        </Form.Item>
        <Form.Item
          name="institutionId"
          label={t('register.institution')}
          required
          rules={[{ required: true, message: t('register.institutionRequired') }]}
        >
          <InstitutionSelect placeholder={t('register.institutionPlaceholder')} aria-label={t('register.institution')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fields.password')}
          required
          extra={t('account.passwordHint')}
          rules={[zodRule(passwordSchema)]}
        >
          <Input.Password placeholder={t('fields.passwordPlaceholder')} autoComplete="new-password" maxLength={64} />
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
        <SmsCodeField form={form} purpose="register" />
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to={LOGIN_PATH}>{t('account.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
