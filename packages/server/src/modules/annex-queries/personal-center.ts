import type { PersonalCenterData } from '@tcm/contracts';
import { readPersonalCentre } from '../../db/queries/counters';
import type { ServiceCall } from '../../lib/context';

/**
 * The eight personal-centre figures, read from the stored counters (db/queries/counters.ts) so the
 * call costs the same at 1,000 or 1,000,000 patients. The counters count with the predicates of the
 * lists the figures link to, so a figure always equals its list's total.
 */
export async function personalCenterData({ ctx, input }: ServiceCall<{ institutionId?: number | undefined }>): Promise<PersonalCenterData> {
  return readPersonalCentre(ctx, input.institutionId);
}
