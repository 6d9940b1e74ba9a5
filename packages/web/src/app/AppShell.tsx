import { Grid, Layout } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { useMe } from '../api/auth';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { PageLoading } from '../components/PageLoading';
import { AdminMenu } from '../features/account/AdminMenu';
import { PersonalCenter } from '../features/account/PersonalCenter';
import { requestToastHost } from '../lib/toast';
import { useAddMemberStore } from '../stores/add-member';
import { useSessionStore } from '../stores/session';
import { AccountDialogsOnDemand } from './AccountDialogsOnDemand';
import { Bell } from './Bell';
import { useFirstPaintFrameRemoved } from './first-paint-frame';
import { SideMenu } from './SideMenu';

// The add-member dialogs (a form with the schema library, a select, two modals) are fetched when the flow
// first starts, from the personal centre or a comparison list, not with every screen.
const AddMemberFlow = lazy(() => import('../features/patients/AddMemberFlow').then((m) => ({ default: m.AddMemberFlow })));

/** Mounts the add-member flow once it has been started, and keeps it so that its dialogs close animated. */
function AddMemberFlowOnDemand() {
  const started = useAddMemberStore((s) => s.step !== 'closed');
  const [mounted, setMounted] = useState(false);
  if (started && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <AddMemberFlow />
    </Suspense>
  );
}

/** The layout shell of spec §2: header (title, greeting, bell, menu), side navigation, the screen. */
export default function AppShell() {
  const { t } = useTranslation();
  const isAdmin = useSessionStore((s) => s.isAdmin);
  const user = useSessionStore((s) => s.user);
  const setUser = useSessionStore((s) => s.setUser);
  const me = useMe();
  const screens = Grid.useBreakpoint();
  // Below 992 px (e.g. a 768 px tablet) the menu folds to icons so tables keep their width.
  const collapsed = screens.lg === false;
  // The header below replaces the one the page was sent with (first-paint-frame.ts).
  useFirstPaintFrameRemoved();

  // The shell's screens raise toasts (saved, failed): their code comes with the shell, not on the first.
  useEffect(() => requestToastHost(), []);

  useEffect(() => {
    if (me.data) setUser(me.data);
  }, [me.data, setUser]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href="#main-content">
        {t('shell.skipToContent')}
      </a>
      <Layout.Header className="shell-header">
        <h1 className="shell-title">
          <Link to="/index">{screens.md === false ? t('app.shortTitle') : t('app.title')}</Link>
        </h1>
        <div className="shell-header-actions">
          <span className="shell-greeting" data-testid="greeting">
            {t('shell.greeting', { name: user?.name ?? '' })}
          </span>
          <LanguageSwitch dark />
          <Bell />
          {isAdmin ? <AdminMenu /> : <PersonalCenter />}
          <AccountDialogsOnDemand />
        </div>
      </Layout.Header>
      <Layout>
        <Layout.Sider
          width={216}
          collapsedWidth={64}
          collapsed={collapsed}
          trigger={null}
          theme="light"
          className="app-sider-sticky"
          style={{ borderInlineEnd: '1px solid var(--ant-color-border-secondary)' }}
        >
          <nav aria-label={t('nav.label')}>
            <SideMenu isAdmin={isAdmin} collapsed={collapsed} />
          </nav>
        </Layout.Sider>
        <Layout.Content id="main-content" tabIndex={-1} className="shell-content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      {!isAdmin && <AddMemberFlowOnDemand />}
    </Layout>
  );
}
