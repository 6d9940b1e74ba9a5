import type { OutreachList } from '@tcm/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { listTotalColumn, readCounter, readUrgentCounts } from '../../db/queries/counters';
import { lastContactsOf, outreachListSql } from '../../db/queries/outreach';
import {
  dueDateSql,
  isActiveSql,
  isCompletedSql,
  isDismissedSql,
  isOverdueSql,
  isSilencedSql,
  isUrgentSql,
  type PatientScope,
  type PatientViewRow,
} from '../../db/queries/patients';
import { readPlainPage } from '../../db/queries/plain-page';
import type { Ctx } from '../../lib/context';
import { todayOf } from '../../lib/scope';
import { auditPatientSearch, keywordCondition } from './patient-search';
import { toListItem } from './patient-view';

export interface PatientFilter {
  cohort: 'managed' | 'comparison';
  comparisonRole?: 0 | 1 | undefined;
  state?: 'running' | 'completed' | undefined;
  fillStatus?: 'completed' | 'uncompleted' | undefined;
  /**
   * The unfilled list (逾期未随访): overdue, not silenced with notRemind and not dismissed with
   * deleteFromIncompleteList, exactly the patients the bell counts, so the list it opens shows its number.
   */
  overdueOnly?: boolean | undefined;
  keyword?: string | undefined;
  /** In management and due from today to today + N days. */
  dueWithinDays?: number | undefined;
  /** dueDate: earliest next follow-up first; recent (default): latest enrolled first. */
  sort?: 'recent' | 'dueDate' | undefined;
  /** Only urgent patients (db/queries/urgent.ts), the oldest alert first. */
  urgentOnly?: boolean | undefined;
  /** One of the outreach working lists (db/queries/outreach.ts), the longest-waiting first. */
  outreach?: OutreachList | undefined;
}

/** A list's filter as conditions over the scope's patients (the scope adds institution and liveness). */
export function patientConditions(scope: PatientScope, filter: PatientFilter, today: string): SQL | undefined {
  const p = scope.cols;
  const conditions: (SQL | undefined)[] = [eq(p.cohort, filter.cohort)];
  if (filter.comparisonRole !== undefined) conditions.push(eq(p.comparisonRole, filter.comparisonRole));
  if (filter.state) conditions.push(eq(p.endManagement, filter.state === 'completed'));
  if (filter.fillStatus) conditions.push(filter.fillStatus === 'completed' ? isCompletedSql : sql`not ${isCompletedSql}`);
  // The fill-in lists are worklists (records to continue, and its complement): active patients only,
  // as their personal-centre figures count. The plain, state and role lists keep every status.
  if (filter.fillStatus) conditions.push(isActiveSql);
  // The worklists hold only active patients (follow-up status); the plain lists and searches keep all.
  if (filter.overdueOnly) conditions.push(isOverdueSql(today), sql`not ${isSilencedSql}`, sql`not ${isDismissedSql}`, isActiveSql);
  if (filter.urgentOnly) conditions.push(isUrgentSql, isActiveSql);
  if (filter.outreach) conditions.push(outreachListSql(filter.outreach, today));
  if (filter.dueWithinDays !== undefined) {
    conditions.push(
      eq(p.endManagement, false),
      isActiveSql,
      sql`${dueDateSql} between ${today}::date and ${today}::date + ${filter.dueWithinDays}::int`,
    );
  }
  const keyword = filter.keyword?.trim();
  if (keyword) conditions.push(keywordCondition(scope, keyword));
  return and(...conditions);
}

/**
 * One page of the scope's patients with their derived facts. Worklists (the unfilled list, sort by due
 * date, due soon) put the longest-waiting patient first: the due date is the last follow-up plus the
 * group's interval, so within one cohort it orders like the last follow-up. The urgent list puts the
 * oldest unresolved alert first.
 */
export async function listPatientPage(ctx: Ctx, scope: PatientScope, filter: PatientFilter, page: number, limit: number) {
  const today = todayOf(ctx);
  const byDueDate = filter.overdueOnly || filter.sort === 'dueDate' || filter.dueWithinDays !== undefined || filter.outreach !== undefined;
  const offset = (page - 1) * limit;
  let rows: PatientViewRow[];
  let total: number;
  if (isPlainList(filter) && !byDueDate) {
    ({ rows, total } = await readPlainPage(ctx, scope, { cohort: filter.cohort, today, limit, offset }));
  } else {
    const where = patientConditions(scope, filter, today);
    const order = filter.urgentOnly
      ? [asc(scope.cols.urgentSince), asc(scope.cols.id)]
      : byDueDate
        ? [asc(dueDateSql), asc(scope.cols.id)]
        : [desc(scope.cols.id)];
    [rows, total] = await Promise.all([
      scope
        .selectListed(today, where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      countListed(ctx, scope, filter, where),
    ]);
  }
  const list = rows.map((r) => toListItem(r, ctx.now, scope.keyring));
  if (filter.outreach) {
    // Each row of a working list shows the last attempt; read for the page's patients only.
    const last = await lastContactsOf(
      ctx.db,
      list.map((p) => p.id),
    );
    for (const item of list) item.lastContact = last.get(item.id) ?? null;
  }
  await auditPatientSearch(ctx, {
    keyword: filter.keyword,
    list: filter.cohort,
    institutionId: scope.institutionId,
    ids: list.map((p) => p.id),
    total,
  });
  return { list, total, page, limit };
}

/** A list filtered by nothing but its group: the prepared statement of readPlainPage. */
function isPlainList(filter: PatientFilter): boolean {
  return (
    filter.comparisonRole === undefined &&
    !filter.state &&
    !filter.fillStatus &&
    !filter.overdueOnly &&
    !filter.urgentOnly &&
    !filter.outreach &&
    !filter.keyword?.trim() &&
    filter.dueWithinDays === undefined
  );
}

/**
 * A list's total. The plain list of a group, a list by state, by fill-in status or by comparison role,
 * or a group's urgent list is read from the stored counters (listTotalColumn), which count with the same predicates (db/queries/counters.ts): the first page then costs the same at any
 * number of patients. Any other filter (a keyword, overdue, due soon, state and status together) is
 * counted from the rows.
 */
async function countListed(ctx: Ctx, scope: PatientScope, filter: PatientFilter, where: SQL | undefined): Promise<number> {
  const { urgentOnly, ...rest } = filter;
  if (urgentOnly && isPlainList(rest)) return (await readUrgentCounts(ctx.db, scope.institutionId))[filter.cohort];
  const counter =
    filter.keyword?.trim() || filter.overdueOnly || urgentOnly || filter.outreach || filter.dueWithinDays !== undefined
      ? undefined
      : listTotalColumn(filter);
  if (counter) return readCounter(ctx.db, scope.institutionId, counter);
  const [row] = await scope.select({ value: count() }, where);
  return row?.value ?? 0;
}
