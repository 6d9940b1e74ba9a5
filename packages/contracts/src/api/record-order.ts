// The order of a patient's records, with no schema library, so that the record screens can use it without
// loading zod (records.ts re-exports it beside the schemas).

/** Where a record stands in a patient's order of records: by its date, then by id. */
export interface RecordPosition {
  filledAt: string;
  id: number;
}

/**
 * Whether `other` comes before a record dated `at.date` in the patient's order of records (date,
 * then id), which is what the record's context (previous visit, baseline) is built from. On the same
 * date the smaller id (saved earlier) comes first; a record not saved yet (no id) comes after every
 * stored record of its date. The record itself never precedes itself.
 */
export function recordPrecedes(other: RecordPosition, at: { date: string; id?: number | undefined }): boolean {
  const date = other.filledAt.slice(0, 10);
  if (date !== at.date) return date < at.date;
  return at.id === undefined || other.id < at.id;
}
