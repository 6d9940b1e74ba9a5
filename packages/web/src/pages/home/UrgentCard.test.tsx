// @vitest-environment happy-dom

import type { PatientListItem } from '@tcm/contracts/api/patient';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Bell } from '../../app/Bell';
import ConfirmQueue from '../../components/ConfirmQueue';
import { usePatientStore } from '../../stores/patient';
import { useSessionStore } from '../../stores/session';
import { fakeServer, ok } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import { UrgentCard } from './UrgentCard';

/*
 * The home screen's urgent card: patients whose latest record has a danger value and no contact since,
 * from both groups' lists (urgentOnly), the oldest alert first, each with the value and the date, one
 * click from the record screen of that annex; and the doctor's bell, which counts them.
 */

function patient(id: number, name: string, more: Partial<PatientListItem>): PatientListItem {
  return {
    id,
    name,
    age: 60,
    gender: 'man',
    idNum: '1101**********1234',
    tel_num: '138****0000',
    institutionId: 1,
    institutionName: '城东社区卫生服务中心',
    cohort: 'managed',
    role: 'patient',
    enrolledAt: '2025-01-02',
    endManagement: false,
    endedAt: null,
    fillStatus: 'completed',
    lastFollowUpDate: '2025-03-10',
    nextDueDate: '2025-03-24',
    overdue: false,
    daysSinceLastFollowUp: 3,
    remindSilenced: false,
    urgent: false,
    urgentAlert: null,
    ...more,
  } as PatientListItem;
}

const MANAGED = patient(5, '李四', {
  urgent: true,
  urgentAlert: {
    date: '2025-03-12',
    annex: '7',
    recordId: 40,
    items: [
      { code: 'glucoseHigh', item: 'fpg', value: 17.2, message: '…', messageEn: '…' },
      { code: 'bloodPressureHigh', item: 'sbp', value: 185, message: '…', messageEn: '…' },
    ],
  },
});
const MEMBER = patient(9, '王五', {
  cohort: 'comparison',
  role: 1,
  urgent: true,
  urgentAlert: {
    date: '2025-03-02',
    annex: '9',
    recordId: 41,
    items: [{ code: 'glucoseLow', item: 'fpg', value: 3.5, message: '…', messageEn: '…' }],
  },
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function lists(managed: PatientListItem[], comparison: PatientListItem[]) {
  const page = (list: PatientListItem[]) => ok({ list, total: list.length, page: 1, limit: 20 });
  return fakeServer()
    .on('POST', '/api/user/list', () => page(managed))
    .on('POST', '/api/comparative/list', () => page(comparison))
    .on('GET', '/api/user/queryUnfilledRemind', () => ok({ count: 1, days: 15, urgentCount: 2 }));
}

beforeAll(bootI18n);
beforeEach(() => {
  useSessionStore.setState({ isAdmin: false });
  usePatientStore.setState({ patientId: null, patientInfo: null });
});

describe('the urgent card', () => {
  it('lists the urgent patients of both groups, the oldest alert first, with the values and the date', async () => {
    const server = lists([MANAGED], [MEMBER]);
    renderInApp(<UrgentCard />, { route: '/index' });
    const card = await screen.findByTestId('urgent-card');
    expect(within(card).getByRole('heading', { name: '危急值待处理 (2)' })).toBeInTheDocument();
    const rows = within(card).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('王五'), expect.stringContaining('李四')]);
    expect(rows[0]).toHaveTextContent('空腹血糖 3.5 mmol/L · 2025-03-02');
    expect(rows[1]).toHaveTextContent('空腹血糖 17.2 mmol/L、收缩压 185 mmHg · 2025-03-12');
    // Both lists are asked for their urgent patients only.
    expect(server.sent('POST', '/api/user/list')[0]?.body).toMatchObject({ urgentOnly: true, role: 'patient' });
    expect(server.sent('POST', '/api/comparative/list')[0]?.body).toMatchObject({ urgentOnly: true });
  });

  it('opens the record screen of the annex with the alert, the patient chosen', async () => {
    lists([MANAGED], [MEMBER]);
    const { user } = renderInApp(
      <>
        <UrgentCard />
        <Where />
      </>,
      { route: '/index' },
    );
    await user.click(await screen.findByRole('button', { name: '处理危急值：王五' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/TNBFollowUp'));
    expect(usePatientStore.getState().patientId).toBe(9);
  });

  it('is not shown when no one is urgent', async () => {
    const server = lists([], []);
    renderInApp(<UrgentCard />, { route: '/index' });
    await waitFor(() => expect(server.sent('POST', '/api/comparative/list')).toHaveLength(1));
    await waitFor(() => expect(server.sent('POST', '/api/user/list')).toHaveLength(1));
    expect(screen.queryByTestId('urgent-card')).not.toBeInTheDocument();
  });
});

describe("the doctor's bell", () => {
  it('counts the urgent patients with the unfilled ones, and says so', async () => {
    lists([], []);
    const { user } = renderInApp(
      <>
        <Bell />
        <ConfirmQueue />
      </>,
    );
    const bell = await screen.findByRole('button', {
      name: '提醒 3 条：逾期未随访（超过 15 天）的患者 1 人，有待处理危急值的患者 2 人',
    });
    await waitFor(() => expect(within(bell).getByText('3')).toBeInTheDocument());
    await user.click(bell);
    // Titled with the state it is about, in the words of the list it opens (逾期未随访).
    const dialog = await screen.findByRole('dialog', { name: '结束管理提醒：逾期未随访' });
    expect(dialog).toHaveTextContent('有 1 位患者逾期未随访（超过 15 天未填写随访）。');
    expect(dialog).toHaveTextContent('2 位患者有待处理的危急值，已列在工作台首页“危急值待处理”中。');
  });
});
