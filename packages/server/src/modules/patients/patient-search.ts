import { maskMobile, maskResidentId } from '@tcm/contracts';
import { ilike, or, type SQL } from 'drizzle-orm';
import { identifierSearch } from '../../db/queries/patient-identifiers';
import type { PatientScope } from '../../db/queries/patients';
import { writeAudit } from '../../lib/audit';
import type { Ctx } from '../../lib/context';

/**
 * The list search (`keyword`). Lists show identifiers masked (330102********3418, 138****5678), so
 * an ID number or mobile matches only in full or on its last four characters, which every list
 * already shows: a prefix search would let anyone rebuild the hidden digits one request at a time.
 * Names match on any part of the name.
 */

/** Spaces and dashes people type inside numbers ("138 0013 8000") are not part of the identifier. */
const IDENTIFIER_SHAPED = /^[\dXx*\s-]+$/;

/** The keyword as an identifier (digits and X, upper case), or null when it looks like a name. */
export function identifierKeyword(keyword: string): string | null {
  if (!IDENTIFIER_SHAPED.test(keyword) || !/\d/.test(keyword)) return null;
  return keyword.replace(/[\s-]/g, '').toUpperCase();
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Identifiers are sealed at rest: they match through their blind indexes, in full or on the last four. */
export function keywordCondition(scope: Pick<PatientScope, 'cols' | 'keyring'>, keyword: string): SQL | undefined {
  const identifier = identifierKeyword(keyword);
  const byName = ilike(scope.cols.name, `%${escapeLike(keyword)}%`);
  if (!identifier) return byName;
  return or(byName, identifierSearch(scope.keyring, identifier));
}

/**
 * How an identifier-shaped keyword is kept in the audit log: never in full. A full ID number or mobile
 * is masked as lists show it, up to four characters (what lists show anyway) are kept, and anything
 * else keeps its first three, so a reviewer still sees a run of growing probes for what it is.
 */
export function maskSearchKeyword(identifier: string): string {
  if (identifier.length <= 4) return identifier;
  if (identifier.length === 18) return maskResidentId(identifier);
  if (identifier.length === 11) return maskMobile(identifier);
  return `${identifier.slice(0, 3)}${'*'.repeat(identifier.length - 3)}`;
}

export interface SearchAudit {
  keyword: string | undefined;
  /** Which list was searched: one group's, or both groups of an institution (the home search). */
  list: 'managed' | 'comparison' | 'institution';
  institutionId: number | undefined;
  /** The patients the search returned (one page). */
  ids: number[];
  total: number;
}

/** A name as the audit log keeps it: its first character, then one `*` per further character. */
export function maskSearchName(name: string): string {
  const characters = [...name];
  return `${characters[0] ?? ''}${'*'.repeat(Math.max(0, characters.length - 1))}`;
}

/**
 * One audit row for each search with a keyword (an identifier masked as lists show it, a name after
 * its first character), and for the institution's list of both groups read without one; none for a
 * group's list pages without a keyword, which show no clinical data and are the busiest calls.
 */
export async function auditPatientSearch(ctx: Ctx, search: SearchAudit): Promise<void> {
  const keyword = search.keyword?.trim();
  const institutionId = search.institutionId ?? null;
  if (!keyword) {
    if (search.list !== 'institution') return;
    await writeAudit(ctx, {
      action: 'patient.institutionList',
      entity: 'institution',
      entityId: institutionId,
      institutionId,
      detail: { count: search.ids.length, ids: search.ids },
    });
    return;
  }
  const identifier = identifierKeyword(keyword);
  await writeAudit(ctx, {
    action: 'patient.search',
    entity: 'patient',
    institutionId,
    detail: {
      list: search.list,
      keyword: identifier ? maskSearchKeyword(identifier) : maskSearchName(keyword),
      keywordKind: identifier ? 'identifier' : 'name',
      total: search.total,
      ids: search.ids,
    },
  });
}
