import { uniqueMobile, uniqueName } from '../fixtures/data';
import { openPersonalCentre } from '../fixtures/doctor-shell';
import { screenshot } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { chooseOption } from '../fixtures/ui';

test.describe('a new doctor registers, waits for review, and signs in; a doctor resets a forgotten password (issue 2)', () => {
  test('register → refused while under review → approved by the admin → login → shell → reload → logout', async ({
    page,
    sms,
    api,
    admin,
  }) => {
    const mobile = uniqueMobile();
    const name = uniqueName('新来的医生');
    const password = 'Journey2026ok';

    // Any route without a token goes to the login screen.
    await page.goto('/userList/running');
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/register');
    await page.getByLabel('姓名').fill(name);
    await page.getByLabel('手机号').fill(mobile);
    await chooseOption(page, '所属社区', '城东社区卫生服务中心');
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('确认密码').fill(password);
    const since = sms.messages.length;
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('短信验证码').fill(await sms.nextCode(mobile, since));
    await screenshot(page, 'register-filled');
    await page.getByRole('button', { name: '提交注册申请' }).click();
    await expect(page.getByText('注册申请已提交').first()).toBeVisible();
    await screenshot(page, 'register-submitted');

    await page.goto('/login');
    await page.getByLabel('手机号').fill(mobile);
    await page.getByLabel('密码').fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('正在审核中').first()).toBeVisible();
    await screenshot(page, 'login-under-review');

    const pending = await api.request<{ list: { id: number; mobile: string }[] }>('POST', '/api/user/list', {
      token: admin.token,
      body: { role: 'doctor', registerStatus: 'ToBeReviewed' },
    });
    const doctor = pending.list.find((d) => d.mobile === mobile);
    expect(doctor).toBeDefined();
    await api.request('GET', `/api/user/reviewedDoctorRegisterInfo?id=${doctor!.id}&registerStatus=Approved`, { token: admin.token });
    expect(sms.messages.filter((m) => m.mobile === mobile).at(-1)?.text).toContain('已通过审核');

    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByText(`您好，${name}`).first()).toBeVisible();
    await screenshot(page, 'doctor-home');

    await page.reload();
    await expect(page.getByText(`您好，${name}`).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // Waits until the popover has placed itself: a click while it is still moving into place can press
    // the button at its first position and release it at its final one, which clicks nothing.
    const centre = await openPersonalCentre(page);
    await centre.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('forgotten password: 忘记密码 → code by SMS → new password → the old one is refused, the new one signs in', async ({
    page,
    sms,
    doctor,
  }) => {
    const newPassword = 'Forgotten2026ok';

    await page.goto('/login');
    await page.getByRole('link', { name: '忘记密码' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/resetpw');

    // No code goes out until the mobile number is valid; the field says why.
    const sentBefore = sms.messages.length;
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('请输入手机号').first()).toBeVisible();
    await page.getByLabel('手机号').fill('1390000');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('手机号格式不正确').first()).toBeVisible();
    expect(sms.messages.length).toBe(sentBefore);

    await page.getByLabel('手机号').fill(doctor.mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await sms.nextCode(doctor.mobile, sentBefore);
    await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
    await page.getByLabel('短信验证码').fill(code);
    await page.getByLabel('新密码').fill(newPassword);
    await page.getByLabel('确认密码').fill(`${newPassword}x`);
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('两次输入的密码不一致').first()).toBeVisible();
    await page.getByLabel('确认密码').fill(newPassword);
    await screenshot(page, 'reset-password-filled');
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('密码已重置').first()).toBeVisible();
    await page.getByRole('button', { name: '返回登录' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');

    await page.getByLabel('手机号').fill(doctor.mobile);
    await page.getByLabel('密码').fill(doctor.password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('账号或密码错误').first()).toBeVisible();
    await page.getByLabel('密码').fill(newPassword);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByText(`您好，${doctor.name}`).first()).toBeVisible();
  });
});
