import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import type { Locale } from 'antd/es/locale';
// The ES module builds of the locales: 'antd/locale/*' are CommonJS re-exports of antd/lib.
import zhCNLocale from 'antd/es/locale/zh_CN';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { useLoadInstitutions } from '../api/institutions';
import { queryClient } from '../api/query-client';
import { antdLocaleFor } from '../i18n';
import { registerToast, TOAST_SECONDS, toast } from '../lib/toast';
import { useConfirmQueue } from '../stores/confirm-queue';
import { syncSessionAcrossTabs } from '../stores/session';
import { router } from './router';
import { theme } from './theme';

// The dialog code is only fetched the first time something is queued.
const ConfirmQueue = lazy(() => import('../components/ConfirmQueue'));

/** antd follows the UI language (dayjs too, see lib/dayjs); its English texts come with the English catalogue. */
function useAntdLocale(): Locale {
  const { i18n } = useTranslation();
  return antdLocaleFor(i18n.language) ?? zhCNLocale;
}

function GlobalUi() {
  const [messageApi, holder] = message.useMessage({ duration: TOAST_SECONDS, maxCount: 5 });
  const hasDialogs = useConfirmQueue((s) => s.items.length > 0);
  useLoadInstitutions();

  useEffect(() => {
    registerToast(messageApi);
    return () => registerToast(null);
  }, [messageApi]);

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
      {holder}
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
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={theme} button={{ autoInsertSpace: false }}>
        <GlobalUi />
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
