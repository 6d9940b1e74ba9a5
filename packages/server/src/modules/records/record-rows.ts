import type { AnnexKey, AnnexRecord } from '@tcm/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { accounts, annexRecords } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { isoDate } from '../../lib/dates';
import { notFound } from '../../lib/errors';

/** A stored record with its doctor's name (reading records: the row and the API shape). */
export type RecordRow = typeof annexRecords.$inferSelect & { doctorName: string | null };

export function toRecord(row: RecordRow): AnnexRecord {
  return {
    id: row.id,
    annex: row.annex as AnnexRecord['annex'],
    patientId: row.patientId,
    version: row.version,
    data: row.data as Record<string, unknown>,
    derived: row.derived as Record<string, unknown>,
    filledAt: isoDate(row.filledAt),
    nextDueDate: row.nextDueDate ? isoDate(row.nextDueDate) : null,
    doctorId: row.doctorId,
    doctorName: row.doctorName ?? '',
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A live record; `withVoided` also finds a voided one (an edit answers 409 for it, not 404). */
export async function loadRecordRow(ctx: Ctx, annex: AnnexKey, id: number, withVoided = false): Promise<RecordRow> {
  const [row] = await ctx.db
    .select({ record: annexRecords, doctorName: accounts.name })
    .from(annexRecords)
    .leftJoin(accounts, eq(accounts.id, annexRecords.doctorId))
    .where(and(eq(annexRecords.id, id), eq(annexRecords.annex, annex), withVoided ? undefined : isNull(annexRecords.voidedAt)))
    .limit(1);
  if (!row) throw notFound('记录不存在');
  return { ...row.record, doctorName: row.doctorName };
}
