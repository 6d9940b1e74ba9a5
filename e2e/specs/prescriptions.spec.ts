import { createComparisonMember } from '../fixtures/comparison';
import { daysAgo } from '../fixtures/data';
import {
  currentPrescriptions,
  expectPrescriptionSaved,
  issuePrescription,
  openPrescription,
  physiqueSuggestions,
  recordQiDeficiency,
  savePrescription,
} from '../fixtures/prescriptions';
import { expectAccessible, screenshot } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { logIn, openFromListSearch, openPatient, signIn } from '../fixtures/ui';

test.describe('a doctor issues, reviews, voids and prints health prescriptions (issue 6)', () => {
  test('without a patient the screens ask for one → patient from the list → diet, sleep and motion through the form, with their checks', async ({
    page,
    api,
    doctor,
    patients,
  }) => {
    // A managed patient in management of this test's own doctor, with no prescription yet (every
    // history holds only what the test issues).
    const patient = await patients.create(doctor);
    expect(Object.values(await currentPrescriptions(api, doctor, patient)).filter(Boolean)).toEqual([]);

    await logIn(page, doctor);

    // Without a patient the prescription screens ask for one.
    await page.goto('/prescribe/index');
    await expect(page.getByText('请先选择患者').first()).toBeVisible();
    await expectAccessible(page, 'prescribe-no-patient');

    // Choose the patient from the list.
    await page.goto('/userList');
    await openFromListSearch(page, patient.name);
    await expect(page).toHaveURL(/\/diagnosticRecord$/);

    // 1 diet: the client checks a ticked item's text before anything is sent.
    await openPrescription(page, '1');
    await expect(page.getByTestId('panel-name')).toHaveText(patient.name);
    await page.getByRole('checkbox', { name: '控制总热量', exact: true }).check();
    await page.getByRole('checkbox', { name: '食疗方', exact: true }).check();
    await page.getByRole('textbox', { name: '食疗方内容', exact: true }).fill('');
    await savePrescription(page);
    await expect(page.getByText('已勾选“食疗方”，请填写“食疗方内容”').first()).toBeVisible();
    await expectAccessible(page, 'prescribe-diet-invalid');
    await page.getByRole('checkbox', { name: '食疗方', exact: true }).uncheck();
    await expect(page.getByRole('textbox', { name: '食疗方内容', exact: true })).toBeDisabled();
    await page.getByRole('checkbox', { name: '代茶饮', exact: true }).check();
    await page.getByRole('textbox', { name: '代茶饮组成', exact: true }).fill('桑叶10克、菊花6克，开水冲泡代茶饮');
    await savePrescription(page);
    await expectPrescriptionSaved(page);
    await expectAccessible(page, 'prescribe-diet-saved');

    // 2 sleep.
    await openPrescription(page, '2');
    await page.getByRole('checkbox', { name: '规律作息', exact: true }).check();
    await page.getByRole('checkbox', { name: '助眠调护', exact: true }).check();
    await page.getByRole('textbox', { name: '助眠调护方法', exact: true }).fill('睡前温水泡脚15分钟，按揉神门、三阴交');
    await savePrescription(page);
    await expectPrescriptionSaved(page);
    await expectAccessible(page, 'prescribe-sleep-saved');

    // 3 motion: a group needs one of its sub-items.
    await openPrescription(page, '3');
    await page.getByRole('checkbox', { name: '抗阻运动', exact: true }).check();
    for (const sub of ['哑铃', '杠铃', '其他抗阻运动']) await page.getByRole('checkbox', { name: sub, exact: true }).uncheck();
    await savePrescription(page);
    await expect(page.getByText('请选择“抗阻运动”的具体项目').first()).toBeVisible();
    await page.getByRole('checkbox', { name: '抗阻运动', exact: true }).uncheck();
    await expect(page.getByRole('checkbox', { name: '哑铃', exact: true })).toBeDisabled();
    await page.getByRole('checkbox', { name: '有氧运动', exact: true }).check();
    await page.getByRole('checkbox', { name: '快走', exact: true }).check();
    await page.getByRole('checkbox', { name: '传统功法', exact: true }).check();
    await page.getByRole('checkbox', { name: '八段锦', exact: true }).check();
    await page.getByRole('textbox', { name: '运动频率、时间与强度', exact: true }).fill('每周5次，每次30分钟，中等强度');
    await screenshot(page, 'prescribe-motion-filled');
    await savePrescription(page);
    await expectPrescriptionSaved(page);
    await expectAccessible(page, 'prescribe-motion-saved');
  });

  test('weight loss, health education, physique prefilled from the constitution result, other', async ({ page, api, doctor, patients }) => {
    // A managed patient whose latest constitution result (气虚质) triggers physique suggestions.
    const patient = await patients.create(doctor);
    await recordQiDeficiency(api, doctor, patient, daysAgo(3));
    const physiqueSuggested = await physiqueSuggestions(api, doctor, patient);
    expect(physiqueSuggested.length, 'the constitution result suggests a physique prescription').toBeGreaterThan(0);
    await signIn(page, doctor.session, '/index');
    await openPatient(page, patient.name);

    // 4 weight loss.
    await openPrescription(page, '4');
    await page.getByRole('checkbox', { name: '控制饮食', exact: true }).check();
    await page.getByRole('checkbox', { name: '增加运动', exact: true }).check();
    await page.getByRole('checkbox', { name: '减重目标', exact: true }).check();
    await page.getByRole('textbox', { name: '减重目标内容', exact: true }).fill('半年内体重下降7%');
    await savePrescription(page);
    await expectPrescriptionSaved(page);
    await expectAccessible(page, 'prescribe-loseWeight-saved');

    // 5 health education.
    await openPrescription(page, '5');
    await page.getByRole('checkbox', { name: '糖尿病前期防治知识', exact: true }).check();
    await page.getByRole('checkbox', { name: '定期监测血糖', exact: true }).check();
    await page.getByRole('textbox', { name: '监测与复查安排', exact: true }).fill('每6个月复查空腹血糖和OGTT');
    await savePrescription(page);
    await expectPrescriptionSaved(page);
    await expectAccessible(page, 'prescribe-healthEducation-saved');

    // 6 physique: prefilled from the latest constitution result, the suggestions marked 建议.
    await openPrescription(page, '6');
    await expect(page.getByTestId(`suggested-${physiqueSuggested[0]}`).first()).toContainText('建议');
    await expectAccessible(page, 'prescribe-physique-prefilled');
    // Whatever the rules left unticked stays unticked; the emotional area is added by the doctor if needed.
    const emotional = page.getByRole('checkbox', { name: '情志调摄', exact: true });
    if (!(await emotional.isChecked())) {
      await emotional.check();
      await page.getByRole('textbox', { name: '情志调摄指导', exact: true }).fill('保持心情舒畅，多与人交流');
    }
    await savePrescription(page);
    await expectPrescriptionSaved(page);
    await screenshot(page, 'prescribe-physique-saved');

    // other: the content is required.
    await openPrescription(page, 'other');
    await savePrescription(page);
    await expect(page.getByText('请填写处方内容').first()).toBeVisible();
    await page.getByRole('textbox', { name: '处方内容', exact: true }).fill('每日按揉足三里穴5分钟');
    await savePrescription(page);
    await expectPrescriptionSaved(page);
    await expectAccessible(page, 'prescribe-other-saved');
  });

  test('overview of the seven kinds → void with a reason → A4 print view, on paper and in English', async ({
    page,
    api,
    doctor,
    patients,
  }) => {
    // The seven kinds issued as the form would issue them (the form itself is the subject of the tests above).
    const patient = await patients.create(doctor);
    await issuePrescription(api, doctor, patient, 'diet', {
      控制总热量: true,
      代茶饮: true,
      代茶饮组成: '桑叶10克、菊花6克，开水冲泡代茶饮',
    });
    await issuePrescription(api, doctor, patient, 'sleep', {
      规律作息: true,
      助眠调护: true,
      助眠调护方法: '睡前温水泡脚15分钟，按揉神门、三阴交',
    });
    await issuePrescription(api, doctor, patient, 'motion', {
      有氧运动: true,
      快走: true,
      '运动频率、时间与强度': '每周5次，每次30分钟，中等强度',
    });
    await issuePrescription(api, doctor, patient, 'loseWeight', {
      控制饮食: true,
      增加运动: true,
      减重目标: true,
      减重目标内容: '半年内体重下降7%',
    });
    await issuePrescription(api, doctor, patient, 'healthEducation', {
      糖尿病前期防治知识: true,
      定期监测血糖: true,
      监测与复查安排: '每6个月复查空腹血糖和OGTT',
    });
    await issuePrescription(api, doctor, patient, 'physique', { 情志调摄: true, 调畅情志: true, 情志调摄指导: '保持心情舒畅，多与人交流' });
    await issuePrescription(api, doctor, patient, 'other', { 处方内容: '每日按揉足三里穴5分钟' });
    await signIn(page, doctor.session, '/index');
    await openPatient(page, patient.name);

    // The overview shows the current prescription of every kind.
    await page.goto('/prescribe/index');
    await expect(page.getByTestId('prescription-overview')).toBeVisible();
    for (const kind of ['diet', 'sleep', 'motion', 'loseWeight', 'healthEducation', 'physique', 'other']) {
      await expect(page.getByTestId(`current-${kind}`), kind).toBeVisible();
      await expect(page.getByTestId(`current-${kind}`).getByText('尚未开具'), kind).toHaveCount(0);
    }
    await expect(page.getByTestId('current-diet')).toContainText('代茶饮：桑叶10克、菊花6克');
    await expect(page.getByTestId('current-motion')).toContainText('有氧运动：快走');
    await expect(page.getByTestId('current-other')).toContainText('每日按揉足三里穴5分钟');
    await expectAccessible(page, 'prescribe-overview');

    // Void the weight-loss prescription with a reason: it leaves the history and the overview.
    await openPrescription(page, '4');
    await page.getByTestId('prescription-history').getByRole('button', { name: /^作废/ }).first().click();
    const reasonDialog = page.getByTestId('reason-dialog');
    await expect(reasonDialog.getByLabel('作废原因')).toBeVisible();
    await expectAccessible(page, 'prescribe-void-dialog');
    await reasonDialog.getByLabel('作废原因').fill('减重目标需与患者重新商定');
    await page.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect(page.getByText('处方已作废').first()).toBeVisible();
    await expect(page.getByTestId('prescription-history').getByText('尚未开具该类处方')).toBeVisible();
    await page.goto('/prescribe/index');
    await expect(page.getByTestId('prescription-overview')).toBeVisible();
    await expect(page.getByTestId('current-loseWeight').getByText('尚未开具')).toHaveCount(1);

    // Print the diet prescription from the overview: the A4 sheet with the patient, doctor and plain words.
    await page.getByRole('link', { name: '打印 饮食处方' }).click();
    await expect(page).toHaveURL(/\/prescribe\/1\?print=\d+/);
    const sheet = page.getByTestId('prescription-sheet');
    await expect(sheet).toContainText(patient.name);
    await expect(sheet).toContainText('饮食处方');
    await expect(sheet).toContainText(doctor.name);
    await expect(sheet).toContainText('控制总热量：每餐七八分饱');
    await expect(sheet).toContainText('代茶饮：桑叶10克、菊花6克，开水冲泡代茶饮');
    await expect(sheet).not.toContainText('食疗方');
    await expect(sheet).toContainText('社区');
    await expectAccessible(page, 'prescribe-print-view');
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByTestId('prescription-print-view').getByRole('button', { name: '打印' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // On paper only the sheet is printed: the shell is hidden.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('#root')).toBeHidden();
    await expect(page.getByTestId('prescription-print-root')).toBeVisible();
    await expect(page.getByTestId('prescription-print-root')).toContainText('代茶饮：桑叶');
    await screenshot(page, 'prescribe-print-media');
    await page.emulateMedia({ media: 'screen' });

    // In English the sheet and the form speak English (labels from the contracts, UI strings from i18n).
    await page.getByTestId('language-switch').click();
    await expect(sheet).toContainText('Diet prescription');
    await expect(sheet).toContainText('Control total energy intake: Eat until 70–80 % full');
    await expect(sheet).toContainText('Herbal tea: 桑叶10克');
    await expect(sheet).toContainText('Doctor');
    await screenshot(page, 'prescribe-print-view-en');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByTestId('prescription-form')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Low salt, low fat', exact: true })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Save prescription' })).toHaveCount(1);
    await expectAccessible(page, 'prescribe-diet-en');
    await page.getByTestId('language-switch').click();
    await expect(page.getByRole('button', { name: '保存处方' })).toHaveCount(1);
  });

  test('a comparison-group member gets no prescription form', async ({ page, api, doctor }) => {
    const member = await createComparisonMember(api, doctor);
    await signIn(page, doctor.session, '/userListTQQ');
    await openFromListSearch(page, member.name);
    await page.goto('/prescribe/1');
    await expect(page.getByText('对照组成员不开具健康处方').first()).toBeVisible();
    await expect(page.getByTestId('prescription-form')).toHaveCount(0);
    await expectAccessible(page, 'prescribe-comparison-refused');
  });
});
