import { readFileSync } from 'node:fs';
import type { LoginResult } from '@tcm/contracts/api/auth';
import type { OutcomeReport } from '@tcm/contracts/api/outcomes';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorkbook } from '../packages/server/test/support/xlsx';
import { chooseOption } from './support/antd';
import { api } from './support/api';
import type { RunningApp } from './support/app-server';
import { screenshot } from './support/browser';
import { type Journey, startJourney } from './support/journey';
import { ADMIN, apiSignIn, checkScreen, DOCTOR, openSignedIn, spaGoto, waitForHeading, waitForIdle } from './support/shell';

/** The sheets of the report's workbook: one per table of the page, and the export's codebook. */
const OUTCOME_SHEETS = ['两组基线（表1）', '结局指标', '组间比较', '生存分析', '体质变化', '各机构', 'codebook'];
const REPORT_PATH = '/api/programme/outcomes';
const EXPORT_PATH = '/api/programme/outcomes/exportExcel';

/** Today as the server names its files (YYYYMMDD); the server runs in this process. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
}

const isReportRequest = (url: string) => new URL(url).pathname.endsWith(`/prod-api${REPORT_PATH}`);

/** The report the API answers for these parameters (what the page must show). */
async function apiReport(server: RunningApp, token: string, params: Record<string, string | number> = {}): Promise<OutcomeReport> {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return api<OutcomeReport>(server.baseUrl, 'GET', `${REPORT_PATH}${search ? `?${search}` : ''}`, { token });
}

/** The cells of the row of a group table whose header cell is `label`: [managed, comparison]. */
async function groupRow(page: Page, tableTestId: string, label: string): Promise<string[]> {
  const row = page
    .getByTestId(tableTestId)
    .locator('tbody tr')
    .filter({ has: page.locator('th', { hasText: label }) });
  return row.locator('td').evaluateAll((cells) => cells.map((cell) => cell.querySelector('.outcome-value')?.textContent?.trim() ?? ''));
}

/** Waits for the report of the current filter to be on screen (not a dimmed earlier one). */
async function waitForReport(page: Page): Promise<void> {
  await page.getByTestId('outcome-report').waitFor({ state: 'visible' });
  await expect.poll(() => page.getByTestId('outcome-report').getAttribute('aria-busy')).toBe('false');
  await waitForIdle(page);
}

/** Opens 项目成效 from the side menu, as a user would. */
async function openFromMenu(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => isReportRequest(r.url()));
  await page.getByRole('navigation', { name: '主导航' }).getByRole('menuitem', { name: '项目成效' }).click();
  await page.waitForURL((url) => url.pathname === '/outcomes');
  await waitForHeading(page, '项目成效');
  await answered;
  await waitForReport(page);
}

/** Types a baseline range into the range picker's two inputs. */
async function chooseRange(page: Page, from: string, to: string): Promise<void> {
  const answered = page.waitForResponse((r) => isReportRequest(r.url()) && new URL(r.url()).searchParams.get('to') === to);
  for (const [label, value] of [
    ['基线开始日期', from],
    ['基线结束日期', to],
  ] as const) {
    const input = page.getByLabel(label, { exact: true });
    await input.click();
    await input.fill(value);
    await input.press('Enter');
  }
  await answered;
  await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(from);
  await waitForReport(page);
}

/** 打印 calls window.print; on paper the shell and the toolbar are gone, A4 portrait, figures and tables kept whole. */
async function checkPrint(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByTestId('outcome-print').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  try {
    expect(await page.locator('.shell-header').isVisible()).toBe(false);
    expect(await page.locator('.ant-layout-sider').isVisible()).toBe(false);
    expect(await page.getByTestId('outcome-toolbar').isVisible()).toBe(false);
    expect(await page.getByTestId('outcome-report').isVisible()).toBe(true);
    // A figure or a table is never cut across two sheets of paper.
    const unbroken = await page
      .locator('.outcome-figure, .outcome-table')
      .evaluateAll((blocks) => blocks.map((b) => getComputedStyle(b).breakInside));
    expect(unbroken.length).toBeGreaterThan(0);
    expect(new Set(unbroken)).toEqual(new Set(['avoid']));
    await screenshot(page, `${name}-print-media`);
  } finally {
    // null, not 'screen': page.pdf() renders the print media only while no screen media is emulated,
    // and with 'screen' the @page rule (A4) would not apply.
    await page.emulateMedia({ media: null });
  }
  // The printed document itself: A4 portrait pages (595 × 842 pt); seven sections of tables and charts
  // do not fit on one sheet.
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  const pages = pdf.match(/\/Type\s*\/Page\b(?!s)/g) ?? [];
  expect(pages.length).toBeGreaterThan(1);
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
  expect(boxes.length).toBeGreaterThan(0);
  for (const [width, height] of boxes) {
    expect(Math.round(width ?? 0)).toBe(595);
    expect(Math.round(height ?? 0)).toBe(842);
  }
}

/** 导出: downloads the workbook of the filter on screen; answers its name, sheets and the request's query. */
async function exportReport(page: Page): Promise<{ name: string; sheets: string[]; query: Record<string, string> }> {
  const requested = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith(`/prod-api${EXPORT_PATH}`));
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('outcome-export').click()]);
  const request = await requested;
  const book = await openWorkbook(readFileSync((await file.path()) as string));
  return {
    name: file.suggestedFilename(),
    sheets: book.worksheets.map((sheet) => sheet.name),
    query: Object.fromEntries(new URL(request.url()).searchParams),
  };
}

describe('programme outcomes for a doctor and the administrator (issue 13)', () => {
  let journey: Journey;
  let server: RunningApp;
  let doctor: LoginResult;
  let admin: LoginResult;
  const nextYear = new Date().getFullYear() + 1;
  const futureRange = { from: `${nextYear}-01-01`, to: `${nextYear}-12-31` };

  beforeAll(async () => {
    journey = await startJourney();
    server = journey.server;
    doctor = await apiSignIn(server.baseUrl, DOCTOR.username, DOCTOR.password);
    admin = await apiSignIn(server.baseUrl, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await journey?.close();
  });

  it("a doctor sees their institution's report, narrows the baseline range, prints and exports it", async () => {
    const page = await journey.fresh();
    await openSignedIn(page, doctor, '/index');
    await openFromMenu(page);
    const expected = await apiReport(server, doctor.token);

    // Their institution, named, without a selector; both groups side by side as the API computed them.
    expect(await page.locator('#outcome-scope').count()).toBe(0);
    expect(await page.getByTestId('outcome-own-institution').textContent()).toBe(`机构：${doctor.user.institutionName}`);
    expect(await page.getByTestId('outcome-scope').textContent()).toBe(`${doctor.user.institutionName} · 基线日期：全部`);
    expect(await groupRow(page, 'outcome-baseline-table', '入组人数')).toEqual([
      String(expected.groups.managed.enrolled),
      String(expected.groups.comparison.enrolled),
    ]);
    expect(await groupRow(page, 'outcome-baseline-table', '可评估人数')).toEqual([
      String(expected.groups.managed.evaluable),
      String(expected.groups.comparison.evaluable),
    ]);
    // The demo data make the page meaningful: both groups have evaluable patients and a curve.
    expect(expected.groups.managed.evaluable).toBeGreaterThan(0);
    expect(expected.groups.comparison.evaluable).toBeGreaterThan(0);
    await page.getByTestId('outcome-survival').locator('[data-testid="outcome-chart"] svg').waitFor({ state: 'visible' });
    expect(await page.getByTestId('outcome-survival-basis').textContent()).toBe(
      `基于可评估患者：管理组 ${expected.groups.managed.evaluable} 名，对照组 ${expected.groups.comparison.evaluable} 名`,
    );
    // The chart's text alternative lists every step of both curves.
    await page.getByTestId('outcome-survival-data').locator('summary').click();
    const survivalRows = page.getByTestId('outcome-survival-data').locator('tbody tr');
    await survivalRows.first().waitFor({ state: 'visible' });
    expect(await survivalRows.count()).toBe(expected.survival.managed.length + expected.survival.comparison.length);
    expect(await page.getByTestId('outcome-institution-table').locator('tbody tr:not([aria-hidden])').count()).toBe(
      expected.byInstitution.length,
    );
    await checkScreen(page, 'outcomes-doctor');

    await checkPrint(page, 'outcomes-doctor');
    const file = await exportReport(page);
    expect(file.query).toEqual({});
    expect(file.name).toBe(`项目成效报告_${today()}.xlsx`);
    expect([...file.sheets].sort()).toEqual([...OUTCOME_SHEETS].sort());
    expect(file.sheets[0]).toBe(OUTCOME_SHEETS[0]);

    // A baseline range with nobody in it: the figures say they rest on too few, estimates are not estimable.
    await chooseRange(page, futureRange.from, futureRange.to);
    expect(await page.getByTestId('outcome-scope').textContent()).toBe(
      `${doctor.user.institutionName} · 基线日期：${futureRange.from} 至 ${futureRange.to}`,
    );
    await page.getByTestId('report-too-few').waitFor({ state: 'visible' });
    expect(await page.getByTestId('outcome-survival-too-few').isVisible()).toBe(true);
    const effect = page.getByTestId('outcome-effect-table');
    expect(await effect.locator('tbody tr').filter({ hasText: '进展风险比（RR）' }).textContent()).toContain('不可估计');
    expect(await groupRow(page, 'outcome-baseline-table', '可评估人数')).toEqual(['0', '0']);
    await checkScreen(page, 'outcomes-doctor-empty-range');
    const narrowed = await exportReport(page);
    expect(narrowed.query).toEqual(futureRange);
    expect([...narrowed.sheets].sort()).toEqual([...OUTCOME_SHEETS].sort());
  });

  it('the administrator sees the city, switches to one institution and a range, prints and exports that', async () => {
    const institutions = await api<{ list: { id: number; name: string }[] }>(server.baseUrl, 'POST', '/api/institution/list', {
      body: { page: 1, limit: 1000 },
    });
    const west = institutions.list[1]!;
    const page = await journey.fresh();
    await openSignedIn(page, admin, '/doctorList');
    await waitForHeading(page, '医生注册审核');
    await openFromMenu(page);

    const city = await apiReport(server, admin.token);
    expect(await page.getByTestId('outcome-scope').textContent()).toBe('全市 · 基线日期：全部');
    expect(await groupRow(page, 'outcome-baseline-table', '入组人数')).toEqual([
      String(city.groups.managed.enrolled),
      String(city.groups.comparison.enrolled),
    ]);
    const names = await page.getByTestId('outcome-institution-table').locator('tbody tr:not([aria-hidden]) th').allTextContents();
    expect(names).toEqual(city.byInstitution.map((row) => row.name));
    await checkScreen(page, 'outcomes-admin-city');

    // One institution.
    const answered = page.waitForResponse(
      (r) => isReportRequest(r.url()) && new URL(r.url()).searchParams.get('institutionId') === String(west.id),
    );
    await chooseOption(page, '机构', west.name);
    await answered;
    await waitForReport(page);
    expect(new URL(page.url()).searchParams.get('institutionId')).toBe(String(west.id));
    const one = await apiReport(server, admin.token, { institutionId: west.id });
    expect(await page.getByTestId('outcome-scope').textContent()).toBe(`${west.name} · 基线日期：全部`);
    expect(await groupRow(page, 'outcome-baseline-table', '入组人数')).toEqual([
      String(one.groups.managed.enrolled),
      String(one.groups.comparison.enrolled),
    ]);
    expect(one.groups.managed.enrolled).toBeGreaterThan(0);
    expect(one.groups.managed.enrolled).toBeLessThan(city.groups.managed.enrolled);

    // Sorting the institutions by a column (the city view lists several).
    await spaGoto(page, '/outcomes');
    await waitForReport(page);
    const table = page.getByTestId('outcome-institution-table');
    await table.locator('th', { hasText: '可评估' }).first().click();
    const evaluable = city.byInstitution.map((row) => ({ name: row.name, value: row.managed.evaluable }));
    const descending = [...evaluable].sort((a, b) => b.value - a.value).map((row) => row.value);
    await expect
      .poll(async () =>
        (
          await table
            .locator('tbody tr:not([aria-hidden])')
            .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[3]?.textContent ?? ''))
        ).map(Number),
      )
      .toEqual(descending);

    // Back to one institution, with a range, then print and export exactly that.
    await chooseOption(page, '机构', west.name);
    await expect.poll(() => new URL(page.url()).searchParams.get('institutionId')).toBe(String(west.id));
    await waitForReport(page);
    await chooseRange(page, futureRange.from, futureRange.to);
    expect(await page.getByTestId('outcome-scope').textContent()).toBe(`${west.name} · 基线日期：${futureRange.from} 至 ${futureRange.to}`);
    await checkPrint(page, 'outcomes-admin');
    const file = await exportReport(page);
    expect(file.query).toEqual({ institutionId: String(west.id), ...futureRange });
    expect(file.name).toBe(`项目成效报告_${today()}.xlsx`);
    expect([...file.sheets].sort()).toEqual([...OUTCOME_SHEETS].sort());
  });

  it('a refused export shows the envelope message and saves nothing', async () => {
    const page = await journey.fresh();
    await openSignedIn(page, doctor, '/outcomes');
    await waitForHeading(page, '项目成效');
    await waitForReport(page);
    // The request as a tampered client would send it: another institution's report.
    const other = doctor.user.institutionId === 1 ? 2 : 1;
    await page.route(`**/prod-api${EXPORT_PATH}**`, (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('institutionId', String(other));
      return route.continue({ url: url.toString() });
    });
    let downloaded = false;
    page.on('download', () => {
      downloaded = true;
    });
    await page.getByTestId('outcome-export').click();
    await page.locator('.ant-message-notice', { hasText: '无权访问其他机构的数据' }).waitFor({ state: 'visible' });
    await screenshot(page, 'outcomes-export-refused');
    expect(downloaded).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/outcomes');
  });
});
