import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderSnapshots, SNAPSHOT_DIR } from '../src/db/queries/sql-snapshots';

// Rewrites src/db/queries/snapshots/*.sql from the code (see sql-snapshots.ts).
mkdirSync(SNAPSHOT_DIR, { recursive: true });
for (const [file, text] of Object.entries(renderSnapshots())) {
  writeFileSync(join(SNAPSHOT_DIR, file), text);
  console.log(`wrote ${join(SNAPSHOT_DIR, file)}`);
}
