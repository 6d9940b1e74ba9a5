import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder } from '../migrate';
import { counterMigrationCurrent, latestCounterMigration, readJournal } from './counter-migrations';
import { COUNTER_MIGRATION_HEADER, renderCounterMigration } from './counters';

describe('the counters’ triggers in the migration history', () => {
  it('the newest counter migration holds what the code renders now', () => {
    const latest = latestCounterMigration(defaultMigrationsFolder());
    expect(latest, 'no counter migration: run `npm run db:counters -w @tcm/server`').toBeDefined();
    expect(
      latest?.text,
      `drizzle/${latest?.tag}.sql differs from the rendered counter triggers (a list predicate or the protocol table changed): run \`npm run db:counters -w @tcm/server\` and review the new migration`,
    ).toBe(renderCounterMigration());
  });

  describe('on a copy of the migrations', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tcm-counter-migrations-'));
    cpSync(defaultMigrationsFolder(), dir, { recursive: true });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('sees a changed predicate as stale until a newer counter migration holds it', () => {
      const changed = renderCounterMigration().replace(`= 'managed'`, `= 'managed' and true`);
      expect(changed).not.toBe(renderCounterMigration());
      expect(counterMigrationCurrent(dir, changed)).toBe(false);
      // A later migration that is not a counter migration does not count; a later counter one does.
      const journalPath = path.join(dir, 'meta', '_journal.json');
      const journal = readJournal(dir);
      const next = journal.entries.length;
      const add = (tag: string, text: string) => {
        writeFileSync(path.join(dir, `${tag}.sql`), text);
        journal.entries.push({ idx: journal.entries.length, tag });
        writeFileSync(journalPath, JSON.stringify(journal));
      };
      add(`${String(next).padStart(4, '0')}_other`, 'ALTER TABLE "patients" ADD COLUMN "x" integer;');
      expect(counterMigrationCurrent(dir, changed)).toBe(false);
      add(`${String(next + 1).padStart(4, '0')}_counter_triggers`, changed);
      expect(counterMigrationCurrent(dir, changed)).toBe(true);
      expect(latestCounterMigration(dir)?.text.startsWith(COUNTER_MIGRATION_HEADER)).toBe(true);
      expect(counterMigrationCurrent(dir, renderCounterMigration())).toBe(false);
    });
  });
});
