import { statfs } from 'node:fs/promises';
import path from 'node:path';

/** What a person is told when a write is refused for lack of disk space (answer 503). */
export const DISK_FULL_MESSAGE = '服务器存储空间不足，本次操作未保存，请联系管理员';
/** Below this, PGlite's DATA_DIR is reported full before a write even fails (a WAL segment is 16 MiB). */
export const MIN_FREE_BYTES = 1024 * 1024;
/** How long a refused write keeps health reporting the disk full when no write has succeeded since. */
const REMEMBER_FULL_MS = 60_000;

export interface StorageState {
  ok: boolean;
  message?: string;
}

/**
 * Whether the database has room to write, for the health check. A disk-full refusal (PostgreSQL
 * 53100, ENOSPC) is remembered until a write succeeds or a minute passes without another: PostgreSQL's
 * disk cannot be measured from here, and a load balancer must not take every instance out for good
 * when the administrator has freed space. PGlite's DATA_DIR is local and is also measured directly.
 */
export class DiskWatch {
  private fullSince: number | null = null;

  /** `dataDir`: PGlite's folder, measured on each check; undefined on PostgreSQL. */
  constructor(private readonly dataDir: string | undefined) {}

  noteFull(): void {
    this.fullSince = Date.now();
  }

  noteWriteSucceeded(): void {
    this.fullSince = null;
  }

  async check(): Promise<StorageState> {
    if (this.fullSince !== null && Date.now() - this.fullSince > REMEMBER_FULL_MS) this.fullSince = null;
    const free = this.dataDir ? await freeBytes(this.dataDir) : null;
    if (free !== null && free < MIN_FREE_BYTES) {
      return { ok: false, message: `no space left in DATA_DIR (${path.resolve(this.dataDir ?? '')}): ${free} bytes free` };
    }
    if (this.fullSince !== null) {
      const where = this.dataDir ? `DATA_DIR (${path.resolve(this.dataDir)})` : 'the PostgreSQL server';
      return { ok: false, message: `no space left in ${where}: a write was refused at ${new Date(this.fullSince).toISOString()}` };
    }
    return { ok: true };
  }
}

/** Free bytes for an unprivileged writer on the file system holding `dir` (or its nearest existing parent). */
export async function freeBytes(dir: string): Promise<number | null> {
  let current = path.resolve(dir);
  for (;;) {
    try {
      const stats = await statfs(current);
      return stats.bavail * stats.bsize;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return null;
      current = parent;
    }
  }
}
