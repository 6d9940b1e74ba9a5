import type { Locator, Page } from '@playwright/test';
import type { AnnexRecord } from '@tcm/contracts/api/records';
import { answersFromQuestions } from '@tcm/contracts/clinical/ccmq';
import { CCMQ_QUESTIONS } from '@tcm/contracts/clinical/ccmq-items';
import { type ComparisonMember, createComparisonMember } from '../fixtures/comparison';
import { type AppApi, clinicToday, type Doctor, daysAgo } from '../fixtures/data';
import {
  addDays,
  choose,
  createRecord,
  expectToast,
  fillDate,
  fillText,
  historyRows,
  openWorkspaceTab,
  recordToasts,
  SAVED,
  save,
} from '../fixtures/records';
import { expectAccessible } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { openDialog, openPatient, signIn } from '../fixtures/ui';

/**
 * The instruments in the browser for comparison-group members (对照组): the baseline instruments (annexes 1, 6
 * and 3) and the group's follow-up (annex 7 for a pre-diabetes member, 9 for a diabetic one) are
 * filled, reopened, edited and printed; each edit is audited with the data before and after. Every
 * test has its own doctor and members.
 */

test.use({ viewport: { width: 1366, height: 900 } });
test.beforeEach(({ context }) => recordToasts(context));

const check = (page: Page, name: string) => expectAccessible(page, `comparison-records-${name}`);

interface AuditEntry {
  entityId: string | null;
  detail: unknown;
}

/** Every API answer the page got that was a refusal or a failure (4xx/5xx). */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/prod-api/') && response.status() >= 400) {
      refused.push(`${response.request().method()} ${response.url()} → ${response.status()}`);
    }
  });
  return refused;
}

/** The links of the record workspace's 健康档案 navigation: the tabs the member's group calls for. */
function workspaceTabs(page: Page): Locator {
  return page.getByRole('navigation', { name: '健康档案' }).getByRole('link');
}

/** The server's own history of the annex (records that are not voided, newest first). */
async function serverHistory(api: AppApi, doctor: Doctor, annex: string, member: ComparisonMember): Promise<AnnexRecord[]> {
  const result = await api.request<{ list: AnnexRecord[] }>('GET', `/api/annex/${annex}/records?patientId=${member.id}`, {
    token: doctor.session.token,
  });
  return result.list;
}

/** The audit trail of a record's updates, each with the data before and after (the administrator's view). */
async function recordUpdates(api: AppApi, adminToken: string, annex: string, id: number): Promise<AuditEntry[]> {
  const query = `action=record.update&entity=annex${annex}&entityId=${id}`;
  return (await api.request<{ list: AuditEntry[] }>('GET', `/api/audit/list?${query}`, { token: adminToken })).list;
}

/** Annex 3 in the browser: the 60 CCMQ questions, each answered once (every fifth 4, the rest 2). */
async function fillConstitution(page: Page, date: string): Promise<void> {
  await openWorkspaceTab(page, '中医体质辨识', '/bodyConstitution');
  const a3 = page.getByTestId('record-editor-3');
  await fillDate(a3, '评估日期', date);
  const rows = a3.locator('[role="radiogroup"][data-question]');
  await expect(rows).toHaveCount(60);
  for (let index = 0; index < 60; index++) {
    await rows
      .nth(index)
      .locator(`input[value="${index % 5 === 0 ? 4 : 2}"]`)
      .check();
  }
  await expect(a3.getByText('已答 60 / 60 题')).toBeVisible();
  await expect(a3.getByTestId('derived-conclusion')).not.toBeEmpty();
  await save(page, a3);
  await expect(historyRows(page, '3')).toHaveCount(1);
  await expect(page.getByTestId('record-radar').locator('svg polygon').first()).toBeVisible();
}

/** Annex 6, the 体格检查 tab of /diagnosticRecord. */
async function fillPhysicalExam(page: Page, date: string, measures: { height: string; weight: string; waist: string }): Promise<void> {
  await page.getByRole('tab', { name: '体格检查' }).click();
  const a6 = page.getByTestId('record-editor-6');
  await fillDate(a6, '检查日期', date);
  await fillText(a6, '身高', measures.height);
  await fillText(a6, '体重', measures.weight);
  await fillText(a6, '腰围', measures.waist);
  await expect(a6.getByTestId('derived-bmi')).not.toBeEmpty();
  await save(page, a6);
  await expect(historyRows(page, '6')).toHaveCount(1);
}

/** Reopens the newest record of the annex from its history: the viewer first (showing `shown`), then the editor. */
async function reopenForEdit(page: Page, annex: string, title: RegExp, shown: string): Promise<Locator> {
  await historyRows(page, annex).first().getByRole('button', { name: '查看' }).click();
  const viewer = await openDialog(page, title);
  await expect(viewer.getByText(shown).first()).toBeVisible();
  await viewer.getByRole('button', { name: /确\s*定/ }).click();
  await expect(viewer).toBeHidden();
  await historyRows(page, annex).first().getByRole('button', { name: '编辑' }).click();
  const editor = page.getByTestId(`record-editor-${annex}`);
  await expect(editor.getByText('正在修改')).toBeVisible();
  return editor;
}

async function saveChanges(page: Page, editor: Locator): Promise<void> {
  await editor.getByRole('button', { name: '保存修改' }).click();
  await expectToast(page, SAVED);
  await expect(editor.getByText('正在修改')).toBeHidden();
}

/** The print view of the newest record of the annex shows the member's name and `texts`; then back. */
async function checkPrint(page: Page, annex: string, heading: string, texts: string[], screen: string): Promise<void> {
  const back = page.url();
  await historyRows(page, annex).first().getByRole('button', { name: '打印' }).click();
  await expect(page).toHaveURL(new RegExp(`/recordPrint/${annex}/\\d+$`));
  const sheet = page.getByTestId('record-print');
  await expect(sheet.getByRole('heading', { name: heading })).toBeVisible();
  for (const text of texts) await expect(sheet).toContainText(text);
  await check(page, screen);
  await page.goBack();
  await expect(page).toHaveURL(back);
}

/** One chart of the trends card, found by its caption. */
function trendChart(page: Page, caption: string): Locator {
  return page
    .getByTestId('record-trends')
    .getByTestId('chart-line')
    .filter({ has: page.locator('figcaption', { hasText: caption }) });
}

/** The chart's text alternative, one string per row: its cells joined by " | ". */
function chartTable(chart: Locator): Promise<string[]> {
  return chart
    .locator('table tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent ?? '').join(' | ')));
}

/** Each annex holds exactly one record of the member on the server. */
async function expectOneRecordEach(api: AppApi, doctor: Doctor, member: ComparisonMember, annexes: string[]): Promise<void> {
  for (const annex of annexes) {
    expect(await serverHistory(api, doctor, annex, member), `${member.name} annex ${annex}`).toHaveLength(1);
  }
}

test.describe('comparison-group members: baseline and follow-up instruments in the browser (issue 5)', () => {
  test('a pre-diabetes member: annexes 1, 6, 3 and follow-up 7 filled; the follow-up edited, audited and printed; the trends', async ({
    page,
    api,
    admin,
    doctor,
  }) => {
    const member = await createComparisonMember(api, doctor, { role: 0, birthDate: '1963-09-14' });
    const refused = watchRefusals(page);
    // Members are enrolled today (the server's date), and a follow-up may not be dated before it.
    const visit = clinicToday();
    await signIn(page, doctor.session, '/index');
    await openPatient(page, member.name);
    // The group's screens, each followed by its form's state when it has one (诊断记录 未填写).
    await expect(workspaceTabs(page)).toHaveText([/^诊断记录( |$)/, /^中医体质辨识( |$)/, /^随访记录( |$)/, /^自定义记录( |$)/]);

    const a1 = page.getByTestId('record-editor-1');
    await fillDate(a1, '检测日期', visit);
    await fillText(a1, '空腹血糖', '6.3');
    await fillText(a1, 'OGTT 2小时血糖', '7.2');
    await expect(a1.getByTestId('derived-glycemicStatus')).toContainText('空腹血糖受损（IFG）');
    await check(page, 'pre-annex1-filled');
    await save(page, a1);
    await expect(historyRows(page, '1')).toHaveCount(1);
    await fillPhysicalExam(page, visit, { height: '165', weight: '72', waist: '92' });
    await check(page, 'pre-annex6-saved');
    await fillConstitution(page, visit);
    await check(page, 'pre-annex3-saved');

    await openWorkspaceTab(page, '随访记录', '/followUp');
    const a7 = page.getByTestId('record-editor-7');
    await fillDate(a7, '随访日期', visit);
    // Comparison members are seen every 90 days (managed patients every 15).
    await expect(a7.getByLabel('下次随访日期', { exact: true })).toHaveValue(addDays(visit, 90));
    await choose(a7, '随访方式', '电话');
    await fillText(a7, '体重', '71');
    await fillText(a7, '空腹血糖', '6.4');
    await check(page, 'pre-annex7-filled');
    await save(page, a7);
    await expect(historyRows(page, '7')).toHaveCount(1);
    await expect(historyRows(page, '7').first()).toContainText('空腹血糖受损（IFG）');

    // Reopen the follow-up and correct the glucose: the derived status follows the edit.
    const edit7 = await reopenForEdit(page, '7', /随访记录/, '6.4');
    await check(page, 'pre-annex7-editing');
    await fillText(edit7, '空腹血糖', '5.8');
    await expect(edit7.getByTestId('derived-glycemicStatus')).toContainText('血糖正常');
    await saveChanges(page, edit7);
    await expect(historyRows(page, '7')).toHaveCount(1);
    await expect(historyRows(page, '7').first()).toContainText('血糖正常');
    await expect(historyRows(page, '7').first()).toContainText('5.8');
    await expect(historyRows(page, '7').first()).not.toContainText('6.4');
    await check(page, 'pre-annex7-edited');

    const [followUp, ...moreFollowUps] = await serverHistory(api, doctor, '7', member);
    expect(moreFollowUps).toEqual([]);
    expect(followUp?.data).toMatchObject({ fpg: 5.8, weight: 71, way: 'phone', nextVisitDate: addDays(visit, 90) });
    expect(followUp?.derived).toMatchObject({ glycemicStatus: 'normal' });
    expect(followUp?.nextDueDate).toBe(addDays(visit, 90));
    const updates = await recordUpdates(api, admin.token, '7', followUp?.id ?? 0);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.detail).toMatchObject({
      before: { data: { fpg: 6.4 } },
      after: { data: { fpg: 5.8 }, derived: { glycemicStatus: 'normal' } },
    });

    await checkPrint(page, '7', '随访记录', [member.name, '5.8 mmol/L', '血糖正常'], 'pre-print-annex7');

    // The trends: annexes 1 and 7 of one day are two glucose points; 6 and 7 two weight points.
    await openWorkspaceTab(page, '诊断记录', '/diagnosticRecord');
    const fpgChart = trendChart(page, '空腹血糖（mmol/L）');
    await expect(fpgChart.locator('svg circle')).toHaveCount(2);
    await expect.poll(() => chartTable(fpgChart)).toEqual([`${visit} | 附件1 诊断记录 | 6.3`, `${visit} | 附件7 随访记录 | 5.8`]);
    await expect(fpgChart.locator('svg g[data-point] title')).toHaveText([`${visit} 附件1 诊断记录: 6.3`, `${visit} 附件7 随访记录: 5.8`]);
    await expect
      .poll(() => chartTable(trendChart(page, '体重（kg）')))
      .toEqual([`${visit} | 附件6 体格检查 | 72`, `${visit} | 附件7 随访记录 | 71`]);
    await check(page, 'pre-trends');

    await expectOneRecordEach(api, doctor, member, ['1', '6', '3', '7']);
    expect(refused).toEqual([]);
  });

  test('a diabetic member: annexes 1, 6, 3 and follow-up 9 filled; the follow-up reclassified on edit, audited and printed', async ({
    page,
    api,
    admin,
    doctor,
  }) => {
    const member = await createComparisonMember(api, doctor, { role: 1, birthDate: '1958-11-27' });
    const refused = watchRefusals(page);
    // Members are enrolled today (the server's date), and a follow-up may not be dated before it.
    const visit = clinicToday();
    await signIn(page, doctor.session, '/index');
    await openPatient(page, member.name);
    await expect(workspaceTabs(page)).toHaveText([/^诊断记录( |$)/, /^中医体质辨识( |$)/, /^糖尿病随访( |$)/, /^自定义记录( |$)/]);

    const a1 = page.getByTestId('record-editor-1');
    await fillDate(a1, '检测日期', visit);
    await fillText(a1, '空腹血糖', '8.1');
    await fillText(a1, '糖化血红蛋白', '7.2');
    await expect(a1.getByTestId('derived-glycemicStatus')).toContainText('糖尿病');
    await save(page, a1);
    await expect(historyRows(page, '1')).toHaveCount(1);
    await check(page, 'diabetic-annex1-saved');
    await fillPhysicalExam(page, visit, { height: '170', weight: '80', waist: '96' });
    await fillConstitution(page, visit);
    await check(page, 'diabetic-annex3-saved');

    await openWorkspaceTab(page, '糖尿病随访', '/TNBFollowUp');
    const a9 = page.getByTestId('record-editor-9');
    await fillDate(a9, '随访日期', visit);
    await choose(a9, '随访方式', '门诊');
    await choose(a9, '!症状', '无症状');
    await choose(a9, '!危急情况', '无');
    await fillText(a9, '空腹血糖', '8.2');
    await choose(a9, '药物不良反应', '无');
    await choose(a9, '此次随访分类', '控制不满意');
    await expect(a9.getByTestId('derived-suggestedVisitClass')).toContainText('控制不满意');
    await save(page, a9);
    await expect(historyRows(page, '9')).toHaveCount(1);
    await check(page, 'diabetic-annex9-saved');

    // Reopen the follow-up: glucose now under 7.0, so the suggested class becomes 控制满意.
    const edit9 = await reopenForEdit(page, '9', /2型糖尿病患者随访服务记录表/, '8.2');
    await fillText(edit9, '空腹血糖', '6.4');
    await choose(edit9, '此次随访分类', '控制满意');
    await expect(edit9.getByTestId('derived-suggestedVisitClass')).toContainText('控制满意');
    await check(page, 'diabetic-annex9-editing');
    await saveChanges(page, edit9);
    await expect(historyRows(page, '9')).toHaveCount(1);
    await expect(historyRows(page, '9').first()).toContainText('控制满意');
    await expect(historyRows(page, '9').first()).toContainText('6.4');
    await expect(historyRows(page, '9').first()).not.toContainText('8.2');
    await check(page, 'diabetic-annex9-edited');

    const [visit9, ...moreVisits] = await serverHistory(api, doctor, '9', member);
    expect(moreVisits).toEqual([]);
    expect(visit9?.data).toMatchObject({ fpg: 6.4, visitClass: 'satisfactory' });
    expect(visit9?.derived).toMatchObject({ suggestedVisitClass: 'satisfactory' });
    const updates = await recordUpdates(api, admin.token, '9', visit9?.id ?? 0);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.detail).toMatchObject({
      before: { data: { fpg: 8.2, visitClass: 'unsatisfactory' } },
      after: { data: { fpg: 6.4, visitClass: 'satisfactory' } },
    });

    await checkPrint(page, '9', '2型糖尿病患者随访服务记录表', [member.name, '6.4 mmol/L', '控制满意'], 'diabetic-print-annex9');

    await expectOneRecordEach(api, doctor, member, ['1', '6', '3', '9']);
    expect(refused).toEqual([]);
  });

  test('a diabetic member: the baseline records (1, 6, 3) and a custom record reopen, edit and print like the follow-ups', async ({
    page,
    api,
    doctor,
  }) => {
    const member = await createComparisonMember(api, doctor, { role: 1, birthDate: '1958-11-27' });
    const visit = daysAgo(2);
    // The baseline this test edits, written through the API (the test above fills them in the browser).
    await createRecord(api, doctor, '1', member.id, { testDate: visit, fpg: 8.1, hba1c: 7.2 });
    await createRecord(api, doctor, '6', member.id, { examDate: visit, height: 170, weight: 80, waist: 96 });
    const byQuestion = Object.fromEntries(CCMQ_QUESTIONS.map((q, index) => [q.key, index % 5 === 0 ? 4 : 2]));
    const constitutionBefore = await createRecord(api, doctor, '3', member.id, {
      assessDate: visit,
      answers: answersFromQuestions(byQuestion),
    });
    const conclusionBefore = String((constitutionBefore.derived as { conclusion?: string } | undefined)?.conclusion ?? '');
    expect(conclusionBefore).toMatch(/质/);
    const refused = watchRefusals(page);
    await signIn(page, doctor.session, '/index');
    await openPatient(page, member.name);

    const editA1 = await reopenForEdit(page, '1', /诊断记录/, '8.1');
    await fillText(editA1, '空腹血糖', '7.6');
    await saveChanges(page, editA1);
    await expect(historyRows(page, '1').first()).toContainText('7.6');
    await checkPrint(page, '1', '诊断记录', [member.name, '7.6 mmol/L', '糖尿病'], 'diabetic-print-annex1');

    await page.getByRole('tab', { name: '体格检查' }).click();
    const editA6 = await reopenForEdit(page, '6', /体格检查/, '80');
    await fillText(editA6, '体重', '78');
    await expect(editA6.getByTestId('derived-bmi')).toContainText('27');
    await saveChanges(page, editA6);
    await expect(historyRows(page, '6').first()).toContainText('78');
    await checkPrint(page, '6', '体格检查', [member.name, '78 kg', '27'], 'diabetic-print-annex6');

    await openWorkspaceTab(page, '中医体质辨识', '/bodyConstitution');
    const editA3 = await reopenForEdit(page, '3', /中医体质辨识/, conclusionBefore);
    // Question 1 (平和, 精力充沛) from 4 to 1: the constitution is recomputed from the raw answers.
    await editA3.locator('[role="radiogroup"][data-question]').first().locator('input[value="1"]').check();
    await saveChanges(page, editA3);
    const [constitution] = await serverHistory(api, doctor, '3', member);
    expect(constitution?.id).toBe(constitutionBefore.id);
    expect(constitution?.derived).not.toEqual(constitutionBefore.derived);
    const conclusion = String((constitution?.derived as { conclusion?: string } | undefined)?.conclusion ?? '');
    expect(conclusion).toMatch(/质/);
    await checkPrint(page, '3', '中医体质辨识', [member.name, conclusion], 'diabetic-print-annex3');

    await openWorkspaceTab(page, '自定义记录', '/custom');
    const custom = page.getByTestId('record-editor-custom');
    await fillText(custom, '标题', '足部检查');
    await fillDate(custom, '日期', visit);
    await custom.getByRole('button', { name: '添加条目' }).click();
    const entry = custom.locator('.instrument-group-row').first();
    await fillText(entry, '名称', '足背动脉');
    await fillText(entry, '内容', '双侧触及');
    await save(page, custom);
    await expect(historyRows(page, 'custom')).toHaveCount(1);
    const editCustom = await reopenForEdit(page, 'custom', /自定义记录/, '双侧触及');
    await fillText(editCustom, '标题', '足部检查（复核）');
    await saveChanges(page, editCustom);
    await expect(historyRows(page, 'custom').first()).toContainText('复核');
    await checkPrint(page, 'custom', '自定义记录', [member.name, '足部检查（复核）', '双侧触及'], 'diabetic-print-custom');

    await expectOneRecordEach(api, doctor, member, ['1', '6', '3', 'custom']);
    expect(refused).toEqual([]);
  });
});
