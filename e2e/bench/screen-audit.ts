import type { LoginResult } from '@tcm/contracts/api/auth';
import { PRESCRIPTION_ROUTES } from '@tcm/contracts/prescriptions/routes';
import type { Browser, Page } from 'playwright-core';
import { waitForSettled } from './home-scenario';

/** What one screen has in its DOM once settled. */
export interface ScreenCount {
  role: 'doctor' | 'admin';
  screen: string;
  tableRows: number;
  listItems: number;
  options: number;
  elements: number;
}

const RECORD_PATHS = [
  '/diagnosticRecord',
  '/lifeStyle',
  '/bodyConstitution',
  '/symptomScale',
  '/InterventionRecord',
  '/followUp',
  '/TNBFollowUp',
  '/custom',
];

const DOCTOR_LISTS = [
  '/index',
  '/index/managed',
  '/index/comparison',
  '/userList',
  '/userList/running',
  '/userList/completed',
  '/userList?limit=100',
  '/brList/running',
  '/brList/completed',
  '/userListTQQ',
  '/userListTNB',
  '/outcomes',
];
const ADMIN_SCREENS = ['/index', '/doctorList', '/doctorList?limit=100', '/outcomes'];

async function countDom(page: Page): Promise<Omit<ScreenCount, 'role' | 'screen'>> {
  return page.evaluate(() => {
    const scope = document.querySelector('main') ?? document.body;
    return {
      tableRows: document.querySelectorAll('tr.data-table-row').length,
      listItems: scope.querySelectorAll('li').length,
      options: document.querySelectorAll('.ant-select-item-option, [role="option"]').length,
      elements: document.getElementsByTagName('*').length,
    };
  });
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('h1, h2').first().waitFor({ timeout: 60_000 });
  await waitForSettled(page);
  await page.waitForLoadState('networkidle');
  await waitForSettled(page);
}

/** Opens every select of the open dialog in turn and counts the options it renders. */
async function auditDialogSelects(page: Page, role: ScreenCount['role'], name: string, out: ScreenCount[]): Promise<void> {
  const selects = page.locator('.ant-modal .ant-select:not(.ant-select-disabled)');
  const n = await selects.count();
  for (let i = 0; i < n; i += 1) {
    await selects.nth(i).click();
    // This select's own dropdown (the one holding the listbox its input controls): the previous one
    // may still be sliding out, and antd marks a closed one with ant-select-dropdown-hidden.
    const listbox = await selects.nth(i).locator('[aria-controls]').first().getAttribute('aria-controls');
    if (!listbox) throw new Error(`${name}: select ${i + 1} names no listbox`);
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)', { has: page.locator(`[id="${listbox}"]`) });
    await dropdown.waitFor({ timeout: 60_000 });
    out.push({ role, screen: `${name}, select ${i + 1} open`, ...(await countDom(page)) });
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden', timeout: 60_000 });
  }
}

async function signedInPage(browser: Browser, baseUrl: string, session: LoginResult): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await context.addInitScript((s: LoginResult) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('admin', s.admin ? 'true' : 'false');
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
  return context.newPage();
}

/**
 * Visits every screen the doctor and the administrator use (lists at their largest page size, a
 * patient's record and prescription screens, the export dialog with each select open) and counts what
 * the DOM holds: table rows, list items, select options, elements. With paged and virtualised lists
 * none of these grows with the number of patients.
 */
export async function auditScreens(browser: Browser, baseUrl: string, doctor: LoginResult, admin: LoginResult): Promise<ScreenCount[]> {
  const out: ScreenCount[] = [];
  const page = await signedInPage(browser, baseUrl, doctor);
  try {
    for (const path of DOCTOR_LISTS) {
      await visit(page, path);
      out.push({ role: 'doctor', screen: path, ...(await countDom(page)) });
    }
    await visit(page, '/index');
    await page.getByRole('button', { name: '导出数据' }).first().click();
    await page.locator('.ant-modal').waitFor();
    await auditDialogSelects(page, 'doctor', 'export dialog', out);
    await page.keyboard.press('Escape');
    // Select a patient the way a doctor does, then visit their record and prescription screens.
    await visit(page, '/userList');
    await page.getByRole('button', { name: '打开档案' }).first().click();
    await page.getByRole('navigation', { name: '健康档案' }).waitFor({ timeout: 60_000 });
    for (const path of [...RECORD_PATHS, ...PRESCRIPTION_ROUTES.map((r) => `/prescribe/${r.path}`)]) {
      await visit(page, path);
      out.push({ role: 'doctor', screen: path, ...(await countDom(page)) });
    }
  } finally {
    await page.context().close();
  }
  const adminPage = await signedInPage(browser, baseUrl, admin);
  try {
    for (const path of ADMIN_SCREENS) {
      await visit(adminPage, path);
      out.push({ role: 'admin', screen: path, ...(await countDom(adminPage)) });
    }
    await visit(adminPage, '/index');
    await adminPage.getByRole('button', { name: '导出数据' }).first().click();
    await adminPage.locator('.ant-modal').waitFor();
    await auditDialogSelects(adminPage, 'admin', 'export dialog', out);
  } finally {
    await adminPage.context().close();
  }
  return out;
}
