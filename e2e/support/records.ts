import type { Dialog, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForIdle } from './shell';

/** Helpers the record journeys share: dates, waiting, filling instrument items, the workspace. */

/** A day a little in the past, so that "not in the future" holds in any time zone. */
export function daysAgo(days: number): string {
  const day = new Date(Date.now() - days * 86_400_000);
  return day.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export async function logIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('手机号').fill(user.username);
  await page.getByLabel('密码').fill(user.password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

export async function fillDate(scope: Locator, label: string, value: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(value);
}

export async function fillText(scope: Locator, label: string, value: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

/** A radio (single, grade, boolean) or checkbox (multiple) group, named by its item label. */
export async function choose(scope: Locator, group: string, option: string): Promise<void> {
  await scope
    .getByRole(group.startsWith('!') ? 'group' : 'radiogroup', { name: group.replace(/^!/, ''), exact: true })
    .locator('label', { hasText: option })
    .first()
    .click();
}

export async function save(page: Page, editor: Locator): Promise<void> {
  await editor.getByTestId('record-save').click();
  await page
    .locator('.ant-message-notice', { hasText: /保存成功|已保存评估并结束管理/ })
    .first()
    .waitFor({ state: 'visible' });
}

export async function openWorkspaceTab(page: Page, name: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: '健康档案' }).getByRole('link', { name }).click();
  await page.waitForURL(`**${path}`);
  await waitForIdle(page);
}

export async function openPatient(page: Page, name: string): Promise<void> {
  // Leaving deliberately: if a form still counts as changed, its beforeunload prompt would cancel the
  // navigation (Playwright dismisses dialogs by default) and the journey would stall here.
  const leave = (dialog: Dialog) => {
    if (dialog.type() === 'beforeunload') void dialog.accept();
  };
  page.on('dialog', leave);
  await page.goto('/index');
  page.off('dialog', leave);
  const search = page.getByTestId('home-search').getByRole('searchbox');
  await search.fill(name);
  await search.press('Enter');
  // The patient may be listed twice on the home screen (search results and a worklist view); either
  // button opens the same record.
  await page
    .getByRole('button', { name: `打开档案：${name}` })
    .first()
    .click();
  await page.waitForURL('**/diagnosticRecord');
  await page.getByTestId('patient-panel').getByText(name).waitFor({ state: 'visible' });
  await waitForIdle(page);
}

export function historyRows(page: Page, annex: string): Locator {
  return page.getByTestId(`record-history-${annex}`).locator('tbody tr.ant-table-row');
}

/**
 * Clicks an 打开档案 button on a list screen and waits for the record workspace. The list may still be
 * re-rendering after a search (the table swaps its rows), which can swallow a click on a busy machine:
 * the list first settles, and a click that did not navigate is tried again.
 */
export async function openFromList(page: Page, button: Locator): Promise<void> {
  await waitForIdle(page);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if (!page.url().endsWith('/diagnosticRecord')) await button.click({ timeout: 5_000 });
      await page.waitForURL('**/diagnosticRecord', { timeout: 5_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}
