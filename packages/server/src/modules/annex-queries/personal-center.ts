import type { PersonalCenterData } from '@tcm/contracts';
import { readFigures } from '../../db/queries/counters';
import { readReturnToCare } from '../../db/queries/return-to-care';
import type { ServiceCall } from '../../lib/context';
import { scopedInstitution, todayOf } from '../../lib/scope';

/**
 * The eight personal-centre figures, read from the stored counters (db/queries/counters.ts) so the
 * call costs the same at 1,000 or 1,000,000 patients. The counters count with the predicates of the
 * lists the figures link to, so a figure always equals its list's total. Return to care over the last
 * 30 days (db/queries/return-to-care.ts) reads the attempts of that period only.
 */
export async function personalCenterData({ ctx, input }: ServiceCall<{ institutionId?: number | undefined }>): Promise<PersonalCenterData> {
  const institutionId = scopedInstitution(ctx, input.institutionId);
  const [figures, returnToCare] = await Promise.all([
    readFigures(ctx.db, institutionId),
    readReturnToCare(ctx.db, institutionId, todayOf(ctx)),
  ]);
  return { ...figures, returnToCare };
}
