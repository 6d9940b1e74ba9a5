import { EXPORT_KEYS, EXPORT_NAMES, type ExportKey } from '@tcm/contracts/api/exports';
import { readSheet } from '@tcm/server/testing';
import type { AppApi, Doctor } from '../fixtures/data';
import {
  downloadExport,
  expectOffered,
  exportDialog,
  FIRST_SHEET,
  tamperExportInstitution,
  today,
  typeDate,
  workbookOf,
} from '../fixtures/exports';
import { expectToast, recordToasts } from '../fixtures/records';
import { expectStill, screenshot } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { chooseOption, heading, openDialog, selectShowing, signIn, toast } from '../fixtures/ui';

/** Every list screen and the exports of the rows it shows, the preselected one first. */
const SCREENS: { path: string; heading: string; kinds: ExportKey[] }[] = [
  { path: '/userList', heading: '管理组患者', kinds: ['registerFillIn', 'annex7', 'annex1To9'] },
  { path: '/userList/running', heading: '随访录入未完成', kinds: ['registerFillIn', 'annex7', 'annex1To9'] },
  { path: '/userList/completed', heading: '随访录入已完成', kinds: ['registerFillIn', 'stopManaged', 'annex1To9'] },
  { path: '/brList/running', heading: '管理中的患者', kinds: ['annex7', 'registerFillIn', 'annex1To9'] },
  { path: '/brList/completed', heading: '已结束管理的患者', kinds: ['stopManaged', 'annex1To9'] },
  { path: '/userListTQQ', heading: '对照组 · 糖尿病前期', kinds: ['stopComparativePreDiabetes', 'annex7', 'annex1To9'] },
  { path: '/userListTNB', heading: '对照组 · 糖尿病', kinds: ['stopComparativeDiabetes', 'annex1To9'] },
  { path: '/index', heading: '工作台 · {name}', kinds: [...EXPORT_KEYS] },
];

/** How many rows a list of the API holds for this filter (the exports must have as many). */
async function total(api: AppApi, token: string, path: string, body: object): Promise<number> {
  return (await api.request<{ total: number }>('POST', path, { token, body: { page: 1, limit: 1, ...body } })).total;
}

/**
 * How many rows the list of the API behind an export holds for the doctor's institution (the export
 * must have as many); undefined for the exports without such a list (annexes 7 and 1-9).
 */
async function expectedRows(api: AppApi, doctor: Doctor, kind: ExportKey): Promise<number | undefined> {
  const institutionId = doctor.institutionId;
  const count = (path: string, body: object) => total(api, doctor.session.token, path, { institutionId, ...body });
  switch (kind) {
    case 'registerFillIn':
      return count('/api/user/list', { role: 'patient' });
    case 'stopManaged':
      return count('/api/user/list', { role: 'patient', state: 'completed' });
    case 'stopComparativePreDiabetes':
      return count('/api/comparative/list', { role: 0, state: 'completed' });
    case 'stopComparativeDiabetes':
      return count('/api/comparative/list', { role: 1, state: 'completed' });
    default:
      return undefined;
  }
}

// The exports are of the institution: a test's own doctor of 城东 sees its own patients beside the
// demo data of 城东, which the tests only read.
test.describe('every export from the screen where its rows live (issue 7)', () => {
  // One test per screen: each signs in its own doctor and reads the lists of the institution.
  for (const screen of SCREENS) {
    test(`${screen.path} offers its rows' exports; the preselected one downloads a dated .xlsx whose rows match the list`, async ({
      page,
      api,
      doctor,
      patients,
    }) => {
      const own = await patients.create(doctor);
      const [kind] = screen.kinds as [ExportKey];
      const expected = await expectedRows(api, doctor, kind);
      if (expected !== undefined) expect(expected).toBeGreaterThan(0);

      await signIn(page, doctor.session, screen.path);
      await expect(heading(page, screen.heading.replace('{name}', doctor.name))).toBeVisible();
      await expectStill(page);
      await expectOffered(page, screen.kinds);
      await screenshot(page, `exports${screen.path.replaceAll('/', '-')}-dialog`);
      const file = await downloadExport(page, kind);
      expect(file.name, screen.path).toBe(`${EXPORT_NAMES[kind].zh}_${today()}.xlsx`);
      expect(file.sheets[0]).toBe(FIRST_SHEET[kind]);
      expect(file.sheets.at(-1)).toBe('codebook');
      expect(file.headers.slice(0, 2)).toEqual(['患者编号', '姓名']);
      if (expected !== undefined) expect(file.rows.length, `${screen.path}: ${kind}`).toBe(expected);
      else expect(file.rows.length, `${screen.path}: ${kind}`).toBeGreaterThan(0);
      // The test's own patient is in the fill-in file of the institution.
      if (kind === 'registerFillIn') expect(file.rows.map((r) => r.姓名)).toContain(own.name);
      // A doctor's file holds their institution only.
      expect(new Set(file.rows.map((r) => r.所属机构))).toEqual(new Set([doctor.session.user.institutionName]));
    });
  }

  test('the summary of annexes 1-9 (offered on the lists, never preselected) has one row per managed patient', async ({
    page,
    api,
    doctor,
    patients,
  }) => {
    await patients.create(doctor);
    const managed = (await expectedRows(api, doctor, 'registerFillIn')) ?? 1;
    await signIn(page, doctor.session, '/userList');
    await expect(heading(page, '管理组患者')).toBeVisible();
    const summary = await downloadExport(page, 'annex1To9');
    expect(summary.name).toBe(`${EXPORT_NAMES.annex1To9.zh}_${today()}.xlsx`);
    expect(summary.rows.length).toBeGreaterThanOrEqual(managed);
  });

  test('a de-identified, coded export shows its progress and a toast with the file name', async ({ page, context, doctor, patients }) => {
    await recordToasts(context);
    const own = await patients.create(doctor);
    await signIn(page, doctor.session, '/userList');
    await expect(heading(page, '管理组患者')).toBeVisible();
    await page.getByTestId('export-open').click();
    const opened = await openDialog(page, '导出 Excel');
    await expect(selectShowing(page, '导出内容')).toHaveText(EXPORT_NAMES.registerFillIn.zh);
    await opened.getByRole('checkbox', { name: '去标识化' }).check();
    await opened.getByRole('checkbox', { name: '数值编码' }).check();
    // The answer is held until the dialog has been seen saying that the file is being made.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let query: URLSearchParams | undefined;
    await page.route('**/prod-api/api/user/exportRegisterPatientIsFillIn**', async (route) => {
      query = new URL(route.request().url()).searchParams;
      await held;
      await route.continue();
    });
    const download = page.waitForEvent('download');
    await opened.getByRole('button', { name: /导\s*出/ }).click();
    const progress = opened.getByTestId('export-progress');
    await expect(progress).toHaveText('正在生成文件…');
    await expect(progress).toHaveAttribute('role', 'status');
    release();
    const file = await workbookOf(await download);
    await expect(opened).toBeHidden();
    expect(query?.get('deidentify')).toBe('true');
    expect(query?.get('coded')).toBe('true');
    const name = `${EXPORT_NAMES.registerFillIn.zh}_${today()}.xlsx`;
    await expectToast(page, `导出完成：${name}`);
    const { headers, rows } = readSheet(file, FIRST_SHEET.registerFillIn);
    for (const identifying of ['姓名', '身份证号', '手机号']) expect(headers).not.toContain(identifying);
    expect(headers.slice(0, 3)).toEqual(['患者代码', '性别', '年龄']);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(own.name);
    for (const row of rows) {
      expect(String(row.患者代码)).toMatch(/^P[0-9A-F]{12}$/);
      expect([1, 2]).toContain(row.性别);
    }
  });

  test('the prescription page exports every prescription of the institution', async ({ page, doctor }) => {
    await signIn(page, doctor.session, '/prescribe/index');
    await expect(page.getByTestId('export-open')).toBeVisible();
    await expectOffered(page, ['prescriptions']);
    const file = await downloadExport(page, 'prescriptions');
    expect(file.name).toBe(`${EXPORT_NAMES.prescriptions.zh}_${today()}.xlsx`);
    expect(file.rows.length).toBeGreaterThan(0);
    expect(new Set(file.rows.map((r) => r.所属机构))).toEqual(new Set([doctor.session.user.institutionName]));
  });

  test('a date range in the future gives a file with the headers and no rows', async ({ page, doctor }) => {
    await signIn(page, doctor.session, '/brList/running');
    await expect(heading(page, '管理中的患者')).toBeVisible();
    const year = new Date().getFullYear() + 1;
    const file = await downloadExport(page, 'annex7', async () => {
      await typeDate(page, '开始日期', `${year}-01-01`);
      await typeDate(page, '结束日期', `${year}-01-31`);
    });
    expect(file.rows).toEqual([]);
    expect(file.headers).toContain('随访日期');
  });

  test('the administrator exports one institution from the home screen', async ({ page, api, admin }) => {
    const institutions = await api.request<{ list: { id: number; name: string }[] }>('POST', '/api/institution/list', {
      body: { page: 1, limit: 1000 },
    });
    const west = institutions.list[1]!;
    const expected = await total(api, admin.token, '/api/user/list', { role: 'patient', institutionId: west.id });
    await signIn(page, admin, '/index');
    await expect(heading(page, '管理员工作台')).toBeVisible();
    const file = await downloadExport(page, 'registerFillIn', () => chooseOption(page, '社区', west.name));
    expect(file.rows.length).toBe(expected);
    expect(new Set(file.rows.map((r) => r.所属机构))).toEqual(new Set([west.name]));
  });

  test('a refused export answers the envelope, which the page shows as a message; nothing is saved', async ({ page, doctor }) => {
    await signIn(page, doctor.session, '/userListTNB');
    await expect(heading(page, '对照组 · 糖尿病')).toBeVisible();
    await expectStill(page);
    // The request as a tampered client would send it: another institution's data. The server refuses
    // before any byte of the file, with the envelope.
    const other = doctor.institutionId === 1 ? 2 : 1;
    const downloaded = await tamperExportInstitution(page, '**/prod-api/api/annex/exportStopManageComparativeDiabetes**', other);
    await page.getByTestId('export-open').click();
    const opened = await openDialog(page, '导出 Excel');
    await opened.getByRole('button', { name: /导\s*出/ }).click();
    await expect(toast(page, '无权访问其他机构的数据')).toBeVisible();
    await screenshot(page, 'exports-refused');
    // The dialog stays open for another try, and no file was saved.
    await expect(exportDialog(page)).toBeVisible();
    expect(downloaded()).toBe(false);
    await expect(page).toHaveURL((url) => url.pathname === '/userListTNB');
  });
});
