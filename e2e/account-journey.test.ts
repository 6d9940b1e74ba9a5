import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption } from './support/antd';
import { api, apiLogin } from './support/api';
import type { RunningApp } from './support/app-server';
import { screenshot } from './support/browser';
import { type Journey, startJourney } from './support/journey';
import { OTHER_DOCTOR } from './support/shell';
import type { SmsReceiver } from './support/sms-receiver';

describe('a new doctor registers, waits for review, and signs in; a doctor resets a forgotten password (issue 2)', () => {
  let journey: Journey;
  let sms: SmsReceiver;
  let server: RunningApp;
  beforeAll(async () => {
    journey = await startJourney();
    server = journey.server;
    sms = journey.sms;
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('register → refused while under review → approved by the admin → login → shell → reload → logout', async () => {
    const page = await journey.fresh();
    const mobile = '13712345678';

    // Any route without a token goes to the login screen.
    await page.goto('/userList/running');
    await page.waitForURL('**/login');

    await page.goto('/register');
    await page.getByLabel('姓名').fill('新来的医生');
    await page.getByLabel('手机号').fill(mobile);
    await chooseOption(page, '所属社区', '城东社区卫生服务中心');
    await page.getByLabel('密码', { exact: true }).fill('Journey2026ok');
    await page.getByLabel('确认密码').fill('Journey2026ok');
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await sms.waitForCode(mobile);
    await page.getByLabel('短信验证码').fill(code);
    await screenshot(page, 'register-filled');
    await page.getByRole('button', { name: '提交注册申请' }).click();
    await expect.poll(() => page.getByText('注册申请已提交').count()).toBeGreaterThan(0);
    await screenshot(page, 'register-submitted');

    await page.goto('/login');
    await page.getByLabel('手机号').fill(mobile);
    await page.getByLabel('密码').fill('Journey2026ok');
    await page.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => page.getByText('正在审核中').count()).toBeGreaterThan(0);
    await screenshot(page, 'login-under-review');

    const adminToken = await apiLogin(server.baseUrl, 'admin', 'Admin#2026');
    const pending = await api<{ list: { id: number; mobile: string }[] }>(server.baseUrl, 'POST', '/api/user/list', {
      token: adminToken,
      body: { role: 'doctor', registerStatus: 'ToBeReviewed' },
    });
    const doctor = pending.list.find((d) => d.mobile === mobile);
    expect(doctor).toBeDefined();
    await api(server.baseUrl, 'GET', `/api/user/reviewedDoctorRegisterInfo?id=${doctor!.id}&registerStatus=Approved`, {
      token: adminToken,
    });
    expect(sms.messages.at(-1)?.text).toContain('已通过审核');

    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await expect.poll(() => page.getByText('您好，新来的医生').count()).toBeGreaterThan(0);
    await screenshot(page, 'doctor-home');

    await page.reload();
    await expect.poll(() => page.getByText('您好，新来的医生').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    await page
      .getByRole('button', { name: /个人中心|新来的医生/ })
      .first()
      .click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('forgotten password: 忘记密码 → code by SMS → new password → the old one is refused, the new one signs in', async () => {
    const page = await journey.fresh();
    const mobile = OTHER_DOCTOR.username; // demo data, in this journey's own database
    const newPassword = 'Forgotten2026ok';

    await page.goto('/login');
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL((url) => url.pathname === '/resetpw');

    // No code goes out until the mobile number is valid; the field says why.
    const sentBefore = sms.messages.length;
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.getByText('请输入手机号').count()).toBeGreaterThan(0);
    await page.getByLabel('手机号').fill('1390000');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.getByText('手机号格式不正确').count()).toBeGreaterThan(0);
    expect(sms.messages.length).toBe(sentBefore);

    await page.getByLabel('手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await sms.waitForCode(mobile);
    await expect.poll(() => page.getByRole('button', { name: /秒后重新获取/ }).isDisabled()).toBe(true);
    await page.getByLabel('短信验证码').fill(code);
    await page.getByLabel('新密码').fill(newPassword);
    await page.getByLabel('确认密码').fill(`${newPassword}x`);
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect.poll(() => page.getByText('两次输入的密码不一致').count()).toBeGreaterThan(0);
    await page.getByLabel('确认密码').fill(newPassword);
    await screenshot(page, 'reset-password-filled');
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect.poll(() => page.getByText('密码已重置').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await page.getByLabel('手机号').fill(mobile);
    await page.getByLabel('密码').fill(OTHER_DOCTOR.password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => page.getByText('账号或密码错误').count()).toBeGreaterThan(0);
    await page.getByLabel('密码').fill(newPassword);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await expect.poll(() => page.getByText(`您好，${OTHER_DOCTOR.name}`).count()).toBeGreaterThan(0);
  });
});
