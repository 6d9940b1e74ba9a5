import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { type Db, idList, rowsOf } from '../client';
import { outcomeFacts, patients } from '../schema';
import { refreshIndicatorFactsOf } from './indicator-facts';
import { OUTCOME_FACT_COLUMNS, OUTCOME_FACTS_VERSION, patientFactsSql } from './outcome-facts-sql';

/**
 * The stored outcome facts (db/schema/outcome-facts.ts): one row per live patient, recomputed by
 * patientFactsSql (facts-sql.ts) inside the transaction of every write that changes its inputs
 * (record create, edit, void; patient enrol, update, void, end of management), like the patient
 * summary columns. The report reads only this table; checkOutcomeFacts proves it matches the records.
 */

/**
 * Recomputes one patient's row: deleted and written again from the patient row and their live records (none for a voided
 * patient). The patient row is locked first (FOR NO KEY UPDATE: it does not wait on the key-share
 * locks that record inserts hold through their foreign key), so two writes for one patient refresh one
 * after the other, and the second, a new statement under READ COMMITTED, sees the first's committed
 * records: the last refresh always reads every record.
 */
export async function refreshOutcomeFacts(db: Db, patientId: number): Promise<void> {
  const bulk = bulkLoad.getStore();
  if (bulk) {
    bulk.add(patientId);
    return;
  }
  await rewriteFacts(db, [patientId]);
}

/**
 * refreshOutcomeFacts's work for a set of patients, in the caller's transaction: their rows are locked
 * (in id order), deleted and written again, and so are their indicator facts.
 */
async function rewriteFacts(db: Db, patientIds: readonly number[]): Promise<void> {
  const ids = idList(patientIds);
  await db.execute(sql`select 1 from ${patients} where id in (${ids}) order by id for no key update`);
  await db.execute(sql`delete from ${outcomeFacts} where patient_id in (${ids})`);
  await db.execute(sql`insert into ${outcomeFacts} (${OUTCOME_FACT_COLUMNS}) ${patientFactsSql(sql`p.id in (${ids})`)}`);
  // The management indicators' facts read the same records: refreshed under the same lock.
  await refreshIndicatorFactsOf(db, patientIds);
}

/** The patients written so far by the bulk load in progress (refreshFactsAfterBulkLoad), if any. */
const bulkLoad = new AsyncLocalStorage<Set<number>>();

/** Statements of a bulk refresh name at most this many patients (bind parameters stay few). */
const BULK_REFRESH_CHUNK = 1000;

/**
 * Runs a bulk load that writes through the services (the demo seed: about 75 patients, whose facts
 * were refreshed about 870 times, once per write) and refreshes the outcome and indicator facts of
 * every patient it wrote once, at its end, in set-based statements: 23 s of seeding become 10 s on
 * PGlite. Meant for a loader that has the database to itself (a first start before it listens, a
 * test's template): until `load` settles, the facts of the patients it writes are out of date. Nested
 * loads join the outer one. The refresh runs when `load` fails too, so that what it did write is
 * consistent; an error of that refresh then gives way to the load's own.
 */
export async function refreshFactsAfterBulkLoad<T>(db: Db, load: () => Promise<T>): Promise<T> {
  if (bulkLoad.getStore()) return load();
  const written = new Set<number>();
  let result: T;
  try {
    result = await bulkLoad.run(written, load);
  } catch (error) {
    await refreshFactsOf(db, [...written]).catch(() => undefined);
    throw error;
  }
  await refreshFactsOf(db, [...written]);
  return result;
}

/** rewriteFacts for many patients, a chunk per transaction. */
async function refreshFactsOf(db: Db, patientIds: number[]): Promise<void> {
  const sorted = [...patientIds].sort((a, b) => a - b);
  for (let start = 0; start < sorted.length; start += BULK_REFRESH_CHUNK) {
    const chunk = sorted.slice(start, start + BULK_REFRESH_CHUNK);
    await db.transaction((transaction) => rewriteFacts(transaction as unknown as Db, chunk));
  }
}

/**
 * Start-up: computes the rows that are missing (patients stored before migration 0003, or written by a
 * path that bypasses the services) or were computed with older rules (OUTCOME_FACTS_VERSION), and
 * removes those of voided patients. Set-based; on a current database it reads the two tables' keys
 * and changes nothing. Runs under the start-up lock (main.ts), after the migrations.
 */
export async function backfillOutcomeFacts(db: Db): Promise<number> {
  await db.execute(sql`delete from ${outcomeFacts} f
    using ${patients} p where p.id = f.patient_id and (p.voided_at is not null or f.rules_version <> ${OUTCOME_FACTS_VERSION})`);
  const stale = sql`not exists (select 1 from ${outcomeFacts} f where f.patient_id = p.id)`;
  const result = await db.execute(sql`insert into ${outcomeFacts} (${OUTCOME_FACT_COLUMNS}) ${patientFactsSql(stale)}`);
  return (result as unknown as { rowCount?: number | null; affectedRows?: number }).rowCount ?? 0;
}

/** A patient whose stored facts differ from those recomputed from the records. */
export interface OutcomeFactsDrift {
  patientId: number;
  /** The stored row, or null when it is missing; the recomputed row, or null when none should exist. */
  stored: Record<string, unknown> | null;
  expected: Record<string, unknown> | null;
}

/**
 * The consistency check: recomputes every live patient's facts from the records and compares them,
 * column by column (`is distinct from` on whole rows, so nulls compare equal), with the stored rows.
 * Answers the patients that differ (missing, extra, or different); an empty list means no drift.
 * Reads every record: a check for tests and maintenance, not for a request path.
 */
export async function checkOutcomeFacts(db: Db): Promise<OutcomeFactsDrift[]> {
  const result = await db.execute(sql`
    with expected as (${patientFactsSql(sql`true`)}),
    stored as (select ${OUTCOME_FACT_COLUMNS} from ${outcomeFacts})
    select coalesce(e.patient_id, s.patient_id) as "patientId",
      case when s.patient_id is null then null else to_jsonb(s) end as stored,
      case when e.patient_id is null then null else to_jsonb(e) end as expected
    from expected e
    full join stored s on s.patient_id = e.patient_id
    where e is distinct from s
    order by 1`);
  return rowsOf<OutcomeFactsDrift>(result);
}
