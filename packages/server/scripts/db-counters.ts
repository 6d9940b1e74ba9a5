import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultMigrationsFolder } from '../src/db/migrate';
import { counterMigrationCurrent, latestCounterMigration, readJournal } from '../src/db/queries/counter-migrations';
import { renderCounterMigration } from '../src/db/queries/counters';

// Writes a drizzle custom migration holding the counters' triggers and recount when what the code
// renders (src/db/queries/counters.ts) differs from the newest counter migration; else changes nothing.
const folder = defaultMigrationsFolder();
const rendered = renderCounterMigration();
if (counterMigrationCurrent(folder, rendered)) {
  console.log(`counter triggers are current: ${latestCounterMigration(folder)?.tag}.sql`);
} else {
  const before = readJournal(folder).entries.length;
  // drizzle-kit numbers the migration and records it in the journal and its snapshot chain.
  execFileSync('npx', ['drizzle-kit', 'generate', '--custom', '--name', 'counter_triggers'], {
    cwd: path.dirname(folder),
    stdio: 'inherit',
  });
  const entries = readJournal(folder).entries;
  const added = entries.at(-1);
  if (entries.length !== before + 1 || !added?.tag.endsWith('_counter_triggers')) {
    throw new Error('drizzle-kit did not add the counter_triggers migration to the journal');
  }
  const file = path.join(folder, `${added.tag}.sql`);
  writeFileSync(file, rendered);
  console.log(`wrote ${file}`);
}
