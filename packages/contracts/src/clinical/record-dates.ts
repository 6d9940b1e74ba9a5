import { addDays } from '../instruments/dates';

/**
 * Which dates a clinical record may carry and who may be enrolled, shared by the server's validation
 * and the web form so both refuse the same dates with the same words.
 */

/** The programme is for adults: the pre-diabetes cut-offs and the BMI bands are adult ones. */
export const ADULT_AGE = 18;

/** Baseline tests done up to this many days before enrolment still describe the patient at enrolment. */
export const BASELINE_WINDOW_DAYS = 90;

/** A next-visit date is planned at most this far ahead. */
export const NEXT_VISIT_MAX_DAYS = 365;

/** Whole years of age on a calendar day (both YYYY-MM-DD); a 29 February birthday counts on 1 March. */
export function ageAtDate(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const beforeBirthday = m < bm || (m === bm && d < bd);
  return y - by - (beforeBirthday ? 1 : 0);
}

/** Null for an adult on the enrolment date, else the message that refuses the enrolment. */
export function enrolmentAgeProblem(birthDate: string, enrolmentDate: string): string | null {
  const age = ageAtDate(birthDate, enrolmentDate);
  if (age >= ADULT_AGE) return null;
  return `患者入组时须年满${ADULT_AGE}周岁（按身份证号出生日期 ${birthDate} 计算，入组日期 ${enrolmentDate} 时为 ${Math.max(age, 0)} 岁）`;
}

/**
 * Null when an enrolment date can be given (time zero of the outcome report), else why not: never
 * after today, never before the birth date. A clinic adopting the system gives its patients' real
 * enrolment dates, so past dates are accepted.
 */
export function enrolmentDateProblem(enrolledAt: string, birthDate: string, today: string, lang: 'zh' | 'en' = 'zh'): string | null {
  const zh = lang === 'zh';
  if (enrolledAt > today) return zh ? `入组日期不能晚于今天（${today}）` : `The enrolment date cannot be later than today (${today})`;
  if (enrolledAt < birthDate) {
    return zh ? `入组日期不能早于患者出生日期（${birthDate}）` : `The enrolment date cannot be earlier than the birth date (${birthDate})`;
  }
  return null;
}

/**
 * Null when a patient's enrolment date may move to `enrolledAt`, else why not: no live record may be
 * dated before the new date (`earliestRecord`: the earliest live record's date, if any).
 */
export function enrolmentChangeProblem(enrolledAt: string, earliestRecord: string | null, lang: 'zh' | 'en' = 'zh'): string | null {
  if (!earliestRecord || earliestRecord >= enrolledAt) return null;
  return lang === 'zh'
    ? `入组日期不能改为 ${enrolledAt}：已有 ${earliestRecord} 的记录早于该日期，请先核对或作废这些记录`
    : `The enrolment date cannot become ${enrolledAt}: a record dated ${earliestRecord} is earlier; check or void those records first`;
}

/** Baseline instruments may precede enrolment by the baseline window; follow-ups and the end evaluation may not. */
export type RecordDateKind = 'baseline' | 'followUp';

export function recordDateKind(annex: string): RecordDateKind {
  return annex === '7' || annex === '8' || annex === '9' ? 'followUp' : 'baseline';
}

export interface RecordDateFacts {
  date: string;
  birthDate?: string | undefined;
  enrolledAt?: string | undefined;
  today: string;
  kind: RecordDateKind;
}

/**
 * Null when a record's clinical date is possible for this patient, else why not (Chinese by default):
 * never before birth, never after today, a baseline record at most 90 days before enrolment, a
 * follow-up or end evaluation not before enrolment.
 */
export function recordDateProblem(facts: RecordDateFacts, label: string, lang: 'zh' | 'en' = 'zh'): string | null {
  const zh = lang === 'zh';
  const { date, birthDate, enrolledAt, today, kind } = facts;
  if (date > today) return zh ? `${label} 不能晚于今天（${today}）` : `${label} cannot be later than today (${today})`;
  if (birthDate && date < birthDate) {
    return zh ? `${label} 不能早于患者出生日期（${birthDate}）` : `${label} cannot be earlier than the patient's birth date (${birthDate})`;
  }
  if (!enrolledAt) return null;
  if (kind === 'followUp' && date < enrolledAt) {
    return zh ? `${label} 不能早于入组日期（${enrolledAt}）` : `${label} cannot be earlier than the enrolment date (${enrolledAt})`;
  }
  const earliest = addDays(enrolledAt, -BASELINE_WINDOW_DAYS);
  if (kind === 'baseline' && date < earliest) {
    return zh
      ? `${label} 不能早于入组日期（${enrolledAt}）前${BASELINE_WINDOW_DAYS}天，即 ${earliest}`
      : `${label} cannot be more than ${BASELINE_WINDOW_DAYS} days before enrolment (${enrolledAt}), i.e. before ${earliest}`;
  }
  return null;
}

/** Null when a planned date (next visit) is at most a year ahead of today. */
export function plannedDateProblem(date: string, today: string, label: string, lang: 'zh' | 'en' = 'zh'): string | null {
  const latest = addDays(today, NEXT_VISIT_MAX_DAYS);
  if (date <= latest) return null;
  return lang === 'zh' ? `${label} 不能晚于一年后（${latest}）` : `${label} cannot be more than a year ahead (${latest})`;
}
