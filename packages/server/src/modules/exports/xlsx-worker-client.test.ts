import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { WorkbookWorker } from './xlsx-worker-client';

it('rejects the request the worker failed on, so that an export does not wait for ever', async () => {
  const book = WorkbookWorker.open(new PassThrough().resume(), { useStyles: false, useSharedStrings: false });
  try {
    // Rows before any sheet: the worker has no sheet to add them to and answers 'failed'.
    const rows = book.send({ type: 'rows', batch: JSON.stringify({ rows: [[1]], width: 1, days: [] }) });
    // A request left pending would hang here until the tier's test timeout fails it.
    await expect(rows).rejects.toThrow(/^xlsx worker failed: TypeError/);
  } finally {
    book.destroy();
  }
});
