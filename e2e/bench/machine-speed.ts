import type { Browser } from 'playwright-core';

/**
 * A fixed piece of script work of the kind a screen does as it starts (objects built, JSON written and
 * read, a sort), run in a blank page. How long it takes says how fast this machine runs the app's
 * scripts: LCP and INP under the 4× slow-down scale with it, and VMs of the same kind differ by two or
 * three times, so a figure measured on one machine compares with another's only beside this one.
 */
function referenceWork(): number {
  const started = performance.now();
  let checksum = 0;
  for (let round = 0; round < 20; round += 1) {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: i,
      name: `患者${i}`,
      value: ((i * 7919) % 1000) / 10,
      tags: [i % 3, i % 5],
    }));
    const text = JSON.stringify(rows);
    const parsed = JSON.parse(text) as typeof rows;
    parsed.sort((a, b) => a.value - b.value || a.id - b.id);
    checksum += (parsed[0]?.id ?? 0) + text.length;
  }
  // The checksum keeps the work from being optimised away.
  return performance.now() - started + (checksum < 0 ? 1 : 0);
}

/** The reference work's median time (ms) over `times` runs after a warm-up, in a page of its own, unthrottled. */
export async function scriptSpeed(browser: Browser, times = 5): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.evaluate(referenceWork);
    const durations: number[] = [];
    for (let i = 0; i < times; i += 1) durations.push(await page.evaluate(referenceWork));
    durations.sort((a, b) => a - b);
    return durations[Math.floor(durations.length / 2)] ?? Number.NaN;
  } finally {
    await context.close();
  }
}
