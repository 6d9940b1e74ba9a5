import type { AnnexRecord } from '@tcm/contracts/api/records';
import { createComparisonMember } from '../fixtures/comparison';
import { clinicToday } from '../fixtures/data';
import { addDays, choose, expectToast, fillDate, fillText, historyRows, openWorkspaceTab, recordToasts } from '../fixtures/records';
import { expectAccessible, expectStill } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { openPatient, signIn } from '../fixtures/ui';

/**
 * Danger values from the doctor's side: typed on a diabetic member's follow-up (annex 9), flagged under
 * their fields, confirmed before saving, the patient first on the home screen's urgent card (and in the
 * bell), handled by recording the referral, after which the urgent card lets them go.
 */

test.use({ viewport: { width: 1366, height: 900 } });
test.beforeEach(({ context }) => recordToasts(context));

const ALERT_SAVED = '保存成功，已记录危急值：请紧急转诊，14 天内再次联系';

test('FPG 17.2 and BP 185/112: flagged as typed, confirmed, urgent on home until the referral is recorded', async ({
  page,
  api,
  doctor,
}) => {
  const member = await createComparisonMember(api, doctor, { role: 1, gender: 'man', birthDate: '1957-08-09' });
  await signIn(page, doctor.session, '/index');
  await openPatient(page, member.name);
  await openWorkspaceTab(page, '糖尿病随访', '/TNBFollowUp');
  const a9 = page.getByTestId('record-editor-9');
  const visit = clinicToday();

  await fillDate(a9, '随访日期', visit);
  await choose(a9, '随访方式', '门诊');
  await choose(a9, '!症状', '无症状');
  await choose(a9, '!危急情况', '无');
  await choose(a9, '药物不良反应', '无');

  // Each danger value is flagged under its own field as soon as it is typed, with its threshold.
  await fillText(a9, '空腹血糖', '17.2');
  await expect(a9.getByTestId('field-flag-fpg')).toHaveText(/危急值（≥ 16\.7 mmol\/L），需紧急转诊/);
  await fillText(a9, '收缩压', '185');
  await fillText(a9, '舒张压', '112');
  await expect(a9.getByTestId('field-flag-sbp')).toHaveText(/危急值（≥ 180\/110 mmHg）/);
  await expect(a9.getByTestId('field-flag-dbp')).toHaveText(/危急值（≥ 180\/110 mmHg）/);
  await expect(a9.getByTestId('beside-bpBand')).toContainText('3级高血压');
  // The suggested next contact is within the 14 days.
  await expect(a9.getByLabel('下次随访日期', { exact: true })).toHaveValue(addDays(visit, 14));
  await choose(a9, '此次随访分类', '控制不满意');
  await expectAccessible(page, 'clinical-alerts-inline-flags');

  // Saving asks first: the alerts and the action.
  await a9.getByTestId('record-save').click();
  const confirm = page.getByRole('dialog', { name: '请确认后保存' });
  await expect(confirm.getByTestId('save-confirm-alerts')).toContainText('空腹血糖 17.2 mmol/L ≥ 16.7');
  await expect(confirm.getByTestId('save-confirm-alerts')).toContainText('血压 185/112 mmHg');
  await expect(confirm.getByTestId('save-confirm-action')).toHaveText(
    `处理：紧急转诊，并在 14 天内再次联系患者（不晚于 ${addDays(visit, 14)}）。`,
  );
  await expectAccessible(page, 'clinical-alerts-confirm');
  await confirm.getByRole('button', { name: '确认保存' }).click();
  await expectToast(page, ALERT_SAVED);
  await expect(historyRows(page, '9')).toHaveCount(1);
  const row = historyRows(page, '9').first();
  await expect(row.getByRole('img', { name: /^危急值：/ })).toBeVisible();
  await expect(row).toContainText('185 mmHg');

  // Home: the member is urgent, first, with the value and the date; the bell counts them.
  await page.getByRole('menuitem', { name: '首页' }).click();
  const card = page.getByTestId('urgent-card');
  const item = card.getByRole('listitem').filter({ hasText: member.name });
  await expect(item).toContainText('空腹血糖 17.2 mmol/L');
  await expect(item).toContainText(visit);
  await expect(page.getByTestId('bell')).toHaveAccessibleName(/有待处理危急值的患者 1 人/);
  await expectStill(page);
  await expectAccessible(page, 'clinical-alerts-urgent-card');

  // Handle it: the referral, recorded on that follow-up.
  await item.getByRole('button', { name: `处理危急值：${member.name}` }).click();
  await expect(page).toHaveURL(/\/TNBFollowUp$/);
  await historyRows(page, '9').first().getByRole('button', { name: '编辑' }).click();
  await choose(a9, '是否转诊', '是');
  await fillText(a9, '转诊原因', '空腹血糖及血压达危急值');
  await fillText(a9, '转诊机构及科别', '市第一人民医院 内分泌科');
  await a9.getByTestId('record-save').click();
  await page.getByRole('dialog', { name: '请确认后保存' }).getByRole('button', { name: '确认保存' }).click();
  await expectToast(page, ALERT_SAVED);
  await expect
    .poll(async () => {
      const { list } = await api.request<{ list: AnnexRecord[] }>('GET', `/api/annex/9/records?patientId=${member.id}`, {
        token: doctor.session.token,
      });
      return list[0]?.data.referral;
    })
    .toBe(true);

  // The urgent flag clears: off the home screen's card and out of the bell.
  await page.getByRole('menuitem', { name: '首页' }).click();
  await expect(page.getByTestId('home-search').getByRole('searchbox')).toBeVisible();
  await expectStill(page);
  await expect(page.getByTestId('urgent-card').getByText(member.name)).toHaveCount(0);
  await expect(page.getByTestId('bell')).not.toHaveAccessibleName(/危急值/);
});
