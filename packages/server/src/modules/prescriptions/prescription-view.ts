import type { IssuedPrescription } from '@tcm/contracts/api/prescription';
import { eq } from 'drizzle-orm';
import { accounts, prescriptions } from '../../db/schema';
import { isoDate } from '../../lib/dates';

/** The columns every prescription read selects: the row and the issuing doctor's name. */
export const issuedColumns = {
  id: prescriptions.id,
  kind: prescriptions.kind,
  patientId: prescriptions.patientId,
  content: prescriptions.content,
  issuedAt: prescriptions.issuedAt,
  doctorId: prescriptions.doctorId,
  doctorName: accounts.name,
  createdAt: prescriptions.createdAt,
};

export const doctorJoin = [accounts, eq(accounts.id, prescriptions.doctorId)] as const;

export interface IssuedRow {
  id: number;
  kind: string;
  patientId: number;
  content: unknown;
  issuedAt: string;
  doctorId: number;
  doctorName: string | null;
  createdAt: Date;
}

/** A row as the API returns it; the content was checked by the kind's schema when it was saved. */
export function toIssued(row: IssuedRow): IssuedPrescription {
  return {
    id: row.id,
    kind: row.kind,
    patientId: row.patientId,
    content: row.content,
    issuedAt: isoDate(row.issuedAt),
    doctorId: row.doctorId,
    doctorName: row.doctorName ?? '',
    createdAt: row.createdAt.toISOString(),
  } as IssuedPrescription;
}
