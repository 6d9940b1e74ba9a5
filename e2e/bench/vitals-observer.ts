import type { Page } from 'playwright-core';

/** One Event Timing entry that belongs to an interaction (a click, a key press, a tap). */
export interface InteractionEvent {
  interactionId: number;
  name: string;
  startTime: number;
  duration: number;
}

export interface PageVitals {
  /** The last largest-contentful-paint candidate (ms from navigation start), or null before any. */
  lcp: number | null;
  lcpElement: string | null;
  /**
   * When the screen last stopped showing a loading state (ms from navigation start): the moment its
   * data were on screen, which a frame painted with the HTML does not stand for. Null when it showed none.
   */
  contentShown: number | null;
  events: InteractionEvent[];
}

interface VitalsWindow {
  __benchVitals: PageVitals & { flush(): void };
}

/**
 * Runs in the page before its own scripts (added through the DevTools protocol, so the app's CSP,
 * script-src 'self', does not apply). Records LCP candidates and every Event Timing entry that has an
 * interactionId; durationThreshold 16 is the lowest the API allows, so an interaction faster than
 * 16 ms leaves no entry (the bench counts it as under 16 ms).
 */
function installObservers(): void {
  const state: PageVitals = { lcp: null, lcpElement: null, contentShown: null, events: [] };
  // The loading states waitForSettled (home-scenario.ts) waits on: the screen's spinner, antd's.
  const LOADING = '.ant-spin-spinning, .ant-skeleton-active, .page-loading';
  let loading = false;
  new MutationObserver(() => {
    const now = document.querySelector(LOADING) !== null;
    if (loading && !now) state.contentShown = performance.now();
    loading = now;
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  const onLcp = (entries: PerformanceEntryList) => {
    for (const entry of entries as (PerformanceEntry & { element?: Element | null })[]) {
      state.lcp = entry.startTime;
      const el = entry.element;
      state.lcpElement = el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : null;
    }
  };
  const onEvent = (entries: PerformanceEntryList) => {
    for (const entry of entries as (PerformanceEntry & { interactionId?: number })[]) {
      if (!entry.interactionId) continue;
      state.events.push({ interactionId: entry.interactionId, name: entry.name, startTime: entry.startTime, duration: entry.duration });
    }
  };
  const lcp = new PerformanceObserver((list) => onLcp(list.getEntries()));
  lcp.observe({ type: 'largest-contentful-paint', buffered: true });
  const events = new PerformanceObserver((list) => onEvent(list.getEntries()));
  events.observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  (window as unknown as VitalsWindow).__benchVitals = Object.assign(state, {
    flush() {
      onLcp(lcp.takeRecords());
      onEvent(events.takeRecords());
    },
  });
}

export async function installVitalsObservers(page: Page): Promise<void> {
  // tsx compiles this file with esbuild's keepNames, which wraps named functions in a `__name` helper
  // that exists in Node but not in the page the functions are sent to.
  await page.addInitScript('globalThis.__name = globalThis.__name || ((fn) => fn);');
  await page.addInitScript(installObservers);
}

/**
 * Waits two frames (an Event Timing entry is queued once the paint after its event is known), then
 * takes the observers' pending records and reads what they hold.
 */
export async function readVitals(page: Page): Promise<PageVitals> {
  return page.evaluate(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const vitals = (window as unknown as VitalsWindow).__benchVitals;
    vitals.flush();
    return { lcp: vitals.lcp, lcpElement: vitals.lcpElement, contentShown: vitals.contentShown, events: [...vitals.events] };
  });
}

/** The latency of each interaction: the longest duration among its events (as web-vitals counts INP). */
export function interactionLatencies(events: readonly InteractionEvent[]): Map<number, number> {
  const byId = new Map<number, number>();
  for (const e of events) byId.set(e.interactionId, Math.max(byId.get(e.interactionId) ?? 0, e.duration));
  return byId;
}

/**
 * INP from a page's interactions: the worst one, or with 50 or more the one at the 98th percentile
 * (one in every 50 left out), as web-vitals computes it. 0 when no interaction reached 16 ms.
 */
export function inpOf(latencies: readonly number[]): number {
  if (latencies.length === 0) return 0;
  const sorted = [...latencies].sort((a, b) => b - a);
  return sorted[Math.min(sorted.length - 1, Math.floor(latencies.length / 50))] ?? 0;
}
