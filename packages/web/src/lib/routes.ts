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

/** Record workspace screens (annex instruments), in the order a doctor fills them. */
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

/**
 * Children of /prescribe (spec §2: index, 1–6, other) and the prescription kind each shows: the same
 * table as the contracts' PRESCRIPTION_ROUTES (a test keeps them equal). Not imported from there so the
 * shell does not download the prescription schemas before a prescription screen is opened.
 */
export const PRESCRIBE_ROUTES = [
  { path: 'index', key: 'index' },
  { path: '1', key: 'diet' },
  { path: '2', key: 'sleep' },
  { path: '3', key: 'motion' },
  { path: '4', key: 'loseWeight' },
  { path: '5', key: 'healthEducation' },
  { path: '6', key: 'physique' },
  { path: 'other', key: 'other' },
] as const;
export type PrescribeKey = (typeof PRESCRIBE_ROUTES)[number]['key'];
