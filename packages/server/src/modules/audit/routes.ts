import { AuditPaths, auditListQuery, auditListResult, envelope } from '@tcm/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLog } from '../../db/schema';
import { scrubIdentifiers, writeAudit } from '../../lib/audit';
import { ok } from '../../lib/respond';

export async function auditRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(AuditPaths.list, {
    config: { access: 'admin' },
    schema: {
      tags: ['audit'],
      summary: 'Page through the audit log, newest first',
      querystring: auditListQuery,
      response: { 200: envelope(auditListResult) },
    },
    handler: async (req) => {
      const q = req.query;
      const conditions: (SQL | undefined)[] = [];
      if (q.action) conditions.push(eq(auditLog.action, q.action));
      if (q.entity) conditions.push(eq(auditLog.entity, q.entity));
      if (q.entityId) conditions.push(eq(auditLog.entityId, q.entityId));
      if (q.actorId) conditions.push(eq(auditLog.actorId, q.actorId));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        req.ctx.db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        req.ctx.db.select({ value: count() }).from(auditLog).where(where),
      ]);
      // Reading the audit log is itself audited: who looked, for what, and how much they saw.
      const { page, limit, ...filters } = q;
      await writeAudit(req.ctx, {
        action: 'audit.list',
        entity: 'audit',
        detail: { filters, page, limit, total: total?.value ?? 0, returned: rows.length },
      });
      return ok({
        list: rows.map((r) => ({ ...r, at: r.at.toISOString(), detail: scrubIdentifiers(r.detail) })),
        total: total?.value ?? 0,
        page,
        limit,
      });
    },
  });
}
