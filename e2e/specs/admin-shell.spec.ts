import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../fixtures/data';
import { expectAccessible, expectStill, screenshot } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { heading, openDialog, signIn, toast } from '../fixtures/ui';

interface DoctorRow {
  id: number;
  name: string;
  mobile: string;
  registerStatus: string;
  rejectReason: string | null;
}

const badge = (page: Page) => page.getByTestId('bell').locator('.ant-badge-count');

test.describe('the administrator in the shell (issue 4)', () => {
  test('admin login → bell badge = pending registrations → review dialog → /doctorList → approve → reject with a reason → menu has only logout → /login/admin', async ({
    page,
    api,
    admin,
    doctors,
    sms,
  }) => {
    const list = async (registerStatus?: string) =>
      api.request<{ total: number; list: DoctorRow[] }>('POST', '/api/user/list', {
        token: admin.token,
        body: { role: 'doctor', page: 1, limit: 100, ...(registerStatus ? { registerStatus } : {}) },
      });
    // Three registrations of this test's own: one to approve, one to reject, one left waiting.
    const before = (await list('ToBeReviewed')).total;
    const approved = await doctors.register({ institutionId: 1 });
    const rejected = await doctors.register({ institutionId: 2 });
    await doctors.register({ institutionId: 3 });

    await page.goto('/login/admin');
    await page.getByLabel('登录名').fill(DEMO_ADMIN.username);
    await page.getByLabel('密码').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByText('您好，管理员').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '个人中心' })).toHaveCount(0);

    const pending = (await list('ToBeReviewed')).total;
    expect(pending).toBe(before + 3); // the three registered above are all waiting for review
    const bell = page.getByTestId('bell');
    await expect(badge(page)).toHaveAttribute('title', String(pending));
    await expect(bell).toHaveAttribute('aria-label', `待审核的医生注册：${pending} 条`);
    await screenshot(page, 'admin-bell-badge');

    await bell.click();
    const reminder = await openDialog(page, '医生注册审核提醒');
    await expect(reminder.locator('.confirm-text')).toHaveText([
      `有医生提交了注册申请（${pending} 条待审核），请尽快审核。`,
      '审核结果将通过短信发送给医生。',
    ]);
    await expect(reminder.locator('img')).toHaveCount(1);
    await screenshot(page, 'admin-bell-dialog');
    await reminder.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/doctorList$/);
    await expect(heading(page, '医生注册审核')).toBeVisible();
    await expect(page.getByText(approved.name).first()).toBeVisible();
    await screenshot(page, 'admin-doctor-list-pending');

    // Approve through the confirmation dialog.
    await page.getByRole('button', { name: `通过 ${approved.name} 的注册申请` }).click();
    const approve = await openDialog(page, '通过注册申请');
    await expect(approve.locator('.confirm-text')).toHaveText([
      `确定通过 ${approved.name} 的注册申请吗？`,
      '审核结果将通过短信通知该医生。',
    ]);
    await approve.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '已通过审核')).toBeVisible();
    await expect.poll(async () => (await list()).list.find((d) => d.mobile === approved.mobile)?.registerStatus).toBe('Approved');
    await expect.poll(() => sms.messages.filter((m) => m.mobile === approved.mobile).at(-1)?.text ?? '').toContain('已通过审核');
    await expect(badge(page)).toHaveAttribute('title', String(pending - 1));
    await expect(page.getByRole('button', { name: `通过 ${approved.name} 的注册申请` })).toHaveCount(0);

    // Reject with a reason: the reason is required.
    await page.getByRole('button', { name: `驳回 ${rejected.name} 的注册申请` }).click();
    const reject = await openDialog(page, '驳回注册申请');
    await expect(reject).toContainText(`驳回 ${rejected.name} 的注册申请，原因将通过短信告知该医生。`);
    await reject.getByRole('button', { name: '确定' }).click();
    await expect(reject.locator('.ant-form-item-explain-error')).toHaveText(['驳回时请填写原因']);
    await expectAccessible(page, 'admin-reject-reason-required');
    const reason = '所属社区信息有误';
    await reject.getByLabel('驳回原因').fill(reason);
    await reject.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '已驳回')).toBeVisible();
    await expect(reject).toBeHidden();
    await expect
      .poll(async () => (await list()).list.find((d) => d.mobile === rejected.mobile))
      .toMatchObject({ registerStatus: 'Rejected', rejectReason: reason });
    await expect.poll(() => sms.messages.filter((m) => m.mobile === rejected.mobile).at(-1)?.text ?? '').toContain(reason);
    await expect(badge(page)).toHaveAttribute('title', String(pending - 2));

    // The status filter shows the rejected registration with its reason.
    await page.getByRole('radiogroup', { name: '审核状态' }).getByText('已驳回').click();
    // The table repeats narrow-screen columns in a disclosure that is hidden at this width: the visible one.
    await expect(page.getByText(`驳回原因：${reason}`).filter({ visible: true }).first()).toBeVisible();
    await screenshot(page, 'admin-doctor-list-rejected');

    // The admin menu: change password, signed-in devices, and logout, which returns to /login/admin.
    await page.getByRole('button', { name: '管理员菜单' }).click();
    const menu = page.locator('.ant-dropdown:visible').getByRole('menuitem');
    await expect(menu).toHaveText(['修改密码', '登录设备', '退出登录']);
    await screenshot(page, 'admin-menu');
    await expectStill(page); // the dropdown slides in: click it where it rests
    await menu.last().click();
    await expect(page).toHaveURL((url) => url.pathname === '/login/admin');
    await expect(heading(page, '管理员登录')).toBeVisible();
    // Still there once the screen has settled: the access guard must not move the admin on to the
    // doctors' /login.
    await expectStill(page);
    expect(new URL(page.url()).pathname).toBe('/login/admin');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  // Every screen is visited and photographed; the axe checks are soft, so one run reports the
  // violations of all of them.
  for (const [width, height, tag] of [
    [1280, 800, '1280'],
    [768, 1024, '768'],
  ] as const) {
    test.describe(`at ${width} wide`, () => {
      test.use({ viewport: { width, height } });

      test('every admin and public screen: screenshot, no serious axe violation', async ({ page, admin }) => {
        for (const [path, title, name] of [
          ['/login', '医生登录', 'login'],
          ['/login/admin', '管理员登录', 'login-admin'],
          ['/register', '医生注册', 'register'],
          ['/resetpw', '找回密码', 'resetpw'],
        ] as const) {
          await page.goto(path);
          await expect(heading(page, title)).toBeVisible();
          await expectAccessible(page, `${name}-${tag}`, { soft: true });
        }
        await signIn(page, admin, '/index');
        await expect(heading(page, '管理员工作台')).toBeVisible();
        await expectAccessible(page, `admin-home-${tag}`, { soft: true });
        await page.getByRole('menuitem', { name: '医生注册审核' }).click();
        await expect(page).toHaveURL(/\/doctorList$/);
        await expect(heading(page, '医生注册审核')).toBeVisible();
        await expectAccessible(page, `admin-doctor-list-${tag}`, { soft: true });
      });
    });
  }
});
