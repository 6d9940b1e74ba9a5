import type { Locator, Page } from 'playwright-core';

/** A typical thing a doctor does on their home screen, and what shows that it is done. */
export interface Interaction {
  label: string;
  run(page: Page): Promise<void>;
}

const SETTLE_TIMEOUT = 60_000;

/** The managed group's worklist table (PatientTable's section, named by its caption). */
const managedWorklist = (page: Page): Locator => page.getByRole('region', { name: '管理组', exact: true });

/**
 * Waits until no antd spinner or skeleton shows (each list's loading state). The two frames first let
 * React paint what the last action started (a query's spinner appears in the render after the click).
 */
export async function waitForSettled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForFunction(
    () => document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active, .page-loading').length === 0,
    undefined,
    {
      timeout: SETTLE_TIMEOUT,
      polling: 50,
    },
  );
}

/** The doctor's home has drawn its largest content: the heading and the first page of the worklist. */
export async function waitForHome(page: Page, doctorName: string): Promise<void> {
  await page.getByRole('heading', { name: `工作台 · ${doctorName}` }).waitFor({ timeout: SETTLE_TIMEOUT });
  await managedWorklist(page).locator('tr.data-table-row').first().waitFor({ timeout: SETTLE_TIMEOUT });
  await waitForSettled(page);
}

async function clickAndSettle(page: Page, target: Locator): Promise<void> {
  await target.click();
  await waitForSettled(page);
}

/**
 * The interactions measured for INP, in order, on one page: searching the institution's patients,
 * paging the worklist, switching its views and cohorts (the home's tabs), opening a patient, switching
 * tabs in their record, and going back home through the menu.
 */
export const HOME_INTERACTIONS: readonly Interaction[] = [
  {
    label: 'search: type a name',
    async run(page) {
      await page.getByLabel('姓名 / 身份证号 / 手机号', { exact: true }).click();
      await page.keyboard.type('患者12', { delay: 80 });
    },
  },
  {
    label: 'search: Enter, results',
    async run(page) {
      await page.keyboard.press('Enter');
      await page.locator('.ant-card').filter({ hasText: '查找患者' }).locator('.patient-item').first().waitFor({ timeout: SETTLE_TIMEOUT });
      await waitForSettled(page);
    },
  },
  {
    label: 'worklist: page 2',
    run: (page) => clickAndSettle(page, managedWorklist(page).getByRole('button', { name: '第 2 页', exact: true })),
  },
  {
    label: 'worklist: next page',
    run: (page) => clickAndSettle(page, managedWorklist(page).getByRole('button', { name: '下一页', exact: true })),
  },
  {
    label: 'worklist tab: due in 7 days',
    run: (page) => clickAndSettle(page, page.getByLabel('随访状态', { exact: true }).getByText('7天内到期', { exact: true })),
  },
  {
    label: 'worklist tab: overdue only',
    run: (page) => clickAndSettle(page, page.getByLabel('随访状态', { exact: true }).getByText('逾期未随访', { exact: true })),
  },
  {
    label: 'worklist tab: all in management',
    run: (page) => clickAndSettle(page, page.getByLabel('随访状态', { exact: true }).getByText('全部在管', { exact: true })),
  },
  {
    label: 'cohort tab: managed group',
    run: (page) => clickAndSettle(page, page.getByLabel('人群', { exact: true }).getByText('管理组', { exact: true })),
  },
  {
    label: 'cohort tab: all',
    run: (page) => clickAndSettle(page, page.getByLabel('人群', { exact: true }).getByText('全部', { exact: true })),
  },
  {
    label: 'open a patient',
    async run(page) {
      await managedWorklist(page).getByRole('button', { name: '打开档案' }).first().click();
      await page.getByRole('navigation', { name: '健康档案' }).waitFor({ timeout: SETTLE_TIMEOUT });
      await waitForSettled(page);
    },
  },
  {
    label: 'record: switch instrument tab',
    async run(page) {
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor({ timeout: SETTLE_TIMEOUT });
      await clickAndSettle(page, (await tabs.count()) > 1 ? tabs.nth(1) : tabs.first());
    },
  },
  {
    label: 'record: follow-ups section',
    run: (page) => clickAndSettle(page, page.getByRole('navigation', { name: '健康档案' }).getByRole('link', { name: '随访记录' })),
  },
  {
    label: 'menu: back to the home',
    async run(page) {
      await page.getByRole('navigation', { name: '主导航' }).getByRole('menuitem', { name: '首页', exact: true }).click();
      await managedWorklist(page).locator('tr.data-table-row').first().waitFor({ timeout: SETTLE_TIMEOUT });
      await waitForSettled(page);
    },
  },
];
