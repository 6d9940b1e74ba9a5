import { z } from 'zod';
import { paged, pageQuery } from './envelope';
import { patientListItemSchema } from './patient';
import { idSchema, keywordSchema } from './validators';

export { AnnexQueryPaths } from './annex-query-paths';

export const annexListQuery = pageQuery.extend({
  institutionId: idSchema.optional(),
  keyword: keywordSchema.optional(),
});
export const annexListResult = paged(patientListItemSchema);

export const personalCenterQuery = z.object({ institutionId: idSchema.optional() });
/** The eight figures of the personal centre, with the spec's names (spec §3). */
export const personalCenterFigures = z.object({
  comparativeTeamCount: z.number().int(),
  comparativeTeamDiabetesCount: z.number().int(),
  comparativeTeamEarlyCount: z.number().int(),
  managementTeamCompletedCount: z.number().int(),
  managementTeamCount: z.number().int(),
  managementTeamEndManagementCount: z.number().int(),
  managementTeamInManagementCount: z.number().int(),
  managementTeamUnCompletedCount: z.number().int(),
});
/** The eight counted figures (each one a counter; see the server's counters). */
export type PersonalCenterData = z.infer<typeof personalCenterFigures>;

/**
 * Outreach over the last 30 days: patients contacted while overdue, those of them with a follow-up
 * record within 30 days of the contact, and returned / contacted (0–1; null when nobody was contacted).
 */
export const personalCenterOutreach = z.object({
  contacted: z.number().int(),
  returned: z.number().int(),
  returnRate: z.number().nullable(),
});
export type PersonalCenterOutreach = z.infer<typeof personalCenterOutreach>;

/** The personal centre's answer: the eight figures and, beside them, the outreach figures. */
export const personalCenterResult = personalCenterFigures.extend({ outreach: personalCenterOutreach.optional() });
export type PersonalCenterResult = z.infer<typeof personalCenterResult>;
