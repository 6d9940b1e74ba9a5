import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until no finite CSS animation or transition is running (a table un-dimming after a load, a
 * dialog zooming in, a menu highlight moving). Endless ones (a spinner icon) do not count.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * Waits until the overlays (popovers, dropdowns, select lists, modals) have finished opening or
 * closing. They zoom or slide in, and on a loaded machine a click aimed while one is still moving (or
 * about to start moving: the motion classes come a frame before the animation) lands on the
 * neighbouring row. Only overlay roots count: a loading button's icon can keep its motion class for
 * as long as it is hidden.
 */
export async function waitForMotion(page: Page): Promise<void> {
  const moving = ['.ant-popover', '.ant-dropdown', '.ant-select-dropdown', '.ant-modal']
    .flatMap((overlay) => ['-appear', '-enter', '-leave'].map((phase) => `${overlay}[class*="${phase}"]`))
    .join(', ');
  await expect
    .poll(() => page.locator(moving).evaluateAll((els) => els.map((el) => `${el.tagName} ${el.getAttribute('class')}`)), {
      timeout: 20_000,
    })
    .toEqual([]);
  await waitForAnimations(page);
}

/**
 * Picks an option of an Ant Design Select. Its accessible listbox is visually hidden; the visible
 * dropdown rows are `.ant-select-item-option` elements titled with the option's label.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await waitForMotion(page);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}
