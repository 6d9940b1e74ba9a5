import { envelope, healthResult, SystemPaths } from '@tcm/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { ok } from '../../lib/respond';

export function systemRoutes(database: Database, version: string) {
  return async function register(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(SystemPaths.health, {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: envelope(healthResult), 503: envelope(healthResult) },
      },
      handler: async (req, reply) => {
        const started = performance.now();
        let dbOk = true;
        try {
          await database.db.execute(sql`select 1`);
        } catch (error) {
          dbOk = false;
          req.log.error({ err: error }, 'health check: database unreachable');
        }
        const latencyMs = Math.round((performance.now() - started) * 100) / 100;
        if (!dbOk) reply.status(503);
        return ok({
          status: dbOk ? ('ok' as const) : ('degraded' as const),
          database: { kind: database.kind, ok: dbOk, latencyMs },
          version,
        });
      },
    });
  };
}
