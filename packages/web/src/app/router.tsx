import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { RouteError } from '../components/RouteError';
import { prefetchOutcomeReport } from '../features/outcomes/api';
import { PRESCRIBE_ROUTES, RECORD_ROUTES, type ScreenHandle } from '../lib/routes';
import { registerScreenPrefetch } from '../lib/screen-prefetch';
import { lazyPage, prefetchRoutes } from './lazy-page';
import { RootLayout } from './RootLayout';

const home = lazyPage(() => import('../pages/home/HomePage'));
const patientList = lazyPage(() => import('../pages/user-list/UserListPage'));
const prescribeIndex = lazyPage(() => import('../pages/prescribe/PrescribeIndex'));

// Screens generated from the route tables: one generic page per table, told its entry by the route's
// handle (ScreenHandle).
const recordPage = lazyPage(() => import('../pages/records/RecordPage'));
const prescriptionKindPage = lazyPage(() => import('../pages/prescribe/PrescriptionKindPage'));

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
      { path: '/login', ...lazyPage(() => import('../pages/login/LoginPage')) },
      { path: '/login/:type', ...lazyPage(() => import('../pages/login/LoginPage')) },
      { path: '/resetpw', ...lazyPage(() => import('../pages/reset-password/ResetPasswordPage')) },
      { path: '/register', ...lazyPage(() => import('../pages/register/RegisterPage')) },
      // A record on its own A4 page, outside the shell so that only the record prints.
      { path: '/recordPrint/:annex/:id', ...lazyPage(() => import('../pages/records/RecordPrintPage')) },
      // Inside the shell.
      {
        ...lazyPage(() => import('./AppShell')),
        children: [
          { path: '/', ...home },
          { path: '/index', ...home },
          { path: '/index/:type', ...home },
          { path: '/prescribe', ...lazyPage(() => import('../pages/prescribe/PrescribeLayout')), children: prescribeChildren },
          ...recordRoutes,
          { path: '/brList/:type', ...lazyPage(() => import('../pages/br-list/BrListPage')) },
          { path: '/userList', ...patientList },
          { path: '/userList/:type', ...patientList },
          { path: '/userListTQQ', ...lazyPage(() => import('../pages/comparison-list/PreDiabetesListPage')) },
          { path: '/userListTNB', ...lazyPage(() => import('../pages/comparison-list/DiabetesListPage')) },
          { path: '/doctorList', ...lazyPage(() => import('../pages/doctor-list/DoctorListPage')) },
          // Doctors and the administrator.
          { path: '/outcomes', ...lazyPage(() => import('../pages/outcomes/OutcomesPage'), prefetchOutcomeReport) },
          { path: '/indicators', ...lazyPage(() => import('../pages/indicators/IndicatorsPage')) },
        ],
      },
      { path: '*', ...lazyPage(() => import('../pages/not-found/NotFoundPage')) },
    ],
  },
];

export const router = createBrowserRouter(routes);

registerScreenPrefetch((path) => void prefetchRoutes(routes, path));
