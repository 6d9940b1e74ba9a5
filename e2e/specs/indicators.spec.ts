import { expectStill } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { heading, signIn } from '../fixtures/ui';

const isReportRequest = (url: string) => new URL(url).pathname.endsWith('/prod-api/api/programme/indicators');

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
});
