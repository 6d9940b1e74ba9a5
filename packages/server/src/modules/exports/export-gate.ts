import { tooMany } from '../../lib/errors';

/**
 * How many exports may stream at once. Each one holds a database reader and a worker thread rendering
 * sheet XML; on a two-core server a burst of large exports would otherwise slow every clinical screen.
 * A request over the limit is refused before any byte is sent, so the client shows the envelope's
 * message and the doctor can try again a moment later.
 */
export class ExportGate {
  private running = 0;

  constructor(private readonly limit: number) {}

  /** Takes a place or throws the envelope error; call the returned function exactly once when done. */
  enter(): () => void {
    if (this.running >= this.limit) throw tooMany('当前导出任务较多，请稍后再试');
    this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
    };
  }

  get active(): number {
    return this.running;
  }
}
