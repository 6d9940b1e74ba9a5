// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refuse } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import ChangePasswordDialog from './ChangePasswordDialog';

beforeAll(bootI18n);

function renderDialog() {
  const onClose = vi.fn();
  const view = renderInApp(<ChangePasswordDialog open onClose={onClose} />);
  return { ...view, onClose };
}

async function fill(user: ReturnType<typeof renderDialog>['user'], values: { old: string; next: string; confirm: string }) {
  await user.type(await screen.findByLabelText('原密码'), values.old);
  await user.type(screen.getByLabelText('新密码'), values.next);
  await user.type(screen.getByLabelText('确认密码'), values.confirm);
  await user.click(screen.getByRole('button', { name: '确认修改' }));
}

describe('修改密码', () => {
  it('sends the old and the new password, says other devices were signed out, and closes', async () => {
    const server = fakeServer().on('POST', '/api/auth/changePassword', () => ok({}));
    const { user, onClose } = renderDialog();
    await fill(user, { old: 'Clinic2026pass', next: 'Renewed2026x', confirm: 'Renewed2026x' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.sent('POST', '/api/auth/changePassword').map((r) => r.body)).toEqual([
      { oldPassword: 'Clinic2026pass', newPassword: 'Renewed2026x' },
    ]);
    expect(await screen.findByText('密码已修改，其他设备已退出登录')).toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog and stays open', async () => {
    fakeServer().on('POST', '/api/auth/changePassword', () => refuse(401, '原密码不正确'));
    const { user, onClose } = renderDialog();
    await fill(user, { old: 'Wrong2026x', next: 'Renewed2026x', confirm: 'Renewed2026x' });
    expect(await screen.findByRole('alert')).toHaveTextContent('原密码不正确');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks the policy, the confirmation and a changed password before sending anything', async () => {
    const server = fakeServer();
    const { user } = renderDialog();
    await fill(user, { old: 'Clinic2026pass', next: 'short1', confirm: 'short2' });
    expect(await screen.findByText('密码至少8位')).toBeInTheDocument();
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'Clinic2026pass');
    await user.clear(screen.getByLabelText('确认密码'));
    await user.type(screen.getByLabelText('确认密码'), 'Clinic2026pass');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('新密码不能与原密码相同');
    expect(server.requests).toEqual([]);
  });
});
