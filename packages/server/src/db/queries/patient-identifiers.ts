import { inArray, or, type SQL, sql } from 'drizzle-orm';
import { type BlindIndexPurpose, type Keyring, openedOnce } from '../../lib/crypto';
import { type Db, rowsOf } from '../client';
import { patients } from '../schema';

/**
 * A patient's ID number and mobile at rest (docs/security-data.md): sealed with the keyring's current
 * key (AES-256-GCM), with blind indexes (HMAC) for the searches that exist: the whole ID number, the
 * whole mobile, and the last four characters of either. Plaintext lives only in memory.
 */

export type PatientIdentifiers = {
  idNum: string;
  telNum: string;
};

/** The stored columns of the identifiers, which nothing outside this module reads or writes. */
export const IDENTIFIER_COLUMN_KEYS = [
  'legacyIdNum',
  'legacyTelNum',
  'idNumSealed',
  'telNumSealed',
  'idNumIndex',
  'idLast4Index',
  'telNumIndex',
  'telLast4Index',
  'dataKeyId',
] as const;
export type IdentifierColumnKey = (typeof IDENTIFIER_COLUMN_KEYS)[number];

type IdentifierColumns = { [K in IdentifierColumnKey]: string | null };

/** What a reader selects to reveal the identifiers: the sealed values and, for unsealed rows, plaintext. */
export type SealedIdentifiers = Pick<IdentifierColumns, 'idNumSealed' | 'telNumSealed' | 'legacyIdNum' | 'legacyTelNum'>;

export const sealedIdentifierFields = {
  idNumSealed: patients.idNumSealed,
  telNumSealed: patients.telNumSealed,
  legacyIdNum: patients.legacyIdNum,
  legacyTelNum: patients.legacyTelNum,
};

const lastFour = (value: string) => value.slice(-4);

/** Every identifier column of a row holding these identifiers, sealed and indexed with the current key. */
export function identifierColumns(keyring: Keyring, ids: PatientIdentifiers): IdentifierColumns {
  return {
    legacyIdNum: null,
    legacyTelNum: null,
    idNumSealed: keyring.seal(ids.idNum, 'patients.id_num'),
    telNumSealed: keyring.seal(ids.telNum, 'patients.tel_num'),
    idNumIndex: keyring.blindIndex(ids.idNum, 'idNum'),
    idLast4Index: keyring.blindIndex(lastFour(ids.idNum), 'idLast4'),
    telNumIndex: keyring.blindIndex(ids.telNum, 'telNum'),
    telLast4Index: keyring.blindIndex(lastFour(ids.telNum), 'telLast4'),
    dataKeyId: keyring.current.id,
  };
}

/** A row's ID number: opened, or as stored by bulk SQL that start-up has not sealed yet. */
export function revealIdNum(keyring: Keyring, row: Pick<SealedIdentifiers, 'idNumSealed' | 'legacyIdNum'>): string {
  return row.idNumSealed ? keyring.open(row.idNumSealed, 'patients.id_num') : (row.legacyIdNum ?? '');
}

export function revealTelNum(keyring: Keyring, row: Pick<SealedIdentifiers, 'telNumSealed' | 'legacyTelNum'>): string {
  return row.telNumSealed ? keyring.open(row.telNumSealed, 'patients.tel_num') : (row.legacyTelNum ?? '');
}

export function revealIdentifiers(keyring: Keyring, row: SealedIdentifiers): PatientIdentifiers {
  return { idNum: revealIdNum(keyring, row), telNum: revealTelNum(keyring, row) };
}

type Shown = (plain: string) => string;
const asStored: Shown = (plain) => plain;

/**
 * Readers of rows' identifiers that open each sealed value once (openedOnce: keyed by the sealed text,
 * bounded by `limit`) and keep them as `shown` makes them (in full, or masked); a row not sealed yet
 * reads as stored. An export's rows repeat a patient's values; a list's pages repeat across requests.
 */
export function identifierReader(
  keyring: Keyring,
  limit: number,
  shown: { idNum: Shown; telNum: Shown } = { idNum: asStored, telNum: asStored },
) {
  const idNum = openedOnce((sealed) => shown.idNum(keyring.open(sealed, 'patients.id_num')), limit);
  const telNum = openedOnce((sealed) => shown.telNum(keyring.open(sealed, 'patients.tel_num')), limit);
  return {
    idNum: (row: Pick<SealedIdentifiers, 'idNumSealed' | 'legacyIdNum'>) =>
      row.idNumSealed ? idNum(row.idNumSealed) : shown.idNum(row.legacyIdNum ?? ''),
    telNum: (row: Pick<SealedIdentifiers, 'telNumSealed' | 'legacyTelNum'>) =>
      row.telNumSealed ? telNum(row.telNumSealed) : shown.telNum(row.legacyTelNum ?? ''),
  };
}

const INDEX_COLUMNS = {
  idNum: patients.idNumIndex,
  idLast4: patients.idLast4Index,
  telNum: patients.telNumIndex,
  telLast4: patients.telLast4Index,
} as const;

/** `column = value` through its blind index, under the current key and those still being rekeyed. */
export function identifierMatches(keyring: Keyring, purpose: BlindIndexPurpose, value: string): SQL {
  return inArray(INDEX_COLUMNS[purpose], keyring.blindIndexes(value, purpose));
}

/** The list search on identifiers: the whole ID number or mobile, or the last four of either. */
export function identifierSearch(keyring: Keyring, identifier: string): SQL | undefined {
  return or(
    identifierMatches(keyring, 'idNum', identifier),
    identifierMatches(keyring, 'telNum', identifier),
    ...(identifier.length === 4
      ? [identifierMatches(keyring, 'idLast4', identifier), identifierMatches(keyring, 'telLast4', identifier)]
      : []),
  );
}

interface UnsealedRow {
  id: number;
  id_num: string | null;
  tel_num: string | null;
  id_num_sealed: string | null;
  tel_num_sealed: string | null;
}

/**
 * Seals plaintext identifiers (rows from before encryption, or written by bulk SQL) and rekeys rows
 * sealed under a previous key, in batches of `batch` rows, each batch one transaction whose rows are
 * locked, so a concurrent edit of a patient waits instead of being overwritten. Idempotent: a second
 * run finds nothing to do. Start-up runs it under the start-up lock; `npm run data:rekey` too.
 */
export async function sealPatientIdentifiers(db: Db, keyring: Keyring, batch = 500): Promise<{ sealed: number }> {
  let sealed = 0;
  let afterId = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = rowsOf<UnsealedRow>(
        await tx.execute(sql`
          select id, id_num, tel_num, id_num_sealed, tel_num_sealed from patients
          where id > ${afterId} and (id_num is not null or tel_num is not null or data_key_id is distinct from ${keyring.current.id})
          order by id limit ${batch} for update`),
      );
      if (rows.length === 0) return true;
      const values = rows.map((row) => {
        const ids = revealIdentifiers(keyring, {
          idNumSealed: row.id_num_sealed,
          telNumSealed: row.tel_num_sealed,
          legacyIdNum: row.id_num,
          legacyTelNum: row.tel_num,
        });
        const c = identifierColumns(keyring, ids);
        return sql`(${Number(row.id)}::int, ${c.idNumSealed}, ${c.telNumSealed}, ${c.idNumIndex}, ${c.idLast4Index}, ${c.telNumIndex}, ${c.telLast4Index})`;
      });
      await tx.execute(sql`
        update patients p set id_num = null, tel_num = null, id_num_sealed = v.a, tel_num_sealed = v.b, id_num_index = v.c,
          id_last4_index = v.d, tel_num_index = v.e, tel_last4_index = v.f, data_key_id = ${keyring.current.id}
        from (values ${sql.join(values, sql`, `)}) as v(id, a, b, c, d, e, f)
        where p.id = v.id`);
      sealed += rows.length;
      afterId = Number(rows[rows.length - 1]!.id);
      return rows.length < batch;
    });
    if (done) return { sealed };
  }
}
