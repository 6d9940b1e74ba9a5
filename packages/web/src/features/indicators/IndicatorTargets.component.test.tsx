// @vitest-environment happy-dom

import type { IndicatorKey, IndicatorReport, SetIndicatorTargetBody } from '@tcm/contracts';
import { IndicatorPaths } from '@tcm/contracts/api/indicator-paths';
import { InstitutionPaths } from '@tcm/contracts/api/institution-presets';
import { INDICATOR_DEFINITIONS, INDICATOR_KEYS } from '@tcm/contracts/clinical/indicators';
import { screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { clientEffects, configureClientEffects } from '../../api/effects';
import { fakeServer, ok, refuse } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import { IndicatorsScreen } from './IndicatorsScreen';

beforeAll(bootI18n);

/** The hand-made figures of 2026-Q3: 规范管理率 1 / 3 = 33.3 %, 按时随访率 2 / 3 = 66.7 %, 失访率 1 / 4 = 25 %. */
const RATES: Partial<Record<IndicatorKey, { numerator: number; denominator: number; rate: number }>> = {
  standardManagement: { numerator: 1, denominator: 3, rate: 33.3 },
  onTimeFollowUp: { numerator: 2, denominator: 3, rate: 66.7 },
  lostToFollowUp: { numerator: 1, denominator: 4, rate: 25 },
};

/**
 * A server holding targets: the list, the PUT that sets or removes one (refusing the counts as the
 * real one does), and the report whose cards carry target and met in the indicator's better direction.
 */
function serverWithTargets(initial: Partial<Record<IndicatorKey, number>>) {
  const targets = new Map(Object.entries(initial) as [IndicatorKey, number][]);
  const report = (): IndicatorReport => ({
    period: { key: '2026-Q3', kind: 'quarter', start: '2026-07-01', end: '2026-09-30' },
    scope: { level: 'city', institutionId: null, doctorId: null },
    indicators: INDICATOR_KEYS.map((key) => {
      const figure = RATES[key] ?? { numerator: 3, denominator: 3, rate: 100 };
      const target = targets.get(key);
      if (target === undefined) return { key, label: key, ...figure };
      const met = INDICATOR_DEFINITIONS[key].better === 'lower' ? figure.rate <= target : figure.rate >= target;
      return { key, label: key, ...figure, target, met };
    }),
    byInstitution: [],
    trend: [],
  });
  return fakeServer()
    .on('POST', InstitutionPaths.list, () => ok({ list: [], total: 0 }))
    .on('GET', IndicatorPaths.indicators, () => ok(report()))
    .on('GET', IndicatorPaths.targets, () =>
      ok({ list: INDICATOR_KEYS.filter((k) => targets.has(k)).map((key) => ({ key, target: targets.get(key) })) }),
    )
    .on('PUT', IndicatorPaths.targets, (request) => {
      const body = request.body as SetIndicatorTargetBody;
      if (INDICATOR_DEFINITIONS[body.key].countOnly) return refuse(400, '在管人数与新入组为人数，不设目标值');
      if (body.target === null) targets.delete(body.key);
      else targets.set(body.key, body.target);
      return ok({ list: [] });
    });
}

function renderScreen(isAdmin: boolean) {
  // Without motion a closed dialog is hidden at once (the simulated DOM never ends a CSS animation).
  return renderInApp(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <IndicatorsScreen isAdmin={isAdmin} doctorId={isAdmin ? null : 11} />
    </ConfigProvider>,
    { route: '/indicators?period=2026-Q3' },
  );
}

async function openDialog(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(await screen.findByRole('button', { name: '设置目标' }));
  // The dialog's module is loaded on the first click (a separate chunk in the app). Its name is not
  // looked up: antd's ids are all "test-id" under test, so aria-labelledby names the wrong element.
  const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
  expect(within(dialog).getByText('设置目标')).toBeInTheDocument();
  // Filled once the targets have answered.
  await within(dialog).findByLabelText('规范管理率', undefined, { timeout: 5000 });
  return dialog;
}

describe("the administrator's targets", () => {
  it('shows the current targets, sends one PUT per changed indicator, and the cards show met / not met at once', async () => {
    const server = serverWithTargets({ standardManagement: 30, onTimeFollowUp: 80 });
    const { user } = renderScreen(true);
    const card = (key: IndicatorKey) => screen.getByTestId(`indicator-card-${key}`);
    await waitFor(() => expect(card('standardManagement')).toHaveTextContent('目标 30% 达标'));
    expect(card('onTimeFollowUp')).toHaveTextContent('目标 80% 未达标');

    const dialog = await openDialog(user);
    // Every indicator that takes a target, and not the two counts.
    expect(within(dialog).getAllByRole('spinbutton')).toHaveLength(9);
    expect(within(dialog).queryByLabelText('在管人数')).toBeNull();
    expect(within(dialog).queryByLabelText('新入组')).toBeNull();
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    expect(field('规范管理率').value).toBe('30');
    expect(field('按时随访率').value).toBe('80');
    expect(field('失访率').value).toBe('');
    expect(field('失访率')).toHaveAccessibleDescription('越低越好：等于或低于目标即达标');
    expect(field('规范管理率')).toHaveAccessibleDescription('越高越好：达到或高于目标即达标');

    await user.clear(field('规范管理率'));
    await user.type(field('规范管理率'), '85');
    await user.clear(field('按时随访率'));
    await user.type(field('失访率'), '20');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // In the order of the indicators; the unchanged ones are not sent.
    expect(server.sent('PUT', IndicatorPaths.targets).map((r) => r.body)).toEqual([
      { key: 'onTimeFollowUp', target: null },
      { key: 'standardManagement', target: 85 },
      { key: 'lostToFollowUp', target: 20 },
    ]);
    // 33.3 % < 85 %: not met; no target on 按时随访率 any more; 失访率 25 % > 20 %, lower is better: not met.
    await waitFor(() => expect(card('standardManagement')).toHaveTextContent('目标 85% 未达标'));
    expect(card('onTimeFollowUp')).toHaveTextContent('未设目标');
    expect(card('lostToFollowUp')).toHaveTextContent('目标 20% 未达标');
    expect(await screen.findByText('目标已保存')).toBeInTheDocument();
  });

  it('discards what was typed on cancel, and sends nothing', async () => {
    const server = serverWithTargets({ standardManagement: 30 });
    const { user } = renderScreen(true);
    let dialog = await openDialog(user);
    const field = () => within(dialog).getByLabelText('规范管理率') as HTMLInputElement;
    await user.clear(field());
    await user.type(field(), '90');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog(user);
    expect(field().value).toBe('30');
    expect(server.sent('PUT', IndicatorPaths.targets)).toEqual([]);
  });

  it('stays open with the values typed when the server refuses, its message shown', async () => {
    const server = serverWithTargets({});
    server.on('PUT', IndicatorPaths.targets, () => refuse(403, '仅管理员可执行此操作'));
    const previous = clientEffects();
    const showError = vi.fn();
    configureClientEffects({ ...previous, showError });
    try {
      const { user } = renderScreen(true);
      const dialog = await openDialog(user);
      const field = within(dialog).getByLabelText('血糖控制率') as HTMLInputElement;
      await user.type(field, '70');
      await user.click(within(dialog).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(showError).toHaveBeenCalledWith('仅管理员可执行此操作'));
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(field.value).toBe('70');
      expect(server.sent('PUT', IndicatorPaths.targets).map((r) => r.body)).toEqual([{ key: 'glucoseControl', target: 70 }]);
    } finally {
      configureClientEffects(previous);
    }
  });

  it('gives a doctor no way to set targets', async () => {
    const server = serverWithTargets({ standardManagement: 30 });
    renderScreen(false);
    await waitFor(() => expect(screen.getByTestId('indicator-card-standardManagement')).toHaveTextContent('目标 30% 达标'));
    expect(screen.queryByRole('button', { name: '设置目标' })).toBeNull();
    expect(server.sent('GET', IndicatorPaths.targets)).toEqual([]);
  });
});
