import type { Page } from '@playwright/test';
import { expectStill } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { openFromListSearch, signIn } from '../fixtures/ui';

/**
 * Two things a doctor meets that are CSS only (styles.css): the search box's focus ring, and the side
 * menu that stays in view while a long form scrolls. Each is checked as a person meets it.
 */

/**
 * The theme's primary colour as the browser computes it: antd writes every theme token as a CSS
 * variable on <html> (theme.ts `cssVar`), so the page itself says what the primary colour is.
 */
const primaryOf = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--ant-color-primary)';
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });

/** How far the document is scrolled, and how far it could be. */
const scrollOf = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { top: root.scrollTop, max: root.scrollHeight - root.clientHeight };
  });

test.describe('focus ring and side menu (issue 31)', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("the home search box, reached by Tab, shows a solid ring in the theme's primary colour", async ({ page, doctor }) => {
    await signIn(page, doctor.session, '/index');
    const card = page.getByTestId('home-search');
    const search = card.getByRole('searchbox');
    await expect(search).toBeEditable();
    await expectStill(page);
    // Arrive by Tab, the way a keyboard user does (a click would not show :focus-visible): from the
    // control before the box, back into it.
    await search.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(search).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(search).toBeFocused();
    // The visible box is antd's affix wrapper around the input (allowClear).
    const box = page.locator('.search-box .ant-input-affix-wrapper');
    await expect(box).toHaveCount(1);
    const primary = await primaryOf(page);
    expect(primary).toMatch(/^rgb\(/);
    // Polled: antd's input transitions its colours (0.2 s), and a read just after the focus can catch
    // the ring on its way to the primary colour (once seen in CI: rgba(11, 78, 64, 0.965)).
    await expect
      .poll(() =>
        box.evaluate((element) => {
          const style = getComputedStyle(element);
          return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth), color: style.outlineColor };
        }),
      )
      .toEqual({ style: 'solid', width: 2, color: primary });
  });

  test('the side menu stays in view at the bottom of the long CCMQ form', async ({ page, doctor, patients }) => {
    const patient = await patients.create(doctor);
    await signIn(page, doctor.session, '/userList');
    await openFromListSearch(page, patient.name);
    await page.goto('/bodyConstitution');
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectStill(page);
    const menu = page.getByRole('navigation', { name: '主导航' });
    await expect(menu).toBeVisible();
    await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      root.scrollTop = root.scrollHeight;
    });
    const scroll = await scrollOf(page);
    // The form is long: the page really scrolled by more than a screen, or the test proves nothing.
    expect(scroll.top).toBeGreaterThan(768);
    expect(scroll.top).toBe(scroll.max);
    const viewport = page.viewportSize() ?? { width: 1366, height: 768 };
    const bounds = await menu.boundingBox();
    expect(bounds).not.toBeNull();
    expect(bounds?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((bounds?.y ?? viewport.height) + 40).toBeLessThanOrEqual(viewport.height);
    // Its first entry is on screen and not hidden under the sticky header: a click there reaches it.
    const first = menu.getByRole('menuitem').first();
    const at = await first.boundingBox();
    expect(at).not.toBeNull();
    const hit = await page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('nav')), {
      x: (at?.x ?? 0) + (at?.width ?? 0) / 2,
      y: (at?.y ?? 0) + (at?.height ?? 0) / 2,
    });
    expect(hit).toBe(true);
  });
});
