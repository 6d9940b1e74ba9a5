import {
  INDICATOR_KEYS,
  type IndicatorKey,
  type IndicatorPatientsQuery,
  type IndicatorPatientsResult,
  type IndicatorPeriod,
  type IndicatorQuery,
  type IndicatorReport,
  type IndicatorTargets,
  PATIENT_GAP_LABELS,
  type PatientGapsResult,
  parsePeriod,
  patientGaps,
  type SetIndicatorTargetBody,
  trailingPeriods,
} from '@tcm/contracts';
import { and, eq } from 'drizzle-orm';
import { type IndicatorScope, indicatorPatientsByIds, loadScopedFacts } from '../../db/queries/indicator-scope';
import { loadPatient } from '../../db/queries/patients';
import { accounts, indicatorTargets, institutions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { Ctx, ServiceCall } from '../../lib/context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { scopedInstitution, todayOf } from '../../lib/scope';
import {
  type Evaluated,
  evaluateAll,
  figures,
  figuresBy,
  figuresOf,
  patientsOn,
  rowsFromSums,
  TREND_PERIODS,
  trend,
  trendOfSums,
} from './aggregate';
import { indicatorCacheOf } from './facts-cache';

export interface ResolvedQuery {
  period: IndicatorPeriod;
  scope: IndicatorScope;
  today: string;
}

/**
 * A doctor: their institution (naming another answers 403), optionally only the patients they
 * enrolled (their own id; another doctor's answers 403). The admin: the city, one institution (an
 * unknown one answers 404), or one doctor's patients.
 */
export async function resolveIndicatorQuery(ctx: Ctx, input: IndicatorQuery): Promise<ResolvedQuery> {
  const period = parsePeriod(input.period);
  if (!period) throw badRequest('统计期格式应为 2026、2026-Q3 或 2026-07');
  const institutionId = scopedInstitution(ctx, input.institutionId);
  if (ctx.actor?.role === 'doctor' && input.doctorId !== undefined && input.doctorId !== ctx.actor.id) {
    throw forbidden('只能按本人筛选患者', 'denied.scope');
  }
  if (institutionId !== undefined && ctx.actor?.role === 'admin') {
    const [found] = await ctx.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, institutionId));
    if (!found) throw notFound('机构不存在');
  }
  return { period, scope: { institutionId, doctorId: input.doctorId }, today: todayOf(ctx) };
}

export async function readTargets(ctx: Ctx): Promise<Map<IndicatorKey, number>> {
  const rows = await ctx.db.select({ key: indicatorTargets.key, target: indicatorTargets.target }).from(indicatorTargets);
  return new Map(
    rows.filter((r) => (INDICATOR_KEYS as readonly string[]).includes(r.key)).map((r) => [r.key as IndicatorKey, Number(r.target)]),
  );
}

async function institutionNames(ctx: Ctx, scope: IndicatorScope): Promise<Map<number, string>> {
  const query = ctx.db.select({ id: institutions.id, name: institutions.name }).from(institutions);
  const rows = await (scope.institutionId === undefined ? query : query.where(eq(institutions.id, scope.institutionId)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function doctorNames(ctx: Ctx, scope: IndicatorScope): Promise<Map<number, string>> {
  const where = [eq(accounts.role, 'doctor')];
  if (scope.institutionId !== undefined) where.push(eq(accounts.institutionId, scope.institutionId));
  if (scope.doctorId !== undefined) where.push(eq(accounts.id, scope.doctorId));
  const rows = await ctx.db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(...where));
  return new Map(rows.map((r) => [r.id, r.name]));
}

interface Evaluation {
  evaluated: Evaluated[];
  trend: IndicatorReport['trend'];
}

/**
 * The scope's patients with their part in the period (and the trend when asked), read from the rows:
 * inside a transaction, where the cache is not used.
 */
async function evaluateScope(ctx: Ctx, q: ResolvedQuery, withTrend: boolean): Promise<Evaluation> {
  const list = await loadScopedFacts(ctx.db, q.scope);
  return { evaluated: evaluateAll(list, q.period, q.today), trend: withTrend ? trend(list, q.period, q.today) : [] };
}

/** The scope's patients with their part in the period: from the cache, brought up to date first. */
async function evaluatedOf(ctx: Ctx, q: ResolvedQuery): Promise<Evaluated[]> {
  const cache = indicatorCacheOf(ctx.db);
  if (!cache) return (await evaluateScope(ctx, q, false)).evaluated;
  await cache.refresh();
  return cache.view(q.scope, [q.period], q.today).evaluated(q.period);
}

/** The report of a resolved query: figures, by institution (city scope) or by doctor, and the trend. */
export async function computeIndicatorReport(ctx: Ctx, q: ResolvedQuery): Promise<IndicatorReport> {
  const city = q.scope.institutionId === undefined && q.scope.doctorId === undefined;
  const cache = indicatorCacheOf(ctx.db);
  const [targets, names] = await Promise.all([
    readTargets(ctx),
    city ? institutionNames(ctx, q.scope) : doctorNames(ctx, q.scope),
    cache?.refresh(),
  ]);
  const scope: IndicatorReport['scope'] = {
    level: q.scope.doctorId !== undefined ? 'doctor' : q.scope.institutionId !== undefined ? 'institution' : 'city',
    institutionId: q.scope.institutionId ?? null,
    doctorId: q.scope.doctorId ?? null,
  };
  let report: IndicatorReport;
  if (cache) {
    // The sums per institution, doctor and group the cache keeps per period: no walk over the patients.
    const periods = trailingPeriods(q.period, TREND_PERIODS);
    const view = cache.view(q.scope, periods, q.today);
    const sums = view.sums(q.period);
    report = {
      period: q.period,
      scope,
      indicators: figuresOf(sums, targets),
      trend: trendOfSums(
        periods,
        periods.map((p) => view.sums(p).total),
      ),
    };
    if (city) report.byInstitution = rowsFromSums(sums.byInstitution, names);
    else report.byDoctor = rowsFromSums(sums.byDoctor, names);
    return report;
  }
  const { evaluated, trend } = await evaluateScope(ctx, q, true);
  report = { period: q.period, scope, indicators: figures(evaluated, targets), trend };
  if (city) report.byInstitution = figuresBy(evaluated, (p) => p.institutionId, names);
  else report.byDoctor = figuresBy(evaluated, (p) => p.doctorId, names);
  return report;
}

/** GET /api/programme/indicators. */
export async function getIndicators({ ctx, input }: ServiceCall<IndicatorQuery>): Promise<IndicatorReport> {
  const q = await resolveIndicatorQuery(ctx, input);
  const report = await computeIndicatorReport(ctx, q);
  await writeAudit(ctx, {
    action: 'indicator.report',
    entity: 'institution',
    entityId: q.scope.institutionId ?? null,
    institutionId: q.scope.institutionId ?? null,
    detail: { period: q.period.key, scope: report.scope.level, doctorId: q.scope.doctorId ?? null },
  });
  return report;
}

/** GET /api/programme/indicators/patients: the patients behind one figure, paged, in id order. */
export async function getIndicatorPatients({ ctx, input }: ServiceCall<IndicatorPatientsQuery>): Promise<IndicatorPatientsResult> {
  const q = await resolveIndicatorQuery(ctx, input);
  const rows = patientsOn(await evaluatedOf(ctx, q), input.key, input.in);
  const pageRows = rows.slice((input.page - 1) * input.limit, input.page * input.limit);
  const ids = pageRows.map((r) => r.patient.id);
  const details = await indicatorPatientsByIds(ctx.db, ids);
  const byId = new Map(details.map((d) => [d.id, d]));
  const list = pageRows.flatMap((r) => {
    const d = byId.get(r.patient.id);
    return d ? [{ ...d, count: r.count }] : [];
  });
  await writeAudit(ctx, {
    action: 'indicator.patients',
    entity: 'institution',
    entityId: q.scope.institutionId ?? null,
    institutionId: q.scope.institutionId ?? null,
    detail: { period: q.period.key, key: input.key, in: input.in, page: input.page, count: list.length },
  });
  return { list, total: rows.length, page: input.page, limit: input.limit, units: rows.reduce((sum, r) => sum + r.count, 0) };
}

export async function listTargets({ ctx }: ServiceCall<unknown>): Promise<IndicatorTargets> {
  const targets = await readTargets(ctx);
  return { list: INDICATOR_KEYS.filter((k) => targets.has(k)).map((key) => ({ key, target: targets.get(key) as number })) };
}

/** PUT /api/programme/indicators/targets (admin): sets or (null) removes one indicator's target. */
export async function setTarget({ ctx, input }: ServiceCall<SetIndicatorTargetBody>): Promise<IndicatorTargets> {
  if (input.key === 'activePatients' || input.key === 'newlyEnrolled') throw badRequest('在管人数与新入组为人数，不设目标值');
  if (input.target === null) await ctx.db.delete(indicatorTargets).where(eq(indicatorTargets.key, input.key));
  else {
    await ctx.db
      .insert(indicatorTargets)
      .values({ key: input.key, target: input.target, updatedBy: ctx.actor?.id ?? null, updatedAt: ctx.now })
      .onConflictDoUpdate({
        target: indicatorTargets.key,
        set: { target: input.target, updatedBy: ctx.actor?.id ?? null, updatedAt: ctx.now },
      });
  }
  await writeAudit(ctx, {
    action: 'indicator.target',
    entity: 'indicator',
    entityId: null,
    institutionId: null,
    detail: { key: input.key, target: input.target },
  });
  return listTargets({ ctx, input: undefined });
}

/** One live patient's facts: from the cache (brought up to date), inside a transaction from the rows. */
async function patientFacts(ctx: Ctx, patientId: number) {
  const cache = indicatorCacheOf(ctx.db);
  if (!cache) return (await loadScopedFacts(ctx.db, { patientId }))[0];
  await cache.refresh();
  return cache.patient(patientId);
}

/** GET /api/programme/indicators/patientGaps: what one patient currently fails. */
export async function getPatientGaps({ ctx, input }: ServiceCall<{ patientId: number }>): Promise<PatientGapsResult> {
  const patient = await loadPatient(ctx, input.patientId);
  const row = await patientFacts(ctx, input.patientId);
  await writeAudit(ctx, {
    action: 'indicator.patientGaps',
    entity: 'patient',
    entityId: input.patientId,
    institutionId: patient.institutionId,
    detail: { count: row ? 1 : 0 },
  });
  if (!row) return { list: [] };
  return {
    list: patientGaps(row.facts, todayOf(ctx)).map((gap) => ({ ...gap, label: PATIENT_GAP_LABELS[gap.key].zh })),
  };
}
