// @vitest-environment happy-dom

import type { PatientDetail } from '@tcm/contracts/api/patient';
import type { AnnexRecord } from '@tcm/contracts/api/records';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usePatientStore } from '../../stores/patient';
import { useSessionStore } from '../../stores/session';
import { type FakeServer, fakeServer, ok } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import { RecordWorkspace } from './RecordWorkspace';

/*
 * What the newest glucose record's status asks of the doctor on the follow-up screen: 低血糖, 疑似糖尿病
 * with the repeat test within 14 days, and for confirmed diabetes the guided end of management
 * (进展为糖尿病) through the server's one call, which keeps every record.
 */

const PATIENT = 7;

const DETAIL = {
  id: PATIENT,
  name: '张三',
  age: 52,
  gender: 'man',
  idNum: '110101197301011234',
  tel_num: '13800000000',
  institutionId: 1,
  institutionName: '社区卫生服务中心',
  cohort: 'managed',
  role: 'patient',
  enrolledAt: '2025-01-02',
  endManagement: false,
  endedAt: null,
  fillStatus: 'completed',
  filledAnnexes: ['7'],
  lastFollowUpDate: '2025-03-10',
  nextDueDate: '2025-06-10',
  overdue: false,
  daysSinceLastFollowUp: 30,
  remindSilenced: false,
  urgent: false,
  urgentAlert: null,
  birthDate: '1973-01-01',
  consentDate: '2025-01-02',
} as unknown as PatientDetail;

function followUp(id: number, revision: number, data: Record<string, unknown>, derived: Record<string, unknown> = {}): AnnexRecord {
  const filledAt = `${String(data.visitDate)}T00:00:00.000Z`;
  return {
    id,
    annex: '7',
    patientId: PATIENT,
    version: 1,
    data,
    derived,
    filledAt,
    nextDueDate: null,
    doctorId: 2,
    doctorName: '王医生',
    revision,
    createdAt: filledAt,
    updatedAt: filledAt,
  } as AnnexRecord;
}

/** The server: the patient, annex 7's records; a save answers with the derived values it is given. */
function clinic(records: AnnexRecord[], savedDerived: Record<string, unknown> = {}): FakeServer & { records: AnnexRecord[] } {
  const server = Object.assign(fakeServer(), { records });
  server
    .on('GET', '/api/user/patient', () => ok(DETAIL))
    .on('GET', '/api/annex/:annex/records', (request, [, annex]) => {
      const list = annex === '7' ? server.records : [];
      return ok({ list, total: list.length, page: request.params.page, limit: request.params.limit });
    })
    .on('PUT', '/api/annex/7/records/:id', (request, [, id]) => {
      const body = request.body as { data: Record<string, unknown>; revision: number };
      const saved = followUp(Number(id), body.revision + 1, body.data, savedDerived);
      server.records = server.records.map((r) => (r.id === saved.id ? saved : r));
      return ok(saved);
    });
  return server;
}

beforeAll(bootI18n);
beforeEach(() => {
  useSessionStore.setState({ isAdmin: false });
  usePatientStore.setState({
    patientId: PATIENT,
    patientInfo: { name: '张三', age: 52, gender: 'man', idNum: '', telNum: '', endManagement: false, cohort: 'managed', role: 'patient' },
  });
});

const VALUES = { visitDate: '2025-03-10', way: 'clinic', weight: 70, fpg: 7.4, hba1c: 6.8, nextVisitDate: '2025-03-20' };

describe('glycemic guidance on the follow-up screen', () => {
  it('says 低血糖 for a hypoglycaemia', async () => {
    clinic([followUp(11, 1, VALUES, { glycemicStatus: 'hypoglycaemia' })]);
    renderInApp(<RecordWorkspace current="followUp" />, { route: '/followUp' });
    expect(await screen.findByTestId('glycemic-guidance')).toHaveTextContent('低血糖');
  });

  it('asks for a repeat test within 14 days when one value is diabetic', async () => {
    clinic([followUp(11, 1, { ...VALUES, hba1c: 6.0 }, { glycemicStatus: 'diabetesUnconfirmed' })]);
    renderInApp(<RecordWorkspace current="followUp" />, { route: '/followUp' });
    expect(await screen.findByTestId('glycemic-guidance')).toHaveTextContent(
      '疑似糖尿病，需复查确诊：请在 14 天内复查血糖（不晚于 2025-03-24）',
    );
    expect(screen.queryByTestId('open-progress-to-diabetes')).not.toBeInTheDocument();
  });

  it('offers to end management as 进展为糖尿病 once diabetes is confirmed, and enrols the diabetic member', async () => {
    const server = clinic([followUp(11, 1, VALUES, { glycemicStatus: 'diabetes' })]);
    server.on('POST', '/api/user/progressToDiabetes', () => ok({ recordId: 90, comparisonMemberId: 91 }));
    const { user } = renderInApp(<RecordWorkspace current="followUp" />, { route: '/followUp' });
    expect(await screen.findByTestId('glycemic-guidance')).toHaveTextContent('确诊糖尿病');
    await user.click(screen.getByRole('button', { name: '结束管理：进展为糖尿病' }));
    const dialog = await screen.findByRole('dialog', { name: '进展为糖尿病' });
    expect(dialog).toHaveTextContent('已有的全部记录都会保留');
    // The evaluation starts from the confirming record's date and values; satisfaction is the doctor's.
    expect(within(dialog).getByRole('spinbutton', { name: '空腹血糖' })).toHaveValue('7.40');
    await user.click(within(dialog).getByRole('button', { name: '结束管理' }));
    expect(server.sent('POST', '/api/user/progressToDiabetes')).toHaveLength(0);
    await user.click(within(within(dialog).getByRole('radiogroup', { name: '患者满意度' })).getByLabelText('满意'));
    await user.click(within(dialog).getByRole('button', { name: '结束管理' }));
    await waitFor(() => expect(server.sent('POST', '/api/user/progressToDiabetes')).toHaveLength(1));
    expect(server.sent('POST', '/api/user/progressToDiabetes')[0]?.body).toEqual({
      patientId: PATIENT,
      evaluation: {
        evaluationDate: '2025-03-10',
        endReason: 'progressedToDiabetes',
        fpg: 7.4,
        hba1c: 6.8,
        weight: 70,
        satisfaction: 'satisfied',
      },
      enrolComparison: true,
    });
    expect(await screen.findByText('已结束管理：进展为糖尿病')).toBeInTheDocument();
  });
});
