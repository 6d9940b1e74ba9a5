import type { OutcomeQuery, OutcomeReport } from '@tcm/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { institutions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { Ctx, ServiceCall } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { scopedInstitution, todayOf } from '../../lib/scope';
import { type OutcomeScope, outcomeReportSql } from './queries';
import { assembleReport, type ReportAggregates } from './report';

const REPORT_WORK_MEM = '128MB';

/**
 * The scope of a report: a doctor always their own institution (naming another is refused with 403),
 * the admin one institution (an unknown one answers 404) or the whole city.
 */
export async function resolveOutcomeScope(ctx: Ctx, input: OutcomeQuery): Promise<OutcomeScope> {
  const institutionId = scopedInstitution(ctx, input.institutionId);
  if (institutionId !== undefined && ctx.actor?.role === 'admin') {
    const [found] = await ctx.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, institutionId));
    if (!found) throw notFound('机构不存在');
  }
  return { institutionId, from: input.from, to: input.to, today: todayOf(ctx), policy: input.policy ?? 'intentionToTreat' };
}

/**
 * Runs the report statement in a read-only transaction whose settings suit one large reporting query:
 * no JIT (compiling its many expressions costs more than it saves) and room in memory for the
 * per-patient rows it aggregates three times (about 30 MB for 100,000 patients). The database answers
 * one JSON value of aggregates.
 */
export async function queryReportAggregates(db: Db, scope: OutcomeScope): Promise<ReportAggregates> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql.raw(`set local work_mem = '${REPORT_WORK_MEM}'`));
    return tx.execute(outcomeReportSql(scope));
  });
  const [row] = rowsOf<{ report: ReportAggregates | string }>(result);
  if (!row) throw new Error('outcome report query returned no row');
  return typeof row.report === 'string' ? (JSON.parse(row.report) as ReportAggregates) : row.report;
}

function institutionsInScope(ctx: Ctx, scope: OutcomeScope) {
  const query = ctx.db.select({ id: institutions.id, name: institutions.name }).from(institutions);
  return (scope.institutionId === undefined ? query : query.where(eq(institutions.id, scope.institutionId))).orderBy(asc(institutions.id));
}

/** The report over the stored records of a resolved scope. */
export async function computeOutcomeReport(ctx: Ctx, scope: OutcomeScope): Promise<OutcomeReport> {
  const [aggregates, list] = await Promise.all([queryReportAggregates(ctx.db, scope), institutionsInScope(ctx, scope)]);
  return assembleReport(aggregates, list, scope.policy);
}

/** GET /api/programme/outcomes. */
export async function getOutcomeReport({ ctx, input }: ServiceCall<OutcomeQuery>): Promise<OutcomeReport> {
  const scope = await resolveOutcomeScope(ctx, input);
  const report = await computeOutcomeReport(ctx, scope);
  // Aggregates of many patients' clinical data: who asked for which scope, and how many institutions it covered.
  await writeAudit(ctx, {
    action: 'outcome.report',
    entity: 'institution',
    entityId: scope.institutionId ?? null,
    institutionId: scope.institutionId ?? null,
    detail: {
      scope: scope.institutionId ?? 'city',
      from: scope.from ?? null,
      to: scope.to ?? null,
      policy: scope.policy,
      count: report.byInstitution.length,
    },
  });
  return report;
}
