import {
  CCMQ_SUBSCALES,
  COMPARISON_FOLLOW_UP_DAYS,
  GLYCEMIC_STATUS_LABELS,
  MANAGED_FOLLOW_UP_DAYS,
  PROTOCOL_GROUPS,
  SYMPTOM_EFFICACY_LABELS,
  type SymptomEfficacy,
} from '@tcm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { annexRecords, patients } from '../schema';
import { DIABETIC_RANGE_STATUSES, glycemicStatusSql, isBackToNormalSql, PREDIABETES_STATUSES, textList } from './glycemic-sql';

/**
 * The per-patient facts of the outcome report (docs/outcomes.md), computed from a patient's stored
 * records by one statement: the only place these rules are written. The stored table outcome_facts
 * is filled by it (facts.ts: every write refreshes its patient's row), the consistency check compares
 * the table with it, and the report (queries.ts) aggregates the table.
 *
 * Bump OUTCOME_FACTS_VERSION whenever this SQL or a rule it uses (glycemic-sql.ts, contracts
 * thresholds, follow-up intervals) changes: start-up then recomputes every stored row.
 */
export const OUTCOME_FACTS_VERSION = 2;

/** The three groups of the report; `diabetic` (comparison role 1) is described apart. */
export type OutcomeGroupKey = 'managed' | 'comparison' | 'diabetic';

export const GROUP_PROTOCOL = {
  managed: PROTOCOL_GROUPS.managed,
  comparison: PROTOCOL_GROUPS.comparisonPreDiabetes,
  diabetic: PROTOCOL_GROUPS.comparisonDiabetes,
} as const;
export const FOLLOW_UP_DAYS: Record<OutcomeGroupKey, number> = {
  managed: MANAGED_FOLLOW_UP_DAYS,
  comparison: COMPARISON_FOLLOW_UP_DAYS,
  diabetic: COMPARISON_FOLLOW_UP_DAYS,
};
const GROUP_KEYS = Object.keys(GROUP_PROTOCOL) as OutcomeGroupKey[];

/** A patient's group, from the patient row `p`. */
export const groupOfPatient = sql.raw(
  `(case when p.cohort = 'managed' then 'managed' when p.comparison_role = 1 then 'diabetic' else 'comparison' end)`,
);

/** A per-group constant as a CASE over a group column (`c.grp` unless named). */
export function byGroup(value: (group: OutcomeGroupKey) => SQL, column: SQL = sql.raw('c.grp')): SQL {
  return sql`(case ${column} ${sql.join(
    GROUP_KEYS.map((group) => sql`when '${sql.raw(group)}' then ${value(group)}`),
    sql` `,
  )} end)`;
}
/** Annex keys come from the constant protocol table, never from a request: safe as literals. */
const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]::text[]`);
/** The symptom-score efficacy bands of annex 8 (contracts clinical/symptom-score.ts). */
export const SYMPTOM_EFFICACY_BANDS = Object.keys(SYMPTOM_EFFICACY_LABELS) as SymptomEfficacy[];
const GLYCEMIC_ANNEXES = ['1', '7', '8', '9'];
const WEIGHT_ANNEXES = ['6', '7', '8', '9'];

/** Glycemic statuses as 1-based codes, so a status can ride in a numeric array (see `later` below). */
const STATUS_CODES = Object.keys(GLYCEMIC_STATUS_LABELS);
const STATUS_ARRAY = `array[${STATUS_CODES.map((s) => `'${s}'`).join(', ')}]::text[]`;
const statusCodes = sql.raw(STATUS_ARRAY);
/**
 * The codes of a diabetic-range reading, confirmed in its sitting or not: the report dates a diabetes
 * event at the first such measurement after time zero, as it did before the one-sitting rule told a
 * single diabetic test ('diabetesUnconfirmed') from a confirmed one.
 */
const DIABETIC_CODES = sql.raw(DIABETIC_RANGE_STATUSES.map((status) => String(STATUS_CODES.indexOf(status) + 1)).join(', '));
/** The status of a code. */
const statusOf = (code: string) => sql.raw(`(${STATUS_ARRAY})[${code}]`);

/** A jsonb value read once per record (the `offset 0` fences below keep each read from being repeated). */
const asNumber = (value: string) => sql.raw(`(case when jsonb_typeof(${value}) = 'number' then ${value}::numeric end)`);

/** Live patients matching `where` (an expression over `p`), with their group. */
function cohortCte(where: SQL): SQL {
  return sql`cohort as (
  select p.id, p.institution_id, p.gender, p.enrolled_at, p.end_management, p.ended_at, p.filled_annexes, p.birth_date,
    ${groupOfPatient} as grp
  from ${patients} p
  where p.voided_at is null and ${where}
)`;
}

/**
 * Every live record of the cohort the report reads, once: the jsonb items it needs (glucose of
 * annexes 1, 7, 8, 9; weight of 6, 7, 8, 9; BMI of 6; constitution judgements of 3; symptom efficacy
 * of 8; visit class of 9), whether it is the group's periodic follow-up (7, or 9 for diabetes) and
 * that follow-up's interval.
 */
const itemsCte = sql`items as (
  select r.patient_id, r.id, r.annex, r.filled_at, r.filled_at - date '2000-01-01' as day, c.enrolled_at,
      r.annex = ${byGroup((group) => sql.raw(`'${GROUP_PROTOCOL[group].followUp}'`))} and r.filled_at >= c.enrolled_at as is_follow_up,
      ${byGroup((group) => sql.raw(String(FOLLOW_UP_DAYS[group])))} as interval_days,
      case when r.annex in (${textList(GLYCEMIC_ANNEXES)}) then r.data -> 'fpg' end as fpg_json,
      case when r.annex in (${textList(GLYCEMIC_ANNEXES)}) then r.data -> 'ogtt2h' end as ogtt2h_json,
      case when r.annex in (${textList(GLYCEMIC_ANNEXES)}) then r.data -> 'hba1c' end as hba1c_json,
      case when r.annex = '1' then r.data -> 'randomGlucose' end as random_json,
      r.annex = '1' and r.data -> 'classicSymptoms' = 'true'::jsonb as classic_symptoms,
      case when r.annex in (${textList(WEIGHT_ANNEXES)}) then r.data -> 'weight' end as weight_json,
      case when r.annex = '6' then r.derived -> 'bmi' end as bmi_json,
      case when r.annex = '3' then r.derived -> 'judgement' end as judgement,
      case when r.annex = '8' then r.derived ->> 'symptomEfficacy' end as efficacy,
      case when r.annex = '9' then r.data ->> 'visitClass' end as visit_class
    from ${annexRecords} r
    join cohort c on c.id = r.patient_id
    where r.voided_at is null and r.annex in ('1', '3', '6', '7', '8', '9')
    offset 0
)`;

/** 是 or 基本是 (pinghe's 基本是; the other types have none) for one type of a judgement object. */
const judged = (key: string) => sql.raw(`coalesce((i.judgement ->> '${key}') in ('yes', 'basically'), false)::int`);

const measuresCte = sql`measures as (
  select i.patient_id, i.id, i.annex, i.filled_at, i.day, i.enrolled_at, i.is_follow_up, i.interval_days,
      ${asNumber('i.fpg_json')} as fpg, ${asNumber('i.ogtt2h_json')} as ogtt2h, ${asNumber('i.hba1c_json')} as hba1c,
      ${asNumber('i.random_json')} as random_glucose, i.classic_symptoms,
      ${asNumber('i.weight_json')} as weight, ${asNumber('i.bmi_json')} as bmi,
      case when i.annex = '3' then array[i.day, i.id, ${sql.join(
        CCMQ_SUBSCALES.map((s) => judged(s.key)),
        sql`, `,
      )}] end as ccmq,
      array_position(array[${textList(SYMPTOM_EFFICACY_BANDS)}]::text[], i.efficacy) as efficacy_code,
      (i.visit_class = 'satisfactory')::int as satisfactory
    from items i
    offset 0
)`;

/** The records with their glycemic status (contracts `classifyGlycemia`, as a code). */
const classifiedCte = sql`classified as (
  select v.*, array_position(${statusCodes}, ${glycemicStatusSql({
    fpg: sql`v.fpg`,
    ogtt2h: sql`v.ogtt2h`,
    hba1c: sql`v.hba1c`,
    randomGlucose: sql`v.random_glucose`,
    classicSymptoms: sql`v.classic_symptoms`,
  })}) as status_code
  from measures v
)`;

/**
 * Each record beside its patient's time zero (the first annex 1 date) and, for a follow-up, the date
 * of the follow-up before it: one sort by patient and date serves both windows and the aggregation.
 */
const windowedCte = sql`windowed as (
  select w.*,
      min(w.day) filter (where w.annex = '1') over patient as t0_day,
      max(w.filled_at) filter (where w.is_follow_up) over (patient order by w.filled_at, w.id rows between unbounded preceding and 1 preceding) as previous_visit
  from classified w
  window patient as (partition by w.patient_id)
)`;

/** `later`: a measurement (FPG, 2h-PG or HbA1c, or a diabetic-range status) on a date after time zero. */
const flaggedCte = sql`flagged as (
  select x.*,
      coalesce(x.day > x.t0_day and (x.fpg is not null or x.ogtt2h is not null or x.hba1c is not null or x.status_code in (${DIABETIC_CODES})), false) as later
  from windowed x
)`;

/**
 * The per-patient aggregates. Arrays compare element by element, so min/max(array[day, id, x]) is
 * the first/latest record (same-day ties broken by the order saved) and [3] its x. Follow-up
 * windows: each opens at enrolment or a follow-up, its follow-up due `interval` days later; a saved
 * follow-up closes the window before it, on time when saved by the due date.
 */
const perPatientCte = sql`per_patient as (
  select m.patient_id,
    min(array[m.day, m.id, m.status_code, m.fpg, m.ogtt2h, m.hba1c]) filter (where m.annex = '1') as baseline,
    count(*) filter (where m.later) as later_count,
    min(m.day) filter (where m.later and m.status_code in (${DIABETIC_CODES})) as diabetes_day,
    max(array[m.day, m.id, m.status_code, (m.ogtt2h is not null)::int]) filter (where m.later) as latest,
    (max(array[m.day, m.id, m.fpg]) filter (where m.later and m.fpg is not null))[3] as latest_fpg,
    (max(array[m.day, m.id, m.ogtt2h]) filter (where m.later and m.ogtt2h is not null))[3] as latest_ogtt2h,
    (max(array[m.day, m.id, m.hba1c]) filter (where m.later and m.hba1c is not null))[3] as latest_hba1c,
    min(array[m.day, m.id, m.weight]) filter (where m.weight is not null) as first_weight,
    max(array[m.day, m.id, m.weight]) filter (where m.weight is not null) as last_weight,
    (min(array[m.day, m.id, m.bmi]) filter (where m.bmi is not null))[3] as bmi,
    min(m.ccmq) as ccmq_first, max(m.ccmq) as ccmq_last,
    (max(array[m.day, m.id, m.efficacy_code]) filter (where m.annex = '8'))[3] as efficacy_code,
    (max(array[m.day, m.id, m.satisfactory]) filter (where m.annex = '9'))[3] as satisfactory,
    count(*) filter (where m.is_follow_up) as closed_windows,
    count(*) filter (where m.is_follow_up and m.filled_at - coalesce(m.previous_visit, m.enrolled_at) <= m.interval_days) as on_time,
    max(m.filled_at) filter (where m.is_follow_up) as last_visit
  from flagged m
  group by m.patient_id
)`;

/** The columns of outcome_facts, in the order patientFactsSql answers them. */
export const OUTCOME_FACT_COLUMNS = sql.raw(
  [
    'patient_id',
    'institution_id',
    'grp',
    'male',
    'enrolled_at',
    'end_management',
    'ended_at',
    'baseline_complete',
    'baseline_date',
    'baseline_status',
    'baseline_fpg',
    'baseline_ogtt2h',
    'baseline_hba1c',
    'later_count',
    'diabetes_date',
    'latest_date',
    'latest_status',
    'latest_has_ogtt2h',
    'latest_fpg',
    'latest_ogtt2h',
    'latest_hba1c',
    'first_weight_date',
    'first_weight',
    'last_weight_date',
    'last_weight',
    'bmi',
    'constitution_first_date',
    'constitution_first',
    'constitution_last_date',
    'constitution_last',
    'symptom_efficacy',
    'visit_satisfactory',
    'closed_windows',
    'on_time',
    'last_visit',
    'baseline_age',
    'prediabetic',
    'evaluable',
    'reverted',
    'followed_days',
    'weight_change',
    'fpg_change',
    'ogtt2h_change',
    'hba1c_change',
    'reassessed',
    'rules_version',
  ].join(', '),
);

const asDate = (day: string) => sql.raw(`(date '2000-01-01' + (${day})::int)`);

/**
 * One row of outcome_facts (columns OUTCOME_FACT_COLUMNS) per live patient matching `where` (an
 * expression over the patient row `p`), computed from their live records. Every live patient gets a
 * row, with or without records; voided patients none.
 */
export function patientFactsSql(where: SQL): SQL {
  const baselineStatus = statusOf('pp.baseline[3]::int');
  const latestStatus = statusOf('pp.latest[3]::int');
  const prediabetic = sql`coalesce(${baselineStatus} in (${textList(PREDIABETES_STATUSES)}), false)`;
  return sql`with
${cohortCte(where)},
${itemsCte},
${measuresCte},
${classifiedCte},
${windowedCte},
${flaggedCte},
${perPatientCte}
select c.id as patient_id,
  c.institution_id, c.grp, c.gender = 'man' as male, c.enrolled_at, c.end_management, c.ended_at,
  c.filled_annexes @> ${byGroup((group) => textArray(GROUP_PROTOCOL[group].baseline))} as baseline_complete,
  ${asDate('pp.baseline[1]')} as baseline_date, ${baselineStatus} as baseline_status,
  pp.baseline[4] as baseline_fpg, pp.baseline[5] as baseline_ogtt2h, pp.baseline[6] as baseline_hba1c,
  coalesce(pp.later_count, 0)::int as later_count,
  ${asDate('pp.diabetes_day')} as diabetes_date,
  ${asDate('pp.latest[1]')} as latest_date, ${latestStatus} as latest_status, pp.latest[4] = 1 as latest_has_ogtt2h,
  pp.latest_fpg, pp.latest_ogtt2h, pp.latest_hba1c,
  ${asDate('pp.first_weight[1]')} as first_weight_date, pp.first_weight[3] as first_weight,
  ${asDate('pp.last_weight[1]')} as last_weight_date, pp.last_weight[3] as last_weight,
  pp.bmi,
  ${asDate('pp.ccmq_first[1]')} as constitution_first_date, pp.ccmq_first[3:]::smallint[] as constitution_first,
  ${asDate('pp.ccmq_last[1]')} as constitution_last_date, pp.ccmq_last[3:]::smallint[] as constitution_last,
  (array[${textList(SYMPTOM_EFFICACY_BANDS)}]::text[])[pp.efficacy_code] as symptom_efficacy,
  pp.satisfactory = 1 as visit_satisfactory,
  coalesce(pp.closed_windows, 0)::int as closed_windows, coalesce(pp.on_time, 0)::int as on_time, pp.last_visit,
  date_part('year', age(${asDate('pp.baseline[1]')}, c.birth_date))::int as baseline_age,
  ${prediabetic} as prediabetic,
  ${prediabetic} and coalesce(pp.later_count, 0) > 0 as evaluable,
  -- latest[4] is 1 when the latest measurement has a 2h-PG: nullif turns "none" into the absent value the rule tests.
  pp.diabetes_day is null and coalesce(${isBackToNormalSql(latestStatus, sql`nullif(pp.latest[4], 0)`, baselineStatus)}, false) as reverted,
  (coalesce(pp.diabetes_day, pp.latest[1]) - pp.baseline[1])::int as followed_days,
  (case when pp.last_weight[1] > pp.first_weight[1] then (pp.last_weight[3] - pp.first_weight[3]) / pp.first_weight[3] * 100 end)::float8 as weight_change,
  (pp.latest_fpg - pp.baseline[4])::float8 as fpg_change,
  (pp.latest_ogtt2h - pp.baseline[5])::float8 as ogtt2h_change,
  (pp.latest_hba1c - pp.baseline[6])::float8 as hba1c_change,
  coalesce(pp.ccmq_last[1] > pp.ccmq_first[1], false) as reassessed,
  ${sql.raw(String(OUTCOME_FACTS_VERSION))} as rules_version
from cohort c
left join per_patient pp on pp.patient_id = c.id`;
}
