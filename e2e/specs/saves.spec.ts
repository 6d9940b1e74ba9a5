import type { Paged } from '@tcm/contracts/api/envelope';
import type { AnnexRecord } from '@tcm/contracts/api/records';
import { clinicToday } from '../fixtures/data';
import { choose, expectToast, fillDate, historyRows, openWorkspaceTab, recordToasts, SAVED } from '../fixtures/records';
import { expect, test } from '../fixtures/test';
import { openDialog, openPatient, signIn } from '../fixtures/ui';

/**
 * A follow-up save that cannot reach the server says so and offers a retry of the same submit (same
 * Idempotency-Key): whether the first attempt never left the browser or its answer was lost on the way
 * back, the patient ends with exactly one follow-up; a second one on the same date asks first.
 */

test.use({ viewport: { width: 1366, height: 900 } });
test.beforeEach(({ context }) => recordToasts(context));

test('a follow-up saved offline is retried with the same key and saved once', async ({ page, context, api, doctor, patients }) => {
  const patient = await patients.create(doctor);
  const followUps = () =>
    api
      .request<Paged<AnnexRecord>>('GET', `/api/annex/7/records?patientId=${patient.id}&page=1&limit=100`, { token: doctor.session.token })
      .then((page) => page.list.length);
  await signIn(page, doctor.session, '/index');
  await openPatient(page, patient.name);
  await openWorkspaceTab(page, '随访记录', '/followUp');
  const a7 = page.getByTestId('record-editor-7');
  const visit = clinicToday();
  await fillDate(a7, '随访日期', visit);
  await choose(a7, '随访方式', '门诊');

  // Offline: the save is not delivered, and the form says so instead of spinning.
  await context.setOffline(true);
  await a7.getByTestId('record-save').click();
  const notice = a7.getByTestId('save-no-answer');
  await expect(notice).toContainText('无法连接服务器，本次保存没有送达');
  await expect(a7.getByTestId('record-save')).not.toHaveClass(/ant-btn-loading/);
  expect(await followUps()).toBe(0);

  // The answer lost on the way back: the server saved, the browser saw a network failure.
  await context.setOffline(false);
  let keys: (string | undefined)[] = [];
  await page.route('**/prod-api/api/annex/7/records', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await notice.getByTestId('save-retry').click();
  await expect.poll(() => keys.length).toBe(1);
  // The route hands the request over before the server has answered it: wait for the save to land.
  await expect.poll(followUps).toBe(1);
  await expect(notice).toBeVisible();

  // Back online: the retry sends the same key, and the server answers with the record it saved.
  await page.unroute('**/prod-api/api/annex/7/records');
  const retried = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/annex/7/records'));
  await notice.getByTestId('save-retry').click();
  const retry = await retried;
  expect(retry.headers()['idempotency-key']).toBe(keys[0]);
  expect((await retry.response())?.headers()['idempotent-replayed']).toBe('true');
  await expectToast(page, SAVED);
  await expect(notice).toBeHidden();
  await expect(historyRows(page, '7')).toHaveCount(1);
  expect(await followUps()).toBe(1);

  // A second follow-up on the same date asks first; going back saves nothing.
  keys = [];
  await fillDate(a7, '随访日期', visit);
  await choose(a7, '随访方式', '电话');
  await a7.getByTestId('record-save').click();
  const ask = await openDialog(page, '同日已有随访记录');
  await expect(ask).toContainText(`该患者 ${visit} 已有一条随访记录，确认要再保存一条同日随访吗？`);
  await ask.getByRole('button', { name: '返回修改' }).click();
  await expect(ask).toBeHidden();
  expect(await followUps()).toBe(1);
});
