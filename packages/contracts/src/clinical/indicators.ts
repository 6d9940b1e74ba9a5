import { baselineAnnexes } from './cohort-protocol';
import { confirmDiabetes, type GlucoseMeasurement } from './diabetes-confirmation';
import { type DueFollowUp, dueFollowUps, type IndicatorGroup, plusDays } from './follow-up-schedule';
import { classifyFollowUpGlycemia, classifyGlycemia, involvesIgt } from './glycemic';
import type { IndicatorPeriod } from './indicator-periods';
import { DIABETES_FOLLOW_UP } from './programme';
import { firstVisitFrom, returnOutcome, wasOverdueOn } from './returned-to-care';

/**
 * The management quality indicators (考核指标, docs/indicators.md): each a numerator over a
 * denominator for a period, counted from one patient's facts at a time. The server stores the facts
 * (one row per patient, refreshed by every write) and adds up what `evaluatePatient` answers; the
 * patient lists behind a figure are the patients whose answer counts in it, so they always agree.
 */

export const INDICATOR_KEYS = [
  'activePatients',
  'newlyEnrolled',
  'baselineCompletion',
  'onTimeFollowUp',
  'standardManagement',
  'glucoseControl',
  'glucoseNormal',
  'alertHandled',
  'lostToFollowUp',
  'returnedToCare',
  'weightLoss5',
] as const;
export type IndicatorKey = (typeof INDICATOR_KEYS)[number];

export interface IndicatorDefinition {
  key: IndicatorKey;
  label: { zh: string; en: string };
  /** What one unit of the numerator and denominator is. */
  unit: 'patient' | 'followUp' | 'alert' | 'contact';
  numerator: string;
  denominator: string;
  source: string;
  /** Whether a higher rate is better (a target is met at or above it) or a lower one (at or below). */
  better: 'higher' | 'lower';
  /** Counts, not a share: numerator = denominator, no target. */
  countOnly?: boolean;
}

/** The common denominator rule, quoted by every definition that uses it. */
const UNDER_MANAGEMENT = '在管（入组不晚于期末、期初前未结束管理）且期初随访状态为在访的患者';

export const INDICATOR_DEFINITIONS: Readonly<Record<IndicatorKey, IndicatorDefinition>> = Object.freeze({
  activePatients: {
    key: 'activePatients',
    label: { zh: '在管人数', en: 'Patients under management' },
    unit: 'patient',
    numerator: '期末在管：入组不晚于期末、期末未结束管理且期末随访状态为在访',
    denominator: '同分子',
    source: '患者（入组日期、结束管理日期、随访状态及其日期）',
    better: 'higher',
    countOnly: true,
  },
  newlyEnrolled: {
    key: 'newlyEnrolled',
    label: { zh: '新入组', en: 'Newly enrolled' },
    unit: 'patient',
    numerator: '入组日期在统计期内（首尾两日均含）',
    denominator: '同分子',
    source: '患者（入组日期）',
    better: 'higher',
    countOnly: true,
  },
  baselineCompletion: {
    key: 'baselineCompletion',
    label: { zh: '基线完成率', en: 'Baseline completion' },
    unit: 'patient',
    numerator: '入组后30天内（含第30天）填齐本组基线表（方案表）',
    denominator: '统计期内入组、期初在访的患者；30天未满且未填齐者暂不计',
    source: '患者入组日期；各基线附件最早一条有效记录的日期',
    better: 'higher',
  },
  onTimeFollowUp: {
    key: 'onTimeFollowUp',
    label: { zh: '按时随访率', en: 'On-time follow-up' },
    unit: 'followUp',
    numerator: '应随访日期后宽限期内完成（管理组+7天，对照组+30天，含最后一天）',
    denominator: `统计期内到期的随访次数（${UNDER_MANAGEMENT}；宽限期未过且未完成者暂不计）`,
    source: '入组日期与本组周期随访表（附件7，糖尿病对照附件9）的日期；间隔按方案表',
    better: 'higher',
  },
  standardManagement: {
    key: 'standardManagement',
    label: { zh: '规范管理率', en: 'Managed to standard' },
    unit: 'patient',
    numerator: '期末前基线已填齐，且统计期内每次到期随访均按时；失访者不计入',
    denominator: '整个统计期均在管（期初前入组、期末前未结束管理）且期初在访的患者',
    source: '同基线完成率与按时随访率；随访状态',
    better: 'higher',
  },
  glucoseControl: {
    key: 'glucoseControl',
    label: { zh: '血糖控制率', en: 'Glucose controlled' },
    unit: 'patient',
    numerator: '统计期内最近一次空腹血糖 < 7.0 mmol/L（期内无空腹血糖者不计入分子）',
    denominator: `对照组（糖尿病）中${UNDER_MANAGEMENT}`,
    source: '附件1、7、8、9的空腹血糖',
    better: 'higher',
  },
  glucoseNormal: {
    key: 'glucoseNormal',
    label: { zh: '血糖正常率', en: 'Glucose normal' },
    unit: 'patient',
    numerator: '期末前最近一次血糖判定为正常（基线含糖耐量减低者须有2小时血糖），且未确诊糖尿病',
    denominator: `管理组与对照组（糖尿病前期）中${UNDER_MANAGEMENT}`,
    source: '附件1、7、8、9的血糖值；判定规则同血糖分类与糖尿病确诊规则',
    better: 'higher',
  },
  alertHandled: {
    key: 'alertHandled',
    label: { zh: '危急值及时处理率', en: 'Alerts handled in time' },
    unit: 'alert',
    numerator: '危急值记录后14天内（含第14天）有联系记录（当天起）或新的记录（次日起）',
    denominator: `统计期内带危急值的记录（${UNDER_MANAGEMENT}；14天未满且未处理者暂不计）`,
    source: '记录的危急值标记（hasAlert）、记录日期、外展联系日期',
    better: 'higher',
  },
  lostToFollowUp: {
    key: 'lostToFollowUp',
    label: { zh: '失访率', en: 'Lost to follow-up' },
    unit: 'patient',
    numerator: '统计期内（期末前）随访状态变为失访',
    denominator: UNDER_MANAGEMENT,
    source: '患者随访状态及其日期',
    better: 'lower',
  },
  returnedToCare: {
    key: 'returnedToCare',
    label: { zh: '外展回归率', en: 'Returned to care' },
    unit: 'contact',
    numerator: '联系后30天内（含联系当天与第30天）有周期随访记录',
    denominator: `统计期内对逾期患者的联系次数（${UNDER_MANAGEMENT}；30天未满且未回归者暂不计）`,
    source: '外展联系日期；入组与周期随访日期（逾期按方案间隔判断）',
    better: 'higher',
  },
  weightLoss5: {
    key: 'weightLoss5',
    label: { zh: '体重下降≥5%', en: 'Weight loss ≥ 5 %' },
    unit: 'patient',
    numerator: '期末前最近一次体重比首次体重下降 ≥ 5%',
    denominator: `管理组中有首次体重的${UNDER_MANAGEMENT}`,
    source: '附件6、7、8、9的体重',
    better: 'higher',
  },
});

/** The share of weight lost from the first weight that counts (5 %). */
export const WEIGHT_LOSS_SHARE = 0.05;
/** Days after an alert within which a contact or a new record handles it. */
export const ALERT_HANDLING_DAYS = 14;
/** Days after enrolment within which the baseline set must be complete. */
export const BASELINE_DAYS = 30;

export type FollowUpStatusValue = 'active' | 'lostToFollowUp' | 'movedAway' | 'died' | 'refused';

/** What the indicators read of one patient: the patient row and the facts drawn from their records and contacts. */
export interface IndicatorPatientFacts {
  group: IndicatorGroup;
  enrolledAt: string;
  /** The end of management (annex 8), or null. */
  endedAt: string | null;
  status: FollowUpStatusValue;
  /** The day the status took effect (null for `active`). */
  statusAt: string | null;
  /** The day the group's baseline set became complete (the latest of their first records), or null. */
  baselineCompleteAt: string | null;
  /** The group's periodic follow-ups on or after enrolment, ascending, one per day. */
  visits: string[];
  /** Every live record's date, ascending (with repeats). */
  records: string[];
  /** Glucose values of annexes 1, 7, 8, 9 in date order; the first annex 1 is the baseline. */
  glucose: GlucoseMeasurement[];
  /** Whether the baseline glycaemic status involved IGT (only a 2-hour value can exclude it later). */
  baselineIgt: boolean;
  /** Weights of annexes 6, 7, 8, 9 in date order: [date, kg]. */
  weights: [string, number][];
  /** Dates of records with a danger value. */
  alerts: string[];
  /** Dates of outreach contact attempts. */
  contacts: string[];
}

/**
 * What the indicators count with: the patient's own columns and their facts with the clinical rules
 * already applied (summarizeFacts), so a report of many periods only compares dates. This is the form
 * the server stores (without the patient's columns) and evaluates.
 */
export interface IndicatorFacts {
  group: IndicatorGroup;
  enrolledAt: string;
  endedAt: string | null;
  status: FollowUpStatusValue;
  statusAt: string | null;
  baselineCompleteAt: string | null;
  visits: string[];
  /** Each glucose sitting (the values of one date together): its date and 1 when it reads normal (classifyFollowUpGlycemia). */
  sittings: [string, 0 | 1][];
  /** The day of the sitting that confirmed diabetes (confirmDiabetes over the sittings up to it), or null. */
  confirmedOn: string | null;
  /** FPG values by date (diabetic group only: glucose control). */
  fpg: [string, number][];
  weights: [string, number][];
  /** Each alert's day and the first day it was followed: a contact from the same day or a record from the next. */
  alerts: [string, string | null][];
  /** Each contact's day, 1 when the patient was overdue that day, and the first follow-up on or after it. */
  contacts: [string, 0 | 1, string | null][];
}

/** The stored part of IndicatorFacts (the patient's own columns are read live). */
export type StoredIndicatorFacts = Omit<IndicatorFacts, 'group' | 'enrolledAt' | 'endedAt' | 'status' | 'statusAt'>;

function mergedSittings(glucose: readonly GlucoseMeasurement[]): GlucoseMeasurement[] {
  const byDay = new Map<string, GlucoseMeasurement>();
  for (const m of glucose) {
    const known = byDay.get(m.date);
    if (!known) byDay.set(m.date, { ...m });
    else
      byDay.set(m.date, {
        date: m.date,
        fpg: known.fpg ?? m.fpg ?? null,
        ogtt2h: known.ogtt2h ?? m.ogtt2h ?? null,
        hba1c: known.hba1c ?? m.hba1c ?? null,
        randomGlucose: known.randomGlucose ?? m.randomGlucose ?? null,
        hasClassicSymptoms: known.hasClassicSymptoms === true || m.hasClassicSymptoms === true,
      });
  }
  return [...byDay.values()].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

/** Applies the clinical rules to a patient's facts once (glycaemic status, confirmation, alert follow-up, return to care). */
export function summarizeFacts(f: IndicatorPatientFacts): IndicatorFacts {
  const sittings = mergedSittings(f.glucose);
  const confirmedAt = sittings.findIndex((_, i) => confirmDiabetes(sittings.slice(0, i + 1)).status === 'confirmed');
  const sortedRecords = [...f.records].sort();
  const sortedContacts = [...f.contacts].sort();
  return {
    group: f.group,
    enrolledAt: f.enrolledAt,
    endedAt: f.endedAt,
    status: f.status,
    statusAt: f.statusAt,
    baselineCompleteAt: f.baselineCompleteAt,
    visits: f.visits,
    sittings: sittings.map((m): [string, 0 | 1] => [m.date, classifyFollowUpGlycemia(m, f.baselineIgt) === 'normal' ? 1 : 0]),
    confirmedOn: confirmedAt >= 0 ? (sittings[confirmedAt]?.date ?? null) : null,
    fpg: f.group === 'diabetic' ? f.glucose.filter((m) => m.fpg != null).map((m): [string, number] => [m.date, m.fpg as number]) : [],
    weights: f.weights,
    alerts: f.alerts.map((a): [string, string | null] => {
      const contact = sortedContacts.find((c) => c >= a) ?? null;
      const record = sortedRecords.find((r) => r > a) ?? null;
      return [a, contact !== null && (record === null || contact <= record) ? contact : record];
    }),
    contacts: sortedContacts.map((c): [string, 0 | 1, string | null] => [c, wasOverdueOn(f, c) ? 1 : 0, firstVisitFrom(f, c)]),
  };
}

/** One patient's part in one indicator: how many units they add to the denominator and to the numerator. */
export interface IndicatorCount {
  denominator: number;
  numerator: number;
}

export type PatientIndicators = Partial<Record<IndicatorKey, IndicatorCount>>;

/** The follow-up status was not active on the day (a status applies from its date on). */
function inactiveOn(f: IndicatorFacts, day: string): boolean {
  return f.status !== 'active' && (f.statusAt === null || f.statusAt <= day);
}

/** The day the schedule stops: end of management or a status other than active. */
export function scheduleStop(f: IndicatorFacts): string | null {
  const stops = [f.endedAt, f.status !== 'active' ? (f.statusAt ?? f.enrolledAt) : null].filter((d): d is string => d !== null);
  return stops.sort()[0] ?? null;
}

function underManagement(f: IndicatorFacts, p: IndicatorPeriod): boolean {
  return f.enrolledAt <= p.end && (f.endedAt === null || f.endedAt >= p.start) && !inactiveOn(f, p.start);
}

const one = (met: boolean): IndicatorCount => ({ denominator: 1, numerator: met ? 1 : 0 });

function latestStatusNormal(f: IndicatorFacts, end: string): boolean {
  if (f.confirmedOn !== null && f.confirmedOn <= end) return false;
  let latest: 0 | 1 = 0;
  for (const [date, normal] of f.sittings) {
    if (date > end) break;
    latest = normal;
  }
  return latest === 1;
}

function alertHandled([alert, followedOn]: [string, string | null]): boolean {
  return followedOn !== null && followedOn <= plusDays(alert, ALERT_HANDLING_DAYS);
}

/** Every follow-up due up to `until` and today: pass it to evaluatePatient to judge many periods from one walk. */
export function patientSchedule(f: IndicatorFacts, until: string, today: string): DueFollowUp[] {
  return dueFollowUps(f, until, today, scheduleStop(f));
}

/**
 * One patient's part in every indicator of a period, judged on `today` (windows not yet closed on
 * that day are left out, see the definitions). Indicators the patient is not in are absent.
 * `schedule` (patientSchedule up to at least the period's end) saves walking it again per period.
 */
export function evaluatePatient(
  f: IndicatorFacts,
  p: IndicatorPeriod,
  today: string,
  schedule: readonly DueFollowUp[] = patientSchedule(f, p.end, today),
): PatientIndicators {
  const out: PatientIndicators = {};
  if (f.enrolledAt > p.end) return out;
  if ((f.endedAt === null || f.endedAt > p.end) && !inactiveOn(f, p.end)) out.activePatients = one(true);
  const startedActive = !inactiveOn(f, p.start);
  if (f.enrolledAt >= p.start && startedActive) {
    out.newlyEnrolled = one(true);
    const by = plusDays(f.enrolledAt, BASELINE_DAYS);
    const done = f.baselineCompleteAt !== null && f.baselineCompleteAt <= by;
    if (done || by < today) out.baselineCompletion = one(done);
  }
  if (!underManagement(f, p)) return out;

  const dues = schedule.filter((d) => d.due >= p.start && d.due <= p.end);
  const judged = dues.filter((d) => d.state !== 'pending');
  if (judged.length > 0) {
    out.onTimeFollowUp = { denominator: judged.length, numerator: judged.filter((d) => d.state === 'onTime').length };
  }
  const lost = f.status === 'lostToFollowUp' && (f.statusAt === null || f.statusAt <= p.end);
  if (f.enrolledAt <= p.start && (f.endedAt === null || f.endedAt >= p.end)) {
    const baseline = f.baselineCompleteAt !== null && f.baselineCompleteAt <= p.end;
    out.standardManagement = one(baseline && !lost && judged.every((d) => d.state === 'onTime'));
  }
  out.lostToFollowUp = one(lost);

  if (f.group === 'diabetic') {
    const fpgs = f.fpg.filter(([date]) => date >= p.start && date <= p.end);
    const latest = fpgs[fpgs.length - 1];
    out.glucoseControl = one(latest !== undefined && latest[1] < DIABETES_FOLLOW_UP.satisfactoryFpgBelow);
  } else {
    out.glucoseNormal = one(latestStatusNormal(f, p.end));
  }

  let alertDen = 0;
  let alertNum = 0;
  for (const alert of f.alerts) {
    const a = alert[0];
    if (a < p.start || a > p.end) continue;
    const handled = alertHandled(alert);
    if (!handled && plusDays(a, ALERT_HANDLING_DAYS) >= today) continue;
    alertDen++;
    if (handled) alertNum++;
  }
  if (alertDen > 0) out.alertHandled = { denominator: alertDen, numerator: alertNum };

  let contactDen = 0;
  let contactNum = 0;
  for (const [c, overdue, firstVisit] of f.contacts) {
    if (c < p.start || c > p.end || overdue === 0) continue;
    const result = returnOutcome(c, firstVisit, today);
    if (result === 'pending') continue;
    contactDen++;
    if (result === 'returned') contactNum++;
  }
  if (contactDen > 0) out.returnedToCare = { denominator: contactDen, numerator: contactNum };

  if (f.group === 'managed') {
    const weights = f.weights.filter(([date]) => date <= p.end);
    const first = weights[0];
    const last = weights[weights.length - 1];
    if (first) out.weightLoss5 = one(last !== undefined && last[0] > first[0] && (first[1] - last[1]) / first[1] >= WEIGHT_LOSS_SHARE);
  }
  return out;
}

/** Which of a patient's counts a drill-down list asks for. */
export type IndicatorSide = 'numerator' | 'denominator' | 'gap';

/** The units of one patient's count on a side (gap: in the denominator, not the numerator). */
export function unitsOn(count: IndicatorCount | undefined, side: IndicatorSide): number {
  if (!count) return 0;
  if (side === 'numerator') return count.numerator;
  if (side === 'denominator') return count.denominator;
  return count.denominator - count.numerator;
}

/** A rate in percent with one decimal, or null when the denominator is empty. */
export function indicatorRate(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : Math.round((numerator / denominator) * 1000) / 10;
}

/** Whether a rate meets a target (percent), in the indicator's better direction. */
export function meetsTarget(key: IndicatorKey, rate: number | null, target: number | null | undefined): boolean | null {
  if (rate === null || target === null || target === undefined) return null;
  return INDICATOR_DEFINITIONS[key].better === 'lower' ? rate <= target : rate >= target;
}

/* ---------- what a patient currently fails ---------- */

export const PATIENT_GAP_KEYS = [
  'baselineIncomplete',
  'followUpOverdue',
  'alertUnhandled',
  'glucoseUncontrolled',
  'lostToFollowUp',
] as const;
export type PatientGapKey = (typeof PATIENT_GAP_KEYS)[number];

export const PATIENT_GAP_LABELS: Record<PatientGapKey, { zh: string; en: string }> = {
  baselineIncomplete: { zh: '基线未完成', en: 'Baseline incomplete' },
  followUpOverdue: { zh: '随访逾期', en: 'Follow-up overdue' },
  alertUnhandled: { zh: '危急值未处理', en: 'Alert not handled' },
  glucoseUncontrolled: { zh: '血糖未控制', en: 'Glucose not controlled' },
  lostToFollowUp: { zh: '已失访', en: 'Lost to follow-up' },
};

export interface PatientGap {
  key: PatientGapKey;
  /** The indicator the gap counts against. */
  indicator: IndicatorKey;
  /** The day the gap opened (the window that closed unmet, the alert, the status). */
  since: string | null;
}

/**
 * What a patient fails today, so the doctor fixes the record: the baseline set still incomplete 30
 * days after enrolment, a follow-up whose grace window closed unmet (the latest one), an alert with no
 * contact or record within 14 days, a diabetic member whose latest FPG is ≥ 7.0 mmol/L, lost to
 * follow-up. Patients who left management or whose status is moved away, died or refused fail nothing.
 */
export function patientGaps(f: IndicatorFacts, today: string): PatientGap[] {
  if (f.endedAt !== null && f.endedAt <= today) return [];
  if (f.status === 'lostToFollowUp') return [{ key: 'lostToFollowUp', indicator: 'lostToFollowUp', since: f.statusAt }];
  if (f.status !== 'active') return [];
  const gaps: PatientGap[] = [];
  const baselineBy = plusDays(f.enrolledAt, BASELINE_DAYS);
  if (f.baselineCompleteAt === null && baselineBy < today) {
    gaps.push({ key: 'baselineIncomplete', indicator: 'baselineCompletion', since: baselineBy });
  }
  const dues = dueFollowUps(f, today, today);
  const lastDue = dues[dues.length - 1];
  const missed = lastDue?.state === 'missed' ? lastDue : lastDue?.state === 'pending' ? dues[dues.length - 2] : undefined;
  if (missed?.state === 'missed') gaps.push({ key: 'followUpOverdue', indicator: 'onTimeFollowUp', since: missed.due });
  const unhandled = f.alerts.find((alert) => plusDays(alert[0], ALERT_HANDLING_DAYS) < today && !alertHandled(alert));
  if (unhandled) gaps.push({ key: 'alertUnhandled', indicator: 'alertHandled', since: unhandled[0] });
  if (f.group === 'diabetic') {
    const latest = f.fpg[f.fpg.length - 1];
    if (latest !== undefined && latest[1] >= DIABETES_FOLLOW_UP.satisfactoryFpgBelow) {
      gaps.push({ key: 'glucoseUncontrolled', indicator: 'glucoseControl', since: latest[0] });
    }
  }
  return gaps;
}

/* ---------- the facts of one patient, from their records ---------- */

/** A live record as the facts read it. */
export interface IndicatorRecordInput {
  annex: string;
  filledAt: string;
  data: Record<string, unknown>;
  derived: Record<string, unknown>;
}

const GLUCOSE_ANNEXES = new Set(['1', '7', '8', '9']);
const WEIGHT_ANNEXES = new Set(['6', '7', '8', '9']);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const byDate = <T extends { date: string }>(a: T, b: T) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/** What the server stores for a patient of a group enrolled on a day: the details with the rules applied. */
export function indicatorRecordFacts(
  group: IndicatorGroup,
  enrolledAt: string,
  records: readonly IndicatorRecordInput[],
  contacts: readonly string[],
): StoredIndicatorFacts {
  const {
    group: _g,
    enrolledAt: _e,
    endedAt: _n,
    status: _s,
    statusAt: _a,
    ...stored
  } = summarizeFacts({
    group,
    enrolledAt,
    endedAt: null,
    status: 'active',
    statusAt: null,
    ...indicatorRecordDetails(group, enrolledAt, records, contacts),
  });
  return stored;
}

/** The record-derived part of IndicatorPatientFacts, before the rules are applied. */
export function indicatorRecordDetails(
  group: IndicatorGroup,
  enrolledAt: string,
  records: readonly IndicatorRecordInput[],
  contacts: readonly string[],
): Pick<
  IndicatorPatientFacts,
  'baselineCompleteAt' | 'visits' | 'records' | 'glucose' | 'baselineIgt' | 'weights' | 'alerts' | 'contacts'
> {
  const sorted = [...records].map((r, i) => ({ ...r, date: r.filledAt, i })).sort((a, b) => byDate(a, b) || a.i - b.i);
  const protocol = group === 'managed' ? 'managed' : 'comparison';
  const firsts = baselineAnnexes(protocol, group === 'diabetic' ? 1 : 0).map(
    (annex) => sorted.find((r) => r.annex === annex)?.date ?? null,
  );
  const baselineCompleteAt = firsts.some((d) => d === null) ? null : ((firsts as string[]).sort().at(-1) ?? null);
  const followUp = group === 'diabetic' ? '9' : '7';
  const visits = [...new Set(sorted.filter((r) => r.annex === followUp && r.date >= enrolledAt).map((r) => r.date))];
  const glucose: GlucoseMeasurement[] = sorted
    .filter((r) => GLUCOSE_ANNEXES.has(r.annex))
    .map((r) => ({
      date: r.date,
      fpg: num(r.data.fpg),
      ogtt2h: num(r.data.ogtt2h),
      hba1c: num(r.data.hba1c),
      randomGlucose: r.annex === '1' ? num(r.data.randomGlucose) : null,
      hasClassicSymptoms: r.annex === '1' && r.data.classicSymptoms === true,
    }))
    .filter((m) => m.fpg !== null || m.ogtt2h !== null || m.hba1c !== null || m.randomGlucose !== null);
  const firstAnnex1 = sorted.find((r) => r.annex === '1');
  const baselineIgt = firstAnnex1
    ? involvesIgt(
        classifyGlycemia({
          fpg: num(firstAnnex1.data.fpg),
          ogtt2h: num(firstAnnex1.data.ogtt2h),
          hba1c: num(firstAnnex1.data.hba1c),
          randomGlucose: num(firstAnnex1.data.randomGlucose),
          hasClassicSymptoms: firstAnnex1.data.classicSymptoms === true,
        }),
      )
    : false;
  const weights = sorted
    .filter((r) => WEIGHT_ANNEXES.has(r.annex) && num(r.data.weight) !== null)
    .map((r): [string, number] => [r.date, num(r.data.weight) as number]);
  return {
    baselineCompleteAt,
    visits,
    records: sorted.map((r) => r.date),
    glucose,
    baselineIgt,
    weights,
    alerts: sorted.filter((r) => r.derived.hasAlert === true).map((r) => r.date),
    contacts: [...contacts].sort(),
  };
}
