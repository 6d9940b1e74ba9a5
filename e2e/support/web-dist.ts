import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { watch } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WEB_DIST } from './app-server';

/**
 * A private copy of the built web app for one worker's server. Other work on this machine may rebuild
 * packages/web/dist while the journeys run; the rebuild deletes the old hashed chunks and a page that
 * is already open then fails to load its next screen. The copy is taken only when index.html and the
 * entry script it names are both present (i.e. not in the middle of a build).
 */
export async function snapshotWebDist(): Promise<{ dir: string; remove(): void }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const dir = mkdtempSync(path.join(tmpdir(), 'tcm-web-'));
    try {
      cpSync(WEB_DIST, dir, { recursive: true });
      const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
      const entries = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] as string);
      if (entries.length > 0 && entries.every((e) => existsSync(path.join(dir, e)))) {
        return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
      }
    } catch {
      // caught mid-build: try again
    }
    rmSync(dir, { recursive: true, force: true });
    if (Date.now() > deadline) throw new Error(`no complete build in ${WEB_DIST}; run "npm run build -w @tcm/web"`);
    await nextChange(path.dirname(WEB_DIST), deadline);
  }
}

/** Resolves when something under `dir` changes (a build writing its files), or at the deadline. */
async function nextChange(dir: string, deadline: number): Promise<void> {
  const abort = new AbortController();
  const giveUp = setTimeout(() => abort.abort(), Math.max(0, deadline - Date.now()));
  try {
    for await (const _ of watch(dir, { recursive: true, signal: abort.signal })) return;
  } catch (error) {
    if ((error as { name?: string }).name !== 'AbortError') throw error;
  } finally {
    clearTimeout(giveUp);
  }
}
