import { z } from 'zod';

export const SystemPaths = { health: '/api/health' } as const;

export const healthResult = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
  /** Room to write: false after the database refused a write for lack of disk space (or PGlite's DATA_DIR is full). */
  storage: z.object({ ok: z.boolean(), message: z.string().optional() }),
  /** The server's version; left out in production unless the caller is signed in, so a scan learns nothing. */
  version: z.string().optional(),
});
