import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { signIn } from '../fixtures/ui';

/**
 * The page the server sends for a route paints that route's frame (the shell's header bar, the login
 * screens' brand) before any script has arrived (packages/web/src/app/first-paint-frame.ts), and the
 * app then renders the real one in the same place and takes the frame away: nothing moves, nothing is
 * shown twice, and assistive technology only ever meets the real one.
 */

/** Where the title's text sits on the screen (the text's own box: what a person sees move or not). */
async function titleBox(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
  });
}

/** The page as the browser paints it before the app runs: the same HTML, with scripts off. */
async function frameOnly(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await page.goto(path);
    return page;
  } catch (error) {
    await context.close();
    throw error;
  }
}

test.describe('a page paints its frame with the HTML, where the app then renders it (issue 34)', () => {
  test("the home: the shell's header bar, then AppShell's in its place", async ({ browser, baseURL, page, doctor }) => {
    const before = await frameOnly(browser, baseURL!, '/index');
    await expect(before.locator('#first-paint header.shell-header h1.shell-title')).toBeVisible();
    const framed = await titleBox(before, '#first-paint .first-paint-long');
    await before.context().close();

    await signIn(page, doctor.session, '/index');
    await expect(page.getByTestId('greeting')).toContainText(doctor.name);
    await expect(page.locator('#first-paint')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(await titleBox(page, 'h1.shell-title a')).toEqual(framed);
  });

  for (const { path, panel } of [
    { path: '/login', panel: '医生登录' },
    { path: '/register', panel: '医生注册' },
  ]) {
    test(`${path}: the brand, then AuthLayout's in its place, the screen's panel below it`, async ({ browser, baseURL, page }) => {
      const before = await frameOnly(browser, baseURL!, path);
      await expect(before.locator('#first-paint .auth-brand h1')).toHaveText('糖尿病前期中医药健康管理');
      const framed = await titleBox(before, '#first-paint .auth-brand h1');
      await before.context().close();

      await page.goto(path);
      await expect(page.getByRole('heading', { name: panel })).toBeVisible();
      await expect(page.locator('#first-paint')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      expect(await titleBox(page, '.auth-brand h1')).toEqual(framed);
    });
  }

  test('the pages of the routes without a frame carry none: the root, the print page, an unknown path', async ({ page }) => {
    for (const path of ['/', '/recordPrint/1/1', '/no-such-screen']) {
      expect(await (await page.request.get(path)).text(), path).not.toContain('first-paint');
    }
  });
});
