// Writes .xlsx files with exceljs's streaming writer on a worker thread (see xlsx-worker-client.ts).
// Plain JavaScript on purpose: it runs as is under tsx, Vitest and the esbuild bundle (copied beside
// dist/main.js), with no TypeScript loader inside the worker.
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/** How much sheet XML may wait for the deflater before a batch of rows is acknowledged. */
const MAX_PENDING_XML_BYTES = 4 * 1024 * 1024;

/** The workbook being written: one at a time per worker. */
let session;

/** Every zip chunk goes to the main thread, copied into its own buffer so that it can be transferred. */
function chunkPoster() {
  return new Writable({
    write(chunk, _encoding, done) {
      const copy = new Uint8Array(chunk);
      parentPort.postMessage({ type: 'chunk', chunk: copy }, [copy.buffer]);
      done();
    },
  });
}

/**
 * exceljs has no backpressure: rows go into a buffer piped into the zip entry (a PassThrough from
 * archiver's older readable-stream), so a batch is acknowledged only once that entry has room.
 * `stream.pipes` and `_writableState` are private: exceljs is pinned to one exact version in
 * package.json and xlsx-private-api.test.ts checks them, and an export fails here rather than let
 * an unread sheet grow without bound if they go missing.
 */
async function room(worksheet) {
  const entry = worksheet.stream?.pipes?.[0];
  const state = entry?._writableState;
  if (typeof state?.needDrain !== 'boolean' || typeof state.length !== 'number') {
    throw new Error('exceljs private stream API missing: worksheet.stream.pipes[0]._writableState (see xlsx-private-api.test.ts)');
  }
  if (!state.needDrain || state.length <= MAX_PENDING_XML_BYTES) return;
  await new Promise((resolve) => entry.once('drain', resolve));
}

/** The batch's listed days (time values) as Dates again: reviveDays of cells.ts, which this file cannot import. */
function reviveDays({ rows, width, days }) {
  for (const at of days) {
    const cells = rows[Math.floor(at / width)];
    cells[at % width] = new Date(cells[at % width]);
  }
  return rows;
}

const handlers = {
  open({ options }) {
    session = { book: new ExcelJS.stream.xlsx.WorkbookWriter({ ...options, stream: chunkPoster() }), sheet: undefined };
  },
  sheet({ name, columns }) {
    // The header row is frozen and carries a filter; the column widths come with the columns.
    session.sheet = session.book.addWorksheet(name, {
      views: [{ state: 'frozen', ySplit: 1 }],
      autoFilter: { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, columns.length) } },
    });
    session.sheet.columns = columns;
  },
  // The batch is JSON text (postedBatch in cells.ts).
  async rows({ batch }) {
    for (const row of reviveDays(JSON.parse(batch))) session.sheet.addRow(row).commit();
    await room(session.sheet);
  },
  endSheet() {
    session.sheet.commit();
    session.sheet = undefined;
  },
  // Resolves once the zip is finalised, i.e. after its last chunk has been posted.
  async commit() {
    await session.book.commit();
    session = undefined;
  },
};

// Requests are handled one after another, in the order they were sent.
let queue = Promise.resolve();
parentPort.on('message', (request) => {
  queue = queue.then(async () => {
    try {
      await handlers[request.type](request);
      parentPort.postMessage({ type: 'done', id: request.id });
    } catch (error) {
      session = undefined;
      parentPort.postMessage({
        type: 'failed',
        id: request.id,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  });
});
