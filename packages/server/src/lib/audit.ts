import type { AuditAction } from '@tcm/contracts';
import { auditLog } from '../db/schema';
import type { Ctx } from './context';

export interface AuditEntry {
  /** One of the contracts' AUDIT_ACTIONS: the closed list reviewers filter on. */
  action: AuditAction;
  entity?: string;
  entityId?: string | number | null;
  institutionId?: number | null;
  detail?: Record<string, unknown>;
  /** For events before a session exists (login attempts), who it concerns. */
  actorId?: number | null;
  actorRole?: string | null;
}

/**
 * Keys whose values are a person's ID number or mobile. The audit log is read by administrators and
 * kept for years, so it records that such a field was set or changed, never its value, full or masked
 * (PIPL data minimisation; a masked ID still gives away area code and the last four).
 */
const IDENTIFIER_KEYS: ReadonlySet<string> = new Set([
  'idNum',
  'id_num',
  'telNum',
  'tel_num',
  'mobile',
  // Their stored forms: a ciphertext or a blind index is no business of a log reader either.
  'legacyIdNum',
  'legacyTelNum',
  'idNumSealed',
  'id_num_sealed',
  'telNumSealed',
  'tel_num_sealed',
  'idNumIndex',
  'id_num_index',
  'idLast4Index',
  'id_last4_index',
  'telNumIndex',
  'tel_num_index',
  'telLast4Index',
  'tel_last4_index',
]);

/** Fields every save touches; listing them as "changed" would say nothing. */
const BOOKKEEPING_KEYS: ReadonlySet<string> = new Set(['updatedAt']);

/** A row for the audit log: the same fields without the identifiers. */
export function withoutIdentifiers<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !IDENTIFIER_KEYS.has(key)));
}

/** The names of the fields whose values differ, identifiers included: "idNum changed" without the number. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => !BOOKKEEPING_KEYS.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort();
}

/** Detail of an edit: which fields changed, and before/after of everything but the identifiers. */
export function changeDetail(before: Record<string, unknown>, after: Record<string, unknown>) {
  return { changed: changedFields(before, after), before: withoutIdentifiers(before), after: withoutIdentifiers(after) };
}

/**
 * Last line of defence: drops identifier keys at any depth, so a caller that passes a whole row cannot
 * put an ID number or mobile into the log. Callers say what changed with changeDetail. The audit list
 * applies it too, to rows written before identifiers were kept out.
 */
export function scrubIdentifiers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubIdentifiers);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !IDENTIFIER_KEYS.has(key))
        .map(([key, inner]) => [key, scrubIdentifiers(inner)]),
    );
  }
  return value;
}

/** Append one audit row using ctx.db, which callers pass inside the transaction of the change. */
export async function writeAudit(ctx: Ctx, entry: AuditEntry): Promise<void> {
  await ctx.db.insert(auditLog).values({
    actorId: entry.actorId ?? ctx.actor?.id ?? null,
    actorRole: entry.actorRole ?? ctx.actor?.role ?? null,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    institutionId: entry.institutionId ?? ctx.actor?.institutionId ?? null,
    requestId: ctx.requestId,
    ip: ctx.ip,
    detail: entry.detail === undefined ? null : (scrubIdentifiers(entry.detail) as Record<string, unknown>),
  });
}
