import { COMPARISON_FOLLOW_UP_DAYS, MANAGED_FOLLOW_UP_DAYS } from '@tcm/contracts';
import { and, type Column, eq, getTableColumns, isNull, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../lib/context';
import { type Keyring, keyringOf } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import { assertInstitutionAccess, scopedInstitution, todayOf } from '../../lib/scope';
import { accounts, institutions, patients } from '../schema';
import {
  type IdentifierColumnKey,
  identifierColumns,
  identifierMatches,
  type PatientIdentifiers,
  revealIdentifiers,
  sealedIdentifierFields,
} from './patient-identifiers';
import { isCompletedSql } from './patient-protocol';
import { isUrgentSql, URGENT_CONTACT_DAYS } from './urgent';

/**
 * The patient data layer: the only module that names the `patients` table in a query
 * (src/db/queries/patient-scope-guard.test.ts fails the build otherwise). Every read and write of a
 * patient goes through a scope built from the request context, so the institution condition is part of
 * the query itself instead of something each caller must remember (OWASP API1).
 */

/** A stored patient row, as Drizzle reads it. */
type StoredPatient = typeof patients.$inferSelect;
/** A patient as services see it: the identifiers in plaintext, never their stored (sealed) columns. */
export type PatientRecord = Omit<StoredPatient, IdentifierColumnKey> & PatientIdentifiers;
export type NewPatientRecord = Omit<typeof patients.$inferInsert, IdentifierColumnKey> & PatientIdentifiers;
/** A change to a patient; an identifier given is sealed again with the other (patient-identifiers.ts). */
export type PatientChanges = Partial<NewPatientRecord>;
/** The patients table's columns: enough to write conditions and selections, not to start a query. */
export type PatientColumns = ReturnType<typeof getTableColumns<typeof patients>>;

export { isCompletedSql, isUrgentSql };

/*
 * Derived patient facts as SQL, so lists can filter, count and page on them. They are computed from
 * stored dates and the list of filled annexes at query time (PRODUCT §3: never stored as a status).
 * The fill-in status is generated from the protocol table of contracts (patient-protocol.ts).
 */

const intervalDaysSql = sql`(case when ${patients.cohort} = 'managed' then ${sql.raw(String(MANAGED_FOLLOW_UP_DAYS))} else ${sql.raw(String(COMPARISON_FOLLOW_UP_DAYS))} end)`;

/**
 * Last follow-up (or enrolment) plus the group's interval; while an alert is unresolved (urgent.ts), no
 * later than the alert's visit plus URGENT_CONTACT_DAYS (least() skips the null of a patient who is not).
 */
export const dueDateSql = sql`least(coalesce(${patients.lastFollowUpDate}, ${patients.enrolledAt}) + ${intervalDaysSql}, ${patients.urgentSince} + ${sql.raw(String(URGENT_CONTACT_DAYS))})`;

export function isOverdueSql(today: string | Placeholder): SQL<boolean> {
  return sql<boolean>`(not ${patients.endManagement} and ${dueDateSql} < ${today}::date)`;
}

/**
 * Follow-up status 'active' (contracts api/outreach.ts): a patient who moved away, died, refused or was
 * lost to follow-up leaves the worklists, the bell and the urgent counts, and stays in the plain lists.
 */
export const isActiveSql = sql<boolean>`(${patients.followUpStatus} = 'active')`;

/** notRemind: silenced until a newer follow-up is saved. */
export const isSilencedSql = sql<boolean>`(${patients.remindSilencedAt} is not null and (${patients.lastFollowUpSavedAt} is null or ${patients.remindSilencedAt} > ${patients.lastFollowUpSavedAt}))`;

/** deleteFromIncompleteList: off the list while the due date has not moved past the dismissed one. */
export const isDismissedSql = sql<boolean>`(${patients.incompleteDismissedDue} is not null and ${dueDateSql} <= ${patients.incompleteDismissedDue})`;

/** The patient's institution, for selections that show its name. */
export const institutionJoin = [institutions, eq(institutions.id, patients.institutionId)] as const;

/** Columns every patient list selects (with `institutionJoin`). */
export function patientColumns(today: string | Placeholder) {
  return {
    id: patients.id,
    name: patients.name,
    gender: patients.gender,
    birthDate: patients.birthDate,
    ...sealedIdentifierFields,
    institutionId: patients.institutionId,
    institutionName: institutions.name,
    cohort: patients.cohort,
    comparisonRole: patients.comparisonRole,
    enrolledAt: patients.enrolledAt,
    consentDate: patients.consentDate,
    endManagement: patients.endManagement,
    endedAt: patients.endedAt,
    filledAnnexes: patients.filledAnnexes,
    lastFollowUpDate: patients.lastFollowUpDate,
    completed: isCompletedSql,
    overdue: isOverdueSql(today),
    silenced: isSilencedSql,
    dueDate: sql<string>`to_char(${dueDateSql}, 'YYYY-MM-DD')`,
    daysSince: sql<number>`(${today}::date - coalesce(${patients.lastFollowUpDate}, ${patients.enrolledAt}))`,
    urgentSince: patients.urgentSince,
    urgentAlert: patients.urgentAlert,
    followUpStatus: patients.followUpStatus,
    followUpStatusAt: patients.followUpStatusAt,
    followUpStatusReason: patients.followUpStatusReason,
  };
}

/** A patient as lists and details read it: stored columns (typed by the table) plus derived facts. */
export type PatientViewRow = Pick<
  StoredPatient,
  | 'id'
  | 'name'
  | 'gender'
  | 'birthDate'
  | 'idNumSealed'
  | 'telNumSealed'
  | 'legacyIdNum'
  | 'legacyTelNum'
  | 'institutionId'
  | 'cohort'
  | 'comparisonRole'
  | 'enrolledAt'
  | 'consentDate'
  | 'endManagement'
  | 'endedAt'
  | 'filledAnnexes'
  | 'lastFollowUpDate'
  | 'urgentSince'
  | 'urgentAlert'
  | 'followUpStatus'
  | 'followUpStatusAt'
  | 'followUpStatusReason'
> & {
  institutionName: string | null;
  completed: boolean;
  overdue: boolean;
  silenced: boolean;
  dueDate: string;
  daysSince: number;
};

/** The live patients one request may see: built once per request from its context. */
export interface PatientScope {
  /** The institution the scope is limited to; undefined only for the admin looking at every institution. */
  readonly institutionId: number | undefined;
  /** Column references for conditions and selections. Not the table: a query starts from `select`. */
  readonly cols: PatientColumns;
  /** Opens the identifiers a selection read, and turns a searched one into its blind indexes. */
  readonly keyring: Keyring;
  /** Live (not voided) patients in scope, and-ed with `conditions`. */
  where(...conditions: (SQL | undefined)[]): SQL | undefined;
  /** `select fields from patients where <scope> and conditions`; chain order and paging. */
  select<F extends SelectedFields>(
    fields: F,
    ...conditions: (SQL | undefined)[]
  ): PgSelect<'patients', F, 'partial', { patients: 'not-null' }>;
  /** The list view (`patientColumns`, with the institution's name) of the scope's patients. */
  selectListed(today: string, ...conditions: (SQL | undefined)[]): ReturnType<typeof selectListedFrom>;
  /** An inner-join target for a table with a patient id: `.innerJoin(...scope.joinOn(x.patientId))`. */
  joinOn(patientId: Column): readonly [typeof patients, SQL];
}

function selectFrom<F extends SelectedFields>(ctx: Ctx, fields: F, where: SQL | undefined) {
  return ctx.db.select(fields).from(patients).where(where).$dynamic() as unknown as PgSelect<
    'patients',
    F,
    'partial',
    { patients: 'not-null' }
  >;
}

function selectListedFrom(ctx: Ctx, today: string, where: SQL | undefined) {
  return ctx.db
    .select(patientColumns(today))
    .from(patients)
    .leftJoin(...institutionJoin)
    .where(where);
}

/**
 * The patients a request may touch (OWASP API1): a doctor always their own institution (asking for
 * another is refused), the admin the one asked for or all.
 */
export function patientScope(ctx: Ctx, requestedInstitution?: number): PatientScope {
  const institutionId = scopedInstitution(ctx, requestedInstitution);
  const live = and(isNull(patients.voidedAt), institutionId === undefined ? undefined : eq(patients.institutionId, institutionId));
  const where = (...conditions: (SQL | undefined)[]) => and(live, ...conditions);
  return {
    institutionId,
    cols: getTableColumns(patients),
    keyring: keyringOf(ctx.config),
    where,
    select: (fields, ...conditions) => selectFrom(ctx, fields, where(...conditions)),
    selectListed: (today, ...conditions) => selectListedFrom(ctx, today, where(...conditions)),
    joinOn: (patientId) => [patients, and(eq(patients.id, patientId), live) as SQL] as const,
  };
}

const checked = Symbol('institution checked');

/** A live patient whose institution was checked against the caller; the only handle writes accept. */
export type ScopedPatient = PatientViewRow & {
  voidedAt: Date | null;
  incompleteDismissedDue: string | null;
  smsConsent: boolean;
  smsConsentAt: Date | null;
  smsConsentBy: number | null;
  smsConsentByName: string | null;
  readonly [checked]: true;
};

/**
 * One live patient with derived facts, checked against the caller's institution: 404 when it does not
 * exist (or is voided, or in the other group), 403 when it belongs to another institution.
 */
export async function loadPatient(ctx: Ctx, id: number, cohort?: 'managed' | 'comparison'): Promise<ScopedPatient> {
  const today = todayOf(ctx);
  const [row] = await ctx.db
    .select({
      ...patientColumns(today),
      voidedAt: patients.voidedAt,
      incompleteDismissedDue: patients.incompleteDismissedDue,
      smsConsent: patients.smsConsent,
      smsConsentAt: patients.smsConsentAt,
      smsConsentBy: patients.smsConsentBy,
      smsConsentByName: sql<string | null>`(select ${accounts.name} from ${accounts} where ${accounts.id} = ${patients.smsConsentBy})`,
    })
    .from(patients)
    .leftJoin(...institutionJoin)
    .where(eq(patients.id, id))
    .limit(1);
  if (!row || row.voidedAt || (cohort && row.cohort !== cohort)) {
    throw notFound(cohort === 'comparison' ? '对照组成员不存在' : '患者不存在');
  }
  assertInstitutionAccess(ctx, row.institutionId);
  return { ...row, [checked]: true };
}

/** A stored row with its identifiers opened and their stored columns left out. */
function recordOf(keyring: Keyring, row: StoredPatient): PatientRecord {
  const {
    legacyIdNum,
    legacyTelNum,
    idNumSealed,
    telNumSealed,
    idNumIndex: _idNumIndex,
    idLast4Index: _idLast4Index,
    telNumIndex: _telNumIndex,
    telLast4Index: _telLast4Index,
    dataKeyId: _dataKeyId,
    ...rest
  } = row;
  return { ...rest, ...revealIdentifiers(keyring, { legacyIdNum, legacyTelNum, idNumSealed, telNumSealed }) };
}

/**
 * Locks a checked patient's row until the transaction ends (two requests for one patient then run one
 * after the other) and answers whether their management has ended, as now stored.
 */
export async function lockPatient(ctx: Ctx, patient: ScopedPatient): Promise<{ endManagement: boolean }> {
  const [row] = await ctx.db
    .select({ endManagement: patients.endManagement })
    .from(patients)
    .where(eq(patients.id, patient.id))
    .for('update');
  if (!row) throw notFound('患者不存在');
  return row;
}

/** The stored row of a checked patient (for audit before/after). */
export async function readPatientRecord(ctx: Ctx, patient: ScopedPatient): Promise<PatientRecord | undefined> {
  const [row] = await ctx.db.select().from(patients).where(eq(patients.id, patient.id));
  return row && recordOf(keyringOf(ctx.config), row);
}

/**
 * Changes one checked patient; returns the row after the change. A new ID number or mobile is sealed
 * with the other one (read under a row lock) under the current key, so a row's blind indexes always
 * belong to one key.
 */
export async function writePatient(ctx: Ctx, patient: ScopedPatient, changes: PatientChanges): Promise<PatientRecord | undefined> {
  const keyring = keyringOf(ctx.config);
  const { idNum, telNum, ...plain } = changes;
  let set: Partial<typeof patients.$inferInsert> = plain;
  if (idNum !== undefined || telNum !== undefined) {
    const [stored] = await ctx.db.select(sealedIdentifierFields).from(patients).where(eq(patients.id, patient.id)).for('update');
    if (!stored) return undefined;
    const current = revealIdentifiers(keyring, stored);
    set = { ...plain, ...identifierColumns(keyring, { idNum: idNum ?? current.idNum, telNum: telNum ?? current.telNum }) };
  }
  const [after] = await ctx.db.update(patients).set(set).where(eq(patients.id, patient.id)).returning();
  return after && recordOf(keyring, after);
}

/** Enrols a patient in an institution the caller may write to. */
export async function insertPatient(ctx: Ctx, values: NewPatientRecord): Promise<PatientRecord> {
  assertInstitutionAccess(ctx, values.institutionId);
  const keyring = keyringOf(ctx.config);
  const { idNum, telNum, ...plain } = values;
  const [row] = await ctx.db
    .insert(patients)
    .values({ ...plain, ...identifierColumns(keyring, { idNum, telNum }) })
    .returning();
  if (!row) throw new Error('patient insert returned nothing');
  return recordOf(keyring, row);
}

/**
 * Another live patient of the group with this ID number, in any institution: one person is enrolled
 * once per group across the programme (the unique index patients_cohort_id_num_uq on the ID number's
 * blind index), so this check is
 * deliberately not limited to the caller's institution. It answers only an id.
 */
export async function findEnrolled(
  ctx: Ctx,
  cohort: 'managed' | 'comparison',
  idNum: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  const [row] = await ctx.db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.cohort, cohort),
        identifierMatches(keyringOf(ctx.config), 'idNum', idNum),
        isNull(patients.voidedAt),
        exceptId === undefined ? undefined : ne(patients.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}
