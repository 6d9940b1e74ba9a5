import { Button, Form, type FormInstance, Result } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { Notice } from '../../components/Notice';
import { translateValidation } from '../../i18n';
import { LOGIN_PATH } from '../../lib/routes';
import { AuthLayout } from './AuthLayout';

interface Props<V> {
  /** Title of the card, on the form and on the success screen. */
  title: string;
  form: FormInstance<V>;
  /** Sends the form's values; a refusal's message is shown above the form. */
  submit: (values: V) => Promise<unknown>;
  isPending: boolean;
  submitLabel: string;
  success: { title: string; text: string };
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A signed-out account form (registration, password reset): the fields, the server's refusal above
 * them, a full-width submit, the way back to login, and once accepted a success screen leading there.
 */
export function AccountFormPage<V>({ title, form, submit, isPending, submitLabel, success, children }: Props<V>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);

  const onFinish = async (values: V) => {
    setError(null);
    try {
      await submit(values);
      setIsDone(true);
    } catch (e) {
      setError(e instanceof ApiError && e.serverMessage ? translateValidation(e.serverMessage) : t('errors.system'));
    }
  };

  if (isDone) {
    return (
      <AuthLayout title={title}>
        <Result
          status="success"
          title={success.title}
          subTitle={success.text}
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
    <AuthLayout title={title}>
      <Form<V> form={form} layout="vertical" onFinish={onFinish}>
        {error && <Notice type="error" title={error} role="alert" style={{ marginBottom: 16 }} />}
        {children}
        <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
          {submitLabel}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to={LOGIN_PATH}>{t('account.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
