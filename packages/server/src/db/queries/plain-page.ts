import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../lib/context';
import type { Db } from '../client';
import { preparedPerDb } from '../prepared';
import { patientCounters, patients } from '../schema';
import { LIST_TOTALS, readCounter } from './counters';
import { institutionJoin, type PatientScope, type PatientViewRow, patientColumns } from './patients';

/**
 * The plain list of one group (no filter but the group), latest enrolled first: every doctor's home
 * and list screen opens on it. It is prepared once per connection (db/prepared.ts) instead of built by
 * Drizzle per request: the statement selectListed builds for this filter, with the institution, group,
 * today and paging as parameters (the institution one, or all for the admin). Each row also carries
 * the list's total, the group's stored counter (db/queries/counters.ts), so a page and its total are
 * one statement and one round trip.
 */
const params = {
  institutionId: sql.placeholder('institutionId'),
  cohort: sql.placeholder('cohort'),
  today: sql.placeholder('today'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** The stored total of a group's plain list: every live patient, whatever their follow-up status. */
const counterColumn = (cohort: 'managed' | 'comparison') => patientCounters[LIST_TOTALS[cohort].column];

/** The group's stored total over the scope: one institution's counters row, or all of them. */
const groupTotal = (institution: boolean) =>
  sql<number>`(select coalesce(sum(case when ${params.cohort} = 'managed' then ${counterColumn('managed')} else ${counterColumn('comparison')} end), 0)::int from ${patientCounters}${institution ? sql` where ${patientCounters.institutionId} = ${params.institutionId}` : sql``})`;

const plainPageOf = (db: Db, institution: boolean) =>
  db
    .select({ ...patientColumns(params.today), total: groupTotal(institution) })
    .from(patients)
    .leftJoin(...institutionJoin)
    .where(
      and(
        isNull(patients.voidedAt),
        institution ? eq(patients.institutionId, params.institutionId) : undefined,
        eq(patients.cohort, params.cohort),
      ),
    )
    .orderBy(desc(patients.id))
    .limit(params.limit)
    .offset(params.offset);
const plainPageOfInstitution = preparedPerDb((db) => plainPageOf(db, true).prepare('patient_page_institution'));
const plainPageOfAll = preparedPerDb((db) => plainPageOf(db, false).prepare('patient_page_all'));

/**
 * One page of a scope's plain list and the list's total. An empty page carries no total: on the first
 * page it is 0 (the counters count the same rows), past the end it is read from the counters apart.
 */
export async function readPlainPage(
  ctx: Ctx,
  scope: PatientScope,
  page: { cohort: 'managed' | 'comparison'; today: string; limit: number; offset: number },
): Promise<{ rows: PatientViewRow[]; total: number }> {
  const rows =
    scope.institutionId === undefined
      ? await plainPageOfAll(ctx.db).execute(page)
      : await plainPageOfInstitution(ctx.db).execute({ ...page, institutionId: scope.institutionId });
  const first = rows[0];
  if (first) return { rows, total: first.total };
  if (page.offset === 0) return { rows, total: 0 };
  return { rows, total: await readCounter(ctx.db, scope.institutionId, LIST_TOTALS[page.cohort].column) };
}
