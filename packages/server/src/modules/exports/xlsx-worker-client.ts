import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';

/**
 * The exceljs writer runs on a worker thread. Rendering the sheet XML is most of an export's CPU; on the
 * main thread it would hold up every other API call for seconds and could not overlap with reading and
 * mapping the next page. The worker receives batches of row cells (JSON text, see CellBatch) and
 * sends back zip chunks, which are written to `target` in order.
 */
const WORKER_URL = new URL('./xlsx-worker.mjs', import.meta.url);

type Request =
  | { type: 'open'; options: unknown }
  | { type: 'sheet'; name: string; columns: { header: string; width: number }[] }
  /** postedBatch: a CellBatch as JSON text. */
  | { type: 'rows'; batch: string }
  | { type: 'endSheet' }
  | { type: 'commit' };

type Reply = { type: 'chunk'; chunk: Uint8Array } | { type: 'done'; id: number } | { type: 'failed'; id: number; message: string };

/** One started worker kept between exports: starting one (and loading exceljs in it) takes ~0.3 s. */
let idle: { worker: Worker; onExit(): void } | undefined;

function takeIdleWorker(): Worker | undefined {
  if (!idle) return undefined;
  const { worker, onExit } = idle;
  worker.off('exit', onExit);
  worker.off('error', onExit);
  idle = undefined;
  return worker;
}

/**
 * Parks a worker for the next export; one that fails or dies while parked is forgotten, not handed out
 * (and its 'error' is handled here, where an unhandled one would bring the server down).
 */
function parkWorker(worker: Worker): boolean {
  if (idle) return false;
  const onExit = () => {
    if (idle?.worker === worker) idle = undefined;
  };
  worker.on('exit', onExit);
  worker.on('error', onExit);
  worker.unref();
  idle = { worker, onExit };
  return true;
}

/** Workbooks being written now, each holding a worker; a stopped one counts until its thread has exited. */
let inProgress = 0;

/** How many workbooks are being written (an export cut off or failed leaves this count once its worker is gone). */
export function workbooksInProgress(): number {
  return inProgress;
}

export class WorkbookWorker {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  private broken: Error | undefined;
  private stopped = false;
  private readonly onMessage = (reply: Reply) => this.receive(reply);
  private readonly onError = (error: Error) => this.fail(error);
  private readonly onExit = (code: number) => this.fail(new Error(`xlsx worker exited with code ${code}`));

  private constructor(
    private readonly worker: Worker,
    private readonly target: Writable,
  ) {
    worker.on('message', this.onMessage);
    worker.on('error', this.onError);
    worker.on('exit', this.onExit);
    worker.ref();
    inProgress += 1;
  }

  /** A workbook written into `target` with exceljs's WorkbookWriter `options` (the stream is the worker's). */
  static open(target: Writable, options: unknown): WorkbookWorker {
    const worker = takeIdleWorker() ?? new Worker(WORKER_URL);
    const book = new WorkbookWorker(worker, target);
    book.send({ type: 'open', options }).catch(() => undefined);
    return book;
  }

  /** Resolves when the worker has handled the request (for rows: written them and has room for more). */
  send(request: Request): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private receive(reply: Reply): void {
    if (reply.type === 'chunk') {
      this.target.write(Buffer.from(reply.chunk.buffer, reply.chunk.byteOffset, reply.chunk.byteLength));
      return;
    }
    if (reply.type === 'failed') {
      // fail() rejects every pending request, this one included.
      this.fail(new Error(`xlsx worker failed: ${reply.message}`));
      return;
    }
    const waiting = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    waiting?.resolve();
  }

  private fail(error: Error): void {
    this.broken ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.broken);
    this.pending.clear();
  }

  private detach(): void {
    this.worker.off('message', this.onMessage);
    this.worker.off('error', this.onError);
    this.worker.off('exit', this.onExit);
  }

  /** After a committed workbook: keep the worker for the next export (it does not hold the process open). */
  release(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.detach();
    inProgress -= 1;
    if (this.broken || !parkWorker(this.worker)) void this.worker.terminate();
  }

  /** After a failure or an abort: the worker may be mid-workbook, so it is not reused. Idempotent. */
  destroy(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.detach();
    this.fail(new Error('xlsx worker stopped'));
    const gone = () => {
      inProgress -= 1;
    };
    this.worker.terminate().then(gone, gone);
  }
}
