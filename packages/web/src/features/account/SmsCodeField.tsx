import type { VerificationPurpose } from '@tcm/contracts/api/auth';
import { mobileSchema, smsCodeSchema } from '@tcm/contracts/api/validators';
import { Form, type FormInstance, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../components/form-rules';
import { SmsCodeButton } from './SmsCodeButton';

/**
 * The 验证码 row of the account forms: the `code` input beside 获取验证码, which sends to the form's
 * `mobile` field once that field is valid (its own message shows otherwise).
 */
export function SmsCodeField({ form, purpose }: { form: FormInstance; purpose: VerificationPurpose }) {
  const { t } = useTranslation();
  const validMobile = async (): Promise<string | null> => {
    try {
      const { mobile } = await form.validateFields(['mobile']);
      return mobileSchema.parse(mobile);
    } catch {
      return null;
    }
  };

  return (
    <Form.Item label={t('account.code')} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={[zodRule(smsCodeSchema)]}>
          <Input
            placeholder={t('account.codePlaceholder')}
            aria-label={t('account.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
          />
        </Form.Item>
        <SmsCodeButton purpose={purpose} getMobile={validMobile} />
      </Space.Compact>
    </Form.Item>
  );
}
