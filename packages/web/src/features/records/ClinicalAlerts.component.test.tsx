// @vitest-environment happy-dom

import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usePatientStore } from '../../stores/patient';
import { useSessionStore } from '../../stores/session';
import { followUpClinic as clinic, followUp, PATIENT } from '../../test-support/follow-up-clinic';
import { bootI18n, renderInApp } from '../../test-support/render';
import { RecordWorkspace } from './RecordWorkspace';

/*
 * Danger values on the follow-up screen (annex 7) as the doctor meets them: flagged under their own
 * field as they are typed, confirmed in a dialog before saving (the alerts and what to do), a toast that
 * says an alert was recorded, and a red flag on the history row. The network is faked at the HTTP
 * boundary; the form's derived values come from the real instrument definition.
 */

const DANGER = {
  alerts: [
    {
      code: 'glucoseHigh',
      item: 'fpg',
      value: 17.2,
      message: '空腹血糖 17.2 mmol/L ≥ 16.7，属危急值，请紧急处理并转诊',
      messageEn: 'fpg 17.2 mmol/L ≥ 16.7: urgent handling and referral',
    },
  ],
  hasAlert: true,
  alertText: '空腹血糖 17.2 mmol/L ≥ 16.7，属危急值，请紧急处理并转诊',
};

beforeAll(bootI18n);
beforeEach(() => {
  useSessionStore.setState({ isAdmin: false });
  usePatientStore.setState({
    patientId: PATIENT,
    patientInfo: { name: '张三', age: 52, gender: 'man', idNum: '', telNum: '', endManagement: false, cohort: 'managed', role: 'patient' },
  });
});

/** A visit with its next date 10 days on: within the 14 days a danger value allows. */
const RECORD = followUp(11, 1, { visitDate: '2025-03-10', way: 'clinic', weight: 70, nextVisitDate: '2025-03-20' });

async function historyRow(date: string): Promise<HTMLElement> {
  const [history] = await screen.findAllByRole('region', { name: '随访记录历史记录' });
  const cell = await within(history as HTMLElement).findByText(date);
  return cell.closest('tr') as HTMLElement;
}

async function editRecord(date: string) {
  const rendered = renderInApp(<RecordWorkspace current="followUp" />, { route: '/followUp' });
  await rendered.user.click(within(await historyRow(date)).getByRole('button', { name: '编辑' }));
  await screen.findByText(`正在修改 ${date} 的记录`);
  return rendered;
}

describe('danger values on the follow-up form', () => {
  it('flags a danger value under its own field as it is typed, with the threshold, and the BP grade beside the pressures', async () => {
    clinic([RECORD]);
    const { user } = await editRecord('2025-03-10');
    const fpg = screen.getByRole('spinbutton', { name: '空腹血糖' });
    await user.type(fpg, '6.1');
    expect(screen.queryByTestId('field-flag-fpg')).not.toBeInTheDocument();
    await user.clear(fpg);
    await user.type(fpg, '17.2');
    const flag = await screen.findByTestId('field-flag-fpg');
    expect(flag).toHaveTextContent('危急值（≥ 16.7 mmol/L），需紧急转诊');
    expect(flag).toHaveAttribute('data-tone', 'danger');
    // The field itself points at its flag, so a screen reader reads it with the value.
    expect(fpg.getAttribute('aria-describedby')).toContain(flag.id);

    await user.type(screen.getByRole('spinbutton', { name: '收缩压' }), '185');
    await user.type(screen.getByRole('spinbutton', { name: '舒张压' }), '112');
    expect(await screen.findByTestId('field-flag-sbp')).toHaveTextContent('危急值（≥ 180/110 mmHg）');
    expect(screen.getByTestId('field-flag-dbp')).toHaveTextContent('危急值（≥ 180/110 mmHg）');
    expect(screen.getByTestId('beside-bpBand')).toHaveTextContent('3级高血压');

    // Back in range: the flag goes with the value.
    await user.clear(fpg);
    await user.type(fpg, '6.1');
    await waitFor(() => expect(screen.queryByTestId('field-flag-fpg')).not.toBeInTheDocument());
  });

  it('asks to confirm a value outside its usual range, in amber, without refusing it', async () => {
    clinic([RECORD]);
    const { user } = await editRecord('2025-03-10');
    await user.type(screen.getByRole('spinbutton', { name: '空腹血糖' }), '1.5');
    const check = await screen.findByTestId('field-check-fpg');
    expect(check).toHaveAttribute('data-tone', 'check');
    expect(check).toHaveTextContent('常见范围');
  });

  it('asks for confirmation before saving a danger value, lists the alerts and the action, and says the alert was recorded', async () => {
    const server = clinic([RECORD], DANGER);
    const { user } = await editRecord('2025-03-10');
    await user.type(screen.getByRole('spinbutton', { name: '空腹血糖' }), '17.2');
    await user.click(screen.getByRole('button', { name: '保存修改' }));

    let dialog = await screen.findByRole('dialog', { name: '请确认后保存' });
    expect(within(dialog).getByTestId('save-confirm-alerts')).toHaveTextContent('空腹血糖 17.2 mmol/L ≥ 16.7，属危急值，请紧急处理并转诊');
    expect(within(dialog).getByTestId('save-confirm-action')).toHaveTextContent(
      '处理：紧急转诊，并在 14 天内再次联系患者（不晚于 2025-03-24）。',
    );
    // The next visit (2025-03-20) is within the 14 days: nothing more to confirm.
    expect(within(dialog).queryByTestId('save-confirm-late-next')).not.toBeInTheDocument();
    expect(server.sent('PUT', '/api/annex/7/records/11')).toHaveLength(0);

    // Back to the form: nothing is sent, the answers stay.
    await user.click(within(dialog).getByRole('button', { name: '返回修改' }));
    expect(server.sent('PUT', '/api/annex/7/records/11')).toHaveLength(0);
    expect(screen.getByRole('spinbutton', { name: '空腹血糖' })).toHaveValue('17.20');

    await user.click(screen.getByRole('button', { name: '保存修改' }));
    dialog = await screen.findByRole('dialog', { name: '请确认后保存' });
    await user.click(within(dialog).getByRole('button', { name: '确认保存' }));
    await waitFor(() => expect(server.sent('PUT', '/api/annex/7/records/11')).toHaveLength(1));
    expect(server.sent('PUT', '/api/annex/7/records/11')[0]?.body).toMatchObject({ data: { fpg: 17.2 } });
    expect(await screen.findByText('保存成功，已记录危急值：请紧急转诊，14 天内再次联系')).toBeInTheDocument();
  });

  it('asks to confirm a next visit later than the 14 days a danger value allows', async () => {
    const late = followUp(11, 1, { visitDate: '2025-03-10', way: 'clinic', weight: 70, nextVisitDate: '2025-04-10' });
    const server = clinic([late], DANGER);
    const { user } = await editRecord('2025-03-10');
    await user.type(screen.getByRole('spinbutton', { name: '收缩压' }), '185');
    await user.type(screen.getByRole('spinbutton', { name: '舒张压' }), '112');
    await user.click(screen.getByRole('button', { name: '保存修改' }));
    const dialog = await screen.findByRole('dialog', { name: '请确认后保存' });
    expect(within(dialog).getByTestId('save-confirm-late-next')).toHaveTextContent(
      '下次随访日期 2025-04-10 晚于 2025-03-24（有危急值时应在 14 天内再次联系），确定按此日期保存吗？',
    );
    // The doctor's call: confirmed, the date is saved as typed.
    await user.click(within(dialog).getByRole('button', { name: '确认保存' }));
    await waitFor(() => expect(server.sent('PUT', '/api/annex/7/records/11')).toHaveLength(1));
    expect(server.sent('PUT', '/api/annex/7/records/11')[0]?.body).toMatchObject({ data: { nextVisitDate: '2025-04-10', sbp: 185 } });
  });

  it('saves a record without alerts at once, with the plain toast', async () => {
    const server = clinic([RECORD]);
    const { user } = await editRecord('2025-03-10');
    await user.type(screen.getByRole('spinbutton', { name: '空腹血糖' }), '6.1');
    await user.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(server.sent('PUT', '/api/annex/7/records/11')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: '请确认后保存' })).not.toBeInTheDocument();
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
  });
});

describe('the history', () => {
  it('flags a record with a danger value in red, names its alerts, and shows the blood pressure', async () => {
    clinic([
      followUp(12, 1, { visitDate: '2025-04-10', way: 'clinic', fpg: 17.2, sbp: 185, dbp: 112 }, { ...DANGER, bpBand: 'grade3' }),
      followUp(11, 1, { visitDate: '2025-03-10', way: 'clinic', fpg: 6.1, sbp: 128, dbp: 80 }, { hasAlert: false, alerts: [] }),
    ]);
    renderInApp(<RecordWorkspace current="followUp" />, { route: '/followUp' });
    const flagged = await historyRow('2025-04-10');
    const flag = within(flagged).getByRole('img', { name: /^危急值：空腹血糖 17\.2 mmol\/L ≥ 16\.7/ });
    expect(flag).toHaveTextContent('危急值');
    expect(flagged).toHaveTextContent('185 mmHg');
    expect(flagged).toHaveTextContent('112 mmHg');
    expect(flagged).toHaveTextContent('3级高血压');
    const plain = await historyRow('2025-03-10');
    expect(within(plain).queryByRole('img', { name: /危急值/ })).not.toBeInTheDocument();
    expect(plain).toHaveTextContent('128 mmHg');
  });
});
