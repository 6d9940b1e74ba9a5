// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { clientEffects, configureClientEffects } from '../../api/effects';
import dayjs from '../../lib/dayjs';
import { fakeServer, ok, refuse } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import ContactDialog from './ContactDialog';

/*
 * The contact dialog: channel, result, note and, for 稍后联系, the date to call again; results that end
 * the follow-up (迁出, 死亡, 拒绝) are sent only after a second confirmation.
 */

beforeAll(bootI18n);

const PATIENT = { id: 7, name: '赵六' };

function renderDialog() {
  const onClose = vi.fn();
  const view = renderInApp(<ContactDialog open patient={PATIENT} onClose={onClose} />);
  return { ...view, onClose };
}

function contactServer() {
  return fakeServer().on('POST', '/api/outreach/contacts', (r) => ok({ id: 1, ...(r.body as object) }));
}

async function choose(user: ReturnType<typeof renderDialog>['user'], label: string) {
  const dialog = await screen.findByTestId('contact-dialog');
  await user.click(within(dialog).getByRole('radio', { name: label }));
}

const submit = (user: ReturnType<typeof renderDialog>['user']) =>
  user.click(within(screen.getByTestId('contact-dialog')).getByRole('button', { name: '提交' }));

describe('记录联系', () => {
  it('sends the channel, the result and the note, then closes', async () => {
    const server = contactServer();
    const { user, onClose } = renderDialog();
    await choose(user, '入户');
    await choose(user, '同意来诊');
    await user.type(screen.getByLabelText('备注'), '周五上午来');
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.sent('POST', '/api/outreach/contacts').map((r) => r.body)).toEqual([
      { patientId: 7, channel: 'homeVisit', result: 'agreedToVisit', note: '周五上午来' },
    ]);
  });

  it('asks for the result before sending anything', async () => {
    const server = contactServer();
    const { user, onClose } = renderDialog();
    await screen.findByTestId('contact-dialog');
    await submit(user);
    expect(await screen.findByText('请选择联系结果')).toBeInTheDocument();
    expect(server.requests).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('requires a reminder date after today for 稍后联系, and sends it', async () => {
    const server = contactServer();
    const { user, onClose } = renderDialog();
    await choose(user, '稍后联系');
    await submit(user);
    expect(await screen.findByText('稍后联系需填写提醒日期')).toBeInTheDocument();
    expect(server.requests).toEqual([]);

    const date = screen.getByLabelText('提醒日期');
    fireEvent.change(date, { target: { value: dayjs().format('YYYY-MM-DD') } });
    await submit(user);
    expect(await screen.findByText('提醒日期应晚于今天')).toBeInTheDocument();
    expect(server.requests).toEqual([]);

    const later = dayjs().add(5, 'day').format('YYYY-MM-DD');
    fireEvent.change(date, { target: { value: later } });
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.sent('POST', '/api/outreach/contacts').map((r) => r.body)).toEqual([
      { patientId: 7, channel: 'phone', result: 'remindLater', remindOn: later },
    ]);
  });

  it.each([
    ['死亡', 'died', '确认该患者已去世？将退出所有工作清单'],
    ['迁出', 'movedAway', '确认该患者已迁出？将退出所有工作清单'],
    ['拒绝', 'refused', '确认该患者拒绝继续随访？将退出所有工作清单'],
  ])('sends %s only after the confirmation', async (label, result, question) => {
    const server = contactServer();
    const { user, onClose } = renderDialog();
    await choose(user, label);
    await submit(user);
    const confirm = await screen.findByTestId('contact-confirm');
    expect(within(confirm).getByText(question)).toBeInTheDocument();
    expect(within(confirm).getByText('患者：赵六')).toBeInTheDocument();
    expect(server.requests).toEqual([]);

    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.sent('POST', '/api/outreach/contacts').map((r) => r.body)).toEqual([{ patientId: 7, channel: 'phone', result }]);
  });

  it('sends nothing when the confirmation is cancelled, and keeps the answers', async () => {
    const server = contactServer();
    const { user, onClose } = renderDialog();
    await choose(user, '死亡');
    await submit(user);
    const confirm = await screen.findByTestId('contact-confirm');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(server.requests).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(screen.getByTestId('contact-dialog')).getByRole('radio', { name: '死亡' })).toBeChecked();
  });

  it('stays open with the answers when the server refuses, its message shown', async () => {
    fakeServer().on('POST', '/api/outreach/contacts', () => refuse(403, '无权访问其他机构的患者'));
    const previous = clientEffects();
    const showError = vi.fn();
    configureClientEffects({ ...previous, showError });
    try {
      const { user, onClose } = renderDialog();
      await choose(user, '未联系上');
      await submit(user);
      await waitFor(() => expect(showError).toHaveBeenCalledWith('无权访问其他机构的患者'));
      expect(onClose).not.toHaveBeenCalled();
    } finally {
      configureClientEffects(previous);
    }
    expect(within(screen.getByTestId('contact-dialog')).getByRole('radio', { name: '未联系上' })).toBeChecked();
  });
});
