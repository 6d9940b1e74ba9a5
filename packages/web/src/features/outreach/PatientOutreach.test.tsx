// @vitest-environment happy-dom
import type { PatientDetail } from '@tcm/contracts/api/patient';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ConfirmQueue from '../../components/ConfirmQueue';
import { PatientPanel } from '../../components/PatientPanel';
import { usePatientStore } from '../../stores/patient';
import { type FakeRequest, fakeServer, ok } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';

/*
 * The patient detail's outreach facts: the follow-up status (转归) with its date and reason and the way
 * back to active, the SMS consent (given or withdrawn, when, by whom), and the contact history with the
 * reminders kept for the patient.
 */

beforeAll(bootI18n);

const DETAIL: PatientDetail = {
  id: 12,
  name: '周八',
  age: 58,
  gender: 'man',
  idNum: '110101196701011234',
  tel_num: '13800001234',
  institutionId: 1,
  institutionName: '城东社区卫生服务中心',
  cohort: 'managed',
  role: 'patient',
  enrolledAt: '2025-01-02',
  endManagement: false,
  endedAt: null,
  fillStatus: 'completed',
  filledAnnexes: [],
  lastFollowUpDate: '2025-03-10',
  nextDueDate: '2025-06-08',
  overdue: false,
  daysSinceLastFollowUp: 20,
  remindSilenced: false,
  urgent: false,
  urgentAlert: null,
  birthDate: '1967-01-01',
  consentDate: '2025-01-02',
  followUpStatus: 'active',
  followUpStatusAt: null,
  followUpStatusReason: null,
  smsConsent: false,
  smsConsentAt: null,
  smsConsentBy: null,
};

/** The server's side: the detail changes as the calls change it, as the real one's does. */
function patientServer(initial: Partial<PatientDetail>) {
  let detail: PatientDetail = { ...DETAIL, ...initial };
  const server = fakeServer()
    .on('GET', '/api/user/patient', () => ok(detail))
    .on('PUT', '/api/user', (r: FakeRequest) => {
      const { smsConsent } = r.body as { smsConsent: boolean };
      detail = { ...detail, smsConsent, smsConsentAt: '2025-04-02T09:30:00+08:00', smsConsentBy: { id: 3, name: '王医生' } };
      return ok({});
    })
    .on('POST', '/api/outreach/status', (r: FakeRequest) => {
      const { status } = r.body as { status: 'active' };
      detail = { ...detail, followUpStatus: status, followUpStatusAt: '2025-04-02', followUpStatusReason: null };
      return ok({});
    });
  return server;
}

function renderPanel() {
  usePatientStore.getState().selectPatient({ ...DETAIL, idNum: '1101**********1234', tel_num: '138****1234' });
  return renderInApp(
    <>
      <PatientPanel />
      <ConfirmQueue />
    </>,
  );
}

beforeEach(() => usePatientStore.getState().reset());

describe('转归 on the patient detail', () => {
  it('shows an ended status with its date and reason, and sets it back to active after confirmation', async () => {
    const server = patientServer({ followUpStatus: 'died', followUpStatusAt: '2025-03-28', followUpStatusReason: '家属告知' });
    const { user } = renderPanel();
    const status = await screen.findByTestId('panel-follow-up-status');
    expect(status).toHaveTextContent('死亡');
    expect(status).toHaveTextContent('2025-03-28 · 家属告知');

    await user.click(within(status).getByRole('button', { name: '恢复为在管' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('将 周八 恢复为在管？');
    expect(server.sent('POST', '/api/outreach/status')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: '确定' }));

    await waitFor(() => expect(screen.getByTestId('panel-follow-up-status')).toHaveTextContent('在管'));
    expect(screen.getByTestId('panel-follow-up-status')).not.toHaveTextContent('死亡');
    expect(server.sent('POST', '/api/outreach/status').map((r) => r.body)).toEqual([{ patientId: 12, status: 'active' }]);
  });

  it('shows an active patient as 在管 with no way to change it here', async () => {
    patientServer({});
    renderPanel();
    const status = await screen.findByTestId('panel-follow-up-status');
    expect(status).toHaveTextContent('在管');
    expect(within(status).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('SMS consent on the patient detail', () => {
  it('records consent and its withdrawal, showing when and by whom', async () => {
    const server = patientServer({});
    const { user } = renderPanel();
    const consent = await screen.findByTestId('panel-sms-consent');
    expect(consent).toHaveTextContent('未记录同意');
    const toggle = within(consent).getByRole('checkbox', { name: '同意接收短信随访提醒' });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    await waitFor(() => expect(screen.getByTestId('panel-sms-consent')).toHaveTextContent('2025-04-02 由 王医生 记录同意'));
    expect(within(screen.getByTestId('panel-sms-consent')).getByRole('checkbox')).toBeChecked();

    await user.click(within(screen.getByTestId('panel-sms-consent')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('panel-sms-consent')).toHaveTextContent('2025-04-02 由 王医生 记录撤回'));
    expect(within(screen.getByTestId('panel-sms-consent')).getByRole('checkbox')).not.toBeChecked();
    expect(server.sent('PUT', '/api/user').map((r) => r.body)).toEqual([
      { id: 12, smsConsent: true },
      { id: 12, smsConsent: false },
    ]);
  });
});

describe('contact history on the patient detail', () => {
  it('lists the attempts newest first and the reminders, with no message text', async () => {
    const server = patientServer({ smsConsent: true });
    server
      .on('GET', '/api/outreach/contacts', () =>
        ok([
          {
            id: 2,
            patientId: 12,
            channel: 'phone',
            result: 'remindLater',
            note: '在外地',
            remindOn: '2025-04-20',
            contactDate: '2025-04-01',
            createdAt: '2025-04-01T10:00:00+08:00',
            createdBy: { id: 3, name: '王医生' },
          },
          {
            id: 1,
            patientId: 12,
            channel: 'homeVisit',
            result: 'unreachable',
            note: null,
            remindOn: null,
            contactDate: '2025-03-25',
            createdAt: '2025-03-25T15:00:00+08:00',
            createdBy: null,
          },
        ]),
      )
      .on('GET', '/api/outreach/messages', () =>
        ok([{ id: 7, kind: 'afterMissed', status: 'sent', createdAt: '2025-03-27T09:00:00+08:00', sentAt: '2025-03-27T09:01:00+08:00' }]),
      );
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: '联系记录' }));
    const contacts = await screen.findByTestId('contact-history-contacts');
    await within(contacts).findByText('在外地');
    const rows = within(contacts).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['2025-04-01电话稍后联系 · 2025-04-20 再联系在外地王医生', '2025-03-25入户未联系上—']);
    const reminders = screen.getByTestId('contact-history-reminders');
    expect(await within(reminders).findByText('逾期提醒')).toBeInTheDocument();
    expect(within(reminders).getByText('已发送')).toBeInTheDocument();
    expect(server.sent('GET', '/api/outreach/contacts').map((r) => r.params)).toEqual([{ patientId: 12 }]);
    expect(server.sent('GET', '/api/outreach/messages').map((r) => r.params)).toEqual([{ patientId: 12 }]);
  });
});
