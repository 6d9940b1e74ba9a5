import { z } from 'zod';
import { paged, pageQuery } from './envelope';
import { returnToCareSchema } from './outreach';
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
export const personalCentreFiguresSchema = z.object({
  comparativeTeamCount: z.number().int(),
  comparativeTeamDiabetesCount: z.number().int(),
  comparativeTeamEarlyCount: z.number().int(),
  managementTeamCompletedCount: z.number().int(),
  managementTeamCount: z.number().int(),
  managementTeamEndManagementCount: z.number().int(),
  managementTeamInManagementCount: z.number().int(),
  managementTeamUnCompletedCount: z.number().int(),
});
/** The stored-counter figures (each the total of the list it links to). */
export type PersonalCentreFigures = z.infer<typeof personalCentreFiguresSchema>;
/** The eight figures and, over the last 30 days, the outreach's return to care (api/outreach.ts). */
export const personalCenterResult = personalCentreFiguresSchema.extend({ returnToCare: returnToCareSchema });
export type PersonalCenterData = z.infer<typeof personalCenterResult>;
