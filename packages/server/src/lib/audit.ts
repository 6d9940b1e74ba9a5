import { auditLog } from '../db/schema';
import type { Ctx } from './context';

export interface AuditEntry {
  action: string;
  entity?: string;
  entityId?: string | number | null;
  institutionId?: number | null;
  detail?: Record<string, unknown>;
  /** For events before a session exists (login attempts), who it concerns. */
  actorId?: number | null;
  actorRole?: string | null;
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
    detail: entry.detail ?? null,
  });
}
