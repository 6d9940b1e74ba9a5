// @vitest-environment happy-dom

import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usePatientStore } from '../../stores/patient';
import { useSessionStore } from '../../stores/session';
import { ok } from '../../test-support/fake-server';
import { followUpClinic as clinic, followUp, PATIENT } from '../../test-support/follow-up-clinic';
import { bootI18n, renderInApp } from '../../test-support/render';
import { RecordWorkspace } from './RecordWorkspace';

/*
 * What the newest glucose record's status asks of the doctor on the follow-up screen: 低血糖, 疑似糖尿病
 * with the repeat test within 14 days, and for confirmed diabetes the guided end of management
 * (进展为糖尿病) through the server's one call, which keeps every record.
 */

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
