import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until the overlays (popovers, dropdowns, select lists, modals) have finished their opening and
 * closing animations. antd's popover zooms in from its corner: a click aimed while it is still moving
 * can land on the row above the intended link. Only overlay roots count: a loading button's icon can
 * keep its motion class for as long as it is hidden.
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
