// @vitest-environment happy-dom
import type { IssuedPrescription, PrescriptionBlankResult } from '@tcm/contracts/api/prescription';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { PrescriptionKindPage } from '../../pages/prescribe/PrescriptionKindPage';
import { usePatientStore } from '../../stores/patient';
import { type FakeServer, fakeServer, ok, refuse } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';

/*
 * The prescription form as a doctor uses it on /prescribe/sleep: the blank the server prefilled, its
 * suggestions, ticking and typing, the checks before saving, what is sent, and the history after it.
 * The network is faked at the HTTP boundary with the server's envelopes.
 */

const PATIENT = 7;

// The sleep blank: 规律作息 suggested by the server's rules, 助眠调护 and its text empty.
const BLANK: PrescriptionBlankResult = {
  template: { patientId: PATIENT, isBlank: true, a1: true, a2: false, a21: '' },
  suggestions: [{ field: 'a1', reason: '近期睡眠不足 6 小时', reasonEn: 'slept under 6 hours lately' }],
};

function issued(id: number, content: Record<string, unknown>): IssuedPrescription {
  const at = `2026-03-0${id}T08:00:00.000Z`;
  return {
    id,
    kind: 'sleep',
    patientId: PATIENT,
    content,
    issuedAt: at,
    doctorId: 2,
    doctorName: '王医生',
    createdAt: at,
  } as IssuedPrescription;
}

/** The server: a blank, a history that grows with each save and shrinks with each void. */
function sleepServer(): FakeServer & { history: IssuedPrescription[] } {
  const server = Object.assign(fakeServer(), { history: [] as IssuedPrescription[] });
  server
    .on('GET', '/prescription/sleep/blank', () => ok(BLANK))
    .on('GET', '/prescription/sleep/history', () => ok({ list: server.history, total: server.history.length, page: 1, limit: 10 }))
    .on('POST', '/prescription/sleep', (request) => {
      const saved = issued(server.history.length + 1, request.body as Record<string, unknown>);
      server.history = [saved, ...server.history];
      return ok(saved);
    })
    .on('DELETE', '/prescription/sleep/:id', (_, [, id]) => {
      server.history = server.history.filter((p) => p.id !== Number(id));
      return ok({});
    });
  return server;
}

beforeAll(bootI18n);
beforeEach(() => {
  usePatientStore.setState({
    patientId: PATIENT,
    patientInfo: { name: '张三', age: 52, gender: 'man', idNum: '', telNum: '', endManagement: false, cohort: 'managed', role: 'patient' },
  });
});

const form = () => screen.findByRole('form', { name: '开具睡眠处方' });

describe('sleep prescription form', () => {
  it('starts from the server’s prefilled blank, marking each suggestion with its reason', async () => {
    sleepServer();
    renderInApp(<PrescriptionKindPage kind="sleep" />);
    const sheet = await form();
    expect(within(sheet).getByRole('checkbox', { name: '规律作息' })).toBeChecked();
    expect(within(sheet).getByRole('checkbox', { name: '助眠调护' })).not.toBeChecked();
    expect(within(sheet).getByText('建议：近期睡眠不足 6 小时')).toBeInTheDocument();
    expect(within(sheet).getByText('已根据患者最近的健康档案预填 1 项（标有“建议”），可按需修改。')).toBeInTheDocument();
    // A text belongs to its checkbox: disabled until it is ticked.
    expect(within(sheet).getByRole('textbox', { name: '助眠调护方法' })).toBeDisabled();
  });

  it('refuses a ticked item without its text, names the problem on the field and sends nothing', async () => {
    const server = sleepServer();
    const { user } = renderInApp(<PrescriptionKindPage kind="sleep" />);
    const sheet = await form();
    await user.click(within(sheet).getByRole('checkbox', { name: '助眠调护' }));
    const text = within(sheet).getByRole('textbox', { name: '助眠调护方法' });
    expect(text).toBeEnabled();
    expect(text).toBeRequired();
    await user.click(within(sheet).getByRole('button', { name: '保存处方' }));
    // The rules are imported on the first save (prescription-check): the verdict follows a moment later.
    await waitFor(() => expect(text).toHaveAccessibleDescription('已勾选“助眠调护”，请填写“助眠调护方法”'));
    expect(text).toBeInvalid();
    expect(text).toHaveFocus();
    expect(within(sheet).getByText('处方内容有问题，请按标出的提示修改后再保存')).toBeInTheDocument();
    expect(server.sent('POST', '/prescription/sleep')).toHaveLength(0);
  });

  it('sends what was ticked and typed, then shows it at the top of the history', async () => {
    const server = sleepServer();
    const { user } = renderInApp(<PrescriptionKindPage kind="sleep" />);
    const sheet = await form();
    expect(await screen.findByText('尚未开具该类处方')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('checkbox', { name: '助眠调护' }));
    await user.type(within(sheet).getByRole('textbox', { name: '助眠调护方法' }), '  睡前温水泡脚  ');
    await user.click(within(sheet).getByRole('button', { name: '保存处方' }));
    await screen.findByTestId('prescription-saved');
    expect(server.sent('POST', '/prescription/sleep').map((r) => r.body)).toEqual([
      { patientId: PATIENT, isBlank: false, a1: true, a2: true, a21: '睡前温水泡脚' },
    ]);
    const history = screen.getByRole('table', { name: '睡眠处方的历史处方（最新在前）' });
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(2));
    expect(within(history).getByText(/睡前温水泡脚/)).toBeInTheDocument();
    // A fresh form from a fresh blank after the save.
    expect(server.sent('GET', '/prescription/sleep/blank').length).toBeGreaterThanOrEqual(2);
  });

  it('clears what hangs under an unticked box before sending, and 恢复预填 brings the blank back', async () => {
    const server = sleepServer();
    const { user } = renderInApp(<PrescriptionKindPage kind="sleep" />);
    const sheet = await form();
    await user.click(within(sheet).getByRole('checkbox', { name: '助眠调护' }));
    await user.type(within(sheet).getByRole('textbox', { name: '助眠调护方法' }), '按揉神门');
    await user.click(within(sheet).getByRole('checkbox', { name: '规律作息' }));
    await user.click(within(sheet).getByRole('button', { name: '恢复预填' }));
    expect(within(sheet).getByRole('checkbox', { name: '规律作息' })).toBeChecked();
    expect(within(sheet).getByRole('checkbox', { name: '助眠调护' })).not.toBeChecked();
    expect(within(sheet).getByRole('textbox', { name: '助眠调护方法' })).toHaveValue('');

    await user.click(within(sheet).getByRole('checkbox', { name: '助眠调护' }));
    await user.type(within(sheet).getByRole('textbox', { name: '助眠调护方法' }), '按揉神门');
    await user.click(within(sheet).getByRole('checkbox', { name: '助眠调护' }));
    // The text stays visible (disabled) so an accidental untick loses nothing, but is not sent.
    expect(within(sheet).getByRole('textbox', { name: '助眠调护方法' })).toHaveValue('按揉神门');
    await user.click(within(sheet).getByRole('button', { name: '保存处方' }));
    await screen.findByTestId('prescription-saved');
    expect(server.sent('POST', '/prescription/sleep')[0]?.body).toMatchObject({ a1: true, a2: false, a21: '' });
  });

  it('shows each field error of a refused save on its field', async () => {
    const server = sleepServer();
    server.on('POST', '/prescription/sleep', () =>
      refuse(400, '处方内容不正确', { errors: [{ item: 'a21', message: '助眠调护方法 含有不允许的内容' }] }),
    );
    const { user } = renderInApp(<PrescriptionKindPage kind="sleep" />);
    const sheet = await form();
    await user.click(within(sheet).getByRole('checkbox', { name: '助眠调护' }));
    await user.type(within(sheet).getByRole('textbox', { name: '助眠调护方法' }), '泡脚');
    await user.click(within(sheet).getByRole('button', { name: '保存处方' }));
    const text = within(sheet).getByRole('textbox', { name: '助眠调护方法' });
    await waitFor(() => expect(text).toHaveAccessibleDescription('助眠调护方法 含有不允许的内容'));
    expect(screen.queryByTestId('prescription-saved')).not.toBeInTheDocument();
  });

  it('voids a prescription with a reason and drops it from the history', async () => {
    const server = sleepServer();
    server.history = [issued(1, { patientId: PATIENT, isBlank: false, a1: true, a2: false, a21: '' })];
    const { user } = renderInApp(<PrescriptionKindPage kind="sleep" />);
    const history = await screen.findByRole('table', { name: '睡眠处方的历史处方（最新在前）' });
    await user.click(await within(history).findByRole('button', { name: /^作废 / }));
    const dialog = await screen.findByRole('dialog', { name: '作废处方' });
    await user.type(within(dialog).getByRole('textbox', { name: '作废原因' }), '开错患者');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(server.sent('DELETE', /^\/prescription\/sleep\/1$/)).toHaveLength(1));
    expect(server.sent('DELETE', /^\/prescription\/sleep\/1$/)[0]?.params).toEqual({ reason: '开错患者' });
    expect(await within(history).findByText('尚未开具该类处方')).toBeInTheDocument();
  });
});

describe('sleep prescription form in English', () => {
  beforeAll(() => changeLanguage('en-US'));
  afterAll(() => changeLanguage('zh-CN'));

  // The server prefills the Chinese text (the default); each suggestion carries its English too.
  const BILINGUAL: PrescriptionBlankResult = {
    template: { patientId: PATIENT, isBlank: true, a1: true, a2: true, a21: '睡前热水泡脚' },
    suggestions: [
      { field: 'a1', reason: '近期睡眠不足 6 小时', reasonEn: 'slept under 6 hours lately' },
      { field: 'a21', reason: '入睡困难', reasonEn: 'trouble falling asleep', valueEn: 'Soak the feet in warm water before bed' },
    ],
  };

  it('shows the reasons and the prefilled text in English, and sends the English text', async () => {
    const server = sleepServer().on('GET', '/prescription/sleep/blank', () => ok(BILINGUAL));
    const { user } = renderInApp(<PrescriptionKindPage kind="sleep" />);
    const sheet = await screen.findByRole('form', { name: /sleep/i });
    expect(within(sheet).getByText('Suggested: slept under 6 hours lately')).toBeInTheDocument();
    expect(within(sheet).getByText('Suggested: trouble falling asleep')).toBeInTheDocument();
    expect(within(sheet).queryByText(/近期睡眠/)).toBeNull();
    const text = within(sheet).getAllByRole('textbox')[0] as HTMLTextAreaElement;
    expect(text).toHaveValue('Soak the feet in warm water before bed');
    expect(text).not.toHaveAttribute('lang');
    await user.click(within(sheet).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(server.sent('POST', /^\/prescription\/sleep$/)).toHaveLength(1));
    expect(server.sent('POST', /^\/prescription\/sleep$/)[0]?.body).toMatchObject({ a21: 'Soak the feet in warm water before bed' });
  });
});
