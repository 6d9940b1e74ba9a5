import {
  CCMQ_SUBSCALES,
  type OutcomeGroup,
  type OutcomeInstitutionRow,
  type OutcomeMean,
  type OutcomeReport,
  type SurvivalPoint,
} from '@tcm/contracts';
import { buildEffect } from './effect';
import { buildHeadline } from './headline';
import { type DayCounts, kaplanMeier, meanWithCi, proportion, ratePer100PersonYears, type SampleSummary } from './statistics';

/**
 * Turns the aggregates of the report statement (queries.ts) into the API's report: shares, rates,
 * means with their intervals, the effect estimates and the Kaplan–Meier steps. No patient passes
 * through here, only per-group sums and per-day counts.
 */

/** One row of the statement's `groups`: a group, for all institutions or for one. */
export type GroupAggregates = Record<string, number | string | boolean | null> & {
  grp: string;
  institution_id: number | null;
  all_institutions: boolean;
};

export interface SurvivalAggregates {
  grp: string;
  day: number;
  events: number;
  censored: number;
}

export interface ReportAggregates {
  groups: GroupAggregates[];
  survival: SurvivalAggregates[];
}

const DAYS_PER_YEAR = 365.25;

/** A figure of an aggregate row as a number; absent (no row) or null reads as 0 for counts. */
function count(row: GroupAggregates | undefined, name: string): number {
  const value = row?.[name];
  return typeof value === 'number' ? value : Number(value ?? 0);
}

function nullableNumber(row: GroupAggregates | undefined, name: string): number | null {
  const value = row?.[name];
  return value === null || value === undefined ? null : Number(value);
}

function summaryOf(row: GroupAggregates | undefined, name: string): SampleSummary {
  return { n: count(row, `${name}_n`), mean: nullableNumber(row, `${name}_mean`), variance: nullableNumber(row, `${name}_var`) };
}

const mean = (row: GroupAggregates | undefined, name: string): OutcomeMean => meanWithCi(summaryOf(row, name));
const share = (value: number, denominator: number) => ({ count: value, proportion: proportion(value, denominator) });

function constitutionCounts(row: GroupAggregates | undefined, prefix: 'first' | 'last'): Record<string, number> {
  return Object.fromEntries(CCMQ_SUBSCALES.map((s) => [s.key, count(row, `${prefix}_${s.key}`)]));
}

/** The contract names the bands cured / marked / effective / ineffective (contracts: cure, …). */
function symptomEfficacy(row: GroupAggregates | undefined): NonNullable<OutcomeGroup['symptomEfficacy']> {
  return {
    cured: count(row, 'efficacy_cure'),
    marked: count(row, 'efficacy_marked'),
    effective: count(row, 'efficacy_effective'),
    ineffective: count(row, 'efficacy_ineffective'),
  };
}

function toGroup(row: GroupAggregates | undefined, withSymptomEfficacy: boolean): OutcomeGroup {
  const evaluable = count(row, 'evaluable');
  const withBaseline = count(row, 'with_baseline');
  const progressed = count(row, 'progressed');
  const personYears = count(row, 'followed_days') / DAYS_PER_YEAR;
  return {
    enrolled: count(row, 'enrolled'),
    prediabetesAtBaseline: count(row, 'prediabetic'),
    evaluable,
    personYears,
    baseline: {
      withBaseline,
      age: mean(row, 'age'),
      male: share(count(row, 'male'), withBaseline),
      bmi: mean(row, 'bmi'),
      fpg: mean(row, 'baseline_fpg'),
      ogtt2h: mean(row, 'baseline_ogtt2h'),
      hba1c: mean(row, 'baseline_hba1c'),
    },
    progressed: {
      count: progressed,
      proportion: proportion(progressed, evaluable),
      per100PersonYears: ratePer100PersonYears(progressed, personYears),
    },
    reverted: share(count(row, 'reverted'), evaluable),
    weightChangePercent: mean(row, 'weight_change'),
    weightLoss5: share(count(row, 'weight_loss5'), count(row, 'weight_change_n')),
    fpgChange: mean(row, 'fpg_change'),
    ogtt2hChange: mean(row, 'ogtt2h_change'),
    hba1cChange: mean(row, 'hba1c_change'),
    hba1cDrop02: share(count(row, 'hba1c_drop02'), count(row, 'hba1c_change_n')),
    followUpOnTime: proportion(count(row, 'on_time'), count(row, 'due')),
    constitution: { n: count(row, 'reassessed'), baseline: constitutionCounts(row, 'first'), latest: constitutionCounts(row, 'last') },
    symptomEfficacy: withSymptomEfficacy ? symptomEfficacy(row) : null,
  };
}

function toInstitutionRow(row: GroupAggregates | undefined): OutcomeInstitutionRow {
  return {
    enrolled: count(row, 'enrolled'),
    baselineComplete: count(row, 'baseline_complete'),
    followUpOnTime: proportion(count(row, 'on_time'), count(row, 'due')),
    evaluable: count(row, 'evaluable'),
    progressed: count(row, 'progressed'),
    reverted: count(row, 'reverted'),
  };
}

function dayCountsOf(rows: readonly SurvivalAggregates[], grp: string): DayCounts[] {
  return rows.filter((r) => r.grp === grp).map((r) => ({ day: Number(r.day), events: Number(r.events), censored: Number(r.censored) }));
}

function survivalOf(rows: readonly SurvivalAggregates[], grp: string): SurvivalPoint[] {
  return kaplanMeier(dayCountsOf(rows, grp));
}

export function assembleReport(aggregates: ReportAggregates, institutionsInScope: readonly { id: number; name: string }[]): OutcomeReport {
  const total = (grp: string) => aggregates.groups.find((r) => r.all_institutions && r.grp === grp);
  const atInstitution = (grp: string, id: number) =>
    aggregates.groups.find((r) => !r.all_institutions && r.grp === grp && Number(r.institution_id) === id);
  const managed = total('managed');
  const comparison = total('comparison');
  const diabetic = total('diabetic');
  const m = { evaluable: count(managed, 'evaluable'), progressed: count(managed, 'progressed'), reverted: count(managed, 'reverted') };
  const c = {
    evaluable: count(comparison, 'evaluable'),
    progressed: count(comparison, 'progressed'),
    reverted: count(comparison, 'reverted'),
  };
  const groups = { managed: toGroup(managed, true), comparison: toGroup(comparison, false) };
  const effect = buildEffect({
    managed: m,
    comparison: c,
    weightChange: { managed: summaryOf(managed, 'weight_change'), comparison: summaryOf(comparison, 'weight_change') },
    days: { managed: dayCountsOf(aggregates.survival, 'managed'), comparison: dayCountsOf(aggregates.survival, 'comparison') },
  });
  return {
    // The headline is meant to quote the common-schedule sensitivity analysis once the report has it.
    headline: buildHeadline({ groups, effect }),
    groups,
    diabeticComparison: {
      enrolled: count(diabetic, 'enrolled'),
      followUpOnTime: proportion(count(diabetic, 'on_time'), count(diabetic, 'due')),
      satisfactoryShare: proportion(count(diabetic, 'visit_satisfactory'), count(diabetic, 'visit_classified')),
    },
    effect,
    survival: { managed: survivalOf(aggregates.survival, 'managed'), comparison: survivalOf(aggregates.survival, 'comparison') },
    byInstitution: institutionsInScope.map((institution) => ({
      institutionId: institution.id,
      name: institution.name,
      managed: toInstitutionRow(atInstitution('managed', institution.id)),
      comparison: toInstitutionRow(atInstitution('comparison', institution.id)),
    })),
  };
}
