import type { Page } from 'playwright-core';

/**
 * Picks an option of an Ant Design Select. Its accessible listbox is visually hidden; the visible
 * dropdown rows are `.ant-select-item-option` elements titled with the option's label.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}
