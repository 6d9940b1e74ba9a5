// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import ResetPasswordPage from '../../pages/reset-password/ResetPasswordPage';
import { fakeServer, ok, refuse } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';

beforeAll(bootI18n);

const RESET = '/api/auth/changePwdByVerificationCode';

async function fillReset(user: ReturnType<typeof renderInApp>['user'], confirm: string) {
  await user.type(await screen.findByLabelText('手机号'), '13900000001');
  await user.type(screen.getByRole('textbox', { name: '短信验证码' }), '123456');
  await user.type(screen.getByLabelText('新密码'), 'Renewed2026x');
  await user.type(screen.getByLabelText('确认密码'), confirm);
  await user.click(screen.getByRole('button', { name: '重置密码' }));
}

describe('signed-out account form (找回密码)', () => {
  it('sends the fields without the confirmation, then shows the success screen leading to login', async () => {
    const server = fakeServer().on('POST', RESET, () => ok({}));
    const { user } = renderInApp(<ResetPasswordPage />, { route: '/resetpw' });
    await fillReset(user, 'Renewed2026x');
    expect(await screen.findByText('密码已重置')).toBeInTheDocument();
    expect(server.sent('POST', RESET).map((r) => r.body)).toEqual([{ mobile: '13900000001', code: '123456', password: 'Renewed2026x' }]);
    expect(screen.getByRole('button', { name: '返回登录' })).toBeInTheDocument();
  });

  it('shows the server’s refusal above the form and keeps it', async () => {
    fakeServer().on('POST', RESET, () => refuse(500, '验证码错误或已过期'));
    const { user } = renderInApp(<ResetPasswordPage />, { route: '/resetpw' });
    await fillReset(user, 'Renewed2026x');
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误或已过期');
    expect(screen.getByRole('button', { name: '重置密码' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回登录' })).toHaveAttribute('href', '/login');
  });

  it('refuses a confirmation that differs from the new password, sending nothing', async () => {
    const server = fakeServer().on('POST', RESET, () => ok({}));
    const { user } = renderInApp(<ResetPasswordPage />, { route: '/resetpw' });
    await fillReset(user, 'Renewed2026y');
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    await waitFor(() => expect(server.sent('POST', RESET)).toEqual([]));
  });
});
