import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useLogin } from '../../api/auth';
import { ApiError } from '../../api/client';
import { lazyZodRule } from '../../components/form-rules';
import { AuthLayout } from '../../features/account/AuthLayout';
import { translateValidation } from '../../i18n';
import { ADMIN_HOME_PATH, ADMIN_LOGIN_PATH, DOCTOR_HOME_PATH, isPublicPath, LOGIN_PATH } from '../../lib/routes';
import { usePatientStore } from '../../stores/patient';
import { useSessionStore } from '../../stores/session';

/** The schemas (and zod) are fetched on the first check of a field, not with the screen. */
const loginSchemas = () => import('./login-schemas');
const usernameRule = lazyZodRule(() => loginSchemas().then((m) => m.loginBody.shape.username));
const mobileRule = lazyZodRule(() => loginSchemas().then((m) => m.mobileSchema));
const passwordRule = lazyZodRule(() => loginSchemas().then((m) => m.loginBody.shape.password));

interface Values {
  username: string;
  password: string;
}

/** /login (doctor: mobile + password) and /login/admin (login name + password). */
export default function LoginPage() {
  const { type } = useParams();
  const isAdminLogin = type === 'admin';
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const signIn = useSessionStore((s) => s.signIn);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setError(null);
    try {
      const { loginBody } = await loginSchemas();
      const result = await login.mutateAsync(loginBody.parse(values));
      const previous = useSessionStore.getState().user;
      // Another person signing in on this computer must not inherit the previously opened patient.
      if (previous && previous.id !== result.user.id) usePatientStore.getState().reset();
      signIn(result);
      const from = (location.state as { from?: string } | null)?.from;
      const home = result.admin ? ADMIN_HOME_PATH : DOCTOR_HOME_PATH;
      navigate(from && !isPublicPath(from) && !result.admin ? from : home, { replace: true });
    } catch (e) {
      setError(e instanceof ApiError && e.serverMessage ? translateValidation(e.serverMessage) : t('login.failed'));
    }
  };

  return (
    <AuthLayout title={isAdminLogin ? t('login.adminTitle') : t('login.doctorTitle')}>
      <Form<Values> layout="vertical" onFinish={onFinish} requiredMark={false} key={isAdminLogin ? 'admin' : 'doctor'}>
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
        <Form.Item
          name="username"
          label={isAdminLogin ? t('login.loginName') : t('fields.mobile')}
          rules={[isAdminLogin ? usernameRule : mobileRule]}
        >
          <Input
            prefix={<UserOutlined aria-hidden />}
            placeholder={isAdminLogin ? t('login.loginNamePlaceholder') : t('fields.mobilePlaceholder')}
            autoComplete="username"
            inputMode={isAdminLogin ? 'text' : 'numeric'}
            maxLength={isAdminLogin ? 64 : 11}
            size="large"
          />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[passwordRule]}>
          <Input.Password
            prefix={<LockOutlined aria-hidden />}
            placeholder={t('fields.passwordPlaceholder')}
            autoComplete="current-password"
            size="large"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
      <nav
        aria-label={t('login.otherActions')}
        style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8, marginTop: 16 }}
      >
        {isAdminLogin ? (
          <Link to={LOGIN_PATH}>{t('login.toDoctor')}</Link>
        ) : (
          <>
            <Link to="/register">{t('login.register')}</Link>
            <Link to="/resetpw">{t('login.forgot')}</Link>
            <Link to={ADMIN_LOGIN_PATH}>{t('login.toAdmin')}</Link>
          </>
        )}
      </nav>
    </AuthLayout>
  );
}
