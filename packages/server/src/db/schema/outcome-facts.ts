import { boolean, date, doublePrecision, index, integer, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { patients } from './patients';

/** The outcome columns of one analysis (db/queries/outcome-facts-sql.ts OUTCOME_ANALYSES). */
function analysisColumns<P extends string>(prefix: P) {
  const column = prefix.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return {
    [`${prefix}Evaluable`]: boolean(`${column}_evaluable`).notNull(),
    [`${prefix}Progressed`]: boolean(`${column}_progressed`).notNull(),
    [`${prefix}Unconfirmed`]: boolean(`${column}_unconfirmed`).notNull(),
    [`${prefix}Reverted`]: boolean(`${column}_reverted`).notNull(),
    [`${prefix}FollowedDays`]: integer(`${column}_followed_days`),
    [`${prefix}Tests`]: integer(`${column}_tests`).notNull(),
  } as Record<`${P}${'Evaluable' | 'Progressed' | 'Unconfirmed' | 'Reverted' | 'Tests'}`, ReturnType<typeof boolean>> &
    Record<`${P}FollowedDays`, ReturnType<typeof integer>>;
}

/**
 * One row per live patient: what the programme outcome report needs from that patient's records
 * (docs/outcomes.md), so the report aggregates 100,000 narrow rows instead of a million records.
 * Derived data only, never edited by hand: every write that changes a patient's records (or the
 * patient) recomputes the row in its own transaction (db/queries/outcome-facts.ts), with the same SQL
 * the consistency check runs. Only what depends on the day of asking (follow-ups due) and on the
 * range asked for is computed at report time.
 */
export const outcomeFacts = pgTable(
  'outcome_facts',
  {
    patientId: integer('patient_id')
      .primaryKey()
      .references(() => patients.id),
    /**
     * The patient's columns the report reads, copied at each refresh (the writes that change them all
     * refresh), so the report scans this table alone: institution, group (managed, comparison,
     * diabetic), sex, enrolment and end of management.
     */
    institutionId: integer('institution_id').notNull(),
    grp: text('grp').notNull(),
    male: boolean('male').notNull(),
    enrolledAt: date('enrolled_at', { mode: 'string' }).notNull(),
    endManagement: boolean('end_management').notNull(),
    endedAt: date('ended_at', { mode: 'string' }),
    /** Time zero: the first annex 1 (date, then order saved), its glycemic status and values. */
    baselineDate: date('baseline_date', { mode: 'string' }),
    baselineStatus: text('baseline_status'),
    baselineFpg: numeric('baseline_fpg'),
    baselineOgtt2h: numeric('baseline_ogtt2h'),
    baselineHba1c: numeric('baseline_hba1c'),
    /** Measurements (annexes 1, 7, 8, 9) dated after time zero. */
    laterCount: integer('later_count').notNull(),
    /** The latest later measurement's date. */
    latestDate: date('latest_date', { mode: 'string' }),
    /** The value of the latest later measurement that carries it. */
    latestFpg: numeric('latest_fpg'),
    latestOgtt2h: numeric('latest_ogtt2h'),
    latestHba1c: numeric('latest_hba1c'),
    /** First and latest weight of annexes 6, 7, 8, 9. */
    firstWeightDate: date('first_weight_date', { mode: 'string' }),
    firstWeight: numeric('first_weight'),
    lastWeightDate: date('last_weight_date', { mode: 'string' }),
    lastWeight: numeric('last_weight'),
    /** BMI of the first annex 6. */
    bmi: numeric('bmi'),
    /** First and latest annex 3: date and, per constitution type (contracts CCMQ_SUBSCALES order), 1 when judged 是/基本是. */
    constitutionFirstDate: date('constitution_first_date', { mode: 'string' }),
    constitutionFirst: smallint('constitution_first').array(),
    constitutionLastDate: date('constitution_last_date', { mode: 'string' }),
    constitutionLast: smallint('constitution_last').array(),
    /** Band of the latest annex 8. */
    symptomEfficacy: text('symptom_efficacy'),
    /** The latest annex 9 classified 控制满意 (null: no annex 9). */
    visitSatisfactory: boolean('visit_satisfactory'),
    /** Periodic follow-ups saved (each closes a window), those saved on time, the latest one's date. */
    closedWindows: integer('closed_windows').notNull(),
    onTime: integer('on_time').notNull(),
    lastVisit: date('last_visit', { mode: 'string' }),
    /**
     * Each patient's outcome, derived from the facts above by the rules of docs/outcomes.md (stored so
     * the report only adds them up): age at the baseline (from the patient's birth date), a baseline
     * annex 1 within the baseline window (the one evaluable-count definition), pre-diabetes at baseline,
     * then per analysis (both policies, all measurements and the common schedule) evaluable,
     * progressed (confirmed), unconfirmed diabetic value, reverted, days followed from enrolment and
     * glycaemic sittings; weight change % and glucose changes, reassessed.
     */
    baselineAge: integer('baseline_age'),
    withBaseline: boolean('with_baseline').notNull(),
    prediabetic: boolean('prediabetic').notNull(),
    ...analysisColumns('itt'),
    ...analysisColumns('eom'),
    ...analysisColumns('ittCommon'),
    ...analysisColumns('eomCommon'),
    weightChange: doublePrecision('weight_change'),
    fpgChange: doublePrecision('fpg_change'),
    ogtt2hChange: doublePrecision('ogtt2h_change'),
    hba1cChange: doublePrecision('hba1c_change'),
    reassessed: boolean('reassessed').notNull(),
    /** The version of the rules the row was computed with (OUTCOME_FACTS_VERSION); start-up recomputes older rows. */
    rulesVersion: integer('rules_version').notNull(),
  },
  (t) => [index('outcome_facts_institution_idx').on(t.institutionId)],
);
