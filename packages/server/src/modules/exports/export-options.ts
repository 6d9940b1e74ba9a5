import { createHmac, randomBytes } from 'node:crypto';
import type { AnySheet, Cell, Code, SheetColumn } from './sheet';

/** The options every export takes besides its filters. */
export interface ExportOptions {
  /** No name, ID number, mobile or birth date; the patient number becomes a pseudonymous key. */
  deidentify: boolean;
  /** Coded answers as numbers (1, 2, … in the order of their codes), which the codebook lists. */
  coded: boolean;
}

/** Columns that identify a person: left out of a de-identified export (age stays). */
export const IDENTIFYING_COLUMNS: ReadonlySet<string> = new Set(['patient.name', 'patient.idNum', 'patient.mobile', 'patient.birthDate']);
/** The patient number, which a de-identified export replaces with PSEUDONYM_COLUMN. */
export const PATIENT_ID_COLUMN = 'patient.id';
export const PSEUDONYM_COLUMN = 'patient.key';

/**
 * The pseudonymous patient keys of one export: an HMAC of the patient number under a secret drawn for
 * this export, so a patient has one key throughout the file (all sheets) and another in the next
 * export. The secret goes to the export's audit row, from which an auditor can link keys back.
 */
export class Pseudonyms {
  readonly secret = randomBytes(16).toString('hex');
  private readonly keys = new Map<number, string>();

  keyOf(patientId: number): string {
    let key = this.keys.get(patientId);
    if (key === undefined) {
      key = `P${createHmac('sha256', this.secret).update(String(patientId)).digest('hex').slice(0, 12).toUpperCase()}`;
      this.keys.set(patientId, key);
    }
    return key;
  }
}

/** Codes numbered 1, 2, … in their listed order: the codebook of a coded export shows these numbers. */
function numberedCodes(codes: readonly Code[]): Code[] {
  return codes.map((code, index) => ({ value: String(index + 1), label: code.label }));
}

/** Separator of a multiple-choice cell's labels (as the instrument export writes them). */
const MULTIPLE_SEPARATOR = '、';

/**
 * A coded column: the cell's label (or labels, for a multiple choice) becomes its number; a value
 * that is no listed label (free text, an old answer) is left as it is, so nothing is lost.
 */
function codedColumn(column: SheetColumn<unknown>): SheetColumn<unknown> {
  const codes = column.codes ?? [];
  const numbers = new Map<string, number>();
  codes.forEach((code, index) => {
    numbers.set(code.label, index + 1);
    if (!numbers.has(code.value)) numbers.set(code.value, index + 1);
  });
  const code = (value: Cell): Cell => {
    if (typeof value === 'number') {
      const listed = numbers.get(String(value));
      return listed ?? value;
    }
    if (typeof value !== 'string' || value === '') return value;
    const whole = numbers.get(value);
    if (whole !== undefined) return whole;
    if (column.type !== 'multiple') return value;
    const parts = value.split(MULTIPLE_SEPARATOR).map((part) => numbers.get(part));
    return parts.every((n) => n !== undefined) ? parts.join(',') : value;
  };
  return { ...column, codes: numberedCodes(codes), value: (row) => code(column.value(row)) };
}

/**
 * The sheets as the options ask: identifying columns dropped and the patient number pseudonymised
 * (deidentify), coded answers as numbers (coded). Sheets without options are returned unchanged.
 */
export function applyExportOptions(sheets: readonly AnySheet[], options: ExportOptions, pseudonyms: Pseudonyms): AnySheet[] {
  if (!options.deidentify && !options.coded) return [...sheets];
  return sheets.map((sheet) => ({
    ...sheet,
    columns: sheet.columns.flatMap((column): SheetColumn<unknown>[] => {
      if (options.deidentify && IDENTIFYING_COLUMNS.has(column.key)) return [];
      if (options.deidentify && column.key === PATIENT_ID_COLUMN) {
        return [
          {
            key: PSEUDONYM_COLUMN,
            header: '患者代码',
            type: 'text',
            value: (row) => {
              const id = column.value(row);
              return typeof id === 'number' ? pseudonyms.keyOf(id) : null;
            },
          },
        ];
      }
      return options.coded && column.codes && column.codes.length > 0 ? [codedColumn(column)] : [column];
    }),
  }));
}
