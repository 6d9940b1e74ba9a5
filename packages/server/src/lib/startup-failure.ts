import path from 'node:path';
import { inspect } from 'node:util';
import { freeBytes, MIN_FREE_BYTES } from '../db/disk-space';
import { isDiskFull } from '../plugins/database-errors';

/**
 * The line main.ts prints when the server cannot start. A full disk is named as such: PGlite then
 * fails in ways that do not say so (an Emscripten abort, an error object that is not an Error), so
 * DATA_DIR's free space is measured whenever PGlite fails to start.
 */
export async function startupFailureMessage(
  error: unknown,
  where: { dataDir: string; databaseUrl: string | undefined } | undefined,
): Promise<string> {
  const detail = error instanceof Error ? (error.stack ?? error.message) : inspect(error, { depth: 4 });
  const pgliteDir = where && !where.databaseUrl && !where.dataDir.includes('://') ? path.resolve(where.dataDir) : null;
  if (pgliteDir) {
    const free = await freeBytes(pgliteDir);
    if (isDiskFull(error) || (free !== null && free < MIN_FREE_BYTES)) {
      return `Failed to start: no space left in DATA_DIR (${pgliteDir}, ${free ?? 'unknown'} bytes free). Free some space on that disk and start again.\n${detail}`;
    }
  } else if (isDiskFull(error)) {
    return `Failed to start: the PostgreSQL server (DATABASE_URL) has no disk space left. Free some space on its disk and start again.\n${detail}`;
  }
  return `Failed to start: ${detail}`;
}
