import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './support/api';
import type { RunningApp } from './support/app-server';
import { screenshot } from './support/browser';
import { type Journey, startJourney } from './support/journey';
import { openFromList } from './support/records';
import { screenViolations } from './support/shell';

const DOCTOR = { mobile: '13900000001', password: 'Doctor#2026', name: '张医生' };

interface PatientRow {
  id: number;
  name: string;
  cohort: 'managed' | 'comparison';
  endManagement: boolean;
}

/** Waits for the screen to settle (dialogs zoomed in, tables undimmed), then axe: no serious violation. */
async function expectNoSeriousA11y(page: Page, screen: string) {
  const violations = await screenViolations(page, screen);
  expect(
    violations.map((v) => `${screen}: ${v.id} ${v.help} ${v.targets.join(' | ')}`),
    screen,
  ).toEqual([]);
}

async function save(page: Page) {
  await page.getByRole('button', { name: '保存处方' }).click();
}

async function expectSaved(page: Page) {
  await page.getByTestId('prescription-saved').waitFor();
  // The history lists the new prescription first.
  await expect.poll(() => page.getByTestId('prescription-history').locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
}

async function openKind(page: Page, path: string) {
  await page.goto(`/prescribe/${path}`);
  try {
    await page.getByTestId('prescription-form').waitFor({ timeout: 15_000 });
  } catch (error) {
    await screenshot(page, `prescribe-${path}-not-shown`);
    throw error;
  }
}

describe('a doctor issues, reviews, voids and prints health prescriptions (issue 6)', () => {
  let journey: Journey;
  let server: RunningApp;
  beforeAll(async () => {
    journey = await startJourney();
    server = journey.server;
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('seven kinds through the UI → overview → void with a reason → A4 print view; comparison members refused', async () => {
    // A managed patient in management whose latest records trigger a constitution suggestion.
    const token = await apiLogin(server.baseUrl, DOCTOR.mobile, DOCTOR.password);
    const patients = await api<{ list: PatientRow[] }>(server.baseUrl, 'POST', '/api/user/list', {
      token,
      body: { role: 'patient', state: 'running', page: 1, limit: 100 },
    });
    let patient: PatientRow | undefined;
    let physiqueSuggested: string[] = [];
    for (const p of patients.list.filter((row) => row.cohort === 'managed' && !row.endManagement)) {
      const blank = await api<{ suggestions: { field: string }[] }>(
        server.baseUrl,
        'GET',
        `/prescription/physique/blank?patientId=${p.id}`,
        { token },
      );
      if (blank.suggestions.length > 0) {
        patient = p;
        physiqueSuggested = blank.suggestions.map((s) => s.field);
        break;
      }
    }
    expect(patient, 'a managed demo patient with a constitution result').toBeDefined();
    const chosen = patient!;
    // The demo gave this patient the suggested prescriptions; withdraw them, so the journey starts from
    // a patient with none and every history below holds only what it issues.
    const current = await api<Record<string, { id: number } | null>>(
      server.baseUrl,
      'GET',
      `/prescription/current?patientId=${chosen.id}`,
      {
        token,
      },
    );
    for (const [kind, issued] of Object.entries(current)) {
      if (issued)
        await api(server.baseUrl, 'DELETE', `/prescription/${kind}/${issued.id}?reason=${encodeURIComponent('演示数据')}`, { token });
    }

    const page = await journey.fresh();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto('/login');
    await page.getByLabel('手机号').fill(DOCTOR.mobile);
    await page.getByLabel('密码').fill(DOCTOR.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // Without a patient the prescription screens ask for one.
    await page.goto('/prescribe/index');
    await expect.poll(() => page.getByText('请先选择患者').count()).toBeGreaterThan(0);
    await screenshot(page, 'prescribe-no-patient');
    await expectNoSeriousA11y(page, 'prescribe-no-patient');

    // Choose the patient from the list.
    await page.goto('/userList');
    await page.getByRole('searchbox', { name: '姓名 / 身份证号 / 手机号' }).fill(chosen.name);
    await page.getByRole('searchbox', { name: '姓名 / 身份证号 / 手机号' }).press('Enter');
    // The search has applied once every row listed is the chosen patient's.
    await expect
      .poll(() =>
        page
          .locator('tbody tr.ant-table-row')
          .evaluateAll((rows, name) => rows.length > 0 && rows.every((r) => r.textContent?.includes(name)), chosen.name),
      )
      .toBe(true);
    await openFromList(page, page.locator('tr', { hasText: chosen.name }).first().getByRole('button', { name: '打开档案' }));

    // 1 diet: the client checks a ticked item's text before anything is sent.
    await openKind(page, '1');
    await expect.poll(() => page.getByTestId('panel-name').textContent()).toBe(chosen.name);
    await page.getByRole('checkbox', { name: '控制总热量', exact: true }).check();
    await page.getByRole('checkbox', { name: '食疗方', exact: true }).check();
    await page.getByRole('textbox', { name: '食疗方内容', exact: true }).fill('');
    await save(page);
    await expect.poll(() => page.getByText('已勾选“食疗方”，请填写“食疗方内容”').count()).toBeGreaterThan(0);
    await screenshot(page, 'prescribe-diet-invalid');
    await expectNoSeriousA11y(page, 'prescribe-diet-invalid');
    await page.getByRole('checkbox', { name: '食疗方', exact: true }).uncheck();
    expect(await page.getByRole('textbox', { name: '食疗方内容', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: '代茶饮', exact: true }).check();
    await page.getByRole('textbox', { name: '代茶饮组成', exact: true }).fill('桑叶10克、菊花6克，开水冲泡代茶饮');
    await save(page);
    await expectSaved(page);
    await screenshot(page, 'prescribe-diet-saved');
    await expectNoSeriousA11y(page, 'prescribe-diet-saved');

    // 2 sleep.
    await openKind(page, '2');
    await page.getByRole('checkbox', { name: '规律作息', exact: true }).check();
    await page.getByRole('checkbox', { name: '助眠调护', exact: true }).check();
    await page.getByRole('textbox', { name: '助眠调护方法', exact: true }).fill('睡前温水泡脚15分钟，按揉神门、三阴交');
    await save(page);
    await expectSaved(page);
    await screenshot(page, 'prescribe-sleep-saved');
    await expectNoSeriousA11y(page, 'prescribe-sleep-saved');

    // 3 motion: a group needs one of its sub-items.
    await openKind(page, '3');
    await page.getByRole('checkbox', { name: '抗阻运动', exact: true }).check();
    for (const sub of ['哑铃', '杠铃', '其他抗阻运动']) await page.getByRole('checkbox', { name: sub, exact: true }).uncheck();
    await save(page);
    await expect.poll(() => page.getByText('请选择“抗阻运动”的具体项目').count()).toBeGreaterThan(0);
    await page.getByRole('checkbox', { name: '抗阻运动', exact: true }).uncheck();
    expect(await page.getByRole('checkbox', { name: '哑铃', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: '有氧运动', exact: true }).check();
    await page.getByRole('checkbox', { name: '快走', exact: true }).check();
    await page.getByRole('checkbox', { name: '传统功法', exact: true }).check();
    await page.getByRole('checkbox', { name: '八段锦', exact: true }).check();
    await page.getByRole('textbox', { name: '运动频率、时间与强度', exact: true }).fill('每周5次，每次30分钟，中等强度');
    await screenshot(page, 'prescribe-motion-filled');
    await save(page);
    await expectSaved(page);
    await expectNoSeriousA11y(page, 'prescribe-motion-saved');

    // 4 weight loss.
    await openKind(page, '4');
    await page.getByRole('checkbox', { name: '控制饮食', exact: true }).check();
    await page.getByRole('checkbox', { name: '增加运动', exact: true }).check();
    await page.getByRole('checkbox', { name: '减重目标', exact: true }).check();
    await page.getByRole('textbox', { name: '减重目标内容', exact: true }).fill('半年内体重下降7%');
    await save(page);
    await expectSaved(page);
    await screenshot(page, 'prescribe-loseWeight-saved');
    await expectNoSeriousA11y(page, 'prescribe-loseWeight-saved');

    // 5 health education.
    await openKind(page, '5');
    await page.getByRole('checkbox', { name: '糖尿病前期防治知识', exact: true }).check();
    await page.getByRole('checkbox', { name: '定期监测血糖', exact: true }).check();
    await page.getByRole('textbox', { name: '监测与复查安排', exact: true }).fill('每6个月复查空腹血糖和OGTT');
    await save(page);
    await expectSaved(page);
    await screenshot(page, 'prescribe-healthEducation-saved');
    await expectNoSeriousA11y(page, 'prescribe-healthEducation-saved');

    // 6 physique: prefilled from the latest constitution result, the suggestions marked 建议.
    await openKind(page, '6');
    expect(physiqueSuggested.length).toBeGreaterThan(0);
    await page.getByTestId(`suggested-${physiqueSuggested[0]}`).first().waitFor();
    expect(await page.getByTestId(`suggested-${physiqueSuggested[0]}`).first().textContent()).toContain('建议');
    await screenshot(page, 'prescribe-physique-prefilled');
    await expectNoSeriousA11y(page, 'prescribe-physique-prefilled');
    // Whatever the rules left unticked stays unticked; the emotional area is added by the doctor if needed.
    if (!(await page.getByRole('checkbox', { name: '情志调摄', exact: true }).isChecked())) {
      await page.getByRole('checkbox', { name: '情志调摄', exact: true }).check();
      await page.getByRole('textbox', { name: '情志调摄指导', exact: true }).fill('保持心情舒畅，多与人交流');
    }
    await save(page);
    await expectSaved(page);
    await screenshot(page, 'prescribe-physique-saved');

    // other: the content is required.
    await openKind(page, 'other');
    await save(page);
    await expect.poll(() => page.getByText('请填写处方内容').count()).toBeGreaterThan(0);
    await page.getByRole('textbox', { name: '处方内容', exact: true }).fill('每日按揉足三里穴5分钟');
    await save(page);
    await expectSaved(page);
    await screenshot(page, 'prescribe-other-saved');
    await expectNoSeriousA11y(page, 'prescribe-other-saved');

    // The overview shows the current prescription of every kind.
    await page.goto('/prescribe/index');
    await page.getByTestId('prescription-overview').waitFor();
    for (const kind of ['diet', 'sleep', 'motion', 'loseWeight', 'healthEducation', 'physique', 'other']) {
      expect(await page.getByTestId(`current-${kind}`).getByText('尚未开具').count(), kind).toBe(0);
    }
    expect(await page.getByTestId('current-diet').textContent()).toContain('代茶饮：桑叶10克、菊花6克');
    expect(await page.getByTestId('current-motion').textContent()).toContain('有氧运动：快走');
    expect(await page.getByTestId('current-other').textContent()).toContain('每日按揉足三里穴5分钟');
    await screenshot(page, 'prescribe-overview');
    await expectNoSeriousA11y(page, 'prescribe-overview');

    // Void the weight-loss prescription with a reason: it leaves the history and the overview.
    await openKind(page, '4');
    await page.getByTestId('prescription-history').getByRole('button', { name: /^作废/ }).first().click();
    const dialog = page.getByTestId('reason-dialog');
    await dialog.getByLabel('作废原因').waitFor();
    await screenshot(page, 'prescribe-void-dialog');
    await expectNoSeriousA11y(page, 'prescribe-void-dialog');
    await dialog.getByLabel('作废原因').fill('减重目标需与患者重新商定');
    await page
      .getByRole('button', { name: '确 定' })
      .or(page.getByRole('button', { name: '确定' }))
      .first()
      .click();
    await expect.poll(() => page.getByText('处方已作废').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('prescription-history').getByText('尚未开具该类处方').count()).toBeGreaterThan(0);
    await page.goto('/prescribe/index');
    await page.getByTestId('prescription-overview').waitFor();
    expect(await page.getByTestId('current-loseWeight').getByText('尚未开具').count()).toBe(1);

    // Print the diet prescription from the overview: the A4 sheet with the patient, doctor and plain words.
    await page.getByRole('link', { name: '打印 饮食处方' }).click();
    await page.waitForURL(/\/prescribe\/1\?print=\d+/);
    const sheet = page.getByTestId('prescription-sheet');
    await sheet.waitFor();
    await expect.poll(() => sheet.textContent()).toContain(chosen.name);
    const text = await sheet.textContent();
    expect(text ?? '').toContain('饮食处方');
    expect(text ?? '').toContain(DOCTOR.name);
    expect(text ?? '').toContain('控制总热量：每餐七八分饱');
    expect(text ?? '').toContain('代茶饮：桑叶10克、菊花6克，开水冲泡代茶饮');
    expect(text ?? '').not.toContain('食疗方');
    await expect.poll(async () => ((await sheet.textContent()) ?? '').includes('社区')).toBe(true);
    await screenshot(page, 'prescribe-print-view');
    await expectNoSeriousA11y(page, 'prescribe-print-view');
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByTestId('prescription-print-view').getByRole('button', { name: '打印' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // On paper only the sheet is printed: the shell is hidden.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#root').isVisible()).toBe(false);
    expect(await page.getByTestId('prescription-print-root').isVisible()).toBe(true);
    expect(await page.getByTestId('prescription-print-root').textContent()).toContain('代茶饮：桑叶');
    await screenshot(page, 'prescribe-print-media');
    await page.emulateMedia({ media: 'screen' });

    // In English the sheet and the form speak English (labels from the contracts, UI strings from i18n).
    await page.getByTestId('language-switch').click();
    await expect.poll(async () => (await sheet.textContent()) ?? '').toContain('Diet prescription');
    const english = (await sheet.textContent()) ?? '';
    expect(english).toContain('Control total energy intake: Eat until 70–80 % full');
    expect(english).toContain('Herbal tea: 桑叶10克');
    expect(english).toContain('Doctor');
    await screenshot(page, 'prescribe-print-view-en');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('prescription-form').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Low salt, low fat', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Save prescription' }).count()).toBe(1);
    await expectNoSeriousA11y(page, 'prescribe-diet-en');
    await page.getByTestId('language-switch').click();
    await expect.poll(() => page.getByRole('button', { name: '保存处方' }).count()).toBe(1);

    // A comparison-group member gets no prescription form.
    await page.goto('/userListTQQ');
    await page.getByRole('button', { name: '打开档案' }).first().click();
    await page.waitForURL((url) => !url.pathname.startsWith('/userListTQQ'));
    await page.goto('/prescribe/1');
    await expect.poll(() => page.getByText('对照组成员不开具健康处方').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('prescription-form').count()).toBe(0);
    await screenshot(page, 'prescribe-comparison-refused');
    await expectNoSeriousA11y(page, 'prescribe-comparison-refused');
  });
});
