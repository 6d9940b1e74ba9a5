import type { Ctx } from './context';
import { isoDate } from './dates';
import { forbidden } from './errors';

/** Today in the server's calendar, as the SQL date every "overdue" comparison uses. */
export function todayOf(ctx: Ctx): string {
  return isoDate(ctx.now);
}

/**
 * The institution a list or count is limited to (OWASP API1): a doctor always their own (asking for
 * another is refused), the admin the one asked for or all (undefined).
 */
export function scopedInstitution(ctx: Ctx, requested: number | undefined): number | undefined {
  const actor = ctx.actor;
  if (!actor) throw forbidden(undefined, 'denied.scope');
  if (actor.role === 'admin') return requested;
  if (actor.institutionId == null) throw forbidden('账号未关联机构', 'denied.scope');
  if (requested !== undefined && requested !== actor.institutionId) throw forbidden('无权访问其他机构的数据', 'denied.scope');
  return actor.institutionId;
}

/** A single record of an institution may be touched only by a doctor of that institution or the admin. */
export function assertInstitutionAccess(ctx: Ctx, institutionId: number): void {
  const actor = ctx.actor;
  if (!actor) throw forbidden(undefined, 'denied.scope');
  if (actor.role === 'admin') return;
  if (actor.institutionId !== institutionId) throw forbidden('无权访问其他机构的患者', 'denied.scope');
}
