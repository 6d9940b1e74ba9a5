import { envelope, healthResult, SystemPaths } from '@tcm/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { DiskWatch } from '../../db/disk-space';
import { ok } from '../../lib/respond';

export interface SystemDeps {
  database: Database;
  disk: DiskWatch;
  /** Told to anonymous callers only when the API docs are public (config.apiDocs). */
  version: string | undefined;
}

export function systemRoutes({ database, disk, version }: SystemDeps) {
  return async function register(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(SystemPaths.health, {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness, database reachability and room to write',
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
        const storage = await disk.check();
        if (!storage.ok) req.log.error({ storage: storage.message }, 'health check: no space left to write');
        const healthy = dbOk && storage.ok;
        if (!healthy) reply.status(503);
        return ok({
          status: healthy ? ('ok' as const) : ('degraded' as const),
          database: { kind: database.kind, ok: dbOk, latencyMs },
          storage,
          ...(version ? { version } : {}),
        });
      },
    });
  };
}
