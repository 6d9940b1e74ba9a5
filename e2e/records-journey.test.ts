import { makeResidentId } from '@tcm/contracts/clinical/resident-id';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './support/api';
import type { RunningApp } from './support/app-server';
import { screenshot } from './support/browser';
import { type Journey, startJourney } from './support/journey';
import { addDays, choose, daysAgo, fillDate, fillText, historyRows, openPatient, openWorkspaceTab, save } from './support/records';
import { checkScreen as checkShellScreen, DOCTOR } from './support/shell';

/** Screenshot and axe: no serious or critical violation on the screen. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await checkShellScreen(page, `records-${name}`);
}

describe('a doctor fills every instrument in the browser (issue 5)', () => {
  let journey: Journey;
  let server: RunningApp;
  const suffix = Date.now() % 10_000;
  const managedName = `录入管理${'甲乙丙丁戊己庚辛壬癸'[suffix % 10]}`;
  const comparisonName = `录入对照${'甲乙丙丁戊己庚辛壬癸'[suffix % 10]}`;

  beforeAll(async () => {
    journey = await startJourney();
    server = journey.server;
    const token = await apiLogin(server.baseUrl, DOCTOR.username, DOCTOR.password);
    await api(server.baseUrl, 'POST', '/api/user/patient', {
      token,
      body: {
        name: managedName,
        gender: 'woman',
        idNum: makeResidentId('110101', '1968-04-12', 700 + 2 * (suffix % 100)),
        tel_num: `137${String(10_000_000 + suffix).slice(-8)}`,
        institutionId: 1,
        consentDate: daysAgo(40),
      },
    });
    await api(server.baseUrl, 'POST', '/api/comparative', {
      token,
      body: {
        role: 1,
        name: comparisonName,
        gender: 'man',
        age: 61,
        idNum: makeResidentId('110101', '1965-02-03', 501 + 2 * (suffix % 100)),
        tel_num: `136${String(10_000_000 + suffix).slice(-8)}`,
        institutionId: 1,
      },
    });
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('fills, saves, reopens, edits, voids and prints records; charts; ends management', async () => {
    const page = await journey.fresh({ width: 1366, height: 900 });
    page.on('pageerror', (error) => console.log('pageerror', error.message));

    await page.goto('/login');
    await page.getByLabel('手机号').fill(DOCTOR.username);
    await page.getByLabel('密码').fill(DOCTOR.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await openPatient(page, managedName);
    const visit = daysAgo(3);

    // Annex 1: the engine's messages on submit, then a derived status preview.
    const a1 = page.getByTestId('record-editor-1');
    await a1.getByTestId('record-save').click();
    await a1.getByText('请填写 检测日期').first().waitFor({ state: 'visible' });
    await checkScreen(page, 'annex1-errors');
    await fillDate(a1, '检测日期', visit);
    await fillText(a1, '空腹血糖', '6.5');
    await fillText(a1, 'OGTT 2小时血糖', '8.6');
    await fillText(a1, '糖化血红蛋白', '6.1');
    await expect.poll(() => a1.getByTestId('derived-glycemicStatus').textContent()).toContain('IFG+IGT');
    await choose(a1, '糖尿病家族史', '有');
    await a1.getByLabel('患糖尿病的亲属', { exact: true }).waitFor({ state: 'visible' }); // show-when is live
    await fillText(a1, '患糖尿病的亲属', '母亲');
    await choose(a1, '!合并疾病', '高血压');
    await choose(a1, '中医病名', '脾瘅');
    await choose(a1, '脾瘅分型', '肥胖型');
    await choose(a1, '证型', '痰湿内蕴');
    await checkScreen(page, 'annex1-filled');
    await save(page, a1);
    await expect.poll(() => historyRows(page, '1').count()).toBe(1);
    await expect.poll(() => historyRows(page, '1').first().textContent()).toContain('IFG+IGT');

    // Annex 6, the 体格检查 tab of /diagnosticRecord: BMI previewed live.
    await page.getByRole('tab', { name: '体格检查' }).click();
    const a6 = page.getByTestId('record-editor-6');
    await fillDate(a6, '检查日期', visit);
    await fillText(a6, '身高', '160');
    await fillText(a6, '体重', '70');
    await fillText(a6, '腰围', '88');
    await fillText(a6, '臀围', '98');
    await expect.poll(() => a6.getByTestId('derived-bmi').textContent()).toContain('27.3');
    await save(page, a6);
    await expect.poll(() => historyRows(page, '6').count()).toBe(1);
    await checkScreen(page, 'annex6-saved');

    // Annex 2 lifestyle.
    await openWorkspaceTab(page, '生活方式', '/lifeStyle');
    const a2 = page.getByTestId('record-editor-2');
    await fillDate(a2, '调查日期', visit);
    await fillText(a2, '食盐', '7.5');
    await fillText(a2, '每周运动天数', '3');
    await fillText(a2, '每次运动时间', '30');
    await choose(a2, '!运动方式', '快走');
    await choose(a2, '吸烟情况', '从不吸烟');
    await checkScreen(page, 'annex2-filled');
    await save(page, a2);
    await expect.poll(() => historyRows(page, '2').count()).toBe(1);

    // Annex 3: the 60 CCMQ questions, asked once each, keyboard-operable radios.
    await openWorkspaceTab(page, '中医体质辨识', '/bodyConstitution');
    const a3 = page.getByTestId('record-editor-3');
    await fillDate(a3, '评估日期', visit);
    const rows = a3.locator('[role="radiogroup"][data-question]');
    expect(await rows.count()).toBe(60);
    for (let index = 0; index < 60; index++) {
      const answer = index % 7 === 0 ? 4 : index % 3 === 0 ? 2 : 3;
      await rows.nth(index).locator(`input[value="${answer}"]`).check();
    }
    // Keyboard: the arrow key moves the answer of the focused question.
    await rows.nth(0).locator('input[value="4"]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await rows.nth(0).locator('input[value="5"]').isChecked()).toBe(true);
    await expect.poll(() => a3.getByText('已答 60 / 60 题').count()).toBe(1);
    await expect.poll(() => a3.getByTestId('derived-conclusion').textContent()).not.toBe('');
    await checkScreen(page, 'annex3-filled');
    await save(page, a3);
    await expect.poll(() => historyRows(page, '3').count()).toBe(1);
    const radar = page.getByTestId('record-radar');
    await radar.locator('svg polygon').first().waitFor({ state: 'visible' });
    expect(await radar.locator('svg text').count()).toBeGreaterThanOrEqual(9);
    expect(await page.getByTestId('radar-conclusion').textContent()).not.toBe('');
    await checkScreen(page, 'annex3-radar');

    // Annex 4 symptom scale: every grade.
    await openWorkspaceTab(page, '中医症状评分', '/symptomScale');
    const a4 = page.getByTestId('record-editor-4');
    await fillDate(a4, '评估日期', visit);
    const grades = a4.getByRole('radiogroup');
    const gradeCount = await grades.count();
    expect(gradeCount).toBeGreaterThanOrEqual(14);
    for (let index = 0; index < gradeCount; index++) {
      const labels = grades.nth(index).locator('label');
      await labels.nth(index % 3 === 0 ? 1 : 0).click();
    }
    await expect.poll(() => a4.getByTestId('derived-total').textContent()).not.toBe('');
    await checkScreen(page, 'annex4-filled');
    await save(page, a4);
    await expect.poll(() => historyRows(page, '4').count()).toBe(1);

    // Annex 5 intervention, then void it with a reason.
    await openWorkspaceTab(page, '干预记录', '/InterventionRecord');
    const a5 = page.getByTestId('record-editor-5');
    await fillDate(a5, '干预日期', visit);
    await choose(a5, '!干预方式', '八段锦');
    await fillText(a5, '干预内容', '八段锦集体练习 30 分钟');
    await choose(a5, '不良事件', '无');
    await save(page, a5);
    await expect.poll(() => historyRows(page, '5').count()).toBe(1);
    await historyRows(page, '5').first().getByRole('button', { name: '作废' }).click();
    const reasonDialog = page.getByRole('dialog', { name: '作废记录' });
    await reasonDialog.getByLabel('作废原因').fill('重复录入');
    await checkScreen(page, 'annex5-void-dialog');
    await reasonDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => historyRows(page, '5').count()).toBe(0);

    // Annex 7 follow-up: the next visit is proposed from the visit date; leaving unsaved asks first.
    await openWorkspaceTab(page, '随访记录', '/followUp');
    const a7 = page.getByTestId('record-editor-7');
    await fillDate(a7, '随访日期', visit);
    await expect.poll(() => a7.getByLabel('下次随访日期', { exact: true }).inputValue()).toBe(addDays(visit, 15));
    await choose(a7, '随访方式', '门诊');
    await fillText(a7, '体重', '68.5');
    await fillText(a7, '空腹血糖', '6.2');
    await page.getByRole('navigation', { name: '健康档案' }).getByRole('link', { name: '自定义记录' }).click();
    const leave = page.getByRole('dialog', { name: '有未保存的内容' });
    await leave.waitFor({ state: 'visible' });
    await checkScreen(page, 'annex7-unsaved');
    await leave.getByRole('button', { name: '继续填写' }).click();
    expect(new URL(page.url()).pathname).toBe('/followUp');
    await save(page, a7);
    await expect.poll(() => historyRows(page, '7').count()).toBe(1);
    await checkScreen(page, 'annex7-saved');

    // Custom record with a repeating group; then reopen and edit it.
    await openWorkspaceTab(page, '自定义记录', '/custom');
    const ac = page.getByTestId('record-editor-custom');
    await fillText(ac, '标题', '饮食随访补充');
    await fillDate(ac, '日期', visit);
    await ac.getByRole('button', { name: '添加条目' }).click();
    const entry = ac.locator('.instrument-group-row').first();
    await fillText(entry, '名称', '早餐');
    await fillText(entry, '内容', '燕麦粥一碗');
    await save(page, ac);
    await expect.poll(() => historyRows(page, 'custom').count()).toBe(1);
    await historyRows(page, 'custom').first().getByRole('button', { name: '查看' }).click();
    const viewer = page.getByRole('dialog', { name: /自定义记录/ });
    await viewer.getByText('燕麦粥一碗').waitFor({ state: 'visible' });
    await checkScreen(page, 'custom-open');
    await viewer.getByRole('button', { name: /确\s*定/ }).click();
    await historyRows(page, 'custom').first().getByRole('button', { name: '编辑' }).click();
    const editor = page.getByTestId('record-editor-custom');
    await editor.getByText('正在修改').waitFor({ state: 'visible' });
    await fillText(editor, '标题', '饮食随访补充（已修改）');
    await editor.getByRole('button', { name: '保存修改' }).click();
    await page.locator('.ant-message-notice', { hasText: '保存成功' }).first().waitFor({ state: 'visible' });
    await expect.poll(() => historyRows(page, 'custom').first().textContent()).toContain('已修改');
    expect(await historyRows(page, 'custom').count()).toBe(1);

    // The line chart of glucose and weight on /diagnosticRecord, then print the annex 1 record.
    await openWorkspaceTab(page, '诊断记录', '/diagnosticRecord');
    const trends = page.getByTestId('record-trends');
    await expect.poll(() => trends.locator('svg polyline').count()).toBeGreaterThanOrEqual(3);
    await checkScreen(page, 'diagnostic-trends');
    await historyRows(page, '1').first().getByRole('button', { name: '打印' }).click();
    await page.waitForURL('**/recordPrint/1/*');
    const sheet = page.getByTestId('record-print');
    await sheet.getByRole('heading', { name: '诊断记录' }).waitFor({ state: 'visible' });
    expect(await sheet.textContent()).toContain('6.5 mmol/L');
    expect(await sheet.textContent()).toContain(managedName);
    expect(await sheet.textContent()).toContain('IFG+IGT');
    expect(await page.getByTestId('print-button').isVisible()).toBe(true);
    await checkScreen(page, 'print-annex1');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('print-button').isVisible()).toBe(false);
    await screenshot(page, 'records-print-annex1-media-print');
    await page.emulateMedia({ media: 'screen' });
    await page.goBack();
    await page.waitForURL('**/diagnosticRecord');

    // Annex 8: the end-of-management evaluation ends management.
    await page.getByTestId('open-end-evaluation').click();
    const a8 = page.getByTestId('record-editor-8');
    await fillDate(a8, '评估日期', daysAgo(1));
    await fillText(a8, '空腹血糖', '5.8');
    await fillText(a8, '体重', '66.0');
    await choose(a8, '患者满意度', '满意');
    await checkScreen(page, 'annex8-filled');
    await save(page, a8);
    await page.getByTestId('patient-panel').getByText('已结束').first().waitFor({ state: 'visible' });
    expect(await page.getByTestId('open-end-evaluation').count()).toBe(0);
    await checkScreen(page, 'annex8-ended');

    // A diabetic comparison member: annex 9 with a medication row.
    await openPatient(page, comparisonName);
    await openWorkspaceTab(page, '糖尿病随访', '/TNBFollowUp');
    const a9 = page.getByTestId('record-editor-9');
    await fillDate(a9, '随访日期', visit);
    await choose(a9, '随访方式', '门诊');
    await choose(a9, '!症状', '无症状');
    await fillText(a9, '空腹血糖', '8.2');
    await choose(a9, '药物不良反应', '无');
    await choose(a9, '此次随访分类', '控制不满意');
    await a9.getByRole('button', { name: '添加用药' }).click();
    await fillText(a9, '药物名称', '二甲双胍');
    await fillText(a9, '每日次数', '2');
    await fillText(a9, '每次剂量', '500');
    await checkScreen(page, 'annex9-filled');
    await save(page, a9);
    await expect.poll(() => historyRows(page, '9').count()).toBe(1);
    await checkScreen(page, 'annex9-saved');
  });
});
