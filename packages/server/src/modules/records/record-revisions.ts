import { type AnnexKey, allItems, getInstrument, type RecordRevision } from '@tcm/contracts';
import { loadPatient } from '../../db/queries/patients';
import { recordRevisionsQuery } from '../../db/queries/record-reads';
import type { annexRecords, recordRevisions } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { isoDate } from '../../lib/dates';
import { auditPatientRead } from '../../lib/read-audit';
import { loadRecordRow } from './record-rows';

type StoredRecord = typeof annexRecords.$inferSelect;

/** The revision row of a record's state as just written (create: revision 1; each edit: the next). */
export function recordRevision(row: StoredRecord, doctorId: number, savedAt: Date): typeof recordRevisions.$inferInsert {
  return {
    recordId: row.id,
    revision: row.revision,
    version: row.version,
    data: row.data,
    derived: row.derived,
    filledAt: row.filledAt,
    doctorId,
    savedAt,
  };
}

/** Structural equality of stored answers, whatever order jsonb gives the keys. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((value, i) => sameValue(value, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    return [...keys].every((key) => sameValue(left[key], right[key]));
  }
  return false;
}

/** Item keys answered differently in `after` than in `before`, in the order of the form (`itemOrder`). */
export function changedItems(before: Record<string, unknown>, after: Record<string, unknown>, itemOrder: readonly string[]): string[] {
  const rank = (key: string) => {
    const index = itemOrder.indexOf(key);
    return index < 0 ? itemOrder.length : index;
  };
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.filter((key) => !sameValue(before[key], after[key])).sort((a, b) => rank(a) - rank(b));
}

/** Every revision of a live record, the current one first, each with what changed from the one before. */
export async function listRevisions(ctx: Ctx, annex: AnnexKey, id: number): Promise<{ list: RecordRevision[] }> {
  const record = await loadRecordRow(ctx, annex, id);
  const patient = await loadPatient(ctx, record.patientId);
  const def = getInstrument(annex);
  const itemOrder = def ? allItems(def).map((item) => item.key) : [];
  const rows = await recordRevisionsQuery(ctx.db, id);
  const list = rows.map(({ revision: r, doctorName }, index): RecordRevision => {
    const data = r.data as Record<string, unknown>;
    const older = rows[index + 1]?.revision;
    return {
      revision: r.revision,
      version: r.version,
      data,
      derived: r.derived as Record<string, unknown>,
      filledAt: isoDate(r.filledAt),
      doctorId: r.doctorId,
      doctorName: doctorName ?? '',
      savedAt: r.savedAt.toISOString(),
      changedItems: older ? changedItems(older.data as Record<string, unknown>, data, itemOrder) : [],
    };
  });
  await auditPatientRead(ctx, 'record.revisions', patient, { annex, recordId: id, count: list.length });
  return { list };
}
