import { ageOn } from '@tcm/contracts';
import { identifierReader, type SealedIdentifiers } from '../../db/queries/patient-identifiers';
import type { PatientColumns } from '../../db/queries/patients';
import { institutions } from '../../db/schema';
import { isoDate } from '../../lib/dates';
import type { ExportScope, SheetColumn } from './sheet';

/** The patient fields every export row starts with (full identifiers: exports are audited, PRODUCT §1). */
export function patientSelect(patients: PatientColumns) {
  return {
    patientId: patients.id,
    name: patients.name,
    gender: patients.gender,
    birthDate: patients.birthDate,
    // Sealed at rest: opened per row by the columns below (the file holds them in full, as before).
    idNumSealed: patients.idNumSealed,
    telNumSealed: patients.telNumSealed,
    legacyIdNum: patients.legacyIdNum,
    legacyTelNum: patients.legacyTelNum,
    institutionName: institutions.name,
    cohort: patients.cohort,
    comparisonRole: patients.comparisonRole,
    enrolledAt: patients.enrolledAt,
    endManagement: patients.endManagement,
    endedAt: patients.endedAt,
  };
}

export interface PatientFields extends SealedIdentifiers {
  patientId: number;
  name: string;
  gender: 'man' | 'woman';
  birthDate: string;
  institutionName: string | null;
  cohort: 'managed' | 'comparison';
  comparisonRole: number | null;
  enrolledAt: string;
  endManagement: boolean;
  endedAt: string | null;
}

const GENDER_CODES = [
  { value: 'man', label: '男' },
  { value: 'woman', label: '女' },
];
const GROUP_CODES = [
  { value: 'managed', label: '管理组' },
  { value: 'comparison0', label: '对照组（糖尿病前期）' },
  { value: 'comparison1', label: '对照组（糖尿病）' },
];
const STATE_CODES = [
  { value: 'running', label: '管理中' },
  { value: 'ended', label: '已结束管理' },
];
const labelOf = (codes: { value: string; label: string }[], value: string) => codes.find((c) => c.value === value)?.label ?? value;
const GENDER_LABELS = new Map(GENDER_CODES.map((c) => [c.value, c.label]));

/** An export opens each sealed value once (a patient's follow-ups repeat it); bounded per export. */
const OPENED_LIMIT = 50_000;

function groupOf(row: PatientFields): string {
  return row.cohort === 'managed' ? 'managed' : `comparison${row.comparisonRole === 1 ? 1 : 0}`;
}

/** Patient columns, first in every export; age is on the export day. */
export function patientColumns<R extends PatientFields>(scope: ExportScope): SheetColumn<R>[] {
  // One birth date per patient, many rows per patient (follow-ups): remember each age once.
  const ages = new Map<string, number>();
  const ageOf = (birthDate: string) => {
    let age = ages.get(birthDate);
    if (age === undefined) {
      age = ageOn(isoDate(birthDate), scope.now);
      ages.set(birthDate, age);
    }
    return age;
  };
  const identifiers = identifierReader(scope.keyring, OPENED_LIMIT);
  return [
    { key: 'patient.id', header: '患者编号', type: 'number', value: (r) => r.patientId },
    { key: 'patient.name', header: '姓名', type: 'text', value: (r) => r.name },
    { key: 'patient.gender', header: '性别', type: 'single', codes: GENDER_CODES, value: (r) => GENDER_LABELS.get(r.gender) ?? r.gender },
    { key: 'patient.age', header: '年龄', type: 'number', unit: '岁', value: (r) => ageOf(r.birthDate) },
    {
      key: 'patient.idNum',
      header: '身份证号',
      type: 'text',
      value: (r) => identifiers.idNum(r),
    },
    {
      key: 'patient.mobile',
      header: '手机号',
      type: 'text',
      value: (r) => identifiers.telNum(r),
    },
    { key: 'patient.institution', header: '所属机构', type: 'text', value: (r) => r.institutionName },
    { key: 'patient.group', header: '组别', type: 'single', codes: GROUP_CODES, value: (r) => labelOf(GROUP_CODES, groupOf(r)) },
    { key: 'patient.enrolledAt', header: '入组日期', type: 'date', value: (r) => isoDate(r.enrolledAt) },
    {
      key: 'patient.state',
      header: '管理状态',
      type: 'single',
      codes: STATE_CODES,
      value: (r) => labelOf(STATE_CODES, r.endManagement ? 'ended' : 'running'),
    },
    { key: 'patient.endedAt', header: '结束管理日期', type: 'date', value: (r) => (r.endedAt == null ? null : isoDate(r.endedAt)) },
  ];
}
