import type { LoginResult } from '@tcm/contracts/api/auth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMotion } from './support/antd';
import { api } from './support/api';
import type { RunningApp } from './support/app-server';
import { screenshot } from './support/browser';
import { type Journey, startJourney } from './support/journey';
import {
  ADMIN,
  apiSignIn,
  checkScreen,
  openDialog,
  openSignedIn,
  PENDING_DOCTOR,
  registerDoctorViaApi,
  type ScreenViolation,
  screenViolations,
  spaGoto,
  waitForHeading,
  waitForIdle,
  waitForText,
} from './support/shell';

interface DoctorRow {
  id: number;
  name: string;
  mobile: string;
  registerStatus: string;
  rejectReason: string | null;
}

const REJECTED = { name: '驳回测试医生', mobile: '13755550001', institutionId: 2 };
const EXTRA = { name: '待审测试医生', mobile: '13755550002', institutionId: 3 };

describe('the administrator in the shell (issue 4)', () => {
  let journey: Journey;
  let server: RunningApp;
  let session: LoginResult;

  const fresh = (viewport?: { width: number; height: number }): Promise<Page> => journey.fresh(viewport);
  const doctors = (registerStatus?: string) =>
    api<{ total: number; list: DoctorRow[] }>(server.baseUrl, 'POST', '/api/user/list', {
      token: session.token,
      body: { role: 'doctor', page: 1, limit: 100, ...(registerStatus ? { registerStatus } : {}) },
    });
  const badge = (page: Page) => page.getByTestId('bell').locator('.ant-badge-count').getAttribute('title');

  beforeAll(async () => {
    journey = await startJourney();
    server = journey.server;
    await registerDoctorViaApi(server.baseUrl, journey.sms, REJECTED);
    await registerDoctorViaApi(server.baseUrl, journey.sms, EXTRA);
    session = await apiSignIn(server.baseUrl, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('admin login → bell badge = pending registrations → review dialog → /doctorList → approve → reject with a reason → menu has only logout → /login/admin', async () => {
    const page = await fresh();
    await page.goto('/login/admin');
    await page.getByLabel('登录名').fill(ADMIN.username);
    await page.getByLabel('密码').fill(ADMIN.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await waitForText(page, '您好，管理员');
    expect(await page.getByRole('button', { name: '个人中心' }).count()).toBe(0);

    const pending = (await doctors('ToBeReviewed')).total;
    expect(pending).toBe(3); // 王医生 of the demo data and the two registered above
    const bell = page.getByTestId('bell');
    await expect.poll(() => badge(page)).toBe(String(pending));
    expect(await bell.getAttribute('aria-label')).toBe(`待审核的医生注册：${pending} 条`);
    await screenshot(page, 'admin-bell-badge');

    await bell.click();
    const reminder = await openDialog(page, '医生注册审核提醒');
    expect(await reminder.locator('.confirm-text').allInnerTexts()).toEqual([
      `有医生提交了注册申请（${pending} 条待审核），请尽快审核。`,
      '审核结果将通过短信发送给医生。',
    ]);
    expect(await reminder.locator('img').count()).toBe(1);
    await screenshot(page, 'admin-bell-dialog');
    await reminder.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/doctorList');
    await waitForHeading(page, '医生注册审核');
    await waitForText(page, PENDING_DOCTOR.name);
    await screenshot(page, 'admin-doctor-list-pending');

    // Approve 王医生 through the confirmation dialog.
    await page.getByRole('button', { name: `通过 ${PENDING_DOCTOR.name} 的注册申请` }).click();
    const approve = await openDialog(page, '通过注册申请');
    expect(await approve.locator('.confirm-text').allInnerTexts()).toEqual([
      `确定通过 ${PENDING_DOCTOR.name} 的注册申请吗？`,
      '审核结果将通过短信通知该医生。',
    ]);
    await approve.getByRole('button', { name: '确定' }).click();
    await page.locator('.ant-message-notice', { hasText: '已通过审核' }).waitFor({ state: 'visible' });
    await expect.poll(async () => (await doctors()).list.find((d) => d.mobile === PENDING_DOCTOR.mobile)?.registerStatus).toBe('Approved');
    await expect
      .poll(() => journey.sms.messages.filter((m) => m.mobile === PENDING_DOCTOR.mobile).at(-1)?.text ?? '')
      .toContain('已通过审核');
    await expect.poll(() => badge(page)).toBe(String(pending - 1));
    await expect.poll(() => page.getByRole('button', { name: `通过 ${PENDING_DOCTOR.name} 的注册申请` }).count()).toBe(0);

    // Reject with a reason: the reason is required.
    await page.getByRole('button', { name: `驳回 ${REJECTED.name} 的注册申请` }).click();
    const reject = await openDialog(page, '驳回注册申请');
    expect(await reject.textContent()).toContain(`驳回 ${REJECTED.name} 的注册申请，原因将通过短信告知该医生。`);
    await reject.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => reject.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(['驳回时请填写原因']);
    await checkScreen(page, 'admin-reject-reason-required');
    const reason = '所属社区信息有误';
    await reject.getByLabel('驳回原因').fill(reason);
    await reject.getByRole('button', { name: '确定' }).click();
    await page.locator('.ant-message-notice', { hasText: '已驳回' }).waitFor({ state: 'visible' });
    await reject.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await doctors()).list.find((d) => d.mobile === REJECTED.mobile))
      .toMatchObject({
        registerStatus: 'Rejected',
        rejectReason: reason,
      });
    await expect.poll(() => journey.sms.messages.filter((m) => m.mobile === REJECTED.mobile).at(-1)?.text ?? '').toContain(reason);
    await expect.poll(() => badge(page)).toBe(String(pending - 2));

    // The status filter shows the rejected registration with its reason.
    await page.getByRole('radiogroup', { name: '审核状态' }).getByText('已驳回').click();
    await waitForText(page, `驳回原因：${reason}`);
    await screenshot(page, 'admin-doctor-list-rejected');

    // The admin menu holds only logout, which returns to /login/admin.
    await page.getByRole('button', { name: '管理员菜单' }).click();
    const menu = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item');
    await expect.poll(() => menu.allInnerTexts()).toEqual(['退出登录']);
    await screenshot(page, 'admin-menu');
    await waitForMotion(page);
    await menu.first().click();
    await page.waitForURL((url) => url.pathname === '/login/admin');
    await waitForHeading(page, '管理员登录');
    // Still there once the screen has settled: the access guard must not move the admin on to the
    // doctors' /login.
    await waitForIdle(page);
    expect(new URL(page.url()).pathname).toBe('/login/admin');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('every admin and public screen at 1280×800 and 768 wide: screenshot, no serious axe violation', async () => {
    // Every screen is visited and photographed; the violations of all of them are reported together.
    const found: ScreenViolation[] = [];
    for (const [width, height, tag] of [
      [1280, 800, '1280'],
      [768, 1024, '768'],
    ] as const) {
      const page = await fresh({ width, height });
      for (const [path, heading, name] of [
        ['/login', '医生登录', 'login'],
        ['/login/admin', '管理员登录', 'login-admin'],
        ['/register', '医生注册', 'register'],
        ['/resetpw', '找回密码', 'resetpw'],
      ] as const) {
        await page.goto(path);
        await waitForHeading(page, heading);
        found.push(...(await screenViolations(page, `${name}-${tag}`)));
      }
      await openSignedIn(page, session, '/index');
      await waitForHeading(page, '管理员工作台');
      found.push(...(await screenViolations(page, `admin-home-${tag}`)));
      await spaGoto(page, '/doctorList');
      await waitForHeading(page, '医生注册审核');
      found.push(...(await screenViolations(page, `admin-doctor-list-${tag}`)));
    }
    expect(found).toEqual([]);
  });
});
