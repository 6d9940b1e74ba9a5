/**
 * Loading a screen's code before the click that opens it: on the pointer's way to a button or the
 * keyboard's focus on it, as React Router's `prefetch="intent"` does for links. The click then finds
 * the screen's module loaded, or on its way, instead of starting its downloads (and appending a
 * modulepreload link per file) in the click's own task, the slowest part of opening a patient on a
 * slow PC (e2e/bench/profile-step.ts). The router registers how a path's screens load
 * (app/router.tsx); this module keeps features from importing the router.
 */
type Prefetcher = (path: string) => void;

let prefetcher: Prefetcher | null = null;
/** Paths already asked for: the pointer and then the focus both ask, and matching routes costs. */
const asked = new Set<string>();

export function registerScreenPrefetch(load: Prefetcher): void {
  prefetcher = load;
  asked.clear();
}

/** Starts loading the screens that `path` shows; does nothing when they are loaded or loading. */
export function prefetchScreen(path: string): void {
  if (!prefetcher || asked.has(path)) return;
  asked.add(path);
  prefetcher(path);
}
