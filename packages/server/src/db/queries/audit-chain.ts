import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../client';

/** The prev_hash of the first row of the chain. */
export const AUDIT_CHAIN_GENESIS = '0'.repeat(64);

export type AuditChainReport =
  | {
      ok: true;
      rows: number;
      /** The hash of the last row: written down elsewhere, it lets a later check see a rewritten chain. */
      lastHash: string;
    }
  | {
      ok: false;
      rows: number;
      /** The first row whose link does not hold, or null when the rows hold but the head does not. */
      brokenAt: number | null;
      reason: string;
    };

interface ChainRow {
  id: string | number;
  prev_hash: string | null;
  hash: string | null;
  expected: string;
}

const BATCH = 5000;

/**
 * Walks audit_log in id order and recomputes each row's hash with the database's own digest (the
 * function the insert trigger uses, so both sides serialise a row alike): a row whose stored hash is
 * not its digest was edited; a row whose prev_hash is not the hash of the row before it follows a
 * deleted or inserted row. The head row then says whether rows were cut off the end.
 */
export async function verifyAuditChain(db: Db, batch = BATCH): Promise<AuditChainReport> {
  let previous = AUDIT_CHAIN_GENESIS;
  let afterId = 0;
  let rows = 0;
  for (;;) {
    const page = rowsOf<ChainRow>(
      await db.execute(sql`
        select a.id, a.prev_hash, a.hash, audit_log_digest(a) as expected
        from audit_log a where a.id > ${afterId} order by a.id limit ${batch}`),
    );
    for (const row of page) {
      const id = Number(row.id);
      if (row.prev_hash !== previous) {
        return { ok: false, rows, brokenAt: id, reason: 'prev_hash is not the hash of the row before it (a row was removed or inserted)' };
      }
      if (row.hash !== row.expected) {
        return { ok: false, rows, brokenAt: id, reason: 'the row does not match its hash (it was edited)' };
      }
      previous = row.hash;
      afterId = id;
      rows += 1;
    }
    if (page.length < batch) break;
  }
  const [head] = rowsOf<{ last_id: string | number | null; last_hash: string }>(
    await db.execute(sql`select last_id, last_hash from audit_chain_head where id = 1`),
  );
  if (!head) return { ok: false, rows, brokenAt: null, reason: 'audit_chain_head is missing' };
  if (head.last_hash !== previous) {
    return {
      ok: false,
      rows,
      brokenAt: head.last_id == null ? null : Number(head.last_id),
      reason: `the chain ends at id ${afterId || 'none'} but its head names id ${head.last_id ?? 'none'} (rows were removed from the end)`,
    };
  }
  return { ok: true, rows, lastHash: previous };
}

/** The report as one line for a terminal. */
export function describeAuditChain(report: AuditChainReport): string {
  if (report.ok) return `OK: the audit chain holds over ${report.rows} rows; last hash ${report.lastHash}`;
  const where = report.brokenAt == null ? 'at its head' : `at id ${report.brokenAt}`;
  return `BROKEN ${where}, after ${report.rows} good rows: ${report.reason}`;
}
