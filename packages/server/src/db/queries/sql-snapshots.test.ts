import { describe, expect, it } from 'vitest';
import { readSnapshot, renderSnapshots } from './sql-snapshots';

describe('SQL snapshots of the fill-in, due-date and overdue rules', () => {
  for (const [file, generated] of Object.entries(renderSnapshots())) {
    it(`snapshots/${file} is what the code generates`, () => {
      expect(readSnapshot(file), `snapshots/${file} is stale: run \`npm run db:snapshot -w @tcm/server\` and review the diff`).toBe(
        generated,
      );
    });
  }
});
