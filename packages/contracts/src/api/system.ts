import { z } from 'zod';

export const SystemPaths = { health: '/api/health' } as const;

export const healthResult = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
  version: z.string(),
});
