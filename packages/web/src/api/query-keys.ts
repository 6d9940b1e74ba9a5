/**
 * Query keys by area. Mutations invalidate a whole area (e.g. every ['patients', …] list and the
 * personal-centre counts) so figures elsewhere on screen refresh without a reload.
 */
export const queryKeys = {
  me: ['me'] as const,
  institutions: ['institutions'] as const,
  patients: ['patients'] as const,
  doctors: ['doctors'] as const,
  comparative: ['comparative'] as const,
  annex: ['annex'] as const,
  remind: ['remind'] as const,
  outreach: ['outreach'] as const,
};
