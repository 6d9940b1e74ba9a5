import type { PersonalCentreFigures } from '@tcm/contracts';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../lib/context';
import { scopedInstitution } from '../../lib/scope';
import { type Db, rowsOf } from '../client';
import { preparedPerDb } from '../prepared';
import { patientCounters, patients, unfilledReminderDays } from '../schema';
import { isCompletedSql } from './patient-protocol';
import { dueDateSql, isActiveSql, isDismissedSql, isSilencedSql, isUrgentSql } from './patients';

/**
 * The stored counters (db/schema/counters.ts) behind the personal centre and the doctor's bell.
 *
 * Why triggers and not calls from each service, as refreshOutcomeFacts is: a counter is a sum over
 * every patient of an institution, so a write path that forgot to adjust it (a new service, a seed, the
 * bench's bulk SQL, a maintenance script) would leave it wrong for good, where a forgotten outcome-facts
 * refresh spoils one patient's row. Statement-level AFTER triggers on `patients` see every write, run in
 * the writing statement's transaction (they commit or vanish with it, kill -9 included) and read the
 * exact before and after images of the rows (transition tables): PostgreSQL has already serialised
 * concurrent writes of one row, so the delta is right under any concurrency, with no read-modify-write
 * in the application. Each counter is then changed with `n = n + delta` under its row lock.
 *
 * The predicates are not written twice: the trigger bodies are rendered from the same SQL fragments
 * the lists use (isCompletedSql generated from the contracts' protocol table, isSilencedSql,
 * isDismissedSql, dueDateSql). They reach the database as drizzle migrations like every other DDL:
 * `npm run db:counters -w @tcm/server` writes a new counter migration (renderCounterMigration: the
 * triggers, then a recount) whenever the rendered text differs from the newest one, and a unit test
 * (counter-migrations.test.ts) fails while it does. checkCounters recounts from the rows to prove the
 * stored counts never drift.
 */

const live = sql`${patients.voidedAt} is null`;
const managed = sql`${patients.cohort} = 'managed'`;
const comparison = sql`${patients.cohort} = 'comparison'`;

type CounterColumn = Exclude<keyof typeof patientCounters.$inferSelect, 'institutionId'>;

/**
 * Each personal-centre figure: its stored column and which live patients it counts, with the
 * predicates of the list it links to. Only patients whose follow-up status is active count: one who
 * moved away, died, refused or was lost to follow-up leaves the figures, as they leave the bell and the
 * worklists. The fill-in lists (the worklist of records to continue and its complement) drop them too,
 * so they total their figures; the plain, state and role lists keep them (LIST_TOTALS), so they can
 * still be found, and total more than their figure by the patients not active.
 */
const activeManaged = sql`${managed} and ${isActiveSql}`;
const activeComparison = sql`${comparison} and ${isActiveSql}`;
export const PERSONAL_CENTRE: Record<keyof PersonalCentreFigures, { column: CounterColumn; when: SQL }> = {
  managementTeamCount: { column: 'managed', when: activeManaged },
  managementTeamCompletedCount: { column: 'managedCompleted', when: sql`${activeManaged} and ${isCompletedSql}` },
  managementTeamUnCompletedCount: { column: 'managedUncompleted', when: sql`${activeManaged} and not ${isCompletedSql}` },
  managementTeamInManagementCount: { column: 'managedInManagement', when: sql`${activeManaged} and not ${patients.endManagement}` },
  managementTeamEndManagementCount: { column: 'managedEnded', when: sql`${activeManaged} and ${patients.endManagement}` },
  comparativeTeamCount: { column: 'comparison', when: activeComparison },
  comparativeTeamEarlyCount: { column: 'comparisonEarly', when: sql`${activeComparison} and ${patients.comparisonRole} = 0` },
  comparativeTeamDiabetesCount: { column: 'comparisonDiabetes', when: sql`${activeComparison} and ${patients.comparisonRole} = 1` },
};

const FIGURES = Object.entries(PERSONAL_CENTRE) as [keyof PersonalCentreFigures, { column: CounterColumn; when: SQL }][];

/** The urgent patients of each group (db/queries/urgent.ts): the urgent lists' totals and the bell's. */
export const URGENT_COUNTS: Record<'managed' | 'comparison', { column: CounterColumn; when: SQL }> = {
  managed: { column: 'managedUrgent', when: sql`${managed} and ${isUrgentSql} and ${isActiveSql}` },
  comparison: { column: 'comparisonUrgent', when: sql`${comparison} and ${isUrgentSql} and ${isActiveSql}` },
};

/** The lists that show patients of every follow-up status, each with its stored total. */
type ListedFilter = 'managed' | 'managedRunning' | 'managedEnded' | 'comparison' | 'comparisonEarly' | 'comparisonDiabetes';
export const LIST_TOTALS: Record<ListedFilter, { column: CounterColumn; when: SQL }> = {
  managed: { column: 'managedListed', when: managed },
  managedRunning: { column: 'managedInManagementListed', when: sql`${managed} and not ${patients.endManagement}` },
  managedEnded: { column: 'managedEndedListed', when: sql`${managed} and ${patients.endManagement}` },
  comparison: { column: 'comparisonListed', when: comparison },
  comparisonEarly: { column: 'comparisonEarlyListed', when: sql`${comparison} and ${patients.comparisonRole} = 0` },
  comparisonDiabetes: { column: 'comparisonDiabetesListed', when: sql`${comparison} and ${patients.comparisonRole} = 1` },
};

/** Every stored column of patient_counters with the live patients it counts, in one order. */
const COUNTED: { column: CounterColumn; when: SQL }[] = [
  ...FIGURES.map(([, figure]) => figure),
  ...Object.values(URGENT_COUNTS),
  ...Object.values(LIST_TOTALS),
];
const columnName = (column: CounterColumn) => patientCounters[column].name;

/**
 * The patients the doctor's bell may ring for, whatever the day: live managed patients in management,
 * with follow-up status active, neither silenced (notRemind) nor dismissed (deleteFromIncompleteList; both depend only on the row).
 * Such a patient rings once their due date is before today, which is isOverdueSql's own test, so the
 * bell is the number of these patients per due date, summed over the dates before today.
 */
const bellCandidate = sql`${live} and ${managed} and not ${patients.endManagement} and ${isActiveSql} and not ${isSilencedSql} and not ${isDismissedSql}`;

/* ---------- reading ---------- */

const figureSums = () =>
  Object.fromEntries(
    FIGURES.map(([figure, { column }]) => [figure, sql<number>`coalesce(sum(${patientCounters[column]}), 0)::int`]),
  ) as Record<keyof PersonalCentreFigures, SQL<number>>;

/** The figures' statements, prepared once per connection (db/prepared.ts): one institution, or all. */
const centreOfInstitution = preparedPerDb((db) =>
  db
    .select(figureSums())
    .from(patientCounters)
    .where(eq(patientCounters.institutionId, sql.placeholder('institutionId')))
    .prepare('personal_centre_institution'),
);
const centreOfAll = preparedPerDb((db) => db.select(figureSums()).from(patientCounters).prepare('personal_centre_all'));

/** The eight figures of one institution or, for the admin asking for none, of all: one to a dozen rows. */
export async function readPersonalCentre(ctx: Ctx, requestedInstitution: number | undefined): Promise<PersonalCentreFigures> {
  return readFigures(ctx.db, scopedInstitution(ctx, requestedInstitution));
}

/** The stored figures of an institution the caller's scope already resolved (undefined: all). */
export async function readFigures(db: Db, institutionId: number | undefined): Promise<PersonalCentreFigures> {
  const [row] = institutionId === undefined ? await centreOfAll(db).execute() : await centreOfInstitution(db).execute({ institutionId });
  return Object.fromEntries(FIGURES.map(([figure]) => [figure, Number(row?.[figure] ?? 0)])) as PersonalCentreFigures;
}

/** A patient list's filter, as far as its stored total depends on it. */
export interface CountedListFilter {
  cohort: 'managed' | 'comparison';
  comparisonRole?: 0 | 1 | undefined;
  state?: 'running' | 'completed' | undefined;
  fillStatus?: 'completed' | 'uncompleted' | undefined;
}

/**
 * The stored column a patient list's total equals, when its filter is one the counters count (else
 * undefined). The fill-in lists hold active patients only (patient-queries.ts) and total their
 * personal-centre figure; the plain, state and role lists hold every status and total LIST_TOTALS.
 */
export function listTotalColumn(filter: CountedListFilter): CounterColumn | undefined {
  if (filter.cohort === 'comparison') {
    if (filter.state || filter.fillStatus) return undefined;
    if (filter.comparisonRole === undefined) return LIST_TOTALS.comparison.column;
    return LIST_TOTALS[filter.comparisonRole === 0 ? 'comparisonEarly' : 'comparisonDiabetes'].column;
  }
  if (filter.comparisonRole !== undefined || (filter.state && filter.fillStatus)) return undefined;
  if (filter.state) return LIST_TOTALS[filter.state === 'running' ? 'managedRunning' : 'managedEnded'].column;
  if (filter.fillStatus) {
    return PERSONAL_CENTRE[filter.fillStatus === 'completed' ? 'managementTeamCompletedCount' : 'managementTeamUnCompletedCount'].column;
  }
  return LIST_TOTALS.managed.column;
}

/** One stored counter summed over one institution (the caller's scope already resolved) or all. */
export async function readCounter(db: Db, institutionId: number | undefined, column: CounterColumn): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${patientCounters[column]}), 0)::int` })
    .from(patientCounters)
    .where(institutionId === undefined ? undefined : eq(patientCounters.institutionId, institutionId));
  return Number(row?.value ?? 0);
}

/** The bell's statements, prepared once per connection: one institution's due dates before today, or all. */
const bellOfInstitution = preparedPerDb((db) =>
  db
    .select({ value: sql<number>`coalesce(sum(${unfilledReminderDays.patients}), 0)::int` })
    .from(unfilledReminderDays)
    .where(
      and(
        eq(unfilledReminderDays.institutionId, sql.placeholder('institutionId')),
        lt(unfilledReminderDays.dueDate, sql.placeholder('today')),
      ),
    )
    .prepare('unfilled_bell_institution'),
);
const bellOfAll = preparedPerDb((db) =>
  db
    .select({ value: sql<number>`coalesce(sum(${unfilledReminderDays.patients}), 0)::int` })
    .from(unfilledReminderDays)
    .where(lt(unfilledReminderDays.dueDate, sql.placeholder('today')))
    .prepare('unfilled_bell_all'),
);

/**
 * The doctor's bell: patients overdue on `today` (their due date is before it). A range of the primary
 * key (institution, due date): the rows read are days, not patients.
 */
export async function countUnfilledReminders(ctx: Ctx, today: string): Promise<number> {
  const institutionId = scopedInstitution(ctx, undefined);
  const [row] =
    institutionId === undefined
      ? await bellOfAll(ctx.db).execute({ today })
      : await bellOfInstitution(ctx.db).execute({ institutionId, today });
  return Number(row?.value ?? 0);
}

const urgentColumns = {
  managed: sql<number>`coalesce(sum(${patientCounters[URGENT_COUNTS.managed.column]}), 0)::int`,
  comparison: sql<number>`coalesce(sum(${patientCounters[URGENT_COUNTS.comparison.column]}), 0)::int`,
};
const urgentOfInstitution = preparedPerDb((db) =>
  db
    .select(urgentColumns)
    .from(patientCounters)
    .where(eq(patientCounters.institutionId, sql.placeholder('institutionId')))
    .prepare('urgent_counts_institution'),
);
const urgentOfAll = preparedPerDb((db) => db.select(urgentColumns).from(patientCounters).prepare('urgent_counts_all'));

/**
 * The urgent patients of each group over an institution the caller's scope already resolved (undefined:
 * all), from the stored counters: the urgent lists' totals and the bell's urgent count.
 */
export async function readUrgentCounts(db: Db, institutionId: number | undefined): Promise<Record<'managed' | 'comparison', number>> {
  const [row] = institutionId === undefined ? await urgentOfAll(db).execute() : await urgentOfInstitution(db).execute({ institutionId });
  return { managed: Number(row?.managed ?? 0), comparison: Number(row?.comparison ?? 0) };
}

/* ---------- recounting from the rows (backfill and check) ---------- */

/** Every institution's figures counted from the patient rows: the definition the counters must equal. */
function expectedPersonalCentreSql(): SQL {
  return sql`select ${patients.institutionId} as institution_id, ${sql.join(
    COUNTED.map(({ column, when }) => sql`(count(*) filter (where ${when}))::int as ${sql.identifier(columnName(column))}`),
    sql`, `,
  )} from ${patients} where ${live} group by ${patients.institutionId}`;
}

/** The bell's candidates counted per institution and due date from the patient rows. */
function expectedReminderDaysSql(): SQL {
  return sql`select ${patients.institutionId} as institution_id, ${dueDateSql} as due_date, count(*)::int as patients
    from ${patients} where ${bellCandidate} group by 1, 2`;
}

const counterColumns = () =>
  sql.join(
    COUNTED.map(({ column }) => sql.identifier(columnName(column))),
    sql`, `,
  );

/* ---------- the triggers ---------- */

const dialect = new PgDialect();

/** A fragment as SQL text for a function body: the predicates are built from constants, never parameters. */
function inline(fragment: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`counter SQL must not take parameters: ${text}`);
  return text;
}

/**
 * Applies the change of one statement to the counters. `source` selects the changed rows from the
 * transition tables with a `sign` (+1 the new image, -1 the old one) and is aliased "patients", so the
 * lists' fragments, which name "patients"."column", read it as they read the table. Rows whose change
 * cancels out (an edit of a name or a phone) touch no counter and take no counter lock.
 *
 * Deadlocks: a transaction may write one patient in several statements (annex 8 ends management, then
 * the record summary is refreshed), each firing these triggers. If one statement could lock a due
 * date's row before the institution's figures row and another the other way round, two such
 * transactions could wait on each other. So the institution's patient_counters row is always locked
 * first, whenever anything of that institution moves, even with nothing to add to it (moved_days keeps
 * it in the upsert): due-date rows are only ever locked by a transaction that already holds their
 * institution's row, and rows of one kind are locked in key order.
 */
function applyChangeSql(source: string): string {
  const signed = (when: SQL) => inline(sql`sum(case when ${live} and ${when} then "patients"."sign" else 0 end)::int`);
  const names = COUNTED.map(({ column }) => `"${columnName(column)}"`);
  const institution = inline(sql`${patients.institutionId}`);
  const movedDays = `
      select ${institution}, ${inline(dueDateSql)} as due_date, sum("patients"."sign")::int as n
      from (${source}) as "patients"
      where ${inline(bellCandidate)}
      group by 1, 2
      having sum("patients"."sign") <> 0`;
  return `
  with moved_days as (${movedDays}
  )
  insert into "patient_counters" as c ("institution_id", ${names.join(', ')})
  select * from (
    select ${institution}, ${COUNTED.map(({ when }, i) => `${signed(when)} as ${names[i]}`).join(', ')}
    from (${source}) as "patients"
    group by ${institution}
  ) d
  where ${names.map((n) => `d.${n} <> 0`).join(' or ')}
    or exists (select 1 from moved_days m where m."institution_id" = d."institution_id")
  order by 1
  on conflict ("institution_id") do update set ${names.map((n) => `${n} = c.${n} + excluded.${n}`).join(', ')};

  with applied as (
    insert into "unfilled_reminder_days" as u ("institution_id", "due_date", "patients")
    select * from (${movedDays}
    ) d
    order by 1, 2
    on conflict ("institution_id", "due_date") do update set "patients" = u."patients" + excluded."patients"
    returning u."institution_id", u."due_date", u."patients"
  )
  select coalesce(array_agg(applied."institution_id"), '{}'), coalesce(array_agg(applied."due_date"), '{}')
    into emptied_institutions, emptied_days
    from applied where applied."patients" = 0;
  -- A day whose count fell to zero goes, so the bell reads only days that still hold patients. This
  -- transaction holds those rows' locks; a writer waiting to add to one re-inserts it (ON CONFLICT).
  if cardinality(emptied_institutions) > 0 then
    delete from "unfilled_reminder_days" u
    using unnest(emptied_institutions, emptied_days) as z(institution_id, due_date)
    where u."institution_id" = z.institution_id and u."due_date" = z.due_date and u."patients" = 0;
  end if;`;
}

function functionBody(source: string): string {
  return `declare
  emptied_institutions integer[];
  emptied_days date[];
begin${applyChangeSql(source)}
  return null;
end;
`;
}

interface CounterTrigger {
  name: string;
  /** The trigger's event and transition tables. */
  on: string;
  body: string;
}

/**
 * One function and trigger per event: a trigger with transition tables may fire on one event only.
 * The function's text starts with the trigger's definition, so a change to either shows as a change of
 * the function's text.
 */
function counterTriggers(): CounterTrigger[] {
  const triggers: CounterTrigger[] = [
    {
      name: 'patient_counters_on_insert',
      on: 'after insert on "patients" referencing new table as new_rows',
      body: functionBody('select 1 as sign, r.* from new_rows r'),
    },
    {
      name: 'patient_counters_on_update',
      on: 'after update on "patients" referencing old table as old_rows new table as new_rows',
      body: functionBody('select 1 as sign, r.* from new_rows r union all select -1 as sign, r.* from old_rows r'),
    },
    {
      name: 'patient_counters_on_delete',
      on: 'after delete on "patients" referencing old table as old_rows',
      body: functionBody('select -1 as sign, r.* from old_rows r'),
    },
    {
      // TRUNCATE fires no row events: the counters are emptied with the table.
      name: 'patient_counters_on_truncate',
      on: 'after truncate on "patients"',
      body: `begin
  delete from "patient_counters";
  delete from "unfilled_reminder_days";
  return null;
end;
`,
    },
  ];
  return triggers.map((t) => ({ ...t, body: `\n-- ${t.name}: ${t.on}\n${t.body}` }));
}

/** The statements that install one trigger: its function, then the trigger (replacing an older one). */
function triggerStatements(t: CounterTrigger): string[] {
  return [
    `create or replace function ${t.name}() returns trigger language plpgsql as $$${t.body}$$;`,
    `drop trigger if exists ${t.name} on "patients";`,
    `create trigger ${t.name} ${t.on} for each statement execute function ${t.name}();`,
  ];
}

/** The trigger functions' names and bodies as PostgreSQL keeps them (pg_proc.prosrc). */
export function renderCounterFunctions(): { name: string; body: string }[] {
  return counterTriggers().map(({ name, body }) => ({ name, body }));
}

/** The trigger functions as installed: the DDL part of renderCounterMigration. */
export function renderCounterTriggers(): string {
  return counterTriggers()
    .map((t) => triggerStatements(t).join('\n'))
    .join('\n\n');
}

/** The first line of every counter migration: how db:counters and the drift check find the newest one. */
export const COUNTER_MIGRATION_HEADER =
  '-- Counter triggers: generated by `npm run db:counters -w @tcm/server` from src/db/queries/counters.ts; do not edit.';

/**
 * The whole text of a counter migration (drizzle/NNNN_counter_triggers.sql): the triggers as
 * renderCounterTriggers renders them, then a recount of every counter from the rows, so a predicate
 * that changed counts the existing patients by the new rule. Each statement is one migration step
 * (drizzle's statement breakpoints: PGlite runs one statement per call). Drizzle runs every pending
 * migration in one transaction, so the lock taken first holds until the recount commits: reads go on,
 * patient writes wait, and none can fall between the new triggers and the recount. CREATE OR REPLACE
 * FUNCTION and DROP TRIGGER IF EXISTS replace what an older release installed at start-up, so a
 * database that had the triggers before they came through migrations upgrades cleanly.
 */
export function renderCounterMigration(): string {
  const statements = [
    `${COUNTER_MIGRATION_HEADER}
-- The counters' trigger functions embed the lists' predicates (isCompletedSql from the contracts'
-- protocol table, isActiveSql, isSilencedSql, isDismissedSql, dueDateSql, isUrgentSql).
${inline(sql`lock table ${patients} in share row exclusive mode`)};`,
    ...counterTriggers().flatMap(triggerStatements),
    `${inline(sql`delete from ${patientCounters}`)};`,
    `${inline(sql`delete from ${unfilledReminderDays}`)};`,
    `${inline(sql`insert into ${patientCounters} (institution_id, ${counterColumns()}) ${expectedPersonalCentreSql()}`)};`,
    `${inline(sql`insert into ${unfilledReminderDays} (institution_id, due_date, patients) ${expectedReminderDaysSql()}`)};`,
  ];
  return `${statements.join('\n--> statement-breakpoint\n')}\n`;
}

/**
 * Lets reads of patients through and makes their writes wait until the transaction ends (SHARE ROW
 * EXCLUSIVE conflicts with the ROW EXCLUSIVE lock every INSERT, UPDATE and DELETE takes, and with
 * itself): a recount then sees every committed write, and no write can commit between it and the end.
 */
async function lockPatientWrites(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${patients} in share row exclusive mode`);
}

/** Maintenance: replaces every counter with the count from the rows, e.g. after checkCounters found drift. */
export async function recountCounters(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPatientWrites(tx);
    await recount(tx);
  });
}

/** Replaces every counter with the count from the rows (the caller holds the lock that stops writers). */
async function recount(db: Db): Promise<void> {
  await db.execute(sql`delete from ${patientCounters}`);
  await db.execute(sql`delete from ${unfilledReminderDays}`);
  await db.execute(sql`insert into ${patientCounters} (institution_id, ${counterColumns()}) ${expectedPersonalCentreSql()}`);
  await db.execute(sql`insert into ${unfilledReminderDays} (institution_id, due_date, patients) ${expectedReminderDaysSql()}`);
}

/** A counter whose stored value differs from the count of the rows (a missing row counts as zero). */
export interface CounterDrift {
  table: 'patient_counters' | 'unfilled_reminder_days';
  key: { institutionId: number; dueDate?: string };
  stored: Record<string, number> | null;
  expected: Record<string, number> | null;
}

/**
 * The consistency check: recounts every counter from the patient rows and answers those that differ
 * (an empty list: no drift). Zero-valued and missing counters compare equal. Reads every patient: for
 * tests and maintenance, not for a request path.
 */
export async function checkCounters(db: Db): Promise<CounterDrift[]> {
  const names = COUNTED.map(({ column }) => columnName(column));
  const values = (alias: string) => sql.raw(`array[${names.map((n) => `coalesce(${alias}."${n}", 0)`).join(', ')}]`);
  const figures = rowsOf<{ institutionId: number; stored: Record<string, number> | null; expected: Record<string, number> | null }>(
    await db.execute(sql`
      with expected as (${expectedPersonalCentreSql()}),
      stored as (select institution_id, ${counterColumns()} from ${patientCounters})
      select coalesce(e.institution_id, s.institution_id) as "institutionId",
        case when s.institution_id is null then null else to_jsonb(s) - 'institution_id' end as stored,
        case when e.institution_id is null then null else to_jsonb(e) - 'institution_id' end as expected
      from expected e full join stored s on s.institution_id = e.institution_id
      where ${values('e')} is distinct from ${values('s')}
      order by 1`),
  );
  const days = rowsOf<{ institutionId: number; dueDate: string; stored: number | null; expected: number | null }>(
    await db.execute(sql`
      with expected as (${expectedReminderDaysSql()}),
      stored as (select institution_id, due_date, patients from ${unfilledReminderDays})
      select coalesce(e.institution_id, s.institution_id) as "institutionId",
        to_char(coalesce(e.due_date, s.due_date), 'YYYY-MM-DD') as "dueDate",
        s.patients as stored, e.patients as expected
      from expected e full join stored s on s.institution_id = e.institution_id and s.due_date = e.due_date
      where coalesce(e.patients, 0) <> coalesce(s.patients, 0)
      order by 1, 2`),
  );
  return [
    ...figures.map(
      ({ institutionId, stored, expected }): CounterDrift => ({
        table: 'patient_counters',
        key: { institutionId },
        stored,
        expected,
      }),
    ),
    ...days.map(
      ({ institutionId, dueDate, stored, expected }): CounterDrift => ({
        table: 'unfilled_reminder_days',
        key: { institutionId, dueDate },
        stored: stored === null ? null : { patients: stored },
        expected: expected === null ? null : { patients: expected },
      }),
    ),
  ];
}
