import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { RouteError } from '../components/RouteError';
import { PRESCRIBE_ROUTES, RECORD_ROUTES, type ScreenHandle } from '../lib/routes';
import { RootLayout } from './RootLayout';

type PageModule = { default: ComponentType };

/** Every screen is its own lazy module: the login screen downloads none of the shell's screens. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const home = page(() => import('../pages/home/HomePage'));
const patientList = page(() => import('../pages/user-list/UserListPage'));
const prescribeIndex = page(() => import('../pages/prescribe/PrescribeIndex'));

// Screens generated from the route tables: one generic page per table, told its entry by the route's
// handle (ScreenHandle).
const recordPage = page(() => import('../pages/records/RecordPage'));
const prescriptionKindPage = page(() => import('../pages/prescribe/PrescriptionKindPage'));

const recordRoutes: RouteObject[] = RECORD_ROUTES.map(({ path, key }) => {
  const handle: ScreenHandle = { record: key };
  return { path, handle, ...recordPage };
});

const prescribeChildren: RouteObject[] = [
  { index: true, ...prescribeIndex },
  ...PRESCRIBE_ROUTES.map(({ path, key }) =>
    key === 'index' ? { path, ...prescribeIndex } : { path, handle: { prescription: key } satisfies ScreenHandle, ...prescriptionKindPage },
  ),
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      // Outside the shell (spec §2).
      { path: '/login', ...page(() => import('../pages/login/LoginPage')) },
      { path: '/login/:type', ...page(() => import('../pages/login/LoginPage')) },
      { path: '/resetpw', ...page(() => import('../pages/reset-password/ResetPasswordPage')) },
      { path: '/register', ...page(() => import('../pages/register/RegisterPage')) },
      // A record on its own A4 page, outside the shell so that only the record prints.
      { path: '/recordPrint/:annex/:id', ...page(() => import('../pages/records/RecordPrintPage')) },
      // Inside the shell.
      {
        ...page(() => import('./AppShell')),
        children: [
          { path: '/', ...home },
          { path: '/index', ...home },
          { path: '/index/:type', ...home },
          { path: '/prescribe', ...page(() => import('../pages/prescribe/PrescribeLayout')), children: prescribeChildren },
          ...recordRoutes,
          { path: '/brList/:type', ...page(() => import('../pages/br-list/BrListPage')) },
          { path: '/userList', ...patientList },
          { path: '/userList/:type', ...patientList },
          { path: '/userListTQQ', ...page(() => import('../pages/comparison-list/PreDiabetesListPage')) },
          { path: '/userListTNB', ...page(() => import('../pages/comparison-list/DiabetesListPage')) },
          { path: '/doctorList', ...page(() => import('../pages/doctor-list/DoctorListPage')) },
          // Doctors and the administrator.
          { path: '/outcomes', ...page(() => import('../pages/outcomes/OutcomesPage')) },
          { path: '/indicators', ...page(() => import('../pages/indicators/IndicatorsPage')) },
        ],
      },
      { path: '*', ...page(() => import('../pages/not-found/NotFoundPage')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
