import { changePasswordInput } from '@tcm/contracts/api/auth';
import { mobileSchema } from '@tcm/contracts/api/validators';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResetPassword } from '../../api/auth';
import { zodRule } from '../../components/form-rules';
import { AccountFormPage } from '../../features/account/AccountFormPage';
import { NewPasswordFields } from '../../features/account/NewPasswordFields';
import { SmsCodeField } from '../../features/account/SmsCodeField';

interface Values {
  mobile: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** /resetpw: mobile + SMS code + new password, sent as a POST body (PRODUCT §2). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();

  return (
    <AccountFormPage<Values>
      title={t('resetpw.title')}
      form={form}
      submit={({ confirmPassword: _confirm, ...values }) => reset.mutateAsync(changePasswordInput.parse(values))}
      isPending={reset.isPending}
      submitLabel={t('resetpw.submit')}
      success={{ title: t('resetpw.successTitle'), text: t('resetpw.successText') }}
    >
      <Form.Item name="mobile" label={t('fields.mobile')} required rules={[zodRule(mobileSchema)]}>
        <Input placeholder={t('fields.mobilePlaceholder')} autoComplete="username" inputMode="numeric" maxLength={11} />
      </Form.Item>
      <SmsCodeField form={form} purpose="resetPassword" />
      <NewPasswordFields name="password" label={t('resetpw.newPassword')} placeholder={t('resetpw.newPasswordPlaceholder')} />
    </AccountFormPage>
  );
}
