import {
  AuditOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HomeOutlined,
  LineChartOutlined,
  MedicineBoxOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { RECORD_ROUTES } from '../lib/routes';

type Item = Required<MenuProps>['items'][number];

/** The menu key a path belongs to (record screens and prescription children light up their parent). */
export function menuKeyFor(pathname: string): string {
  if (pathname === '/' || pathname.startsWith('/index')) return '/index';
  if (pathname.startsWith('/prescribe')) return '/prescribe';
  if (RECORD_ROUTES.some((r) => r.path === pathname)) return '/diagnosticRecord';
  return pathname;
}

export function SideMenu({ isAdmin, collapsed }: { isAdmin: boolean; collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const items: Item[] = isAdmin
    ? [
        { key: '/index', icon: <HomeOutlined aria-hidden />, label: t('nav.home') },
        { key: '/doctorList', icon: <AuditOutlined aria-hidden />, label: t('nav.doctorList') },
        { key: '/outcomes', icon: <LineChartOutlined aria-hidden />, label: t('nav.outcomes') },
        { key: '/indicators', icon: <DashboardOutlined aria-hidden />, label: t('nav.indicators') },
      ]
    : [
        { key: '/index', icon: <HomeOutlined aria-hidden />, label: t('nav.home') },
        {
          key: 'managed',
          icon: <TeamOutlined aria-hidden />,
          label: t('nav.managed'),
          children: [
            { key: '/userList', label: t('nav.userListAll') },
            { key: '/userList/running', label: t('nav.userListRunning') },
            { key: '/userList/completed', label: t('nav.userListCompleted') },
            { key: '/brList/running', label: t('nav.brRunning') },
            { key: '/brList/completed', label: t('nav.brCompleted') },
          ],
        },
        {
          key: 'comparison',
          icon: <UsergroupAddOutlined aria-hidden />,
          label: t('nav.comparison'),
          children: [
            { key: '/userListTQQ', label: t('nav.tqq') },
            { key: '/userListTNB', label: t('nav.tnb') },
          ],
        },
        { key: '/diagnosticRecord', icon: <FileTextOutlined aria-hidden />, label: t('nav.records') },
        { key: '/prescribe', icon: <MedicineBoxOutlined aria-hidden />, label: t('nav.prescribe') },
        // The programme's report comes after the daily work.
        { key: '/outcomes', icon: <LineChartOutlined aria-hidden />, label: t('nav.outcomes') },
        { key: '/indicators', icon: <DashboardOutlined aria-hidden />, label: t('nav.indicators') },
      ];

  const selected = menuKeyFor(pathname);
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selected]}
      defaultOpenKeys={collapsed ? [] : ['managed', 'comparison']}
      inlineCollapsed={collapsed}
      onClick={({ key }) => navigate(key)}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
