import type { LoginResult } from '@tcm/contracts/api/auth';
import { makeResidentId } from '@tcm/contracts/clinical/resident-id';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, waitForMotion } from './support/antd';
import { api } from './support/api';
import type { RunningApp } from './support/app-server';
import { screenshot } from './support/browser';
import { type Journey, startJourney } from './support/journey';
import {
  apiSignIn,
  checkScreen,
  DOCTOR,
  dialog,
  openDialog,
  openSignedIn,
  type ScreenViolation,
  screenViolations,
  spaGoto,
  toastTexts,
  waitForHeading,
  waitForText,
} from './support/shell';

interface PersonalCenterData {
  comparativeTeamCount: number;
  comparativeTeamDiabetesCount: number;
  comparativeTeamEarlyCount: number;
  managementTeamCompletedCount: number;
  managementTeamCount: number;
  managementTeamEndManagementCount: number;
  managementTeamInManagementCount: number;
  managementTeamUnCompletedCount: number;
}

/** Spec §2: the eight figures of the personal centre and where the linked ones lead. */
const FIGURES: { key: keyof PersonalCenterData; label: string; to?: string }[] = [
  { key: 'managementTeamCount', label: '管理组总数' },
  { key: 'managementTeamCompletedCount', label: '随访录入已完成', to: '/userList/completed' },
  { key: 'managementTeamUnCompletedCount', label: '随访录入未完成', to: '/userList/running' },
  { key: 'managementTeamInManagementCount', label: '管理中', to: '/brList/running' },
  { key: 'managementTeamEndManagementCount', label: '已结束管理', to: '/brList/completed' },
  { key: 'comparativeTeamCount', label: '对照组总数' },
  { key: 'comparativeTeamEarlyCount', label: '糖尿病前期', to: '/userListTQQ' },
  { key: 'comparativeTeamDiabetesCount', label: '糖尿病', to: '/userListTNB' },
];

describe('the doctor in the shell (issue 4)', () => {
  let journey: Journey;
  let server: RunningApp;
  let session: LoginResult;

  const fresh = (viewport?: { width: number; height: number }): Promise<Page> => journey.fresh(viewport);
  const personalCentre = () =>
    api<PersonalCenterData>(server.baseUrl, 'GET', `/api/annex/queryPersonalCenterData?institutionId=${session.user.institutionId}`, {
      token: session.token,
    });
  const unfilled = () =>
    api<{ count: number; days: number }>(server.baseUrl, 'GET', '/api/user/queryUnfilledRemind', { token: session.token });
  const openPopover = async (page: Page) => {
    await page.getByRole('button', { name: '个人中心' }).click();
    await page.getByTestId('personal-center').waitFor({ state: 'visible' });
    await page.getByTestId('personal-center').getByTestId('value-managementTeamCount').waitFor({ state: 'visible' });
    await waitForMotion(page);
  };

  beforeAll(async () => {
    journey = await startJourney();
    server = journey.server;
    session = await apiSignIn(server.baseUrl, DOCTOR.username, DOCTOR.password);
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('guard: without a token every shell route goes to /login; login, admin login, register and reset stay reachable', async () => {
    const page = await fresh();
    for (const path of [
      '/',
      '/index',
      '/index/all',
      '/userList/running',
      '/brList/running',
      '/userListTQQ',
      '/doctorList',
      '/prescribe/1',
      '/followUp',
    ]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login');
    }
    for (const [path, heading] of [
      ['/login', '医生登录'],
      ['/login/admin', '管理员登录'],
      ['/register', '医生注册'],
      ['/resetpw', '找回密码'],
    ] as const) {
      await page.goto(path);
      await waitForHeading(page, heading);
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  it('logs in, greets by name, bell badge = unfilled count, the 结束管理提醒 dialog goes to /userList/running; logout → /login', async () => {
    const page = await fresh();
    await page.goto('/login');
    await page.getByLabel('手机号').fill(DOCTOR.username);
    await page.getByLabel('密码').fill(DOCTOR.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await waitForText(page, `您好，${DOCTOR.name}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('糖尿病前期中医药健康管理');

    const { count, days } = await unfilled();
    expect(days).toBe(15);
    expect(count).toBeGreaterThan(0); // the demo data has overdue patients
    const bell = page.getByTestId('bell');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(`超过 15 天未填写随访的患者：${count} 人`);
    await expect.poll(() => bell.locator('.ant-badge-count').getAttribute('title')).toBe(String(count));
    await screenshot(page, 'doctor-bell-badge');

    // 取消 leaves the dialog without navigating.
    await bell.click();
    let reminder = await openDialog(page, '结束管理提醒');
    expect(await reminder.textContent()).toContain(`有 ${count} 位患者的随访未填写（超过 15 天）。`);
    expect(await reminder.locator('img').count()).toBe(1);
    await screenshot(page, 'doctor-bell-dialog');
    await reminder.getByRole('button', { name: '取消' }).click();
    await reminder.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).not.toBe('/userList/running');

    await bell.click();
    reminder = await openDialog(page, '结束管理提醒');
    await reminder.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/userList/running');
    await waitForHeading(page, '随访录入未完成');
    // The bell's N patients are exactly the overdue view the list opens on.
    await waitForText(page, `共 ${count} 条`);

    await openPopover(page);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/userList');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('personal centre: the eight figures equal queryPersonalCenterData and each link opens its route', async () => {
    const page = await fresh();
    await openSignedIn(page, session, '/index');
    await waitForText(page, `您好，${DOCTOR.name}`);
    const server = await personalCentre();
    await openPopover(page);
    await screenshot(page, 'doctor-personal-centre');
    const centre = page.getByTestId('personal-center');
    for (const { key, label } of FIGURES) {
      await expect.poll(() => centre.getByTestId(`value-${key}`).textContent(), { message: key }).toBe(String(server[key]));
      expect(
        await centre
          .locator('dt')
          .filter({ hasText: new RegExp(`^${label}$`) })
          .count(),
        label,
      ).toBe(1);
    }
    expect(await centre.getByRole('button', { name: '添加对照组成员' }).count()).toBe(1);
    expect(await centre.getByRole('button', { name: '退出登录' }).count()).toBe(1);
    for (const { key, to } of FIGURES) {
      if (!to) {
        expect(await centre.getByTestId(`figure-${key}`).count(), `${key} is not a link`).toBe(0);
        continue;
      }
      if (!(await page.getByTestId('personal-center').isVisible())) await openPopover(page);
      await page.getByTestId('personal-center').getByTestId(`figure-${key}`).click();
      await expect.poll(() => new URL(page.url()).pathname, { message: `figure ${key} leads to ${to}`, timeout: 15_000 }).toBe(to);
      await page.getByTestId('personal-center').waitFor({ state: 'hidden' });
    }
  });

  it('add member: type dialog (pre-diabetes default) → required and format messages → 添加成功 → counts update without a reload; toast closes by itself and on Escape', async () => {
    const page = await fresh();
    await openSignedIn(page, session, '/userListTQQ');
    await waitForHeading(page, '对照组 · 糖尿病前期');
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const before = await personalCentre();
    await openPopover(page);
    await page.getByTestId('personal-center').getByRole('button', { name: '添加对照组成员' }).click();

    const choose = await openDialog(page, '添加对照组成员');
    await expect.poll(() => choose.getByRole('radio', { name: '糖尿病前期' }).isChecked()).toBe(true);
    expect(await choose.getByRole('radio', { name: '糖尿病', exact: true }).isChecked()).toBe(false);
    await checkScreen(page, 'doctor-add-member-type');
    await choose.getByRole('button', { name: '下一步' }).click();

    const form = await openDialog(page, '添加对照组成员（糖尿病前期）');
    // Gender defaults to man; a radio group cannot be cleared, so 请选择性别 never shows from the UI.
    expect(await form.getByRole('radio', { name: '男' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: '提交' }).click();
    const errors = form.locator('.ant-form-item-explain-error');
    await expect.poll(() => errors.allInnerTexts()).toEqual(['请输入姓名', '请输入联系电话', '请输入身份证号', '请选择社区']);
    await checkScreen(page, 'doctor-add-member-required');

    await form.getByLabel('姓名').fill('对照测试甲');
    await form.getByLabel('联系电话').fill('12345678901');
    await form.getByLabel('身份证号').fill('11010119800101');
    await form.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => errors.allInnerTexts()).toEqual(['手机号格式不正确', '身份证号应为18位', '请选择社区']);
    const goodId = makeResidentId('110101', '1968-03-15', 123);
    const badCheck = goodId.slice(0, 17) + (goodId.endsWith('0') ? '1' : '0');
    await form.getByLabel('身份证号').fill(badCheck);
    await expect.poll(() => errors.allInnerTexts()).toContain('身份证号校验位不正确');
    await screenshot(page, 'doctor-add-member-format');

    await form.getByLabel('联系电话').fill('13811112222');
    await form.getByLabel('身份证号').fill(goodId);
    await chooseOption(page, '社区', '城东社区卫生服务中心');
    await expect.poll(() => errors.count()).toBe(0);
    // 添加成功: the toast goes by itself. How long it stays is antd's timer, configured in lib/toast.ts
    // (TOAST_SECONDS, tested beside it); a wall clock on a loaded machine cannot time it.
    await form.getByRole('button', { name: '提交' }).click();
    const success = page.locator('.ant-message-notice', { hasText: '添加成功' });
    await success.waitFor({ state: 'visible' });
    await form.waitFor({ state: 'hidden' });
    // Nobody touches it: it goes by itself.
    await success.waitFor({ state: 'detached', timeout: 20_000 });

    const after = await personalCentre();
    expect(after.comparativeTeamCount).toBe(before.comparativeTeamCount + 1);
    expect(after.comparativeTeamEarlyCount).toBe(before.comparativeTeamEarlyCount + 1);
    expect(after.comparativeTeamDiabetesCount).toBe(before.comparativeTeamDiabetesCount);
    await openPopover(page);
    await expect
      .poll(() => page.getByTestId('personal-center').getByTestId('value-comparativeTeamCount').textContent())
      .toBe(String(after.comparativeTeamCount));
    await expect
      .poll(() => page.getByTestId('personal-center').getByTestId('value-comparativeTeamEarlyCount').textContent())
      .toBe(String(after.comparativeTeamEarlyCount));
    await page.getByRole('button', { name: '个人中心' }).click();
    await page.getByTestId('personal-center').waitFor({ state: 'hidden' });
    // The list behind updated too, and the page was never reloaded.
    await waitForText(page, '对照测试甲');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Second member, diabetes, started from the list's own button; its toast is closed with Escape.
    await page.locator('#main-content').getByRole('button', { name: '添加对照组成员' }).click();
    await choose.waitFor({ state: 'visible' });
    await waitForMotion(page);
    const diabetes = choose.getByRole('radio', { name: '糖尿病', exact: true });
    await choose.getByText('糖尿病', { exact: true }).click();
    expect(await diabetes.isChecked()).toBe(true);
    await choose.getByRole('button', { name: '下一步' }).click();
    const diabetesForm = await openDialog(page, '添加对照组成员（糖尿病）');
    await diabetesForm.getByLabel('姓名').fill('对照测试乙');
    await diabetesForm.getByLabel('联系电话').fill('13811113333');
    await diabetesForm.getByLabel('身份证号').fill(makeResidentId('110101', '1960-07-01', 124));
    // The ID's sequence digit is even: the form follows it to 女.
    await expect.poll(() => diabetesForm.getByRole('radio', { name: '女' }).isChecked()).toBe(true);
    await chooseOption(page, '社区', '城东社区卫生服务中心');
    await diabetesForm.getByRole('button', { name: '提交' }).click();
    const second = page.locator('.ant-message-notice', { hasText: '添加成功' });
    await second.waitFor({ state: 'visible' });
    // Escape with no dialog open (an open antd dialog takes Escape for itself).
    await diabetesForm.waitFor({ state: 'hidden' });
    const escapedAt = Date.now();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await toastTexts(page)).filter((t) => t.includes('添加成功')).length, { timeout: 1500 }).toBe(0);
    expect(Date.now() - escapedAt).toBeLessThan(1500);
    const last = await personalCentre();
    expect(last.comparativeTeamDiabetesCount).toBe(after.comparativeTeamDiabetesCount + 1);
    await openPopover(page);
    await expect
      .poll(() => page.getByTestId('personal-center').getByTestId('value-comparativeTeamDiabetesCount').textContent())
      .toBe(String(last.comparativeTeamDiabetesCount));
  });

  it('confirmation queue: two dialogs; 确定 runs only its action and removes its dialog; 取消 and × remove without running', async () => {
    const page = await fresh();
    await openSignedIn(page, session, '/index', { e2eHooks: true });
    await waitForText(page, `您好，${DOCTOR.name}`);
    await page.evaluate(() => {
      type Queue = { getState(): { push(r: { title: string; p1: string; p2: string; callBack: () => void }): number } };
      const w = window as unknown as { __tcmConfirmQueue: Queue; __ran: string[] };
      w.__ran = [];
      for (const name of ['甲', '乙']) {
        w.__tcmConfirmQueue.getState().push({
          title: `确认${name}`,
          p1: `第一行${name}`,
          p2: `第二行${name}`,
          callBack: () => w.__ran.push(name),
        });
      }
    });
    const ran = () => page.evaluate(() => (window as unknown as { __ran: string[] }).__ran);
    const first = dialog(page, '确认甲');
    const second = dialog(page, '确认乙');
    await first.waitFor({ state: 'visible' });
    await second.waitFor({ state: 'visible' });
    await waitForMotion(page);
    for (const [d, name] of [
      [first, '甲'],
      [second, '乙'],
    ] as const) {
      expect(await d.locator('img').count()).toBe(1);
      expect(await d.locator('.confirm-text').allInnerTexts()).toEqual([`第一行${name}`, `第二行${name}`]);
      expect(await d.getByRole('button', { name: '确定' }).count()).toBe(1);
      expect(await d.getByRole('button', { name: '取消' }).count()).toBe(1);
    }
    await checkScreen(page, 'doctor-confirm-queue-two');

    await second.getByRole('button', { name: '确定' }).click();
    await second.waitFor({ state: 'detached' });
    await expect.poll(ran).toEqual(['乙']);
    expect(await first.isVisible()).toBe(true);

    await first.getByRole('button', { name: '取消' }).click();
    await first.waitFor({ state: 'detached' });
    expect(await ran()).toEqual(['乙']);

    // A third one closed with the × control: removed, not run.
    await page.evaluate(() => {
      type Queue = { getState(): { push(r: { title: string; callBack: () => void }): number } };
      const w = window as unknown as { __tcmConfirmQueue: Queue; __ran: string[] };
      w.__tcmConfirmQueue.getState().push({ title: '确认丙', callBack: () => w.__ran.push('丙') });
    });
    const third = await openDialog(page, '确认丙');
    await third.locator('.ant-modal-close').click();
    await third.waitFor({ state: 'detached' });
    // The queue is empty once the dialog is gone; its action (if it ran) ran before.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (window as unknown as { __tcmConfirmQueue: { getState(): { items: unknown[] } } }).__tcmConfirmQueue.getState().items.length,
        ),
      )
      .toBe(0);
    expect(await ran()).toEqual(['乙']);
    expect(
      await page.evaluate(
        () => (window as unknown as { __tcmConfirmQueue: { getState(): { items: unknown[] } } }).__tcmConfirmQueue.getState().items.length,
      ),
    ).toBe(0);
  });

  it('a session the server no longer knows (code 900) shows 登录信息已过期，请重新登录 and goes to /login', async () => {
    const page = await fresh();
    await openSignedIn(page, session, '/userList');
    await waitForHeading(page, '管理组患者');
    await page.evaluate(() => localStorage.setItem('token', 'bogus-token-0000'));
    await page.reload();
    await page.locator('.ant-message-notice', { hasText: '登录信息已过期，请重新登录' }).waitFor({ state: 'visible' });
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'doctor-session-expired');
  });

  it('choosing a patient fills the info panel (name, ID number, phone, age, institution); it survives a reload', async () => {
    const page = await fresh();
    await openSignedIn(page, session, '/userList');
    await waitForHeading(page, '管理组患者');
    await page.getByRole('button', { name: '打开档案' }).first().click();
    await page.waitForURL('**/diagnosticRecord');
    const patientId = await page.evaluate(() => JSON.parse(localStorage.getItem('tcm.patient') ?? '{}').state?.patientId as number);
    expect(patientId).toBeGreaterThan(0);
    const detail = await api<{ name: string; idNum: string; tel_num: string; age: number; institutionName: string }>(
      server.baseUrl,
      'GET',
      `/api/user/patient?id=${patientId}`,
      { token: session.token },
    );
    const panel = page.getByTestId('patient-panel');
    for (let round = 0; round < 2; round++) {
      await expect.poll(() => panel.getByTestId('panel-idNum').textContent()).toBe(detail.idNum);
      expect(await panel.getByTestId('panel-name').textContent()).toBe(detail.name);
      expect(await panel.getByTestId('panel-tel').textContent()).toBe(detail.tel_num);
      expect(await panel.getByTestId('panel-age').textContent()).toContain(`${detail.age} 岁`);
      expect(await panel.getByTestId('panel-institution').textContent()).toBe(detail.institutionName);
      for (const label of ['姓名', '身份证号', '联系电话', '年龄', '社区']) {
        expect(await panel.locator('.ant-descriptions-item-label', { hasText: label }).count(), label).toBe(1);
      }
      if (round === 0) await page.reload();
    }
    await screenshot(page, 'doctor-patient-panel');
  });

  // A sweep over every doctor screen at two widths (its Playwright replacement will split it per width):
  // three times the per-test limit, as Playwright's test.slow() gives the records journey.
  it('every doctor screen at 1280×800 and 768 wide, records and prescriptions with a patient chosen: screenshot, no serious axe violation', async () => {
    // Every screen is visited and photographed; the violations of all of them are reported together.
    const found: ScreenViolation[] = [];
    const lists: [string, string, string][] = [
      ['/index', `工作台 · ${DOCTOR.name}`, 'home'],
      ['/userList', '管理组患者', 'user-list'],
      ['/userList/running', '随访录入未完成', 'user-list-running'],
      ['/userList/completed', '随访录入已完成', 'user-list-completed'],
      ['/brList/running', '管理中的患者', 'br-list-running'],
      ['/brList/completed', '已结束管理的患者', 'br-list-completed'],
      ['/userListTQQ', '对照组 · 糖尿病前期', 'user-list-tqq'],
      ['/userListTNB', '对照组 · 糖尿病', 'user-list-tnb'],
    ];
    const withPatient = [
      '/diagnosticRecord',
      '/lifeStyle',
      '/InterventionRecord',
      '/bodyConstitution',
      '/symptomScale',
      '/custom',
      '/followUp',
      '/TNBFollowUp',
      '/prescribe',
      '/prescribe/index',
      '/prescribe/1',
      '/prescribe/2',
      '/prescribe/3',
      '/prescribe/4',
      '/prescribe/5',
      '/prescribe/6',
      '/prescribe/other',
    ];
    for (const [width, height, tag] of [
      [1280, 800, '1280'],
      [768, 1024, '768'],
    ] as const) {
      const page = await fresh({ width, height });
      await openSignedIn(page, session, '/index');
      for (const [path, heading, name] of lists) {
        if (new URL(page.url()).pathname !== path) await spaGoto(page, path);
        await waitForHeading(page, heading);
        found.push(...(await screenViolations(page, `doctor-${name}-${tag}`)));
      }
      // Choose a managed patient from the list; the record and prescription screens follow them.
      await spaGoto(page, '/userList');
      await waitForHeading(page, '管理组患者');
      await page.getByRole('button', { name: '打开档案' }).first().click();
      await page.waitForURL('**/diagnosticRecord');
      for (const path of withPatient) {
        if (new URL(page.url()).pathname !== path) await spaGoto(page, path);
        await page.getByTestId('patient-panel').waitFor({ state: 'visible', timeout: 20_000 });
        // The route has rendered once its own entry of the section navigation is the current page.
        const current = path === '/prescribe' ? '/prescribe/index' : path;
        await page.locator(`.section-nav a[aria-current="page"][href="${current}"]`).waitFor({ state: 'visible', timeout: 20_000 });
        found.push(...(await screenViolations(page, `doctor${path.replaceAll('/', '-')}-${tag}`)));
      }
    }
    expect(found).toEqual([]);
  }, 540_000);
});
