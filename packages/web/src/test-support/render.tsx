/*
 * Test support (not shipped): renders a component the way the app mounts it — a fresh query client,
 * antd's zh-CN locale, a memory data router (the screens use useBlocker) and the i18n catalogue as main.tsx boots it (zh-CN) — for
 * Testing Library tests under a DOM environment (`// @vitest-environment happy-dom`).
 */

import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { ConfigProvider, message } from 'antd';
import zhCNLocale from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import '@testing-library/jest-dom/vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ApiError } from '../api/client';
import { initI18n } from '../i18n';
import { registerToast, TOAST_SECONDS } from '../lib/toast';
import { resetAfterEachTest } from './after-each';

let booted: Promise<unknown> | null = null;

/** The catalogue as the app boots it (zh-CN unless a language was stored), once per test file. */
export function bootI18n(): Promise<unknown> {
  dayjs.locale('zh-cn');
  booted ??= initI18n().then(async (i18n) => {
    // The outcome texts load with their screens in the app (i18n/outcomes-catalogue.ts); tests may render any part.
    await import('../i18n/outcomes-catalogue');
    return i18n;
  });
  return booted;
}

/** The app's query defaults (api/query-client.ts), on a client of the test's own. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (n, error) => n < 1 && error instanceof ApiError && error.code === null,
      },
      mutations: { retry: false },
    },
  });
}

function Toasts() {
  const [api, holder] = message.useMessage({ duration: TOAST_SECONDS });
  useEffect(() => {
    registerToast(api);
    return () => registerToast(null);
  }, [api]);
  return holder;
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
}

export function renderInApp(ui: ReactNode, options: { route?: string; queryClient?: QueryClient } = {}): Rendered {
  const queryClient = options.queryClient ?? testQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      {/* antd's styles are not injected (server mode): no test reads them, and the DOM's style
          cascade over thousands of antd rules makes every accessible-name lookup crawl. */}
      <StyleProvider mock="server">
        <ConfigProvider locale={zhCNLocale} button={{ autoInsertSpace: false }}>
          <Toasts />
          <RouterProvider router={createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.route ?? '/'] })} />
        </ConfigProvider>
      </StyleProvider>
    </QueryClientProvider>,
  );
  return { ...result, user: userEvent.setup({ delay: null }), queryClient };
}

// Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
resetAfterEachTest(cleanup);
