import { registerBody } from '@tcm/contracts/api/auth';
import { mobileSchema, personNameSchema } from '@tcm/contracts/api/validators';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi, useRegister } from '../../api/auth';
import { isValid, zodRule } from '../../components/form-rules';
import { InstitutionSelect } from '../../components/InstitutionSelect';
import { AccountFormPage } from '../../features/account/AccountFormPage';
import { NewPasswordFields } from '../../features/account/NewPasswordFields';
import { SmsCodeField } from '../../features/account/SmsCodeField';

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
  const [form] = Form.useForm<Values>();
  const register = useRegister();

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

  return (
    <AccountFormPage<Values>
      title={t('register.title')}
      form={form}
      submit={({ confirmPassword: _confirm, ...values }) => register.mutateAsync(registerBody.parse(values))}
      isPending={register.isPending}
      submitLabel={t('register.submit')}
      success={{ title: t('register.successTitle'), text: t('register.successText') }}
    >
      <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(personNameSchema)]}>
        <Input placeholder={t('fields.namePlaceholder')} autoComplete="name" maxLength={50} />
      </Form.Item>
      <Form.Item name="mobile" label={t('fields.mobile')} required rules={[zodRule(mobileSchema)]} validateTrigger={['onChange', 'onBlur']}>
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
      <NewPasswordFields name="password" label={t('fields.password')} placeholder={t('fields.passwordPlaceholder')} />
      <SmsCodeField form={form} purpose="register" />
    </AccountFormPage>
  );
}
