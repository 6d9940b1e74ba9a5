import type { Paged } from '@tcm/contracts/api/envelope';
import type { AnnexRecord } from '@tcm/contracts/api/records';
import { clinicToday } from '../fixtures/data';
import { addDays, choose, expectToast, openWorkspaceTab, recordToasts, SAVED } from '../fixtures/records';
import { expect, test } from '../fixtures/test';
import { openPatient, signIn } from '../fixtures/ui';

/**
 * A doctor whose browser is set to American English still gets the app's date field: a new record
 * opens at today written YYYY-MM-DD (not mm/dd/yyyy), and a date typed as eight digits is taken as
 * that day and saved as such.
 */

test.use({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
test.beforeEach(({ context }) => recordToasts(context));

test('in an en-US browser a follow-up date typed as 8 digits is saved as that day, shown YYYY-MM-DD', async ({
  page,
  api,
  doctor,
  patients,
}) => {
  // Enrolled 30 days ago: a follow-up may be dated a few days back, so the typed day differs from today's default.
  const patient = await patients.create(doctor);
  await signIn(page, doctor.session, '/index');
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  await openPatient(page, patient.name);
  await openWorkspaceTab(page, '随访记录', '/followUp');
  const a7 = page.getByTestId('record-editor-7');
  const date = a7.getByLabel('随访日期', { exact: true });
  await expect(date).toHaveValue(clinicToday());

  const visit = addDays(clinicToday(), -3);
  await date.click();
  await date.fill(visit.replaceAll('-', ''));
  await date.press('Enter');
  await expect(date).toHaveValue(visit);
  // The proposed next visit follows the typed date, written the same way.
  await expect(a7.getByLabel('下次随访日期', { exact: true })).toHaveValue(addDays(visit, 15));
  await choose(a7, '随访方式', '门诊');
  await a7.getByTestId('record-save').click();
  await expectToast(page, SAVED);

  const saved = await api.request<Paged<AnnexRecord>>('GET', `/api/annex/7/records?patientId=${patient.id}&page=1&limit=10`, {
    token: doctor.session.token,
  });
  expect(saved.list.map((record) => record.data.visitDate)).toEqual([visit]);
});
