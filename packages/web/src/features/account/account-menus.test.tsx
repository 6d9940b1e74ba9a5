// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountDialogsOnDemand } from '../../app/AccountDialogsOnDemand';
import { fakeServer, ok } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import { AdminMenu } from './AdminMenu';
import { PersonalCenter } from './PersonalCenter';

beforeAll(bootI18n);

const FIGURES = {
  managementTeamCount: 0,
  managementTeamCompletedCount: 0,
  managementTeamUnCompletedCount: 0,
  managementTeamInManagementCount: 0,
  managementTeamEndManagementCount: 0,
  comparativeTeamCount: 0,
  comparativeTeamEarlyCount: 0,
  comparativeTeamDiabetesCount: 0,
};

describe('the personal menus', () => {
  it('the admin’s menu opens 修改密码 and 登录设备', async () => {
    fakeServer().on('GET', '/api/auth/sessions', () => ok({ list: [] }));
    const { user } = renderInApp(
      <>
        <AdminMenu />
        <AccountDialogsOnDemand />
      </>,
    );
    await user.click(screen.getByTestId('admin-menu'));
    await user.click(await screen.findByText('修改密码'));
    expect(await screen.findByLabelText('原密码')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '取消' }));
    await user.click(screen.getByTestId('admin-menu'));
    await user.click(await screen.findByText('登录设备'));
    expect(await screen.findByText('没有其他设备登录此账号。')).toBeInTheDocument();
  });

  it('the doctor’s personal centre opens 修改密码 and 登录设备', async () => {
    fakeServer()
      .on('GET', '/api/annex/queryPersonalCenterData', () => ok(FIGURES))
      .on('GET', '/api/auth/sessions', () => ok({ list: [] }));
    const { user } = renderInApp(
      <>
        <PersonalCenter />
        <AccountDialogsOnDemand />
      </>,
    );
    await user.click(screen.getByTestId('personal-center-trigger'));
    await user.click(await screen.findByRole('button', { name: '修改密码' }));
    expect(await screen.findByLabelText('原密码')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '取消' }));
    await user.click(screen.getByTestId('personal-center-trigger'));
    await user.click(await screen.findByRole('button', { name: '登录设备' }));
    expect(await screen.findByText('没有其他设备登录此账号。')).toBeInTheDocument();
  });
});
