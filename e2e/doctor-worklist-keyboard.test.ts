import type { LoginResult } from '@tcm/contracts/api/auth';
import { makeResidentId } from '@tcm/contracts/clinical/resident-id';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api';
import type { RunningApp } from './support/app-server';
import { screenshot } from './support/browser';
import { type Journey, startJourney } from './support/journey';
import { apiSignIn, DOCTOR, openDialog, openSignedIn, waitForHeading, waitForIdle, waitForText } from './support/shell';

interface Paged {
  list: { id: number; name: string; nextDueDate: string | null }[];
  total: number;
}

/**
 * A calendar day `days` before today as the server counts days: it runs in this process, on the
 * process's local date (the browser's time zone does not matter to these API checks).
 */
function daysAgo(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() - days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** Presses Tab until `target` has the focus; fails after `max` presses, naming where the focus went. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  const visited: string[] = [];
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return;
    await page.keyboard.press('Tab');
    visited.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        return el ? `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 16)}` : '-';
      }),
    );
  }
  throw new Error(`not reachable with Tab in ${max} presses: ${target}; the focus went to ${visited.join(' → ')}`);
}

/**
 * Presses ArrowDown inside a menu until `target` has the focus. The menu moves the focus after the key
 * event, so each press waits for the focus to move before looking again (never racing past the target).
 */
async function arrowDownTo(page: Page, target: Locator, max = 15): Promise<void> {
  const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    const before = await focused();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused, { timeout: 5_000 }).not.toBe(before);
  }
  expect(await isFocused(target), `${target} reached with ArrowDown`).toBe(true);
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

describe("the doctor's worklist and keyboard use (issue 4)", () => {
  let journey: Journey;
  let server: RunningApp;
  let session: LoginResult;
  let dueSoonId: number;

  const fresh = (): Promise<Page> => journey.fresh();

  beforeAll(async () => {
    journey = await startJourney();
    server = journey.server;
    session = await apiSignIn(server.baseUrl, DOCTOR.username, DOCTOR.password);
    // A managed patient seen 10 days ago: the next follow-up (every 15 days) falls due in 5 days.
    const { id } = await api<{ id: number }>(server.baseUrl, 'POST', '/api/user/patient', {
      token: session.token,
      body: {
        name: '即将随访',
        idNum: makeResidentId('110105', '1966-04-09', 731),
        tel_num: '13812345670',
        institutionId: session.user.institutionId,
        consentDate: daysAgo(30),
      },
    });
    dueSoonId = id;
    await api(server.baseUrl, 'POST', '/api/annex/7/records', {
      token: session.token,
      body: { patientId: id, data: { visitDate: daysAgo(10), way: 'phone' } },
    });
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('worklist: every view and cohort shows what the server filters and orders (earliest due first)', async () => {
    const page = await fresh();
    await openSignedIn(page, session, '/index');
    await waitForHeading(page, `工作台 · ${DOCTOR.name}`);
    const views = [
      { label: '全部在管', filter: {} },
      { label: '7天内到期', filter: { dueWithinDays: 7 } },
      { label: '仅逾期', filter: { overdueOnly: true } },
    ];
    const cohorts = [
      { caption: '管理组', path: '/api/user/list', body: { role: 'patient' } },
      { caption: '对照组', path: '/api/comparative/list', body: {} },
    ];
    const stateGroup = page.getByLabel('随访状态', { exact: true });
    for (const view of views) {
      await stateGroup.getByText(view.label, { exact: true }).click();
      for (const cohort of cohorts) {
        const expected = await api<Paged>(server.baseUrl, 'POST', cohort.path, {
          token: session.token,
          body: { ...cohort.body, page: 1, limit: 10, state: 'running', sort: 'dueDate', ...view.filter },
        });
        const dueDates = expected.list.map((p) => p.nextDueDate ?? '');
        expect(dueDates, `${view.label} ${cohort.caption} is ordered by due date`).toEqual([...dueDates].sort());
        const table = page.getByRole('region', { name: cohort.caption, exact: true });
        await expect.poll(() => table.count(), { message: `one ${cohort.caption} table` }).toBe(1);
        await expect
          .poll(
            () => table.locator('tbody tr[data-row-key]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row-key')))),
            {
              message: `${view.label} · ${cohort.caption}`,
              timeout: 20_000,
            },
          )
          .toEqual(expected.list.map((p) => p.id));
        if (view.filter.dueWithinDays) {
          for (const p of expected.list) {
            expect(p.nextDueDate! >= daysAgo(0) && p.nextDueDate! <= daysAgo(-7), `${p.name} due ${p.nextDueDate}`).toBe(true);
          }
        }
      }
      await waitForIdle(page);
      await screenshot(page, `doctor-worklist-${view.filter.dueWithinDays ? 'due-soon' : view.filter.overdueOnly ? 'overdue' : 'all'}`);
    }
    // The patient due in 5 days is in the due-soon view and not in the overdue one.
    const dueSoon = await api<Paged>(server.baseUrl, 'POST', '/api/user/list', {
      token: session.token,
      body: { role: 'patient', page: 1, limit: 100, dueWithinDays: 7 },
    });
    expect(dueSoon.list.find((p) => p.id === dueSoonId)?.nextDueDate).toBe(daysAgo(-5));
  });

  it('keyboard: skip link, bell dialog, personal-centre popover (Tab into it, Escape closes), menu, export dialog', async () => {
    const page = await fresh();
    await openSignedIn(page, session, '/index');
    await waitForHeading(page, `工作台 · ${DOCTOR.name}`);
    await waitForIdle(page);

    // The first Tab reaches the skip link, which moves the focus to the screen's content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    expect(await isFocused(skip)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // The bell opens the 结束管理提醒 dialog; Escape closes it without going anywhere.
    await page.locator('body').focus();
    const bell = page.getByTestId('bell');
    await tabTo(page, bell);
    await page.keyboard.press('Enter');
    const reminder = await openDialog(page, '结束管理提醒');
    await page.keyboard.press('Escape');
    await reminder.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/index');
    // … and Enter on its 确定 goes to the unfilled list.
    await bell.focus();
    await page.keyboard.press('Enter');
    await reminder.waitFor({ state: 'visible' });
    await tabTo(page, reminder.getByRole('button', { name: /确\s*定/ }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/userList/running');

    // Personal centre: Enter opens it with the focus inside, Tab reaches the figure links, Escape
    // closes it and gives the focus back to the trigger.
    const trigger = page.getByTestId('personal-center-trigger');
    await trigger.focus();
    await page.keyboard.press('Enter');
    const centre = page.getByTestId('personal-center');
    await centre.getByTestId('value-managementTeamCount').waitFor({ state: 'visible' });
    await expect.poll(() => isFocused(centre)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await isFocused(centre.getByTestId('figure-managementTeamCompletedCount'))).toBe(true);
    await screenshot(page, 'doctor-keyboard-personal-centre');
    await page.keyboard.press('Escape');
    await centre.waitFor({ state: 'hidden' });
    expect(await isFocused(trigger)).toBe(true);
    // Reopened, a figure link followed with Enter opens its list and closes the popover.
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(centre)).toBe(true);
    await tabTo(page, centre.getByTestId('figure-comparativeTeamEarlyCount'), 12);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/userListTQQ');
    await centre.waitFor({ state: 'hidden' });
    // The focus is not lost with the closed popover: it is back on the trigger.
    expect(await isFocused(trigger)).toBe(true);

    // The side menu is one tab stop with arrow keys (WAI-ARIA menu); Enter opens the item.
    const menu = page.getByRole('navigation', { name: '主导航' }).getByRole('menu').first();
    await tabTo(page, menu);
    const target = menu.getByRole('menuitem', { name: '糖尿病', exact: true });
    await arrowDownTo(page, target);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/userListTNB');
    await waitForHeading(page, '对照组 · 糖尿病');

    // The screen's export: Tab reaches it, Enter opens the dialog, Escape closes it.
    const exportButton = page.getByTestId('export-open');
    await tabTo(page, exportButton);
    await page.keyboard.press('Enter');
    const exportDialog = await openDialog(page, '导出 Excel');
    await page.keyboard.press('Escape');
    await exportDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(exportButton), { message: 'the focus is back on the export button' }).toBe(true);

    // Every row action of a list is reachable: the first 打开档案 opens the record workspace.
    await tabTo(page, page.getByRole('button', { name: '打开档案' }).first(), 120);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/diagnosticRecord');
    await waitForText(page, '诊断记录');
  });
});
