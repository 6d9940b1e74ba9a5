import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultMigrationsFolder } from '../../src/db/migrate';

/**
 * A copy of the migrations folder as a release before `tag` had it: the journal cut before that
 * migration. A migration test migrates a database that far, writes rows as the old release did, then
 * runs every migration and checks what the new ones made of those rows.
 */
export async function migrationsBefore(tag: string): Promise<{ before: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tcm-migrations-'));
  await cp(defaultMigrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut <= 0) throw new Error(`no migration ${tag} after the first in the journal`);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return { before: dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
