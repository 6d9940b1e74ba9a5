import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import type { Locale } from 'antd/es/locale';
import zhCNLocale from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { useLoadInstitutions } from '../api/institutions';
import { queryClient } from '../api/query-client';
import { registerToast, TOAST_SECONDS, toast } from '../lib/toast';
import { useConfirmQueue } from '../stores/confirm-queue';
import { syncSessionAcrossTabs } from '../stores/session';
import { router } from './router';
import { theme } from './theme';

// The dialog code is only fetched the first time something is queued.
const ConfirmQueue = lazy(() => import('../components/ConfirmQueue'));

/** antd and dayjs follow the UI language; the English antd locale is fetched only when chosen. */
function useAntdLocale(): Locale {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState<Locale>(zhCNLocale);
  useEffect(() => {
    let cancelled = false;
    if (i18n.language === 'en-US') {
      dayjs.locale('en');
      void import('antd/locale/en_US').then((m) => !cancelled && setLocale(m.default));
    } else {
      dayjs.locale('zh-cn');
      setLocale(zhCNLocale);
    }
    return () => {
      cancelled = true;
    };
  }, [i18n.language]);
  return locale;
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
