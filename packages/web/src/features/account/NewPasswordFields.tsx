import { passwordSchema } from '@tcm/contracts/api/validators';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRules, zodRule } from '../../components/form-rules';

/**
 * A new password under the password policy and its confirmation (field `confirmPassword`, which the
 * caller leaves out of what it sends). With `placeholder`, the confirmation gets its placeholder too.
 */
export function NewPasswordFields({ name, label, placeholder }: { name: string; label: string; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={name} label={label} required extra={t('account.passwordHint')} rules={[zodRule(passwordSchema)]}>
        <Input.Password placeholder={placeholder} autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('account.confirmPassword')}
        required
        dependencies={[name]}
        rules={confirmPasswordRules(name, { required: t('account.confirmRequired'), mismatch: t('account.confirmMismatch') })}
      >
        <Input.Password
          placeholder={placeholder === undefined ? undefined : t('account.confirmPlaceholder')}
          autoComplete="new-password"
          maxLength={64}
        />
      </Form.Item>
    </>
  );
}
