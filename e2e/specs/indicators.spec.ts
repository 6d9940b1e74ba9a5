import { expectAccessible, expectStill } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { heading, signIn } from '../fixtures/ui';

const isReportRequest = (url: string) => new URL(url).pathname.endsWith('/prod-api/api/programme/indicators');
const TARGETS_PATH = '/api/programme/indicators/targets';
const isTargetPut = (r: { url(): string; request(): { method(): string } }) =>
  new URL(r.url()).pathname.endsWith(`/prod-api${TARGETS_PATH}`) && r.request().method() === 'PUT';

// A fresh doctor of 城东 with one patient of their own, enrolled today: with "only my patients" the
// figures are theirs alone, and the card's number leads to that patient's records.
test.describe('management quality indicators', () => {
  test('a doctor goes from a card to the patient behind it', async ({ page, doctor, patients }) => {
    const patient = await patients.create(doctor);
    await signIn(page, doctor.session, '/index');
    await expect(heading(page, `工作台 · ${doctor.name}`)).toBeVisible();
    await expectStill(page);
    const answered = page.waitForResponse((r) => isReportRequest(r.url()));
    await page.getByRole('navigation', { name: '主导航' }).getByRole('menuitem', { name: '管理质量' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/indicators');
    await expect(heading(page, '管理质量')).toBeVisible();
    await answered;
    await expect(page.getByTestId('indicator-card-standardManagement')).toBeVisible();

    const mine = page.waitForResponse((r) => isReportRequest(r.url()) && new URL(r.url()).searchParams.has('doctorId'));
    await page.getByTestId('indicator-mine').click();
    await mine;
    await expect(page.getByTestId('indicator-count-newlyEnrolled')).toHaveText('1 人');
    await expect(page.getByTestId('indicator-count-activePatients')).toHaveText('1 人');
    // Twelve quarters of trend per rated indicator, drawn as charts.
    await expect(page.getByTestId('indicator-card-onTimeFollowUp').getByRole('img', { name: /按时随访率近12期趋势/ })).toBeVisible();

    await page.getByTestId('indicator-count-activePatients').click();
    const dialog = page.getByRole('dialog', { name: /在管人数/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('indicator-list-units')).toHaveText('共 1 人，合计 1');
    await dialog.getByTestId(`indicator-patient-${patient.id}`).click();
    await expect(page).toHaveURL((url) => url.pathname === '/diagnosticRecord');
    await expect(page.getByTestId('panel-name')).toHaveText(patient.name);
  });

  // Targets are global (one table for the whole server), and the worker's other tests share the
  // database: the test starts from the demo data's none, and leaves none set, even when it fails.
  test('the administrator sets the target of 规范管理率 and the card shows it met or not', async ({ page, admin, api }) => {
    const targets = () => api.request<{ list: { key: string; target: number }[] }>('GET', TARGETS_PATH, { token: admin.token });
    expect((await targets()).list).toEqual([]);
    try {
      await signIn(page, admin, '/indicators');
      await expect(heading(page, '管理质量')).toBeVisible();
      const card = page.getByTestId('indicator-card-standardManagement');
      await expect(card).toContainText('未设目标');
      // The demo city has a rate for the quarter, above 0 % and below 100 %: 0 % is met, 100 % is not.
      await expect(card.locator('.indicator-rate')).toHaveText(/^(?!100%)\d+(\.\d)?%$/);

      const setTarget = async (value: string, options: { checkAccessible?: boolean } = {}) => {
        await page.getByRole('button', { name: '设置目标' }).click();
        const dialog = page.getByRole('dialog', { name: '设置目标' });
        const field = dialog.getByRole('spinbutton', { name: '规范管理率' });
        await expect(field).toBeEditable();
        // Every field named by its indicator and described by which way is better (axe checks the rest).
        await expect(dialog.getByRole('spinbutton')).toHaveCount(9);
        await expect(dialog.getByRole('spinbutton', { name: '失访率' })).toHaveAccessibleDescription('越低越好：等于或低于目标即达标');
        if (options.checkAccessible) await expectAccessible(page, 'indicator-targets');
        await field.fill(value);
        const saved = page.waitForResponse(isTargetPut);
        await dialog.getByRole('button', { name: '保存' }).click();
        expect((await saved).ok()).toBe(true);
        await expect(dialog).toBeHidden();
      };

      await setTarget('0', { checkAccessible: true });
      await expect(card.locator('.indicator-target')).toHaveText('目标 0% 达标');
      await setTarget('100');
      await expect(card.locator('.indicator-target')).toHaveText('目标 100% 未达标');
      expect((await targets()).list).toEqual([{ key: 'standardManagement', target: 100 }]);

      // Restored: the field emptied removes the target.
      await setTarget('');
      await expect(card.locator('.indicator-target')).toHaveText('未设目标');
      expect((await targets()).list).toEqual([]);
    } finally {
      await api.request('PUT', TARGETS_PATH, { token: admin.token, body: { key: 'standardManagement', target: null } });
    }
  });

  test('a doctor has no 设置目标', async ({ page, doctor }) => {
    await signIn(page, doctor.session, '/indicators');
    await expect(page.getByTestId('indicator-card-standardManagement')).toBeVisible();
    await expect(page.getByTestId('indicator-toolbar').getByRole('button', { name: '打印' })).toBeVisible();
    await expect(page.getByRole('button', { name: '设置目标' })).toHaveCount(0);
  });
});
