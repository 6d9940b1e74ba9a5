import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/PageState';
import { RouteError } from '../components/RouteError';
import { RootLayout } from './RootLayout';

type PageModule = { default: ComponentType };

/** Every screen is its own lazy module: the login screen downloads none of the shell's screens. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const home = page(() => import('../pages/home/HomePage'));
const patientList = page(() => import('../pages/user-list/UserListPage'));
const prescribeIndex = page(() => import('../pages/prescribe/PrescribeIndex'));

// Each record route gets its own chunk so the instruments issue can grow them independently.
const recordRoutes: RouteObject[] = [
  { path: '/diagnosticRecord', ...page(() => import('../pages/records/DiagnosticRecordPage')) },
  { path: '/lifeStyle', ...page(() => import('../pages/records/LifeStylePage')) },
  { path: '/InterventionRecord', ...page(() => import('../pages/records/InterventionRecordPage')) },
  { path: '/bodyConstitution', ...page(() => import('../pages/records/BodyConstitutionPage')) },
  { path: '/symptomScale', ...page(() => import('../pages/records/SymptomScalePage')) },
  { path: '/custom', ...page(() => import('../pages/records/CustomRecordPage')) },
  { path: '/followUp', ...page(() => import('../pages/records/FollowUpPage')) },
  { path: '/TNBFollowUp', ...page(() => import('../pages/records/TnbFollowUpPage')) },
];

const prescribeChildren: RouteObject[] = [
  { index: true, ...prescribeIndex },
  { path: 'index', ...prescribeIndex },
  { path: '1', ...page(() => import('../pages/prescribe/DietPrescription')) },
  { path: '2', ...page(() => import('../pages/prescribe/SleepPrescription')) },
  { path: '3', ...page(() => import('../pages/prescribe/MotionPrescription')) },
  { path: '4', ...page(() => import('../pages/prescribe/LoseWeightPrescription')) },
  { path: '5', ...page(() => import('../pages/prescribe/HealthEducationPrescription')) },
  { path: '6', ...page(() => import('../pages/prescribe/PhysiquePrescription')) },
  { path: 'other', ...page(() => import('../pages/prescribe/OtherPrescription')) },
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
          // Doctors and the administrator; ECharts loads with this screen only.
          { path: '/outcomes', ...page(() => import('../pages/outcomes/OutcomesPage')) },
        ],
      },
      { path: '*', ...page(() => import('../pages/not-found/NotFoundPage')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
