import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COUNTER_MIGRATION_HEADER } from './counters';

/**
 * Where the counters' triggers stand in the migration history. Their DDL is rendered from the lists'
 * predicates (renderCounterMigration), so it is written into a drizzle custom migration by
 * `npm run db:counters -w @tcm/server` instead of by hand; the newest migration that holds it must
 * equal what the code renders now, or a database migrated to the end would count by older rules.
 */

export interface CounterMigration {
  /** The journal's tag, e.g. 0016_counter_triggers (its file is `${tag}.sql`). */
  tag: string;
  text: string;
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function readJournal(migrationsFolder: string): Journal {
  return JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The newest migration of the journal that installs the counters' triggers, if any. */
export function latestCounterMigration(migrationsFolder: string): CounterMigration | undefined {
  const entries = [...readJournal(migrationsFolder).entries].sort((a, b) => b.idx - a.idx);
  for (const { tag } of entries) {
    const text = readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
    if (text.startsWith(COUNTER_MIGRATION_HEADER)) return { tag, text };
  }
  return undefined;
}

/** Whether the migrations hold the rendered counter DDL as their newest counter migration. */
export function counterMigrationCurrent(migrationsFolder: string, rendered: string): boolean {
  return latestCounterMigration(migrationsFolder)?.text === rendered;
}
