// @vitest-environment happy-dom

import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session';
import { fakeServer, ok, refuse } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import LoginPage from './LoginPage';

/*
 * The doctors' login form (/login) without antd's Form (the bundle budget): the same rules as the
 * server (a mobile number, a password), checked when a field is left and while it is corrected, all
 * of them on submit; nothing is sent while a field is wrong; a refusal is shown above the form.
 */

const DOCTOR = { id: 2, name: '王医生', role: 'doctor', username: '13900000001', institutionId: 1, institutionName: '社区卫生服务中心' };

describe('LoginPage (doctor)', () => {
  beforeAll(() => bootI18n());
  afterEach(() => useSessionStore.getState().signOut());

  it('submitting an empty form names both fields, focuses the first and sends nothing', async () => {
    const server = fakeServer();
    const { user } = renderInApp(<LoginPage />, { route: '/login' });
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    const mobile = screen.getByLabelText('手机号');
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    expect(mobile).toHaveAccessibleDescription('请输入手机号');
    await waitFor(() => expect(mobile).toHaveFocus());
    expect(server.requests).toHaveLength(0);
  });

  it('a wrong mobile number is named when the field is left, and the message goes once it is corrected', async () => {
    fakeServer();
    const { user } = renderInApp(<LoginPage />, { route: '/login' });
    const mobile = screen.getByLabelText('手机号');
    await user.type(mobile, '1390000');
    expect(screen.queryByText('手机号格式不正确')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('手机号格式不正确')).toBeInTheDocument();
    await user.type(mobile, '0001');
    await waitFor(() => expect(screen.queryByText('手机号格式不正确')).not.toBeInTheDocument());
    expect(mobile).toHaveAttribute('aria-invalid', 'false');
  });

  it('signs in with the trimmed mobile and the password as typed', async () => {
    const server = fakeServer().on('POST', '/api/auth/login', () => ok({ token: 't-1', admin: false, user: DOCTOR }));
    const { user } = renderInApp(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText('手机号'), '13900000001');
    await user.type(screen.getByLabelText('密码'), ' Doctor#2026');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(useSessionStore.getState().token).toBe('t-1'));
    expect(server.sent('POST', '/api/auth/login').map((r) => r.body)).toEqual([{ username: '13900000001', password: ' Doctor#2026' }]);
  });

  it("shows the server's refusal above the form and keeps what was typed", async () => {
    fakeServer().on('POST', '/api/auth/login', () => refuse(401, '账号或密码错误'));
    const { user } = renderInApp(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText('手机号'), '13900000001');
    await user.type(screen.getByLabelText('密码'), 'wrong-one1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('账号或密码错误');
    expect(screen.getByLabelText('手机号')).toHaveValue('13900000001');
    expect(useSessionStore.getState().token).toBeNull();
  });
});
