import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_LOGIN_PATH } from '../../lib/routes';
import { signOut } from '../../lib/session-actions';
import { useAccountDialogStore } from '../../stores/account-dialog';

/**
 * The administrator's menu: change password and signed-in devices (the admin has no mobile, so this
 * is their only way to change the password), and logout, which returns to /login/admin (spec §2).
 */
export function AdminMenu() {
  const { t } = useTranslation();
  const showAccountDialog = useAccountDialogStore((s) => s.show);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'changePassword', label: t('accountSecurity.changePassword') },
          { key: 'sessions', label: t('accountSecurity.sessions') },
          { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('shell.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'changePassword' || key === 'sessions') showAccountDialog(key);
          else void signOut(ADMIN_LOGIN_PATH);
        },
      }}
    >
      <Button type="text" icon={<UserOutlined aria-hidden />} aria-label={t('shell.adminMenu')} data-testid="admin-menu" />
    </Dropdown>
  );
}
