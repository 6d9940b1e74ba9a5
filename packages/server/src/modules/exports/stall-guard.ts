import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Decides, from successive looks at a response's socket, whether its client has stopped taking bytes:
 * bytes wait to be sent and none has been taken for `idleMs`. Time passes in the arguments, so the
 * rule is tested without a clock.
 */
export class StallClock {
  /** NaN until a look finds bytes waiting: any count then differs from it and starts the clock. */
  private taken = Number.NaN;
  private since: number;

  constructor(
    private readonly idleMs: number,
    now: number,
  ) {
    this.since = now;
  }

  /**
   * `taken`: the socket's running count of bytes the network has accepted; `waiting`: bytes are queued
   * for the client. Nothing waiting means the server is the slow side (a database page, the writer):
   * that is never the client's stall. Answers true once the client has taken nothing for `idleMs`.
   */
  observe(now: number, taken: number, waiting: boolean): boolean {
    if (!waiting || taken !== this.taken) {
      // Nothing waiting: the next look that finds bytes waiting starts the count afresh.
      this.taken = waiting ? taken : Number.NaN;
      this.since = now;
      return false;
    }
    return now - this.since >= this.idleMs;
  }
}

/**
 * Bytes the kernel has accepted from the socket: `bytesWritten` counts every byte handed to the socket,
 * `writableLength` the ones it still holds (queued, or in a write the kernel has not finished taking).
 */
function bytesTaken(socket: Socket): number {
  return socket.bytesWritten - socket.writableLength;
}

/**
 * Calls `onStall` once when the client of `res` stops taking bytes for `idleMs` (a client that stopped
 * reading would otherwise hold its export, its worker and its database reader for ever). A slow
 * client that still takes bytes is not cut off; neither is one waiting on a slow server. Looks four
 * times per `idleMs`, so the cut comes between `idleMs` and 1.5 × `idleMs` after the client last took a byte.
 * Stops by itself when the response finishes or closes; the returned function stops it earlier.
 */
export function watchForStall(res: ServerResponse, idleMs: number, onStall: () => void): () => void {
  const clock = new StallClock(idleMs, performance.now());
  const timer = setInterval(
    () => {
      const socket = res.socket;
      if (!socket || socket.destroyed) return stop();
      if (clock.observe(performance.now(), bytesTaken(socket), socket.writableLength > 0)) {
        stop();
        onStall();
      }
    },
    Math.max(5, Math.round(idleMs / 4)),
  );
  // A watch must not keep the process alive (a server shutting down waits for its connections anyway).
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    res.off('finish', stop);
    res.off('close', stop);
  };
  res.once('finish', stop);
  res.once('close', stop);
  return stop;
}
