import type { AnnexRecord } from '@tcm/contracts/api/records';
import { addDays, isIsoDate } from '@tcm/contracts/instruments/dates';
import type { AnnexKey, RecordData } from '@tcm/contracts/instruments/types';
import { NEXT_CONTACT_DAYS } from './save-concerns';

/** The records whose glycemic status guides what the doctor does next (diagnosis and follow-up). */
const GLYCEMIC_ANNEXES: readonly AnnexKey[] = ['1', '7'];

export type Guidance =
  | { kind: 'hypoglycaemia'; record: AnnexRecord }
  | { kind: 'unconfirmed'; record: AnnexRecord; repeatBy: string | null }
  | { kind: 'confirmed'; record: AnnexRecord };

/**
 * What the patient's newest glucose record (annex 1 or 7, by date then id) asks of the doctor: treat a
 * hypoglycaemia, repeat a first diabetic value within 14 days, or end pre-diabetes management once
 * diabetes is confirmed. Null when it asks nothing.
 */
export function glycemicGuidance(histories: Partial<Record<AnnexKey, AnnexRecord[]>>): Guidance | null {
  const newest = GLYCEMIC_ANNEXES.flatMap((annex) => histories[annex]?.slice(0, 1) ?? []).sort(
    (a, b) => b.filledAt.localeCompare(a.filledAt) || b.id - a.id,
  )[0];
  if (!newest) return null;
  const status = newest.derived.glycemicStatus;
  if (status === 'hypoglycaemia') return { kind: 'hypoglycaemia', record: newest };
  if (status === 'diabetes') return { kind: 'confirmed', record: newest };
  if (status === 'diabetesUnconfirmed') {
    const by = newest.derived.nextContactBy;
    const date = newest.filledAt.slice(0, 10);
    return {
      kind: 'unconfirmed',
      record: newest,
      repeatBy: isIsoDate(by) ? by : isIsoDate(date) ? addDays(date, NEXT_CONTACT_DAYS) : null,
    };
  }
  return null;
}

/**
 * The end evaluation (annex 8) prefilled from the record that confirmed diabetes: its date, its values
 * and the reason 进展为糖尿病 (which the engine accepts only when the evaluation confirms diabetes).
 */
export function evaluationFrom(record: AnnexRecord): RecordData {
  const values: RecordData = { evaluationDate: record.filledAt.slice(0, 10), endReason: 'progressedToDiabetes' };
  for (const key of ['fpg', 'ogtt2h', 'hba1c', 'weight', 'waist']) {
    const value = record.data[key];
    if (typeof value === 'number') values[key] = value;
  }
  return values;
}
