import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { patients } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { assertInstitutionAccess, todayOf } from '../../lib/scope';
import { dueDateSql, institutionJoin, isCompletedSql, isDismissedSql, isOverdueSql, patientColumns, toListItem } from './patient-view';

export interface PatientFilter {
  cohort: 'managed' | 'comparison';
  comparisonRole?: 0 | 1 | undefined;
  institutionId?: number | undefined;
  state?: 'running' | 'completed' | undefined;
  fillStatus?: 'completed' | 'uncompleted' | undefined;
  /** The unfilled list: overdue and not dismissed with deleteFromIncompleteList. */
  overdueOnly?: boolean | undefined;
  keyword?: string | undefined;
  /** In management and due from today to today + N days. */
  dueWithinDays?: number | undefined;
  /** dueDate: earliest next follow-up first; recent (default): latest enrolled first. */
  sort?: 'recent' | 'dueDate' | undefined;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function patientConditions(filter: PatientFilter, today: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(patients.voidedAt), eq(patients.cohort, filter.cohort)];
  if (filter.comparisonRole !== undefined) conditions.push(eq(patients.comparisonRole, filter.comparisonRole));
  if (filter.institutionId !== undefined) conditions.push(eq(patients.institutionId, filter.institutionId));
  if (filter.state) conditions.push(eq(patients.endManagement, filter.state === 'completed'));
  if (filter.fillStatus) conditions.push(filter.fillStatus === 'completed' ? isCompletedSql : sql`not ${isCompletedSql}`);
  if (filter.overdueOnly) conditions.push(isOverdueSql(today), sql`not ${isDismissedSql}`);
  if (filter.dueWithinDays !== undefined) {
    conditions.push(
      eq(patients.endManagement, false),
      sql`${dueDateSql} between ${today}::date and ${today}::date + ${filter.dueWithinDays}::int`,
    );
  }
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const upper = keyword.toUpperCase();
    conditions.push(
      or(
        ilike(patients.name, `%${escapeLike(keyword)}%`),
        sql`${patients.telNum} like ${`${escapeLike(keyword)}%`}`,
        sql`${patients.idNum} like ${`${escapeLike(upper)}%`}`,
      ),
    );
  }
  return and(...conditions);
}

/**
 * One page of patients with their derived facts. Worklists (the unfilled list, sort by due date, due
 * soon) put the longest-waiting patient first: the due date is the last follow-up plus the group's
 * interval, so within one cohort it orders like the last follow-up.
 */
export async function listPatientPage(ctx: Ctx, filter: PatientFilter, page: number, limit: number) {
  const today = todayOf(ctx);
  const where = patientConditions(filter, today);
  const byDueDate = filter.overdueOnly || filter.sort === 'dueDate' || filter.dueWithinDays !== undefined;
  const order = byDueDate ? [asc(dueDateSql), asc(patients.id)] : [desc(patients.id)];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(patientColumns(today))
      .from(patients)
      .leftJoin(...institutionJoin)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ value: count() }).from(patients).where(where),
  ]);
  return { list: rows.map((r) => toListItem(r, ctx.now)), total: total?.value ?? 0, page, limit };
}

/** A patient row with derived facts, checked against the caller's institution. */
export async function loadPatientRow(ctx: Ctx, id: number, cohort?: 'managed' | 'comparison') {
  const today = todayOf(ctx);
  const [row] = await ctx.db
    .select({ ...patientColumns(today), voidedAt: patients.voidedAt, incompleteDismissedDue: patients.incompleteDismissedDue })
    .from(patients)
    .leftJoin(...institutionJoin)
    .where(eq(patients.id, id))
    .limit(1);
  if (!row || row.voidedAt || (cohort && row.cohort !== cohort)) {
    throw notFound(cohort === 'comparison' ? '对照组成员不存在' : '患者不存在');
  }
  assertInstitutionAccess(ctx, row.institutionId);
  return row;
}
