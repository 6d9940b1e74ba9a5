import { outreachContacts } from '@tcm/server/testing';
import { eq } from 'drizzle-orm';
import type { AppApi, Doctor } from '../fixtures/data';
import { localDay, overduePatient } from '../fixtures/doctor-shell';
import { expectAccessible, expectStill } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { openDialog, signIn } from '../fixtures/ui';

/**
 * Outreach from the home screen's working lists: an overdue patient nobody has called is on 待联系;
 * "contact later" moves them to 稍后联系; "died", once confirmed, takes them off every worklist (the
 * outreach lists and the due / overdue views) while they stay findable, tagged 死亡.
 */

test.use({ viewport: { width: 1366, height: 900 } });

const OUTREACH_TABS = ['待联系', '已约', '稍后联系', '未联系上'] as const;

/** The ids on one of the doctor's outreach working lists (managed group), as the server answers it. */
async function onList(api: AppApi, doctor: Doctor, outreach: string): Promise<number[]> {
  const page = await api.request<{ list: { id: number }[] }>('POST', '/api/user/list', {
    token: doctor.session.token,
    body: { role: 'patient', page: 1, limit: 100, state: 'running', outreach },
  });
  return page.list.map((p) => p.id);
}

test('待联系 → 稍后联系 → died, confirmed: the patient leaves every worklist', async ({ page, api, app, doctors, patients }) => {
  // An institution no demo data and no other journey uses: its lists hold this test's patient alone,
  // whatever else the worker's server has seen (a page of 10 fills up with other journeys' patients).
  const doctor = await doctors.create({ institutionId: 8 });
  const patient = await overduePatient(api, patients, doctor);
  await signIn(page, doctor.session, '/index');

  const card = page.getByTestId('outreach-card');
  const tabs = card.getByLabel('联系工作清单', { exact: true });
  const list = (tab: string) => card.getByRole('region', { name: `管理组 · ${tab}`, exact: true });
  const row = (tab: string) => list(tab).locator('tbody tr[data-row-key]').filter({ hasText: patient.name });

  // Nobody has called: on 待联系, with no attempt yet.
  await expect(row('待联系')).toHaveCount(1);
  await expect(row('待联系').getByTestId('last-contact')).toHaveText('尚未联系');
  await expectStill(page);
  await expectAccessible(page, 'outreach-to-contact');

  // "Contact later" in three days, recorded without leaving the list: the patient leaves 待联系 and
  // waits, on no list, until that day.
  await row('待联系')
    .getByRole('button', { name: `记录联系：${patient.name}` })
    .click();
  let contact = await openDialog(page, `记录联系 · ${patient.name}`);
  await contact.getByRole('radio', { name: '稍后联系' }).check();
  const remindOn = localDay(3);
  await contact.getByLabel('提醒日期').fill(remindOn);
  await contact.getByLabel('备注').fill('出差，周末回来');
  await contact.getByRole('button', { name: '提交' }).click();
  await expect(contact).toBeHidden();
  await expect(row('待联系')).toHaveCount(0);
  expect(await onList(api, doctor, 'later'), 'not on 稍后联系 before its day').not.toContain(patient.id);

  // Three days on, the day has come (the server has no clock to move: the attempt's date is moved
  // back instead, as the days passing would leave it): the patient is on 稍后联系.
  await app.database.db
    .update(outreachContacts)
    .set({ remindOn: localDay(0) })
    .where(eq(outreachContacts.patientId, patient.id));
  await tabs.getByText('稍后联系', { exact: true }).click();
  await expect(row('稍后联系')).toHaveCount(1);
  await expect(row('稍后联系').getByTestId('last-contact')).toContainText('电话 · 稍后联系');

  // "Died": asked to confirm before anything is sent.
  await row('稍后联系')
    .getByRole('button', { name: `记录联系：${patient.name}` })
    .click();
  contact = await openDialog(page, `记录联系 · ${patient.name}`);
  await contact.getByRole('radio', { name: '死亡' }).check();
  await contact.getByRole('button', { name: '提交' }).click();
  const confirm = await openDialog(page, '确认该患者已去世？将退出所有工作清单');
  await expect(confirm).toContainText(`患者：${patient.name}`);
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(confirm).toBeHidden();
  await expect(contact).toBeHidden();

  // Off every outreach list…
  for (const tab of OUTREACH_TABS) {
    await tabs.getByText(tab, { exact: true }).click();
    await expect(list(tab), tab).toHaveAttribute('aria-label', `管理组 · ${tab}`);
    await expectStill(page);
    await expect(row(tab), `${patient.name} is not on ${tab}`).toHaveCount(0);
  }
  // …and off the due and overdue views of the follow-up worklist.
  const views = page.getByLabel('随访状态', { exact: true });
  const worklist = page.getByRole('region', { name: '管理组', exact: true });
  for (const view of ['7天内到期', '逾期未随访']) {
    await views.getByText(view, { exact: true }).click();
    await expectStill(page);
    await expect(worklist.locator('tbody tr[data-row-key]').filter({ hasText: patient.name }), view).toHaveCount(0);
  }

  // Still findable from the home search, with the status on the patient detail.
  const search = page.getByTestId('home-search').getByRole('searchbox');
  await search.fill(patient.name);
  await search.press('Enter');
  const open = page.getByTestId('home-search-results').getByRole('button', { name: `打开档案：${patient.name}` });
  await expect(open).toHaveCount(1);
  await expectStill(page);
  await open.click();
  const status = page.getByTestId('panel-follow-up-status');
  await expect(status).toContainText('死亡');
  await expect(status).toContainText(localDay(0));

  // The history keeps both attempts, newest first.
  await page.getByTestId('patient-panel').getByRole('button', { name: '联系记录' }).click();
  const history = await openDialog(page, `联系记录 · ${patient.name}`);
  await expect(history.getByTestId('contact-history-contacts').locator('tbody tr[data-row-key]')).toHaveText([
    /电话死亡/,
    new RegExp(`电话稍后联系 · ${localDay(0)} 再联系出差，周末回来`),
  ]);
  await expectAccessible(page, 'outreach-contact-history');
});
