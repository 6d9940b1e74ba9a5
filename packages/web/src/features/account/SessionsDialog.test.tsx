// @vitest-environment happy-dom
import type { OwnSession } from '@tcm/contracts/api/own-account';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import SessionsDialog from './SessionsDialog';

beforeAll(bootI18n);

const session = (id: number, address: string | null, current: boolean): OwnSession => ({
  id,
  createdAt: '2026-03-01T01:00:00.000Z',
  lastSeenAt: `2026-03-0${id}T02:30:00.000Z`,
  address,
  current,
});

describe('登录设备', () => {
  it('lists the signed-in devices, marks this one, and signs out the others', async () => {
    let sessions = [session(1, '10.1.2.3', true), session(2, '203.0.113.9', false), session(3, null, false)];
    const server = fakeServer()
      .on('GET', '/api/auth/sessions', () => ok({ list: sessions }))
      .on('POST', '/api/auth/sessions/revokeOthers', () => {
        const revoked = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        return ok({ revoked });
      });
    const { user } = renderInApp(<SessionsDialog open onClose={vi.fn()} />);

    const rows = await screen.findAllByTestId('own-session');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('10.1.2.3')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('本设备')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('本设备')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByText('未知地址')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(/最近活动：2026-03-02 \d\d:30/);

    await user.click(screen.getByRole('button', { name: '退出其他设备' }));
    expect(await screen.findByText('已退出 2 个其他设备')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('own-session')).toHaveLength(1));
    expect(server.sent('POST', '/api/auth/sessions/revokeOthers')).toHaveLength(1);
    expect(screen.getByText('没有其他设备登录此账号。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '退出其他设备' })).toBeDisabled();
  });
});
