import type { FollowUpStatusValue, IndicatorFacts, IndicatorGroup, StoredIndicatorFacts } from '@tcm/contracts';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../client';
import { indicatorFacts, patients } from '../schema';

/** Which patients a report counts: the city, one institution, and optionally those one doctor enrolled. */
export interface IndicatorScope {
  institutionId?: number;
  doctorId?: number;
  /** One patient (their detail's gaps). */
  patientId?: number;
}

/** One patient as the indicators read them: where they belong and their facts. */
export interface ScopedFacts {
  id: number;
  institutionId: number;
  doctorId: number | null;
  facts: IndicatorFacts;
}

function scopeWhere(scope: IndicatorScope): SQL {
  const parts = [sql`p.voided_at is null`];
  if (scope.institutionId !== undefined) parts.push(sql`p.institution_id = ${scope.institutionId}`);
  if (scope.doctorId !== undefined) parts.push(sql`p.created_by = ${scope.doctorId}`);
  if (scope.patientId !== undefined) parts.push(sql`p.id = ${scope.patientId}`);
  return sql.join(parts, sql` and `);
}

type Row = [number, number, number | null, IndicatorGroup, string, string | null, FollowUpStatusValue, string | null, StoredIndicatorFacts];

/**
 * One patient's row as the indicators read it: their stored facts and their own columns read live
 * (group, enrolment, end of management, follow-up status), as one JSON text, which both drivers hand
 * over without parsing it column by column. Reads `patients p` joined to `indicator_facts f`.
 */
export const scopedFactsRow = sql`json_build_array(p.id, p.institution_id, p.created_by,
      case when p.cohort = 'managed' then 'managed' when p.comparison_role = 1 then 'diabetic' else 'comparison' end,
      to_char(p.enrolled_at, 'YYYY-MM-DD'),
      case when p.end_management then to_char(coalesce(p.ended_at, p.enrolled_at), 'YYYY-MM-DD') end,
      p.follow_up_status, to_char(p.follow_up_status_at, 'YYYY-MM-DD'), f.facts)::text`;

/** A `scopedFactsRow` text as the indicators take it. */
export function parseScopedFacts(row: string): ScopedFacts {
  const [id, institutionId, doctorId, group, enrolledAt, endedAt, status, statusAt, facts] = JSON.parse(row) as Row;
  return { id, institutionId, doctorId, facts: { ...facts, group, enrolledAt, endedAt, status, statusAt } };
}

/**
 * The live patients of a scope with their facts (scopedFactsRow), read from the database: the
 * reference the in-process cache (modules/indicators/facts-cache.ts) is tested against, and what a
 * caller inside a transaction reads. The cost of a city-wide report without the cache is this read.
 */
export async function loadScopedFacts(db: Db, scope: IndicatorScope): Promise<ScopedFacts[]> {
  const result = await db.execute(sql`
    select ${scopedFactsRow} as row
    from ${patients} p join ${indicatorFacts} f on f.patient_id = p.id
    where ${scopeWhere(scope)}
    order by p.id`);
  return rowsOf<{ row: string }>(result).map(({ row }) => parseScopedFacts(row));
}

/** Who the patients behind an indicator figure are. `ids` come from loadScopedFacts of the caller's scope. */
export async function indicatorPatientsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: patients.id,
      name: patients.name,
      cohort: patients.cohort,
      comparisonRole: patients.comparisonRole,
      institutionId: patients.institutionId,
      enrolledAt: patients.enrolledAt,
    })
    .from(patients)
    .where(inArray(patients.id, [...ids]));
}

/**
 * The indicator cache's reads (modules/indicators/facts-cache.ts). Each answers `horizon`, the xmin
 * of its statement's snapshot: every transaction with a smaller id had ended when the rows were read.
 */

/** Every live patient's row (scopedFactsRow), with the horizon, in one statement (one snapshot). */
export async function readAllIndicatorFacts(db: Db): Promise<{ horizon: string; row: string | null }[]> {
  return rowsOf<{ horizon: string; row: string | null }>(
    await db.execute(sql`
      with h as (select pg_snapshot_xmin(pg_current_snapshot())::text as horizon)
      select h.horizon, d.row from h left join (
        select ${scopedFactsRow} as row from ${indicatorFacts} f join ${patients} p on p.id = f.patient_id where p.voided_at is null
      ) d on true`),
  );
}

/**
 * One statement, so one snapshot: its horizon, the count of live rows, and the rows written by
 * transactions with ids at or after `since` (a voided patient's row flagged, its facts still given).
 * At least one row answers, with id null when nothing was written.
 */
export async function readIndicatorFactsSince(
  db: Db,
  since: string,
): Promise<{ horizon: string; live: number; id: number | null; voided: boolean | null; row: string | null }[]> {
  return rowsOf<{ horizon: string; live: number; id: number | null; voided: boolean | null; row: string | null }>(
    await db.execute(sql`
      with h as (select pg_snapshot_xmin(pg_current_snapshot())::text as horizon),
        live as (select count(*)::int as live from ${indicatorFacts} f
          where not exists (select 1 from ${patients} p where p.id = f.patient_id and p.voided_at is not null)),
        d as (select p.id, p.voided_at is not null as voided, ${scopedFactsRow} as row
          from ${indicatorFacts} f join ${patients} p on p.id = f.patient_id where f.written_xid >= ${since}::bigint)
      select h.horizon, live.live, d.id, d.voided, d.row from h cross join live left join d on true`),
  );
}

/** The ids of the live patients with a facts row (after a row went). */
export async function readLiveIndicatorFactIds(db: Db): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select p.id from ${indicatorFacts} f join ${patients} p on p.id = f.patient_id where p.voided_at is null`),
  );
  return rows.map((r) => r.id);
}
