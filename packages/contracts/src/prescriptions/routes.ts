import type { PrescriptionKind } from './templates';

/**
 * The children of the /prescribe route (SEED-SPEC §2), in the order of the screen's tabs: 'index' is the
 * overview; '1'..'6' follow the order in which SEED-SPEC §1 lists the kinds (diet, sleep, motion, weight
 * loss, health education, physique). The one table of these routes: the web router, the tabs and the
 * overview's cards are derived from it. It imports no runtime code, so the web shell reads it without
 * loading the prescription templates.
 */
export const PRESCRIPTION_ROUTES = [
  { path: 'index', shows: 'overview' },
  { path: '1', shows: 'diet' },
  { path: '2', shows: 'sleep' },
  { path: '3', shows: 'motion' },
  { path: '4', shows: 'loseWeight' },
  { path: '5', shows: 'healthEducation' },
  { path: '6', shows: 'physique' },
  { path: 'other', shows: 'other' },
] as const satisfies readonly { path: string; shows: PrescriptionKind | 'overview' }[];

export type PrescriptionRoute = (typeof PRESCRIPTION_ROUTES)[number];
export type PrescriptionRouteChild = PrescriptionRoute['path'];
