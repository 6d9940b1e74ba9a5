import { PRESCRIPTION_ROUTES, type PrescriptionRouteChild } from '@tcm/contracts/prescriptions/routes';
import type { PrescriptionKind } from '@tcm/contracts/prescriptions/templates';

/** Routes reachable without a token (spec §2 access guard). */
export function isPublicPath(pathname: string): boolean {
  return isLoginPath(pathname) || pathname === '/register' || pathname === '/resetpw';
}

export function isLoginPath(pathname: string): boolean {
  return pathname === '/login' || pathname === '/login/admin';
}

export const ADMIN_LOGIN_PATH = '/login/admin';
export const LOGIN_PATH = '/login';
export const ADMIN_HOME_PATH = '/doctorList';
export const DOCTOR_HOME_PATH = '/index';

/**
 * Record workspace screens (annex instruments), in the order a doctor fills them: the one table the
 * router, the side menu and the workspace tabs read.
 */
export const RECORD_ROUTES = [
  { path: '/diagnosticRecord', key: 'diagnosticRecord' },
  { path: '/lifeStyle', key: 'lifeStyle' },
  { path: '/bodyConstitution', key: 'bodyConstitution' },
  { path: '/symptomScale', key: 'symptomScale' },
  { path: '/InterventionRecord', key: 'InterventionRecord' },
  { path: '/followUp', key: 'followUp' },
  { path: '/TNBFollowUp', key: 'TNBFollowUp' },
  { path: '/custom', key: 'custom' },
] as const;
export type RecordKey = (typeof RECORD_ROUTES)[number]['key'];

/** A /prescribe child: the overview ('index') or one prescription kind. */
export type PrescribeKey = 'index' | Exclude<(typeof PRESCRIPTION_ROUTES)[number]['shows'], 'overview'>;

/**
 * Children of /prescribe (spec §2: index, 1–6, other) and what each shows, derived from the contracts'
 * PRESCRIPTION_ROUTES: the router, the tabs and the overview read this one table.
 */
export const PRESCRIBE_ROUTES = PRESCRIPTION_ROUTES.map(({ path, shows }): { path: PrescriptionRouteChild; key: PrescribeKey } => ({
  path,
  key: shows === 'overview' ? 'index' : shows,
}));

/** The `handle` of a generated route: which table entry its generic page shows. */
export interface ScreenHandle {
  record?: RecordKey;
  prescription?: PrescriptionKind;
}

/** The handle of the deepest matched route (from react-router's `useMatches()`). */
export function screenHandleOf(matches: readonly { handle: unknown }[]): ScreenHandle {
  const handle = matches.at(-1)?.handle;
  return typeof handle === 'object' && handle !== null ? (handle as ScreenHandle) : {};
}
