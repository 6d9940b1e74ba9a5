import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { InputRef } from 'antd';
import { Button, Input } from 'antd';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useLogin } from '../../api/auth';
import { ApiError } from '../../api/client';
import { schemaMessage } from '../../components/form-rules';
import { Notice } from '../../components/Notice';
import { AuthField } from '../../features/account/AuthField';
import { AuthLayout } from '../../features/account/AuthLayout';
import { translateValidation } from '../../i18n';
import { ADMIN_HOME_PATH, ADMIN_LOGIN_PATH, DOCTOR_HOME_PATH, isPublicPath, LOGIN_PATH } from '../../lib/routes';
import { usePatientStore } from '../../stores/patient';
import { useSessionStore } from '../../stores/session';
import { afterNextPaint } from './after-paint';

/** The schemas (and zod) are fetched on the first check of a field, not with the screen. */
const loginSchemas = () => import('./login-schemas');

/** Fetches the signed-in shell once the login screen has painted (prefetch-shell.ts); returns a cancel. */
const prefetchAfterPaint = (kind: 'doctor' | 'admin') =>
  afterNextPaint(() => {
    import('./prefetch-shell').then(({ prefetchSignedInShell }) => prefetchSignedInShell(kind)).catch(() => undefined);
  });

type Field = 'username' | 'password';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['username', 'password'];

/** The message of one field: the same schemas the server checks (a mobile number for a doctor). */
async function messageFor(field: Field, value: string, isAdminLogin: boolean): Promise<string | undefined> {
  const { loginBody, mobileSchema } = await loginSchemas();
  const schema = field === 'password' ? loginBody.shape.password : isAdminLogin ? loginBody.shape.username : mobileSchema;
  return schemaMessage(schema, value);
}

/** /login (doctor: mobile + password) and /login/admin (login name + password). */
export default function LoginPage() {
  const { type } = useParams();
  const isAdminLogin = type === 'admin';
  return <LoginForm key={isAdminLogin ? 'admin' : 'doctor'} isAdminLogin={isAdminLogin} />;
}

function LoginForm({ isAdminLogin }: { isAdminLogin: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const signIn = useSessionStore((s) => s.signIn);
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  // A field is checked as it is typed once it has been left (or submitted), as antd's Form does after
  // the first check; a slower, older check never overwrites a newer one.
  const checked = useRef(new Set<Field>());
  const checks = useRef<Record<Field, number>>({ username: 0, password: 0 });
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  useEffect(() => prefetchAfterPaint(isAdminLogin ? 'admin' : 'doctor'), [isAdminLogin]);

  const check = async (field: Field, value: string): Promise<string | undefined> => {
    const run = ++checks.current[field];
    const message = await messageFor(field, value, isAdminLogin);
    if (run === checks.current[field]) setErrors((current) => ({ ...current, [field]: message }));
    return message;
  };

  /** What both inputs take the same way: their value, change and leave, and the ref focus goes to. */
  const bind = (field: Field) => ({
    ref: (input: InputRef | null) => {
      inputs.current[field] = input?.input ?? null;
    },
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (checked.current.has(field)) void check(field, value);
    },
    onBlur: () => {
      checked.current.add(field);
      void check(field, values[field]);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    setError(null);
    for (const field of FIELDS) checked.current.add(field);
    try {
      const messages = await Promise.all(FIELDS.map((field) => check(field, values[field])));
      const firstInvalid = FIELDS.find((_field, index) => messages[index] !== undefined);
      if (firstInvalid) {
        inputs.current[firstInvalid]?.focus();
        return;
      }
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
      <form onSubmit={submit} noValidate>
        {error && <Notice type="error" title={error} role="alert" style={{ marginBottom: 16 }} />}
        <AuthField label={isAdminLogin ? t('login.loginName') : t('fields.mobile')} error={errors.username}>
          {(control) => (
            <Input
              {...control}
              {...bind('username')}
              prefix={<UserOutlined aria-hidden />}
              placeholder={isAdminLogin ? t('login.loginNamePlaceholder') : t('fields.mobilePlaceholder')}
              autoComplete="username"
              inputMode={isAdminLogin ? 'text' : 'numeric'}
              maxLength={isAdminLogin ? 64 : 11}
              size="large"
            />
          )}
        </AuthField>
        <AuthField label={t('fields.password')} error={errors.password}>
          {(control) => (
            <Input.Password
              {...control}
              {...bind('password')}
              prefix={<LockOutlined aria-hidden />}
              placeholder={t('fields.passwordPlaceholder')}
              autoComplete="current-password"
              size="large"
            />
          )}
        </AuthField>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
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
