// @vitest-environment happy-dom
import type { OutreachList } from '@tcm/contracts/api/outreach';
import type { PatientListItem } from '@tcm/contracts/api/patient';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import dayjs from '../../lib/dayjs';
import { useHomeStore } from '../../stores/home';
import { type FakeRequest, fakeServer, ok } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import { OutreachCard } from './OutreachCard';

/*
 * The home screen's outreach working lists: each tab asks both groups' lists for its `outreach` list,
 * each row shows the last attempt, and an attempt recorded from a row refreshes the lists, so the
 * patient shows on the list of the new result.
 */

beforeAll(bootI18n);
beforeEach(() => useHomeStore.setState({ homeType: 'all' }));

function patient(id: number, name: string, more: Partial<PatientListItem> = {}): PatientListItem {
  return {
    id,
    name,
    age: 61,
    gender: 'woman',
    idNum: '1101**********1234',
    tel_num: '138****0000',
    institutionId: 1,
    institutionName: '城东社区卫生服务中心',
    cohort: 'managed',
    role: 'patient',
    enrolledAt: '2025-01-02',
    endManagement: false,
    endedAt: null,
    fillStatus: 'uncompleted',
    filledAnnexes: [],
    lastFollowUpDate: '2025-03-10',
    nextDueDate: '2025-04-10',
    overdue: true,
    daysSinceLastFollowUp: 40,
    remindSilenced: false,
    urgent: false,
    urgentAlert: null,
    followUpStatus: 'active',
    followUpStatusAt: null,
    followUpStatusReason: null,
    lastContact: null,
    ...more,
  };
}

/** A clinic on the server side: which list each patient is on follows the last recorded result. */
function clinic() {
  const managed = new Map<number, { item: PatientListItem; list: OutreachList }>([
    [1, { item: patient(1, '张三'), list: 'toContact' }],
    [
      2,
      {
        item: patient(2, '李四', { lastContact: { result: 'unreachable', channel: 'phone', contactDate: '2025-04-12' } }),
        list: 'unreachable',
      },
    ],
  ]);
  const member = patient(9, '王五', { cohort: 'comparison', role: 0 });
  const page = (list: PatientListItem[]) => ok({ list, total: list.length, page: 1, limit: 10 });
  const server = fakeServer()
    .on('POST', '/api/user/list', (r: FakeRequest) => {
      const wanted = (r.body as { outreach?: OutreachList }).outreach;
      return page([...managed.values()].filter((p) => p.list === wanted).map((p) => p.item));
    })
    .on('POST', '/api/comparative/list', (r: FakeRequest) =>
      page((r.body as { outreach?: OutreachList }).outreach === 'toContact' ? [member] : []),
    )
    .on('POST', '/api/outreach/contacts', (r: FakeRequest) => {
      const body = r.body as { patientId: number; channel: 'phone'; result: 'remindLater'; remindOn: string };
      const entry = managed.get(body.patientId);
      if (entry) {
        entry.list = body.result === 'remindLater' ? 'later' : entry.list;
        entry.item = {
          ...entry.item,
          lastContact: { result: body.result, channel: body.channel, contactDate: dayjs().format('YYYY-MM-DD') },
        };
      }
      return ok({ id: 50, ...body });
    });
  return server;
}

const outreachBodies = (server: ReturnType<typeof clinic>, path: string) =>
  server.sent('POST', path).map((r) => (r.body as { outreach?: string }).outreach);

describe('联系随访 working lists', () => {
  it('asks each group for the chosen list and shows each row’s last attempt', async () => {
    const server = clinic();
    const { user } = renderInApp(<OutreachCard />);
    const managed = await screen.findByTestId('outreach-managed');
    expect(await within(managed).findByText('张三')).toBeInTheDocument();
    expect(within(managed).getByTestId('last-contact')).toHaveTextContent('尚未联系');
    expect(await within(screen.getByTestId('outreach-comparison')).findByText('王五')).toBeInTheDocument();
    expect(outreachBodies(server, '/api/user/list')).toEqual(['toContact']);
    expect(outreachBodies(server, '/api/comparative/list')).toEqual(['toContact']);

    await user.click(screen.getByText('未联系上'));
    expect(await within(managed).findByText('李四')).toBeInTheDocument();
    expect(within(managed).getByTestId('last-contact')).toHaveTextContent('2025-04-12 · 电话 · 未联系上');
    expect(within(managed).queryByText('张三')).not.toBeInTheDocument();
    expect(await within(screen.getByTestId('outreach-comparison')).findByText('暂无未联系上的患者')).toBeInTheDocument();
    expect(outreachBodies(server, '/api/user/list')).toEqual(['toContact', 'unreachable']);
  });

  it('follows the worklist cohort: only the managed group on /index/managed', async () => {
    useHomeStore.setState({ homeType: 'managed' });
    const server = clinic();
    renderInApp(<OutreachCard />);
    expect(await within(await screen.findByTestId('outreach-managed')).findByText('张三')).toBeInTheDocument();
    expect(screen.queryByTestId('outreach-comparison')).not.toBeInTheDocument();
    expect(server.sent('POST', '/api/comparative/list')).toEqual([]);
  });

  it('records an attempt from a row without leaving the list, and the patient moves to 稍后联系', async () => {
    const server = clinic();
    const { user } = renderInApp(<OutreachCard />);
    const managed = await screen.findByTestId('outreach-managed');
    await user.click(await within(managed).findByRole('button', { name: '记录联系：张三' }));
    const dialog = await screen.findByTestId('contact-dialog');
    expect(dialog).toHaveTextContent('记录联系 · 张三');
    await user.click(within(dialog).getByRole('radio', { name: '稍后联系' }));
    const remindOn = dayjs().add(3, 'day').format('YYYY-MM-DD');
    fireEvent.change(within(dialog).getByLabelText('提醒日期'), { target: { value: remindOn } });
    await user.click(within(dialog).getByRole('button', { name: '提交' }));

    await waitFor(() => expect(within(managed).queryByText('张三')).not.toBeInTheDocument());
    expect(server.sent('POST', '/api/outreach/contacts').map((r) => r.body)).toEqual([
      { patientId: 1, channel: 'phone', result: 'remindLater', remindOn },
    ]);
    await user.click(screen.getByText('稍后联系', { selector: '.ant-segmented-item-label' }));
    expect(await within(managed).findByText('张三')).toBeInTheDocument();
    expect(within(managed).getByTestId('last-contact')).toHaveTextContent(`${dayjs().format('YYYY-MM-DD')} · 电话 · 稍后联系`);
  });

  it('tags a patient whose follow-up has ended (转归) in the lists', async () => {
    fakeServer()
      .on('POST', '/api/user/list', () =>
        ok({ list: [patient(3, '孙七', { followUpStatus: 'lostToFollowUp' })], total: 1, page: 1, limit: 10 }),
      )
      .on('POST', '/api/comparative/list', () =>
        ok({ list: [patient(9, '王五', { cohort: 'comparison', role: 0 })], total: 1, page: 1, limit: 10 }),
      );
    renderInApp(<OutreachCard />);
    const managed = await screen.findByTestId('outreach-managed');
    expect(await within(managed).findByTestId('follow-up-status-tag')).toHaveTextContent('失访');
    const comparison = screen.getByTestId('outreach-comparison');
    await within(comparison).findByText('王五');
    expect(within(comparison).queryByTestId('follow-up-status-tag')).not.toBeInTheDocument();
  });
});
