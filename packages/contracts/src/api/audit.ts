import { z } from 'zod';
import { paged, pageQuery } from './envelope';

export const AuditPaths = { list: '/api/audit/list' } as const;

export const auditListQuery = pageQuery.extend({
  action: z.string().trim().max(64).optional(),
  entity: z.string().trim().max(32).optional(),
  entityId: z.string().trim().max(32).optional(),
  actorId: z.coerce.number().int().positive().optional(),
});
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  institutionId: z.number().int().nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.unknown(),
});
export const auditListResult = paged(auditEntrySchema);
