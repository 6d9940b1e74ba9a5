import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { WorkbookWorker } from './xlsx-worker-client';

it('rejects the request the worker failed on, so that an export does not wait for ever', async () => {
  const book = WorkbookWorker.open(new PassThrough().resume(), { useStyles: false, useSharedStrings: false });
  try {
    // Rows before any sheet: the worker has no sheet to add them to and answers 'failed'.
    const rows = book.send({ type: 'rows', batch: JSON.stringify({ rows: [[1]], width: 1, days: [] }) });
    const outcome = await Promise.race([
      rows.then(
        () => 'resolved',
        (error: Error) => error.message,
      ),
      new Promise((resolve) => setTimeout(resolve, 30_000, 'still waiting after 30 s')),
    ]);
    expect(outcome).toMatch(/^xlsx worker failed: TypeError/);
  } finally {
    book.destroy();
  }
});
