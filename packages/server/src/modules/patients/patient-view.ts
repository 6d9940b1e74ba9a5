import {
  ageOn,
  COMPARISON_BASELINE_ANNEXES,
  COMPARISON_FOLLOW_UP_DAYS,
  END_EVALUATION_ANNEX,
  MANAGED_BASELINE_ANNEXES,
  MANAGED_FOLLOW_UP_DAYS,
  maskMobile,
  maskResidentId,
  type PatientDetail,
  type PatientListItem,
} from '@tcm/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { institutions, patients } from '../../db/schema';

/**
 * Derived patient facts as SQL, so lists can filter, count and page on them. They are computed from
 * stored dates and the list of filled annexes at query time (PRODUCT §3: never stored as a status).
 */
const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]::text[]`);

export const isCompletedSql = sql<boolean>`(case when ${patients.cohort} = 'managed'
  then ${patients.filledAnnexes} @> ${textArray(MANAGED_BASELINE_ANNEXES)}
    and (not ${patients.endManagement} or '${sql.raw(END_EVALUATION_ANNEX)}' = any(${patients.filledAnnexes}))
  else ${patients.filledAnnexes} @> ${textArray(COMPARISON_BASELINE_ANNEXES)} end)`;

const intervalDaysSql = sql`(case when ${patients.cohort} = 'managed' then ${sql.raw(String(MANAGED_FOLLOW_UP_DAYS))} else ${sql.raw(String(COMPARISON_FOLLOW_UP_DAYS))} end)`;

/** Last follow-up (or enrolment) plus the group's interval. */
export const dueDateSql = sql`(coalesce(${patients.lastFollowUpDate}, ${patients.enrolledAt}) + ${intervalDaysSql})`;

export function isOverdueSql(today: string): SQL<boolean> {
  return sql<boolean>`(not ${patients.endManagement} and ${dueDateSql} < ${today}::date)`;
}

/** notRemind: silenced until a newer follow-up is saved. */
export const isSilencedSql = sql<boolean>`(${patients.remindSilencedAt} is not null and (${patients.lastFollowUpSavedAt} is null or ${patients.remindSilencedAt} > ${patients.lastFollowUpSavedAt}))`;

/** deleteFromIncompleteList: off the list while the due date has not moved past the dismissed one. */
export const isDismissedSql = sql<boolean>`(${patients.incompleteDismissedDue} is not null and ${dueDateSql} <= ${patients.incompleteDismissedDue})`;

/** Columns every patient list selects. */
export function patientColumns(today: string) {
  return {
    id: patients.id,
    name: patients.name,
    gender: patients.gender,
    birthDate: patients.birthDate,
    idNum: patients.idNum,
    telNum: patients.telNum,
    institutionId: patients.institutionId,
    institutionName: institutions.name,
    cohort: patients.cohort,
    comparisonRole: patients.comparisonRole,
    enrolledAt: patients.enrolledAt,
    consentDate: patients.consentDate,
    endManagement: patients.endManagement,
    endedAt: patients.endedAt,
    filledAnnexes: patients.filledAnnexes,
    lastFollowUpDate: patients.lastFollowUpDate,
    completed: isCompletedSql,
    overdue: isOverdueSql(today),
    silenced: isSilencedSql,
    dueDate: sql<string>`to_char(${dueDateSql}, 'YYYY-MM-DD')`,
    daysSince: sql<number>`(${today}::date - coalesce(${patients.lastFollowUpDate}, ${patients.enrolledAt}))`,
  };
}
export const institutionJoin = [institutions, eq(institutions.id, patients.institutionId)] as const;

type Row = {
  id: number;
  name: string;
  gender: 'man' | 'woman';
  birthDate: string;
  idNum: string;
  telNum: string;
  institutionId: number;
  institutionName: string | null;
  cohort: 'managed' | 'comparison';
  comparisonRole: number | null;
  enrolledAt: string;
  consentDate: string | null;
  endManagement: boolean;
  endedAt: string | null;
  filledAnnexes: string[];
  lastFollowUpDate: string | null;
  completed: boolean;
  overdue: boolean;
  silenced: boolean;
  dueDate: string;
  daysSince: number;
};

/** A DATE column as YYYY-MM-DD whichever driver read it. */
export function isoDate(value: unknown): string {
  if (value instanceof Date) {
    const y = value.getFullYear();
    const m = String(value.getMonth() + 1).padStart(2, '0');
    const d = String(value.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  return String(value).slice(0, 10);
}
const isoDateOrNull = (value: unknown) => (value == null ? null : isoDate(value));

function baseView(row: Row, today: Date): Omit<PatientListItem, 'idNum' | 'tel_num'> {
  return {
    id: row.id,
    name: row.name,
    gender: row.gender,
    age: ageOn(isoDate(row.birthDate), today),
    institutionId: row.institutionId,
    institutionName: row.institutionName ?? '',
    cohort: row.cohort,
    role: row.cohort === 'managed' ? 'patient' : row.comparisonRole === 1 ? 1 : 0,
    enrolledAt: isoDate(row.enrolledAt),
    endManagement: row.endManagement,
    endedAt: isoDateOrNull(row.endedAt),
    fillStatus: row.completed ? 'completed' : 'uncompleted',
    filledAnnexes: [...row.filledAnnexes].sort(),
    lastFollowUpDate: isoDateOrNull(row.lastFollowUpDate),
    nextDueDate: row.endManagement ? null : row.dueDate,
    overdue: Boolean(row.overdue),
    daysSinceLastFollowUp: Number(row.daysSince),
    remindSilenced: Boolean(row.silenced),
  };
}

/** List view: identifiers masked (PRODUCT §1). */
export function toListItem(row: Row, today: Date): PatientListItem {
  return { ...baseView(row, today), idNum: maskResidentId(row.idNum), tel_num: maskMobile(row.telNum) };
}

/** Detail view: full identifiers; callers audit the read. */
export function toDetail(row: Row, today: Date): PatientDetail {
  return {
    ...baseView(row, today),
    idNum: row.idNum,
    tel_num: row.telNum,
    birthDate: isoDate(row.birthDate),
    consentDate: isoDateOrNull(row.consentDate),
  };
}
