import { PROTOCOL_GROUPS, type ProtocolGroup, type ProtocolGroupKey } from '@tcm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { patients } from '../schema';

/**
 * The protocol table of contracts (clinical/cohort-protocol.ts) as SQL over a patient row, so lists
 * can filter, count and page on the fill-in status. Generated from the same table as
 * `isFillCompleted`; test/record-integrity.test.ts compares the two over every combination of filled
 * annexes, groups and end states.
 */

/** Annex keys come from the constant table, never from a request: safe as literals. */
const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]::text[]`);

/** Which patients a group holds: the same decision as `protocolGroup(cohort, role)`. */
const GROUP_MATCH: Record<ProtocolGroupKey, SQL> = {
  managed: sql`${patients.cohort} = 'managed'`,
  comparisonDiabetes: sql`(${patients.cohort} = 'comparison' and ${patients.comparisonRole} is not distinct from 1)`,
  // Any other comparison member (role 0, or none) is followed as pre-diabetes.
  comparisonPreDiabetes: sql`(${patients.cohort} = 'comparison' and ${patients.comparisonRole} is distinct from 1)`,
};

function completedSql(group: ProtocolGroup): SQL {
  const baseline = sql`${patients.filledAnnexes} @> ${textArray(group.baseline)}`;
  if (!group.endEvaluation) return baseline;
  return sql`(${baseline} and (not ${patients.endManagement} or ${patients.filledAnnexes} @> ${textArray([group.endEvaluation])}))`;
}

/** Follow-up entry completed (PRODUCT §3). */
export const isCompletedSql: SQL<boolean> = sql<boolean>`(case ${sql.join(
  Object.values(PROTOCOL_GROUPS).map((group) => sql`when ${GROUP_MATCH[group.key]} then ${completedSql(group)}`),
  sql` `,
)} else false end)`;
