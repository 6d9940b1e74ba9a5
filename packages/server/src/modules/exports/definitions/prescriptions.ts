import { PRESCRIPTION_FIELD_LABELS, PRESCRIPTION_KIND_LABELS } from '@tcm/contracts/prescriptions/labels';
import { describePrescription } from '@tcm/contracts/prescriptions/print';
import {
  isPrescriptionKind,
  PRESCRIPTION_FIELDS,
  PRESCRIPTION_KINDS,
  type PrescriptionContent,
  type PrescriptionKind,
} from '@tcm/contracts/prescriptions/templates';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { institutionJoin } from '../../../db/queries/patients';
import { accounts, prescriptions } from '../../../db/schema';
import { isoDate } from '../../../lib/dates';
import { exportPatients, withinRange } from '../filters';
import { keysetPages } from '../paging';
import { type PatientFields, patientColumns, patientSelect } from '../patient-columns';
import { anySheet, type ExportDefinition, type SheetColumn } from '../sheet';

interface PrescriptionRow extends PatientFields {
  prescriptionId: number;
  kind: string;
  content: unknown;
  issuedAt: string;
  doctorName: string | null;
}

const KIND_CODES = PRESCRIPTION_KINDS.map((kind) => ({ value: kind, label: PRESCRIPTION_KIND_LABELS[kind].zh }));
const YES_NO = [
  { value: 'true', label: '是' },
  { value: 'false', label: '否' },
];

const fieldsOf = (row: PrescriptionRow) => (row.content ?? {}) as Record<string, unknown>;

/** The prescription in the words the patient's printed sheet uses (ticked items only), one line per item. */
function inWords(row: PrescriptionRow): string | null {
  if (!isPrescriptionKind(row.kind)) return null;
  const lines = describePrescription(row.kind, row.content as PrescriptionContent<typeof row.kind>, 'zh');
  return lines.length > 0 ? lines.join('；') : null;
}

/** Every field of every kind, as stored: a row fills the columns of its own kind only. */
function rawFieldColumns(): SheetColumn<PrescriptionRow>[] {
  return PRESCRIPTION_KINDS.flatMap((kind: PrescriptionKind) =>
    Object.entries(PRESCRIPTION_FIELDS[kind]).map(([field, type]): SheetColumn<PrescriptionRow> => {
      const label = (PRESCRIPTION_FIELD_LABELS[kind] as Record<string, { zh: string }>)[field]?.zh ?? field;
      return {
        key: `${kind}.${field}`,
        header: `${PRESCRIPTION_KIND_LABELS[kind].zh}·${label}`,
        type: type === 'boolean' ? 'boolean' : 'text',
        codes: type === 'boolean' ? YES_NO : undefined,
        value: (r) => {
          if (r.kind !== kind) return null;
          const value = fieldsOf(r)[field];
          if (type === 'boolean') return value === true ? '是' : value === false ? '否' : null;
          return typeof value === 'string' && value.trim() !== '' ? value : null;
        },
      };
    }),
  );
}

const columnsAfterPatient: SheetColumn<PrescriptionRow>[] = [
  { key: 'prescription.id', header: '处方编号', type: 'number', value: (r) => r.prescriptionId },
  {
    key: 'prescription.kind',
    header: '处方类型',
    type: 'single',
    codes: KIND_CODES,
    value: (r) => KIND_CODES.find((c) => c.value === r.kind)?.label ?? r.kind,
  },
  { key: 'prescription.issuedAt', header: '开具日期', type: 'date', value: (r) => isoDate(r.issuedAt) },
  { key: 'prescription.doctor', header: '开具医生', type: 'text', value: (r) => r.doctorName },
  { key: 'prescription.text', header: '处方内容', type: 'text', value: inWords },
];

/** /prescription/exportPrescription: every live prescription, one row each; the range bounds the issue date. */
export const prescriptionExport: ExportDefinition = {
  key: 'prescriptions',
  summary: 'Every prescription, one row each: kind, issue date, doctor, the ticked items in words, then every raw field',
  sheets(ctx, scope) {
    const inScope = exportPatients(ctx, scope);
    const fetchPage = (afterId: number, limit: number) =>
      ctx.db
        .select({
          ...patientSelect(inScope.cols),
          prescriptionId: prescriptions.id,
          kind: prescriptions.kind,
          content: prescriptions.content,
          issuedAt: prescriptions.issuedAt,
          doctorName: accounts.name,
        })
        .from(prescriptions)
        .innerJoin(...inScope.joinOn(prescriptions.patientId))
        .leftJoin(...institutionJoin)
        .leftJoin(accounts, eq(accounts.id, prescriptions.doctorId))
        .where(and(isNull(prescriptions.voidedAt), withinRange(prescriptions.issuedAt, scope), gt(prescriptions.id, afterId)))
        .orderBy(asc(prescriptions.id))
        .limit(limit);
    return [
      anySheet<PrescriptionRow>({
        name: '健康处方',
        columns: [...patientColumns<PrescriptionRow>(scope), ...columnsAfterPatient, ...rawFieldColumns()],
        pages: () =>
          keysetPages(
            fetchPage,
            (row) => row.prescriptionId,
            (rows) => rows,
          ),
      }),
    ];
  },
};
