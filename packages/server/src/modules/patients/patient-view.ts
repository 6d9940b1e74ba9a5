import { ageOn, maskMobile, maskResidentId, type PatientDetail, type PatientListItem } from '@tcm/contracts';
import type { PatientViewRow } from '../../db/queries/patients';
import { isoDate, isoDateOrNull } from '../../lib/dates';

/** How a patient row (db/queries/patients.ts) is shown: the contracts' list and detail views. */
type Row = PatientViewRow;

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
