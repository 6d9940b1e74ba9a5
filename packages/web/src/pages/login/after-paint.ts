/**
 * Runs `work` after the next paint, when the browser is idle (a timer where requestIdleCallback is
 * missing, as in Safari): a requestAnimationFrame callback runs just before a paint, and a task queued
 * from it runs after that paint. Returns a cancel.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(work, { timeout: 2000 });
      else work();
    }, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
