import type { Page } from '@playwright/test';
import { expectStill } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { signIn } from '../fixtures/ui';

/**
 * Entering the home or the outcome report starts the screen's requests from the route's loader, before
 * the screen renders (packages/web/src/app/lazy-page.ts, pages/home/home-data.ts, and the route table's
 * prefetchOutcomeReport in features/outcomes/api.ts): the screen then reads those answers, so each
 * request is sent once, and each was asked for before the screen's first element appeared.
 */

/** Notes, on the clock Resource Timing uses, when an element matching `selector` first appears. */
async function noteFirstAppearance(page: Page, selector: string): Promise<void> {
  await page.addInitScript((wanted) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(wanted)) return;
      (window as unknown as { appearedAt: number }).appearedAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, selector);
}

/** Every API request the page sends, as method, address and body. */
function recordRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/prod-api/')) sent.push(`${request.method()} ${url.pathname}${url.search} ${request.postData() ?? ''}`);
  });
  return sent;
}

/** When each request to a path matching `pattern` started, and when the noted element appeared. */
function startsAndAppearance(page: Page, pattern: string) {
  return page.evaluate((source) => {
    const matching = new RegExp(source);
    return {
      appearedAt: (window as unknown as { appearedAt: number }).appearedAt,
      starts: performance
        .getEntriesByType('resource')
        .filter((entry) => matching.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    };
  }, pattern);
}

const twice = (sent: string[]) => sent.filter((key, index) => sent.indexOf(key) !== index);

test.describe("a screen's requests start as its route is entered (issue 34)", () => {
  test('the home: each list once, all of them before the worklist appears', async ({ page, doctor }) => {
    const sent = recordRequests(page);
    await noteFirstAppearance(page, 'section[aria-label="管理组"]');
    await signIn(page, doctor.session, '/index');
    await expect(page.getByRole('region', { name: '管理组', exact: true })).toBeVisible();
    await expectStill(page);

    expect(twice(sent), 'requests sent twice').toEqual([]);
    const { appearedAt, starts } = await startsAndAppearance(page, '^/prod-api/api/(user|comparative)/list$');
    // The urgent, worklist and outreach lists of each group.
    expect(starts).toHaveLength(6);
    for (const start of starts) expect(start).toBeLessThan(appearedAt);
  });

  test('the outcome report: asked for once, before the screen appears', async ({ page, doctor }) => {
    const sent = recordRequests(page);
    await noteFirstAppearance(page, '.outcome-page');
    await signIn(page, doctor.session, '/outcomes');
    await expect(page.getByTestId('outcome-report')).toBeVisible();
    await expectStill(page);

    expect(twice(sent), 'requests sent twice').toEqual([]);
    const { appearedAt, starts } = await startsAndAppearance(page, '^/prod-api/api/programme/outcomes$');
    expect(starts).toHaveLength(1);
    expect(starts[0]).toBeLessThan(appearedAt);
  });
});
