import type { PersonalCenterData } from '@tcm/contracts';
import { sql } from 'drizzle-orm';
import { isCompletedSql, patientScope } from '../../db/queries/patients';
import type { ServiceCall } from '../../lib/context';

/**
 * The eight personal-centre figures in one pass over the institution's patients, with the same
 * predicates as the lists they link to, so a figure always equals its list's total.
 */
export async function personalCenterData({ ctx, input }: ServiceCall<{ institutionId?: number | undefined }>): Promise<PersonalCenterData> {
  const scope = patientScope(ctx, input.institutionId);
  const patients = scope.cols;
  const managed = sql`${patients.cohort} = 'managed'`;
  const comparison = sql`${patients.cohort} = 'comparison'`;
  const n = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})::int`;
  const [row] = await scope.select({
    managementTeamCount: n(managed),
    managementTeamCompletedCount: n(sql`${managed} and ${isCompletedSql}`),
    managementTeamUnCompletedCount: n(sql`${managed} and not ${isCompletedSql}`),
    managementTeamInManagementCount: n(sql`${managed} and not ${patients.endManagement}`),
    managementTeamEndManagementCount: n(sql`${managed} and ${patients.endManagement}`),
    comparativeTeamCount: n(comparison),
    comparativeTeamEarlyCount: n(sql`${comparison} and ${patients.comparisonRole} = 0`),
    comparativeTeamDiabetesCount: n(sql`${comparison} and ${patients.comparisonRole} = 1`),
  });
  const zero: PersonalCenterData = {
    comparativeTeamCount: 0,
    comparativeTeamDiabetesCount: 0,
    comparativeTeamEarlyCount: 0,
    managementTeamCompletedCount: 0,
    managementTeamCount: 0,
    managementTeamEndManagementCount: 0,
    managementTeamInManagementCount: 0,
    managementTeamUnCompletedCount: 0,
  };
  if (!row) return zero;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as PersonalCenterData;
}
