import { type IndicatorGroup, type IndicatorRecordInput, indicatorRecordFacts } from '@tcm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, idList, rowsOf } from '../client';
import { annexRecords, indicatorFacts, outreachContacts, patients } from '../schema';

/**
 * The stored indicator facts (db/schema/indicators.ts): one row per live patient, computed by the
 * contracts rule `indicatorRecordFacts` from the patient's live records and contacts. Refreshed in the
 * transaction of every write that refreshes the outcome facts (refreshOutcomeFacts calls
 * refreshIndicatorFacts) and of every outreach contact; checkIndicatorFacts recomputes all of them.
 *
 * Bump INDICATOR_FACTS_VERSION whenever `indicatorRecordFacts` changes: start-up recomputes older rows.
 */
export const INDICATOR_FACTS_VERSION = 2;

interface PatientInput {
  id: number;
  institutionId: number;
  group: IndicatorGroup;
  enrolledAt: string;
}

const groupSql = sql.raw(
  `(case when p.cohort = 'managed' then 'managed' when p.comparison_role = 1 then 'diabetic' else 'comparison' end)`,
);

async function livePatients(db: Db, where: SQL, limit?: number): Promise<PatientInput[]> {
  return rowsOf<PatientInput>(
    await db.execute(sql`select p.id, p.institution_id as "institutionId", ${groupSql} as "group", to_char(p.enrolled_at, 'YYYY-MM-DD') as "enrolledAt"
      from ${patients} p where p.voided_at is null and ${where} order by p.id ${limit === undefined ? sql`` : sql`limit ${limit}`}`),
  );
}

/** The facts of a set of live patients, computed from their records and contacts (two reads for the whole set). */
async function computeFacts(db: Db, list: PatientInput[]): Promise<Map<number, unknown>> {
  const out = new Map<number, unknown>();
  if (list.length === 0) return out;
  const ids = idList(list.map((p) => p.id));
  // Only the items the rule reads travel: the glucose values, weight, symptoms and the alert flag.
  const records = rowsOf<IndicatorRecordInput & { patientId: number }>(
    await db.execute(sql`select r.patient_id as "patientId", r.annex, to_char(r.filled_at, 'YYYY-MM-DD') as "filledAt",
        jsonb_strip_nulls(jsonb_build_object('fpg', r.data -> 'fpg', 'ogtt2h', r.data -> 'ogtt2h', 'hba1c', r.data -> 'hba1c',
          'randomGlucose', r.data -> 'randomGlucose', 'classicSymptoms', r.data -> 'classicSymptoms', 'weight', r.data -> 'weight')) as data,
        jsonb_strip_nulls(jsonb_build_object('hasAlert', r.derived -> 'hasAlert')) as derived
      from ${annexRecords} r where r.voided_at is null and r.patient_id in (${ids})
      order by r.patient_id, r.filled_at, r.id`),
  );
  const contacts = rowsOf<{ patientId: number; day: string }>(
    await db.execute(sql`select c.patient_id as "patientId", to_char(c.contact_date, 'YYYY-MM-DD') as day
      from ${outreachContacts} c where c.patient_id in (${ids}) order by c.patient_id, c.contact_date, c.id`),
  );
  const recordsOf = new Map<number, IndicatorRecordInput[]>();
  for (const r of records) {
    const own = recordsOf.get(r.patientId) ?? [];
    own.push(r);
    recordsOf.set(r.patientId, own);
  }
  const contactsOf = new Map<number, string[]>();
  for (const c of contacts) contactsOf.set(c.patientId, [...(contactsOf.get(c.patientId) ?? []), c.day]);
  for (const p of list) out.set(p.id, indicatorRecordFacts(p.group, p.enrolledAt, recordsOf.get(p.id) ?? [], contactsOf.get(p.id) ?? []));
  return out;
}

async function writeFacts(db: Db, list: PatientInput[]): Promise<void> {
  const facts = await computeFacts(db, list);
  if (list.length === 0) return;
  await db
    .insert(indicatorFacts)
    .values(
      list.map((p) => ({ patientId: p.id, institutionId: p.institutionId, facts: facts.get(p.id), rulesVersion: INDICATOR_FACTS_VERSION })),
    )
    .onConflictDoUpdate({
      target: indicatorFacts.patientId,
      set: { institutionId: sql`excluded.institution_id`, facts: sql`excluded.facts`, rulesVersion: sql`excluded.rules_version` },
    });
}

/**
 * Recomputes one patient's row in the caller's transaction (the caller holds the patient row's lock,
 * as refreshOutcomeFacts takes it first); a voided patient's row goes.
 */
export async function refreshIndicatorFacts(db: Db, patientId: number): Promise<void> {
  await refreshIndicatorFactsOf(db, [patientId]);
}

/** The same for a set of patients at once (also the end of a bulk load, refreshFactsAfterBulkLoad). */
export async function refreshIndicatorFactsOf(db: Db, patientIds: readonly number[]): Promise<void> {
  if (patientIds.length === 0) return;
  const list = await livePatients(db, sql`p.id in (${idList(patientIds)})`);
  const live = new Set(list.map((p) => p.id));
  const gone = patientIds.filter((id) => !live.has(id));
  if (gone.length > 0) await db.execute(sql`delete from ${indicatorFacts} where patient_id in (${idList(gone)})`);
  await writeFacts(db, list);
}

const BACKFILL_BATCH = 1000;

/**
 * Start-up: computes the rows that are missing or were computed by older rules, in batches, and
 * removes those of voided patients. On a current database it reads the keys and changes nothing.
 */
export async function backfillIndicatorFacts(db: Db): Promise<number> {
  await db.execute(sql`delete from ${indicatorFacts} f using ${patients} p
    where p.id = f.patient_id and (p.voided_at is not null or f.rules_version <> ${INDICATOR_FACTS_VERSION})`);
  let written = 0;
  for (;;) {
    const batch = await livePatients(db, sql`not exists (select 1 from ${indicatorFacts} f where f.patient_id = p.id)`, BACKFILL_BATCH);
    if (batch.length === 0) return written;
    await writeFacts(db, batch);
    written += batch.length;
  }
}

export interface IndicatorFactsDrift {
  patientId: number;
  stored: unknown;
  expected: unknown;
}

/**
 * The consistency check: recomputes every live patient's facts from the records and contacts and
 * answers the patients whose stored row differs, is missing, or should not exist. For tests and
 * maintenance, not for a request path.
 */
export async function checkIndicatorFacts(db: Db): Promise<IndicatorFactsDrift[]> {
  const list = await livePatients(db, sql`true`);
  const expected = new Map<number, unknown>();
  for (let i = 0; i < list.length; i += BACKFILL_BATCH) {
    for (const [id, facts] of await computeFacts(db, list.slice(i, i + BACKFILL_BATCH))) expected.set(id, facts);
  }
  const stored = rowsOf<{ patientId: number; facts: unknown }>(
    await db.execute(sql`select patient_id as "patientId", facts from ${indicatorFacts}`),
  );
  const drift: IndicatorFactsDrift[] = [];
  const seen = new Set<number>();
  for (const row of stored) {
    seen.add(row.patientId);
    const want = expected.get(row.patientId) ?? null;
    // Both sides through JSON: the stored jsonb may order keys differently from the computed object.
    if (want === null || canonical(row.facts) !== canonical(want))
      drift.push({ patientId: row.patientId, stored: row.facts, expected: want });
  }
  for (const [patientId, want] of expected) if (!seen.has(patientId)) drift.push({ patientId, stored: null, expected: want });
  return drift.sort((a, b) => a.patientId - b.patientId);
}

function canonical(value: unknown): string {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return JSON.stringify(parsed, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}
