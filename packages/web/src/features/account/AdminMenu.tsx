import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_LOGIN_PATH } from '../../lib/routes';
import { signOut } from '../../lib/session-actions';

/** Spec §2: the administrator's menu holds only logout, which returns to /login/admin. */
export function AdminMenu() {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('shell.logout') }],
        onClick: () => void signOut(ADMIN_LOGIN_PATH),
      }}
    >
      <Button type="text" icon={<UserOutlined aria-hidden />} aria-label={t('shell.adminMenu')} data-testid="admin-menu" />
    </Dropdown>
  );
}
