import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCNLocale from 'antd/locale/zh_CN';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { useLoadInstitutions } from '../api/institutions';
import { queryClient } from '../api/query-client';
import { PlainOnFailure } from '../components/PlainOnFailure';
import { antdLocaleFor, type Locale } from '../i18n';
import { onToastHostWanted, toast } from '../lib/toast';
import { useConfirmQueue } from '../stores/confirm-queue';
import { syncSessionAcrossTabs } from '../stores/session';
import { themeForMotion, useReducedMotion } from './reduced-motion';
import { router } from './router';
import { theme } from './theme';

// The dialog code is only fetched the first time something is queued.
const ConfirmQueue = lazy(() => import('../components/ConfirmQueue'));
// antd's message code is fetched on the first toast or with the signed-in shell (lib/toast).
const ToastHost = lazy(() => import('./ToastHost'));

/** Mounts the toast host once wanted and keeps it: toasts raised on leaving the shell stay visible. */
function ToastHostOnDemand() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    onToastHostWanted(() => setWanted(true));
    return () => onToastHostWanted(null);
  }, []);
  if (!wanted) return null;
  return (
    <PlainOnFailure plain={null}>
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    </PlainOnFailure>
  );
}

/** antd follows the UI language (dayjs too, see lib/dayjs); its English texts come with the English catalogue. */
function useAntdLocale(): Locale {
  const { i18n } = useTranslation();
  return antdLocaleFor(i18n.language) ?? zhCNLocale;
}

function GlobalUi() {
  const hasDialogs = useConfirmQueue((s) => s.items.length > 0);
  useLoadInstitutions();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') toast.closeAll();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => syncSessionAcrossTabs(), []);

  return (
    <>
      <ToastHostOnDemand />
      {hasDialogs && (
        <Suspense fallback={null}>
          <ConfirmQueue />
        </Suspense>
      )}
    </>
  );
}

export function App() {
  const locale = useAntdLocale();
  const reducedMotion = useReducedMotion();
  const appTheme = useMemo(() => themeForMotion(theme, reducedMotion), [reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={appTheme} button={{ autoInsertSpace: false }}>
        <GlobalUi />
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
