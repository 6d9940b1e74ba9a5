import { CCMQ_SUBSCALES } from '@tcm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  ANALYSIS_COLUMNS,
  analysisOf,
  byGroup,
  FOLLOW_UP_DAYS,
  type OutcomePolicy,
  SYMPTOM_EFFICACY_BANDS,
} from '../../db/queries/outcome-facts-sql';
import { outcomeFacts } from '../../db/schema';

/**
 * The outcome report as one SQL statement (docs/outcomes.md defines every figure). It reads only the
 * stored per-patient facts (outcome_facts, one row per live patient, computed from the records and the
 * patient row by facts-sql.ts in the transaction of every write) and answers only aggregates: one row per group (all institutions, and each institution) and
 * the events and censorings per day of follow-up for the Kaplan–Meier curves. Node computes the
 * intervals. db/queries/snapshots/outcomes.sql is the generated text of the statement (the SQL
 * snapshots, db/queries/sql-snapshots.test.ts, keep it current).
 */

export interface OutcomeScope {
  /** undefined: every institution. */
  institutionId: number | undefined;
  /** Inclusive bounds of the baseline date (enrolment date for patients without a baseline). */
  from: string | undefined;
  to: string | undefined;
  /** The server's today: follow-up windows whose due date has passed count as due. */
  today: string;
  /** Which follow-up counts: intention to treat (after the end of management too) or until the end of management. */
  policy: OutcomePolicy;
}

export type { OutcomeGroupKey } from '../../db/queries/outcome-facts-sql';

/**
 * One row per live patient in scope (voided patients have none) whose baseline date (or enrolment)
 * is in the range: the stored facts (`p`, a patient's row) and the figures that depend on today
 * (follow-ups due).
 */
function factsCte(scope: OutcomeScope): SQL {
  const where: SQL[] = [];
  if (scope.institutionId !== undefined) where.push(sql`p.institution_id = ${scope.institutionId}`);
  const indexDate = sql`coalesce(p.baseline_date, p.enrolled_at)`;
  if (scope.from) where.push(sql`${indexDate} >= ${scope.from}::date`);
  if (scope.to) where.push(sql`${indexDate} <= ${scope.to}::date`);
  const interval = byGroup((group) => sql.raw(String(FOLLOW_UP_DAYS[group])), sql.raw('p.grp'));
  const dueOfOpenWindow = sql`(coalesce(p.last_visit, p.enrolled_at) + ${interval})`;
  // The policy's two analyses: all measurements (the groups and effect) and the common schedule (sensitivity).
  const all = analysisOf(scope.policy, false).prefix;
  const common = analysisOf(scope.policy, true).prefix;
  const analysis = (prefix: string, alias: string) => sql.raw(ANALYSIS_COLUMNS.map((c) => `p.${prefix}_${c} as ${alias}${c}`).join(', '));
  return sql`scoped as not materialized (
  select * from ${outcomeFacts} p
  ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
),
facts as materialized (
  select p.grp, p.institution_id,
    p.with_baseline as has_baseline,
    p.baseline_age as age, p.male,
    p.bmi, p.baseline_fpg, p.baseline_ogtt2h, p.baseline_hba1c,
    p.prediabetic, ${analysis(all, '')}, ${analysis(common, 'c_')},
    p.weight_change, p.fpg_change, p.ogtt2h_change, p.hba1c_change,
    p.closed_windows + (case when ${dueOfOpenWindow} < ${scope.today}::date
      and coalesce(p.ended_at > ${dueOfOpenWindow}, not p.end_management) then 1 else 0 end) as due,
    p.on_time, p.reassessed,
    case when p.reassessed then p.constitution_first end as constitution_first,
    case when p.reassessed then p.constitution_last end as constitution_last,
    p.symptom_efficacy as efficacy,
    p.visit_satisfactory::int as satisfactory
  from scoped p
)`;
}

/** count, avg and var_samp of a variable over the patients where `where` holds. */
const summary = (name: string, value: string, where: string) =>
  sql.raw(
    `count(${value}) filter (where ${where}) as ${name}_n, avg(${value}) filter (where ${where}) as ${name}_mean, var_samp(${value}) filter (where ${where}) as ${name}_var`,
  );
const countWhere = (name: string, where: string) => sql.raw(`count(*) filter (where ${where}) as ${name}`);

/** Every figure per group, all institutions together. */
const groupsCte = sql`groups as (
  select grp, null::int as institution_id, true as all_institutions,
    count(*) as enrolled,
    ${countWhere('with_baseline', 'has_baseline')},
    ${countWhere('prediabetic', 'prediabetic')},
    ${sql.join(
      ['', 'c_'].map((a) =>
        sql.raw(`count(*) filter (where ${a}evaluable) as ${a}evaluable,
    coalesce(sum(${a}followed_days) filter (where ${a}evaluable), 0) as ${a}followed_days,
    coalesce(sum(${a}tests) filter (where ${a}evaluable), 0) as ${a}tests,
    count(*) filter (where ${a}evaluable and ${a}progressed) as ${a}progressed,
    count(*) filter (where ${a}evaluable and ${a}unconfirmed) as ${a}unconfirmed,
    count(*) filter (where ${a}evaluable and ${a}reverted) as ${a}reverted`),
      ),
      sql`,
    `,
    )},
    ${summary('age', 'age', 'has_baseline')},
    ${countWhere('male', 'has_baseline and male')},
    ${summary('bmi', 'bmi', 'has_baseline')},
    ${summary('baseline_fpg', 'baseline_fpg', 'has_baseline')},
    ${summary('baseline_ogtt2h', 'baseline_ogtt2h', 'has_baseline')},
    ${summary('baseline_hba1c', 'baseline_hba1c', 'has_baseline')},
    ${summary('weight_change', 'weight_change', 'prediabetic')},
    ${countWhere('weight_loss5', 'prediabetic and weight_change <= -5')},
    ${summary('fpg_change', 'fpg_change', 'evaluable')},
    ${summary('ogtt2h_change', 'ogtt2h_change', 'evaluable')},
    ${summary('hba1c_change', 'hba1c_change', 'evaluable')},
    ${countWhere('hba1c_drop02', 'evaluable and hba1c_change <= -0.2')},
    sum(due) as due, sum(on_time) as on_time,
    ${countWhere('reassessed', 'prediabetic and reassessed')},
    ${sql.join(
      CCMQ_SUBSCALES.flatMap((s, index) => [
        countWhere(`first_${s.key}`, `prediabetic and constitution_first[${index + 1}] = 1`),
        countWhere(`last_${s.key}`, `prediabetic and constitution_last[${index + 1}] = 1`),
      ]),
      sql`, `,
    )},
    ${sql.join(
      SYMPTOM_EFFICACY_BANDS.map((band) => countWhere(`efficacy_${band}`, `prediabetic and efficacy = '${band}'`)),
      sql`, `,
    )},
    ${countWhere('visit_classified', 'satisfactory is not null')},
    ${countWhere('visit_satisfactory', 'satisfactory = 1')}
  from facts
  group by grp
)`;

/**
 * Per institution, only the additive counts of the per-institution table (OutcomeInstitutionRow): a
 * second, narrow aggregation is cheaper than computing every figure for each institution too.
 */
const institutionGroupsCte = sql`institution_groups as (
  select grp, institution_id, false as all_institutions,
    count(*) as enrolled,
    ${countWhere('with_baseline', 'has_baseline')},
    ${countWhere('evaluable', 'evaluable')},
    ${countWhere('progressed', 'evaluable and progressed')},
    ${countWhere('reverted', 'evaluable and reverted')},
    sum(due) as due, sum(on_time) as on_time
  from facts
  group by grp, institution_id
)`;

/**
 * Events (confirmed diabetes) and censorings (latest measurement) per day since time zero, per group,
 * for both analyses: `all` measurements and the `common` schedule.
 */
const survivalCte = sql`survival as (
  select 'all' as analysis, grp, followed_days as day, count(*) filter (where progressed) as events, count(*) filter (where not progressed) as censored
  from facts where evaluable
  group by grp, followed_days
  union all
  select 'common', grp, c_followed_days, count(*) filter (where c_progressed), count(*) filter (where not c_progressed)
  from facts where c_evaluable
  group by grp, c_followed_days
)`;

/** The statement: `{ groups: [...], survival: [...] }` as one JSON value (column names as above). */
export function outcomeReportSql(scope: OutcomeScope): SQL {
  return sql`with
${factsCte(scope)},
${groupsCte},
${institutionGroupsCte},
${survivalCte}
select json_build_object(
  'groups', (select coalesce(json_agg(g), '[]'::json) from groups g)::jsonb
    || (select coalesce(jsonb_agg(i), '[]'::jsonb) from institution_groups i),
  'survival', (select coalesce(json_agg(s order by s.analysis, s.grp, s.day), '[]'::json) from survival s)
) as report`;
}
