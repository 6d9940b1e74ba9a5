// @vitest-environment happy-dom

import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usePatientStore } from '../../stores/patient';
import { useSessionStore } from '../../stores/session';
import { followUpClinic as clinic, followUp, PATIENT } from '../../test-support/follow-up-clinic';
import { bootI18n, renderInApp } from '../../test-support/render';
import { RecordWorkspace } from './RecordWorkspace';

/*
 * The follow-up screen (/followUp, annex 7) as a doctor uses it: the history, opening a record,
 * editing and saving it, and the 409 of a record someone else changed meanwhile. The network is faked
 * at the HTTP boundary with the server's envelopes; every module of the app runs as in the browser.
 */

beforeAll(bootI18n);
beforeEach(() => {
  useSessionStore.setState({ isAdmin: false });
  usePatientStore.setState({
    patientId: PATIENT,
    patientInfo: { name: '张三', age: 52, gender: 'man', idNum: '', telNum: '', endManagement: false, cohort: 'managed', role: 'patient' },
  });
});

const RECORD = followUp(11, 1, { visitDate: '2025-03-10', way: 'clinic', weight: 70 });

/** The history section (its scrolling table region carries the same name). */
async function findHistory(): Promise<HTMLElement> {
  const [section] = await screen.findAllByRole('region', { name: '随访记录历史记录' });
  return section as HTMLElement;
}

async function historyRow(date: string): Promise<HTMLElement> {
  const history = await findHistory();
  const cell = await within(history).findByText(date);
  return cell.closest('tr') as HTMLElement;
}

describe('record workspace (follow-up)', () => {
  it('lists the history, newest first, and opens a record read-only', async () => {
    clinic([followUp(12, 1, { visitDate: '2025-04-10', way: 'phone', weight: 69 }), RECORD]);
    const { user } = renderInApp(<RecordWorkspace current="followUp" />, { route: '/followUp' });
    const history = await findHistory();
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(3));
    const [, newest, older] = within(history).getAllByRole('row');
    expect(newest).toHaveTextContent('2025-04-10');
    expect(older).toHaveTextContent('2025-03-10');
    await user.click(within(older as HTMLElement).getByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog', { name: /2025-03-10/ });
    expect(within(dialog).getByText('门诊')).toBeInTheDocument();
  });

  it('edits a record and saves it with the revision it was opened at', async () => {
    const server = clinic([RECORD]);
    const { user } = renderInApp(<RecordWorkspace current="followUp" />, { route: '/followUp' });
    await user.click(within(await historyRow('2025-03-10')).getByRole('button', { name: '编辑' }));
    expect(await screen.findByText('正在修改 2025-03-10 的记录')).toBeInTheDocument();
    const weight = screen.getByRole('spinbutton', { name: '体重' });
    expect(weight).toHaveValue('70.0');
    await user.clear(weight);
    await user.type(weight, '68.5');
    await user.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(server.sent('PUT', '/api/annex/7/records/11')).toHaveLength(1));
    expect(server.sent('PUT', '/api/annex/7/records/11')[0]?.body).toEqual({
      revision: 1,
      // 下次随访日期 is filled in by the form's suggestion (visit + 15 days) when the record had none;
      // 是否转诊 starts at its default, 否.
      data: { visitDate: '2025-03-10', way: 'clinic', weight: 68.5, nextVisitDate: '2025-03-25', referral: false },
    });
    // Saved: the form is a new record again and the history shows the new weight.
    expect(await screen.findByRole('heading', { name: '新建随访记录' })).toBeInTheDocument();
    expect(await within(await historyRow('2025-03-10')).findByText(/68\.5/)).toBeInTheDocument();
  });

  it('says so when someone else changed the record meanwhile, and reloads it as it is now', async () => {
    const server = clinic([RECORD]);
    const { user } = renderInApp(<RecordWorkspace current="followUp" />, { route: '/followUp' });
    await user.click(within(await historyRow('2025-03-10')).getByRole('button', { name: '编辑' }));
    // Another doctor saves revision 2 while this form still holds revision 1.
    server.records = [followUp(11, 2, { visitDate: '2025-03-10', way: 'home', weight: 71 })];
    const weight = await screen.findByRole('spinbutton', { name: '体重' });
    await user.clear(weight);
    await user.type(weight, '66');
    await user.click(screen.getByRole('button', { name: '保存修改' }));
    const banner = await screen.findByTestId('record-conflict');
    expect(banner).toHaveRole('alert');
    expect(banner).toHaveTextContent('这条记录在您打开后已被他人修改或作废，刚才填写的内容没有保存。请载入最新内容后再修改。');
    expect(server.records[0]?.data.weight).toBe(71);

    await user.click(within(banner).getByRole('button', { name: '载入最新内容' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: '体重' })).toHaveValue('71.0'));
    expect(screen.queryByTestId('record-conflict')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(server.sent('PUT', '/api/annex/7/records/11')).toHaveLength(2));
    expect(server.sent('PUT', '/api/annex/7/records/11')[1]?.body).toMatchObject({ revision: 2 });
  });
});

/** The panel a tab shows (its label carries the form's state, so the panel is found by the tab). */
const panelOf = (tab: HTMLElement) => document.getElementById(tab.getAttribute('aria-controls') ?? '') as HTMLElement;
const fieldsIn = (panel: HTMLElement) => [...within(panel).queryAllByRole('textbox'), ...within(panel).queryAllByRole('spinbutton')];

describe('record workspace (instrument tabs)', () => {
  it('marks a tab at once, draws its form after, and keeps what was typed in a form left for another tab', async () => {
    clinic([]);
    const { user } = renderInApp(<RecordWorkspace current="diagnosticRecord" />, { route: '/diagnosticRecord' });
    const [first, second] = (await screen.findAllByRole('tab')) as [HTMLElement, HTMLElement];
    const typed = (await within(panelOf(first)).findAllByRole('spinbutton'))[0] as HTMLInputElement;
    await user.type(typed, '71');

    await user.click(second);
    expect(second).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(fieldsIn(panelOf(second)).length).toBeGreaterThan(0));

    await user.click(first);
    expect(first).toHaveAttribute('aria-selected', 'true');
    // The same field, still mounted: what was typed is there.
    expect(fieldsIn(panelOf(first))).toContain(typed);
    expect(typed.value).toContain('71');
  });
});
