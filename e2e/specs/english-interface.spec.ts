import type { Page } from '@playwright/test';
import { expectStill, screenshot } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { openPatient, signIn, visit } from '../fixtures/ui';

const HAN = /\p{Script=Han}/u;

/** The texts of the record editor's error summary. */
function recordErrors(page: Page, annex: string): Promise<string[]> {
  return page.getByTestId(`record-editor-${annex}`).locator('.instrument-error-list li').allTextContents();
}

test('the English interface speaks English in the forms too: instrument validation messages and units, and prescription rules (issues 5 and 6)', async ({
  page,
  doctor,
  patients,
}) => {
  // A patient of this test's own, in management (prescriptions are issued only while it runs) and
  // without records: no suggestion ticks a prescription item.
  const patient = await patients.create(doctor);
  await signIn(page, doctor.session, '/index');
  await openPatient(page, patient.name);
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  // Annex 6: units in English (heart rate in beats/min, not 次/分).
  await page.getByRole('tab', { name: 'Physical examination' }).click();
  const exam = page.getByTestId('record-editor-6');
  await expect
    .poll(() => exam.locator('.ant-input-suffix').allTextContents())
    .toEqual(expect.arrayContaining(['cm', 'kg', 'mmHg', 'beats/min']));

  // Annex 7 saved empty (its visit date opens as today): every message names its item in English.
  await page
    .getByRole('navigation', { name: 'Health records' })
    .getByRole('link', { name: /^Follow-up( |$)/ })
    .click();
  await expect(page).toHaveURL(/\/followUp$/);
  const followUp = page.getByTestId('record-editor-7');
  await followUp.getByTestId('record-save').click();
  await expect.poll(() => recordErrors(page, '7')).toEqual(expect.arrayContaining(['Please choose Way of follow-up']));
  for (const message of await recordErrors(page, '7')) expect(message, message).not.toMatch(HAN);
  await expectStill(page);
  await screenshot(page, 'english-follow-up-errors');

  // A diet prescription with nothing ticked.
  await page.getByRole('menuitem', { name: 'TCM prescriptions' }).click();
  await page.getByRole('navigation', { name: 'Prescription kinds' }).getByRole('link', { name: 'Diet', exact: true }).click();
  await expect(page).toHaveURL(/\/prescribe\/1$/);
  const form = page.getByTestId('prescription-form');
  await form.locator('button[type="submit"]').click();
  const errors = page.getByTestId('prescription-errors');
  await expect(errors).toContainText('Please tick at least one item');
  expect(await errors.textContent()).not.toMatch(HAN);
  await screenshot(page, 'english-prescription-errors');
});

test("antd's own texts follow the interface language: the date panel says 今天, then Today", async ({ page, doctor, patients }) => {
  // antd's locales are CommonJS modules (antd/locale/*); were the bundle to hand ConfigProvider the
  // module instead of the locale, antd would fall back to its built-in English in the Chinese UI.
  const patient = await patients.create(doctor);
  await signIn(page, doctor.session, '/index');
  await openPatient(page, patient.name);
  await visit(page, '/followUp');
  const dateInput = page.getByTestId('record-editor-7').locator('.ant-picker input').first();
  const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');

  await dateInput.click();
  await expect(panel.getByText('今天', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await dateInput.click();
  await expect(panel.getByText('Today', { exact: true })).toBeVisible();
});
