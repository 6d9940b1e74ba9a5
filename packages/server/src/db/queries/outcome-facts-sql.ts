import {
  BASELINE_WINDOW_DAYS,
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
import {
  type BaselineInputs,
  baselineAbnormalSql,
  DIABETIC_RANGE_STATUSES,
  diabeticTestCountSql,
  type GlycemicInputs,
  glycemicStatusSql,
  prediabetesBaselineSql,
  revertedSql,
  textList,
} from './glycemic-sql';

/**
 * The per-patient facts of the outcome report (docs/outcomes.md), computed from a patient's stored
 * records by one statement: the only place these rules are written. The stored table outcome_facts
 * is filled by it (facts.ts: every write refreshes its patient's row), the consistency check compares
 * the table with it, and the report (queries.ts) aggregates the table.
 *
 * Bump OUTCOME_FACTS_VERSION whenever this SQL or a rule it uses (glycemic-sql.ts, contracts
 * thresholds, follow-up intervals) changes: start-up then recomputes every stored row.
 */
export const OUTCOME_FACTS_VERSION = 3;

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

/** The glycemic inputs of a sitting row `alias`. */
const sittingValues = (alias: string): GlycemicInputs => ({
  fpg: sql.raw(`${alias}.fpg`),
  ogtt2h: sql.raw(`${alias}.ogtt2h`),
  hba1c: sql.raw(`${alias}.hba1c`),
  randomGlucose: sql.raw(`${alias}.random_glucose`),
  classicSymptoms: sql.raw(`${alias}.classic_symptoms`),
});

/**
 * The common schedule of the ascertainment sensitivity analysis: a window of ± SCHEDULE_TOLERANCE_DAYS
 * around every SCHEDULE_DAYS after time zero (days 60–120, 150–210, 240–300, …).
 */
export const SCHEDULE_DAYS = 90;
export const SCHEDULE_TOLERANCE_DAYS = 30;

/** Which follow-up counts (contracts outcomeQuery.policy). */
export type OutcomePolicy = 'intentionToTreat' | 'untilEndOfManagement';

/**
 * The four analyses every patient's outcome is computed for: both policies, over all measurements and
 * over the common schedule only. `prefix` names their outcome_facts columns.
 */
export const OUTCOME_ANALYSES = [
  { policy: 'intentionToTreat', commonSchedule: false, prefix: 'itt' },
  { policy: 'untilEndOfManagement', commonSchedule: false, prefix: 'eom' },
  { policy: 'intentionToTreat', commonSchedule: true, prefix: 'itt_common' },
  { policy: 'untilEndOfManagement', commonSchedule: true, prefix: 'eom_common' },
] as const satisfies readonly { policy: OutcomePolicy; commonSchedule: boolean; prefix: string }[];
export type OutcomeAnalysis = (typeof OUTCOME_ANALYSES)[number];

/** The columns each analysis stores, `<prefix>_<name>`. */
export const ANALYSIS_COLUMNS = ['evaluable', 'progressed', 'unconfirmed', 'reverted', 'followed_days', 'tests'] as const;

/** The analysis of a policy, over all measurements or the common schedule. */
export function analysisOf(policy: OutcomePolicy, commonSchedule: boolean): OutcomeAnalysis {
  return OUTCOME_ANALYSES.find((a) => a.policy === policy && a.commonSchedule === commonSchedule)!;
}

/** A per-analysis value as a CASE over an analysis number (1-based, OUTCOME_ANALYSES order). */
function byAnalysis(value: (analysis: OutcomeAnalysis) => SQL, column: SQL): SQL {
  return sql`(case ${column} ${sql.join(
    OUTCOME_ANALYSES.map((analysis, i) => sql`when ${sql.raw(String(i + 1))} then ${value(analysis)}`),
    sql` `,
  )} end)`;
}

/** Annex 1's Western diagnoses as 1-based codes, so the baseline's rides in its numeric array. */
const DIAGNOSES = ['IFG', 'IGT', 'IFG+IGT', 'T2DM', 'other'];
const DIAGNOSIS_ARRAY = sql.raw(`array[${DIAGNOSES.map((d) => `'${d}'`).join(', ')}]::text[]`);

/** A jsonb value read once per record (the `offset 0` fences below keep each read from being repeated). */
const asNumber = (value: string) => sql.raw(`(case when jsonb_typeof(${value}) = 'number' then ${value}::numeric end)`);

/** Live patients matching `where` (an expression over `p`), with their group. */
function cohortCte(where: SQL): SQL {
  return sql`cohort as (
  select p.id, p.institution_id, p.gender, p.enrolled_at, p.end_management, p.ended_at, p.filled_annexes, p.birth_date,
    ${groupOfPatient} as grp,
    case when p.follow_up_status <> 'active' then p.follow_up_status_at end as status_ended_at
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
      case when r.annex = '1' then r.data ->> 'westernDiagnosis' end as diagnosis,
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
      array_position(${DIAGNOSIS_ARRAY}, i.diagnosis) as diagnosis_code,
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
 * Each record beside its patient's baseline date (the first annex 1) and, for a follow-up, the date
 * of the follow-up before it: one sort by patient and date serves both windows and the aggregation.
 */
const windowedCte = sql`windowed as (
  select w.*,
      min(w.day) filter (where w.annex = '1') over patient as t0_day,
      w.enrolled_at - date '2000-01-01' as enrol_day,
      max(w.filled_at) filter (where w.is_follow_up) over (patient order by w.filled_at, w.id rows between unbounded preceding and 1 preceding) as previous_visit
  from classified w
  window patient as (partition by w.patient_id)
)`;

/**
 * `later`: a measurement (FPG, 2h-PG or HbA1c, or a diabetic-range status) dated after both the
 * baseline and time zero (the enrolment date): nothing before enrolment is follow-up.
 */
const flaggedCte = sql`flagged as (
  select x.*,
      coalesce(x.day > greatest(x.t0_day, x.enrol_day)
        and (x.fpg is not null or x.ogtt2h is not null or x.hba1c is not null or x.random_glucose is not null or x.status_code in (${DIABETIC_CODES})), false) as later
  from windowed x
)`;

/**
 * Each patient's end of follow-up, as a day number (null: still followed): intention to treat ends at
 * a follow-up status other than active (moved away, died, refused, lost) on its date; "until end of
 * management" also at the end-of-management date.
 */
const patientEndsCte = sql`patient_ends as (
  select c.id as patient_id,
      c.status_ended_at - date '2000-01-01' as itt_end_day,
      least(c.status_ended_at, case when c.end_management then c.ended_at end) - date '2000-01-01' as eom_end_day
  from cohort c
)`;

/** The merged values of a sitting (one patient's measurements of one day; the first saved value of each test). */
const firstValue = (column: string) => sql.raw(`(min(array[f.id, f.${column}]) filter (where f.${column} is not null))[2]`);

/**
 * The later measurements as sittings (contracts diabetes-confirmation.ts: measurements of one date
 * are one sitting), with the diabetic-test count and status of the merged values, and whether the
 * sitting belongs to the common schedule: the first sitting of each window 90·k ± 30 days after time
 * zero (k ≥ 1), or the end-of-management evaluation (annex 8).
 */
const sittingsCte = sql`sittings as (
  select f.patient_id, f.day, min(f.enrol_day) as enrol_day,
      ${firstValue('fpg')} as fpg, ${firstValue('ogtt2h')} as ogtt2h, ${firstValue('hba1c')} as hba1c,
      ${firstValue('random_glucose')} as random_glucose, bool_or(f.classic_symptoms) as classic_symptoms,
      bool_or(f.annex = '8') as end_evaluation
  from flagged f
  where f.later
  group by f.patient_id, f.day
),
scored as (
  select s.*, ${diabeticTestCountSql(sittingValues('s'))} as diabetic,
      array_position(${statusCodes}, ${glycemicStatusSql(sittingValues('s'))}) as status_code,
      case when s.day - s.enrol_day >= ${sql.raw(String(SCHEDULE_DAYS - SCHEDULE_TOLERANCE_DAYS))}
        and (s.day - s.enrol_day + ${sql.raw(String(SCHEDULE_TOLERANCE_DAYS))}) % ${sql.raw(String(SCHEDULE_DAYS))} <= ${sql.raw(String(2 * SCHEDULE_TOLERANCE_DAYS))}
        then (s.day - s.enrol_day + ${sql.raw(String(SCHEDULE_TOLERANCE_DAYS))}) / ${sql.raw(String(SCHEDULE_DAYS))} end as schedule_window
  from sittings s
),
scheduled as (
  select s.*, s.end_evaluation or (s.schedule_window is not null
      and row_number() over (partition by s.patient_id, s.schedule_window order by s.day) = 1) as on_schedule
  from scored s
)`;

/**
 * Every sitting once per analysis it belongs to (OUTCOME_ANALYSES): up to the analysis's end of
 * follow-up, and for the common-schedule ones only sittings on the schedule. Then the confirmation
 * walk of contracts `confirmDiabetes`: a sitting confirms when it has two diabetic tests, or one with
 * classic symptoms, or one after a previous sitting (of that analysis) with one; its event date is
 * the previous sitting's when that one was the pending value, else its own.
 */
const analysisSittingsCte = sql`analysis_sittings as (
  select s.*, a.analysis,
      lag(s.diabetic) over w as previous_diabetic, lag(s.day) over w as previous_day
  from scheduled s
  join patient_ends e on e.patient_id = s.patient_id
  cross join (values ${sql.raw(OUTCOME_ANALYSES.map((_, i) => `(${i + 1})`).join(', '))}) as a(analysis)
  where s.day <= coalesce(${byAnalysis(
    (a) => sql.raw(a.policy === 'intentionToTreat' ? 'e.itt_end_day' : 'e.eom_end_day'),
    sql.raw('a.analysis'),
  )}, s.day)
    and (${byAnalysis((a) => sql.raw(a.commonSchedule ? 's.on_schedule' : 'true'), sql.raw('a.analysis'))})
  window w as (partition by s.patient_id, a.analysis order by s.day)
),
confirming as (
  select c.*,
      c.diabetic >= 2 or (c.diabetic = 1 and coalesce(c.classic_symptoms, false)) or (c.diabetic = 1 and c.previous_diabetic = 1) as confirming
  from analysis_sittings c
),
confirmed as (
  select c.*, (min(array[c.day, case when c.previous_diabetic = 1 then c.previous_day else c.day end]) filter (where c.confirming)
      over (partition by c.patient_id, c.analysis))[2] as event_day
  from confirming c
),
per_analysis as (
  -- sittings: those of the person-time, up to the event when there is one (the tests-per-person-year numerator).
  select c.patient_id, c.analysis, count(*) filter (where c.event_day is null or c.day <= c.event_day) as sittings,
      min(c.event_day) as event_day,
      bool_or(c.diabetic >= 1) as any_diabetic,
      max(array[c.day, c.fpg, c.ogtt2h, c.hba1c, c.status_code]) as latest
  from confirmed c
  group by c.patient_id, c.analysis
)`;

/**
 * The per-patient aggregates. Arrays compare element by element, so min/max(array[day, id, x]) is
 * the first/latest record (same-day ties broken by the order saved) and [3] its x. Follow-up
 * windows: each opens at enrolment or a follow-up, its follow-up due `interval` days later; a saved
 * follow-up closes the window before it, on time when saved by the due date.
 */
const perPatientCte = sql`per_patient as (
  select m.patient_id,
    min(array[m.day, m.id, m.status_code, m.fpg, m.ogtt2h, m.hba1c, m.diagnosis_code]) filter (where m.annex = '1') as baseline,
    count(*) filter (where m.later) as later_count,
    max(m.day) filter (where m.later) as latest_day,
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
    'baseline_date',
    'baseline_status',
    'baseline_fpg',
    'baseline_ogtt2h',
    'baseline_hba1c',
    'later_count',
    'latest_date',
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
    'with_baseline',
    'prediabetic',
    ...OUTCOME_ANALYSES.flatMap((a) => ANALYSIS_COLUMNS.map((column) => `${a.prefix}_${column}`)),
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
  const baseline: BaselineInputs = {
    fpg: sql`pp.baseline[4]`,
    ogtt2h: sql`pp.baseline[5]`,
    hba1c: sql`pp.baseline[6]`,
    diagnosis: sql`(${DIAGNOSIS_ARRAY})[pp.baseline[7]::int]`,
  };
  const abnormal = baselineAbnormalSql(baseline);
  // The one evaluable-count definition of both tables: a baseline annex 1 within the baseline window.
  const withBaseline = sql`coalesce(pp.baseline[1] >= c.enrolled_at - date '2000-01-01' - ${sql.raw(String(BASELINE_WINDOW_DAYS))}, false)`;
  const prediabetic = sql`(${withBaseline} and ${prediabetesBaselineSql(sql`pp.baseline is not null`, baselineStatus, baseline)})`;
  const analysisColumns = OUTCOME_ANALYSES.map((a, index) => {
    const alias = `r${index + 1}`;
    const r = sql.raw(alias);
    const evaluable = sql`(${prediabetic} and ${r}.sittings is not null)`;
    const latestStatus = statusOf(`${alias}.latest[5]::int`);
    const reverted = revertedSql(latestStatus, abnormal, {
      fpg: sql`${r}.latest[2]`,
      ogtt2h: sql`${r}.latest[3]`,
      hba1c: sql`${r}.latest[4]`,
    });
    return sql`${evaluable} as ${sql.raw(`${a.prefix}_evaluable`)},
  (${evaluable} and ${r}.event_day is not null) as ${sql.raw(`${a.prefix}_progressed`)},
  (${evaluable} and ${r}.event_day is null and ${r}.any_diabetic) as ${sql.raw(`${a.prefix}_unconfirmed`)},
  (${evaluable} and ${r}.event_day is null and ${reverted}) as ${sql.raw(`${a.prefix}_reverted`)},
  (case when ${evaluable} then coalesce(${r}.event_day, ${r}.latest[1]::int) - (c.enrolled_at - date '2000-01-01') end)::int as ${sql.raw(`${a.prefix}_followed_days`)},
  (case when ${evaluable} then ${r}.sittings else 0 end)::int as ${sql.raw(`${a.prefix}_tests`)}`;
  });
  return sql`with
${cohortCte(where)},
${itemsCte},
${measuresCte},
${classifiedCte},
${windowedCte},
${flaggedCte},
${patientEndsCte},
${sittingsCte},
${analysisSittingsCte},
${perPatientCte}
select c.id as patient_id,
  c.institution_id, c.grp, c.gender = 'man' as male, c.enrolled_at, c.end_management, c.ended_at,
  ${asDate('pp.baseline[1]')} as baseline_date, ${baselineStatus} as baseline_status,
  pp.baseline[4] as baseline_fpg, pp.baseline[5] as baseline_ogtt2h, pp.baseline[6] as baseline_hba1c,
  coalesce(pp.later_count, 0)::int as later_count,
  ${asDate('pp.latest_day')} as latest_date,
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
  ${withBaseline} as with_baseline,
  ${prediabetic} as prediabetic,
  ${sql.join(
    analysisColumns,
    sql`,
  `,
  )},
  (case when pp.last_weight[1] > pp.first_weight[1] then (pp.last_weight[3] - pp.first_weight[3]) / pp.first_weight[3] * 100 end)::float8 as weight_change,
  (pp.latest_fpg - pp.baseline[4])::float8 as fpg_change,
  (pp.latest_ogtt2h - pp.baseline[5])::float8 as ogtt2h_change,
  (pp.latest_hba1c - pp.baseline[6])::float8 as hba1c_change,
  coalesce(pp.ccmq_last[1] > pp.ccmq_first[1], false) as reassessed,
  ${sql.raw(String(OUTCOME_FACTS_VERSION))} as rules_version
from cohort c
left join per_patient pp on pp.patient_id = c.id
${sql.join(
  OUTCOME_ANALYSES.map((_, index) =>
    sql.raw(`left join per_analysis r${index + 1} on r${index + 1}.patient_id = c.id and r${index + 1}.analysis = ${index + 1}`),
  ),
  sql`
`,
)}`;
}
