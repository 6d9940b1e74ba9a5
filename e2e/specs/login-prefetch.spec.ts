import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';

/**
 * When each of the named chunks started downloading (Resource Timing, ms from navigation start), and
 * when the page first painted content. Chunk files are named after their module (DoctorListPage-<hash>.js)
 * or their group: the signed-in shell with the doctor's home is `shell-<hash>.js` (first-paint-plan.mjs).
 */
async function timings(page: Page, chunks: readonly string[]) {
  return page.evaluate((names) => {
    const started = (name: string) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(entry.name))
        .map((entry) => entry.startTime)[0] ?? null;
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    return { paint, chunks: Object.fromEntries(names.map((name) => [name, started(name)])) };
  }, chunks);
}

test.describe('the login screen fetches the signed-in shell once it has painted (issue 34)', () => {
  for (const { path, chunks } of [
    { path: '/login', chunks: ['shell'] },
    { path: '/login/admin', chunks: ['shell', 'DoctorListPage'] },
  ]) {
    test(`${path}: the shell and its home are requested after the first paint, before anyone signs in`, async ({ page }) => {
      const calls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/prod-api/')) calls.push(request.url());
      });
      await page.goto(path);
      await expect(page.getByRole('button', { name: '登录' })).toBeVisible();

      await expect
        .poll(async () => Object.values((await timings(page, chunks)).chunks).every((start) => start !== null), { timeout: 30_000 })
        .toBe(true);
      const { paint, chunks: started } = await timings(page, chunks);
      expect(paint).not.toBeNull();
      for (const name of chunks) expect(started[name], `${name} starts after the first paint`).toBeGreaterThanOrEqual(paint!);
      // Nobody signed in: the shell came on the login screen's own initiative.
      expect(calls.filter((url) => url.includes('/auth/login'))).toEqual([]);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }
});

test.describe("each page's HTML names its route's files, so they download with the entry's (issue 34)", () => {
  // A chunk is <name>-<hash>.js with an 8-character hash that may itself start with "-" (LoginPage--Gnj1tb3.js).
  const preloaded = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([\w-]+)-[\w-]{8}\.js">/g)].map((m) => m[1]);

  test("the login screen's and the outcome report's chunks are in their pages; the root names only the entry's", async ({ page }) => {
    const login = preloaded(await (await page.request.get('/login')).text());
    const outcomes = preloaded(await (await page.request.get('/outcomes')).text());
    const root = preloaded(await (await page.request.get('/')).text());
    expect(login).toContain('LoginPage');
    // None of the shell's groups: the login screen fetches them only once it has painted.
    expect(login.filter((name) => name?.startsWith('shell'))).toEqual([]);
    expect(outcomes).toEqual(expect.arrayContaining(['shell', 'OutcomesPage']));
    // Who opens the root, a signed-in doctor or a visitor sent to the login screen, shows only in the browser.
    expect(root).not.toContain('LoginPage');
    expect(root).not.toContain('shell');
    expect(login.slice(0, root.length)).toEqual(root);
    expect((await page.request.get('/route-preloads.json')).status()).toBe(404);

    // The page still opens with the links in place (its loader skips the files already preloaded).
    await page.goto('/login');
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  });
});
