import { readFileSync } from 'node:fs';
import type { LoginResult } from '@tcm/contracts/api/auth';
import { EXPORT_KEYS, EXPORT_NAMES, type ExportKey } from '@tcm/contracts/api/exports';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorkbook, readSheet } from '../packages/server/test/support/xlsx';
import { chooseOption, waitForMotion } from './support/antd';
import { api } from './support/api';
import type { RunningApp } from './support/app-server';
import { screenshot } from './support/browser';
import { type Journey, startJourney } from './support/journey';
import { ADMIN, apiSignIn, DOCTOR, dialog, openDialog, openSignedIn, spaGoto, waitForHeading, waitForIdle } from './support/shell';

/** The first sheet of each export (the second is always the codebook). */
const FIRST_SHEET: Record<ExportKey, string> = {
  annex7: '随访记录',
  annex1To9: '患者汇总',
  registerFillIn: '填报情况',
  prescriptions: '健康处方',
  stopComparativeDiabetes: '对照组糖尿病结束管理',
  stopComparativePreDiabetes: '对照组糖尿病前期结束管理',
  stopManaged: '管理组结束管理',
};

/** Every list screen and the exports of the rows it shows, the preselected one first (issue 7). */
const SCREENS: { path: string; heading: string; kinds: ExportKey[] }[] = [
  { path: '/userList', heading: '管理组患者', kinds: ['registerFillIn', 'annex7', 'annex1To9'] },
  { path: '/userList/running', heading: '随访录入未完成', kinds: ['registerFillIn', 'annex7', 'annex1To9'] },
  { path: '/userList/completed', heading: '随访录入已完成', kinds: ['registerFillIn', 'stopManaged', 'annex1To9'] },
  { path: '/brList/running', heading: '管理中的患者', kinds: ['annex7', 'registerFillIn', 'annex1To9'] },
  { path: '/brList/completed', heading: '已结束管理的患者', kinds: ['stopManaged', 'annex1To9'] },
  { path: '/userListTQQ', heading: '对照组 · 糖尿病前期', kinds: ['stopComparativePreDiabetes', 'annex7', 'annex1To9'] },
  { path: '/userListTNB', heading: '对照组 · 糖尿病', kinds: ['stopComparativeDiabetes', 'annex1To9'] },
  { path: '/index', heading: `工作台 · ${DOCTOR.name}`, kinds: [...EXPORT_KEYS] },
];

/** Today as the server names its files (YYYYMMDD); the server runs in this process. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
}

interface Downloaded {
  name: string;
  rows: Record<string, unknown>[];
  headers: string[];
  sheets: string[];
}

describe('every export from the screen where its rows live (issue 7)', () => {
  let journey: Journey;
  let server: RunningApp;
  let doctor: LoginResult;

  const fresh = (): Promise<Page> => journey.fresh();
  const total = async (path: string, body: object, token = doctor.token) =>
    (await api<{ total: number }>(server.baseUrl, 'POST', path, { token, body: { page: 1, limit: 1, ...body } })).total;

  /** Opens the screen's export dialog and checks the exports it offers, in order. */
  const expectOffered = async (page: Page, kinds: readonly ExportKey[]): Promise<void> => {
    await page.getByTestId('export-open').click();
    const exportDialog = await openDialog(page, '导出 Excel');
    await exportDialog.getByLabel('导出内容', { exact: true }).click();
    // Polled: the dropdown of the previous screen may still be fading out when this one opens.
    await expect
      .poll(() =>
        page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .evaluateAll((items) => items.map((item) => item.getAttribute('title') ?? item.textContent ?? '')),
      )
      .toEqual(kinds.map((k) => EXPORT_NAMES[k].zh));
    await page.keyboard.press('Escape'); // closes the dropdown, not the dialog
  };

  /** Picks `kind`, downloads, and opens the file. */
  const download = async (page: Page, kind: ExportKey, setUp?: () => Promise<void>): Promise<Downloaded> => {
    const exportDialog = dialog(page, '导出 Excel');
    if (!(await exportDialog.isVisible())) await page.getByTestId('export-open').click();
    await exportDialog.waitFor({ state: 'visible' });
    await waitForMotion(page);
    await chooseOption(page, '导出内容', EXPORT_NAMES[kind].zh);
    await setUp?.();
    const [file] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: /导\s*出/ }).click()]);
    await exportDialog.waitFor({ state: 'hidden' });
    const book = await openWorkbook(readFileSync((await file.path()) as string));
    const { headers, rows } = readSheet(book, FIRST_SHEET[kind]);
    return { name: file.suggestedFilename(), rows, headers, sheets: book.worksheets.map((s) => s.name) };
  };

  beforeAll(async () => {
    journey = await startJourney();
    server = journey.server;
    doctor = await apiSignIn(server.baseUrl, DOCTOR.username, DOCTOR.password);
  });
  afterAll(async () => {
    await journey?.close();
  });

  it("each list screen offers its rows' exports; the preselected one downloads a dated .xlsx whose rows match the list", async () => {
    const page = await fresh();
    await openSignedIn(page, doctor, '/index');
    const institution = doctor.user.institutionId;
    // What the lists hold, from the API: the exports must have the same rows.
    const expectedRows: Partial<Record<ExportKey, number>> = {
      registerFillIn: await total('/api/user/list', { role: 'patient', institutionId: institution }),
      stopManaged: await total('/api/user/list', { role: 'patient', state: 'completed', institutionId: institution }),
      stopComparativePreDiabetes: await total('/api/comparative/list', { role: 0, state: 'completed', institutionId: institution }),
      stopComparativeDiabetes: await total('/api/comparative/list', { role: 1, state: 'completed', institutionId: institution }),
    };
    for (const count of Object.values(expectedRows)) expect(count).toBeGreaterThan(0);

    for (const screen of SCREENS) {
      if (new URL(page.url()).pathname !== screen.path) await spaGoto(page, screen.path);
      await waitForHeading(page, screen.heading);
      await waitForIdle(page);
      await expectOffered(page, screen.kinds);
      await screenshot(page, `exports${screen.path.replaceAll('/', '-')}-dialog`);
      const [kind] = screen.kinds as [ExportKey];
      const file = await download(page, kind);
      expect(file.name, screen.path).toBe(`${EXPORT_NAMES[kind].zh}_${today()}.xlsx`);
      expect(file.sheets[0]).toBe(FIRST_SHEET[kind]);
      expect(file.sheets.at(-1)).toBe('codebook');
      expect(file.headers.slice(0, 2)).toEqual(['患者编号', '姓名']);
      const expected = expectedRows[kind];
      if (expected !== undefined) expect(file.rows.length, `${screen.path}: ${kind}`).toBe(expected);
      else expect(file.rows.length, `${screen.path}: ${kind}`).toBeGreaterThan(0);
      // A doctor's file holds their institution only.
      expect(new Set(file.rows.map((r) => r.所属机构))).toEqual(new Set([doctor.user.institutionName]));
    }

    // The summary of annexes 1-9 (offered on the lists, never preselected): one row per managed patient.
    await spaGoto(page, '/userList');
    await waitForHeading(page, '管理组患者');
    const summary = await download(page, 'annex1To9');
    expect(summary.name).toBe(`${EXPORT_NAMES.annex1To9.zh}_${today()}.xlsx`);
    expect(summary.rows.length).toBeGreaterThanOrEqual(expectedRows.registerFillIn ?? 1);
  });

  it('the prescription page exports every prescription of the institution', async () => {
    const page = await fresh();
    await openSignedIn(page, doctor, '/prescribe/index');
    await page.getByTestId('export-open').waitFor({ state: 'visible' });
    await expectOffered(page, ['prescriptions']);
    const file = await download(page, 'prescriptions');
    expect(file.name).toBe(`${EXPORT_NAMES.prescriptions.zh}_${today()}.xlsx`);
    expect(file.rows.length).toBeGreaterThan(0);
    expect(new Set(file.rows.map((r) => r.所属机构))).toEqual(new Set([doctor.user.institutionName]));
  });

  it('a date range in the future gives a file with the headers and no rows', async () => {
    const page = await fresh();
    await openSignedIn(page, doctor, '/brList/running');
    await waitForHeading(page, '管理中的患者');
    const year = new Date().getFullYear() + 1;
    const file = await download(page, 'annex7', async () => {
      for (const [label, value] of [
        ['开始日期', `${year}-01-01`],
        ['结束日期', `${year}-01-31`],
      ] as const) {
        const input = page.getByLabel(label, { exact: true });
        await input.click();
        await input.fill(value);
        await input.press('Enter');
      }
    });
    expect(file.rows).toEqual([]);
    expect(file.headers).toContain('随访日期');
  });

  it('the administrator exports one institution from the home screen', async () => {
    const admin = await apiSignIn(server.baseUrl, ADMIN.username, ADMIN.password);
    const institutions = await api<{ list: { id: number; name: string }[] }>(server.baseUrl, 'POST', '/api/institution/list', {
      body: { page: 1, limit: 1000 },
    });
    const west = institutions.list[1]!;
    const expected = await total('/api/user/list', { role: 'patient', institutionId: west.id }, admin.token);
    const page = await fresh();
    await openSignedIn(page, admin, '/index');
    await waitForHeading(page, '管理员工作台');
    const file = await download(page, 'registerFillIn', () => chooseOption(page, '社区', west.name));
    expect(file.rows.length).toBe(expected);
    expect(new Set(file.rows.map((r) => r.所属机构))).toEqual(new Set([west.name]));
  });

  it('a refused export answers the envelope, which the page shows as a message; nothing is saved', async () => {
    const page = await fresh();
    await openSignedIn(page, doctor, '/userListTNB');
    await waitForHeading(page, '对照组 · 糖尿病');
    await waitForIdle(page);
    // The request as a tampered client would send it: another institution's data. The server refuses
    // before any byte of the file, with the envelope.
    const other = doctor.user.institutionId === 1 ? 2 : 1;
    await page.route('**/prod-api/api/annex/exportStopManageComparativeDiabetes**', (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('institutionId', String(other));
      return route.continue({ url: url.toString() });
    });
    let downloaded = false;
    page.on('download', () => {
      downloaded = true;
    });
    await page.getByTestId('export-open').click();
    const exportDialog = await openDialog(page, '导出 Excel');
    await exportDialog.getByRole('button', { name: /导\s*出/ }).click();
    await page.locator('.ant-message-notice', { hasText: '无权访问其他机构的数据' }).waitFor({ state: 'visible' });
    await screenshot(page, 'exports-refused');
    // The dialog stays open for another try, and no file was saved.
    expect(await exportDialog.isVisible()).toBe(true);
    expect(downloaded).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/userListTNB');
  });
});
