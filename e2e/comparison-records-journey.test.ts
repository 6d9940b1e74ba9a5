import type { AnnexRecord } from '@tcm/contracts/api/records';
import { makeResidentId } from '@tcm/contracts/clinical/resident-id';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMotion } from './support/antd';
import { api, apiLogin } from './support/api';
import type { RunningApp } from './support/app-server';
import { type Journey, startJourney } from './support/journey';
import { addDays, choose, daysAgo, fillDate, fillText, historyRows, logIn, openPatient, openWorkspaceTab, save } from './support/records';
import { checkScreen as checkShellScreen, DOCTOR } from './support/shell';

const ADMIN = { username: 'admin', password: 'Admin#2026' };

interface Member {
  id: number;
  name: string;
}

interface AuditEntry {
  entityId: string | null;
  detail: unknown;
}

async function checkScreen(page: Page, name: string): Promise<void> {
  await checkShellScreen(page, `comparison-records-${name}`);
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

/** The tabs of the record workspace the patient's group calls for. */
async function workspaceTabs(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: '健康档案' }).getByRole('link').allTextContents();
}

/** Annex 3: the 60 CCMQ questions, each answered once. */
async function fillConstitution(page: Page, date: string): Promise<void> {
  await openWorkspaceTab(page, '中医体质辨识', '/bodyConstitution');
  const a3 = page.getByTestId('record-editor-3');
  await fillDate(a3, '评估日期', date);
  const rows = a3.locator('[role="radiogroup"][data-question]');
  expect(await rows.count()).toBe(60);
  for (let index = 0; index < 60; index++) {
    await rows
      .nth(index)
      .locator(`input[value="${index % 5 === 0 ? 4 : 2}"]`)
      .check();
  }
  await expect.poll(() => a3.getByText('已答 60 / 60 题').count()).toBe(1);
  await expect.poll(() => a3.getByTestId('derived-conclusion').textContent()).not.toBe('');
  await save(page, a3);
  await expect.poll(() => historyRows(page, '3').count()).toBe(1);
  await page.getByTestId('record-radar').locator('svg polygon').first().waitFor({ state: 'visible' });
}

/** Annex 6, the 体格检查 tab of /diagnosticRecord. */
async function fillPhysicalExam(page: Page, date: string, measures: { height: string; weight: string; waist: string }): Promise<void> {
  await page.getByRole('tab', { name: '体格检查' }).click();
  const a6 = page.getByTestId('record-editor-6');
  await fillDate(a6, '检查日期', date);
  await fillText(a6, '身高', measures.height);
  await fillText(a6, '体重', measures.weight);
  await fillText(a6, '腰围', measures.waist);
  await expect.poll(() => a6.getByTestId('derived-bmi').textContent()).not.toBe('');
  await save(page, a6);
  await expect.poll(() => historyRows(page, '6').count()).toBe(1);
}

/** Reopens the newest record of the annex from its history (viewer, then the editor). */
async function reopenForEdit(page: Page, annex: string, title: RegExp, shown: string): Promise<Locator> {
  await historyRows(page, annex).first().getByRole('button', { name: '查看' }).click();
  const viewer = page.getByRole('dialog', { name: title });
  await viewer.getByText(shown).first().waitFor({ state: 'visible' });
  await waitForMotion(page);
  await viewer.getByRole('button', { name: /确\s*定/ }).click();
  await viewer.waitFor({ state: 'hidden' });
  await historyRows(page, annex).first().getByRole('button', { name: '编辑' }).click();
  const editor = page.getByTestId(`record-editor-${annex}`);
  await editor.getByText('正在修改').waitFor({ state: 'visible' });
  return editor;
}

async function saveChanges(page: Page, editor: Locator): Promise<void> {
  await editor.getByRole('button', { name: '保存修改' }).click();
  await page.locator('.ant-message-notice', { hasText: '保存成功' }).first().waitFor({ state: 'visible' });
  await editor.getByText('正在修改').waitFor({ state: 'hidden' });
}

/** The print view of the newest record of the annex: the patient's name and the given texts. */
async function checkPrint(page: Page, annex: string, heading: string, texts: string[], screen: string): Promise<void> {
  await historyRows(page, annex).first().getByRole('button', { name: '打印' }).click();
  await page.waitForURL(`**/recordPrint/${annex}/*`);
  const sheet = page.getByTestId('record-print');
  await sheet.getByRole('heading', { name: heading }).waitFor({ state: 'visible' });
  for (const text of texts) await expect.poll(() => sheet.textContent()).toContain(text);
  await checkScreen(page, screen);
  await page.goBack();
}

/** The server's own history of the annex (records that are not voided, newest first). */
async function serverHistory(baseUrl: string, token: string, annex: string, patientId: number): Promise<AnnexRecord[]> {
  const result = await api<{ list: AnnexRecord[] }>(baseUrl, 'GET', `/api/annex/${annex}/records?patientId=${patientId}`, { token });
  return result.list;
}

/** The audit trail of a record's updates, each with the data before and after. */
async function recordUpdates(baseUrl: string, token: string, annex: string, id: number): Promise<AuditEntry[]> {
  const query = `action=record.update&entity=annex${annex}&entityId=${id}`;
  return (await api<{ list: AuditEntry[] }>(baseUrl, 'GET', `/api/audit/list?${query}`, { token })).list;
}

/** One chart of the trends card, found by its caption. */
function trendChart(page: Page, caption: string): Locator {
  return page
    .getByTestId('record-trends')
    .getByTestId('chart-line')
    .filter({ has: page.locator('figcaption', { hasText: caption }) });
}

/** The chart's text alternative, one string per row: its cells joined by " | ". */
async function chartTable(chart: Locator): Promise<string[]> {
  return chart
    .locator('table tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent ?? '').join(' | ')));
}

describe('comparison-group members: baseline and follow-up instruments in the browser (issue 5)', () => {
  let journey: Journey;
  let server: RunningApp;
  let doctorToken: string;
  const suffix = Date.now() % 10_000;
  const tag = '甲乙丙丁戊己庚辛壬癸'[suffix % 10];
  const pre: Member = { id: 0, name: `对照前期${tag}` };
  const diabetic: Member = { id: 0, name: `对照糖尿${tag}` };

  beforeAll(async () => {
    journey = await startJourney();
    server = journey.server;
    doctorToken = await apiLogin(server.baseUrl, DOCTOR.username, DOCTOR.password);
    const create = (role: 0 | 1, member: Member, birthDate: string, sequence: number, mobilePrefix: string) =>
      api<{ id: number }>(server.baseUrl, 'POST', '/api/comparative', {
        token: doctorToken,
        body: {
          role,
          name: member.name,
          gender: sequence % 2 === 1 ? 'man' : 'woman',
          idNum: makeResidentId('310104', birthDate, sequence),
          tel_num: `${mobilePrefix}${String(10_000_000 + suffix).slice(-8)}`,
          institutionId: 1,
        },
      });
    pre.id = (await create(0, pre, '1963-09-14', 300 + 2 * (suffix % 100), '135')).id;
    diabetic.id = (await create(1, diabetic, '1958-11-27', 401 + 2 * (suffix % 100), '134')).id;
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('fills annexes 1, 6, 3 and the group follow-up (7 or 9), then reopens, edits and prints one record each', async () => {
    const page = await journey.fresh({ width: 1366, height: 900 });
    page.on('pageerror', (error) => console.log('pageerror', error.message));
    const refused = watchRefusals(page);
    const adminToken = await apiLogin(server.baseUrl, ADMIN.username, ADMIN.password);
    const visit = daysAgo(2);

    await logIn(page, DOCTOR);

    // ── Pre-diabetes member (role 0): baseline annexes 1, 6, 3 and the periodic annex 7.
    await openPatient(page, pre.name);
    expect(await workspaceTabs(page)).toEqual(['诊断记录', '中医体质辨识', '随访记录', '自定义记录']);
    const preA1 = page.getByTestId('record-editor-1');
    await fillDate(preA1, '检测日期', visit);
    await fillText(preA1, '空腹血糖', '6.3');
    await fillText(preA1, 'OGTT 2小时血糖', '7.2');
    await expect.poll(() => preA1.getByTestId('derived-glycemicStatus').textContent()).toContain('空腹血糖受损（IFG）');
    await checkScreen(page, 'pre-annex1-filled');
    await save(page, preA1);
    await expect.poll(() => historyRows(page, '1').count()).toBe(1);
    await fillPhysicalExam(page, visit, { height: '165', weight: '72', waist: '92' });
    await checkScreen(page, 'pre-annex6-saved');
    await fillConstitution(page, visit);
    await checkScreen(page, 'pre-annex3-saved');

    await openWorkspaceTab(page, '随访记录', '/followUp');
    const a7 = page.getByTestId('record-editor-7');
    await fillDate(a7, '随访日期', visit);
    // Comparison members are seen every 90 days (managed patients every 15).
    await expect.poll(() => a7.getByLabel('下次随访日期', { exact: true }).inputValue()).toBe(addDays(visit, 90));
    await choose(a7, '随访方式', '电话');
    await fillText(a7, '体重', '71');
    await fillText(a7, '空腹血糖', '6.4');
    await checkScreen(page, 'pre-annex7-filled');
    await save(page, a7);
    await expect.poll(() => historyRows(page, '7').count()).toBe(1);
    await expect.poll(() => historyRows(page, '7').first().textContent()).toContain('空腹血糖受损（IFG）');

    // Reopen the follow-up, correct the glucose: the derived status follows the edit.
    const edit7 = await reopenForEdit(page, '7', /随访记录/, '6.4');
    await checkScreen(page, 'pre-annex7-editing');
    await fillText(edit7, '空腹血糖', '5.8');
    await expect.poll(() => edit7.getByTestId('derived-glycemicStatus').textContent()).toContain('血糖正常');
    await saveChanges(page, edit7);
    await expect.poll(() => historyRows(page, '7').first().textContent()).toContain('血糖正常');
    const row7 = (await historyRows(page, '7').first().textContent()) ?? '';
    expect(row7).toContain('5.8');
    expect(row7).not.toContain('6.4');
    expect(await historyRows(page, '7').count()).toBe(1);
    await checkScreen(page, 'pre-annex7-edited');

    const [followUp, ...moreFollowUps] = await serverHistory(server.baseUrl, doctorToken, '7', pre.id);
    expect(moreFollowUps).toEqual([]);
    expect(followUp?.data).toMatchObject({ fpg: 5.8, weight: 71, way: 'phone', nextVisitDate: addDays(visit, 90) });
    expect(followUp?.derived).toMatchObject({ glycemicStatus: 'normal' });
    expect(followUp?.nextDueDate).toBe(addDays(visit, 90));
    const updates7 = await recordUpdates(server.baseUrl, adminToken, '7', followUp?.id ?? 0);
    expect(updates7).toHaveLength(1);
    expect(updates7[0]?.detail).toMatchObject({
      before: { data: { fpg: 6.4 } },
      after: { data: { fpg: 5.8 }, derived: { glycemicStatus: 'normal' } },
    });

    await checkPrint(page, '7', '随访记录', [pre.name, '5.8 mmol/L', '血糖正常'], 'pre-print-annex7');
    await page.waitForURL('**/followUp');

    // The trends: annexes 1 and 7 of one day are two glucose points; 6 and 7 two weight points.
    await openWorkspaceTab(page, '诊断记录', '/diagnosticRecord');
    const fpgChart = trendChart(page, '空腹血糖（mmol/L）');
    await expect.poll(() => fpgChart.locator('svg circle').count()).toBe(2);
    expect(await chartTable(fpgChart)).toEqual([`${visit} | 附件1 诊断记录 | 6.3`, `${visit} | 附件7 随访记录 | 5.8`]);
    expect(await fpgChart.locator('svg g[data-point] title').allTextContents()).toEqual([
      `${visit} 附件1 诊断记录: 6.3`,
      `${visit} 附件7 随访记录: 5.8`,
    ]);
    expect(await chartTable(trendChart(page, '体重（kg）'))).toEqual([`${visit} | 附件6 体格检查 | 72`, `${visit} | 附件7 随访记录 | 71`]);
    await checkScreen(page, 'pre-trends');

    // ── Diabetic member (role 1): baseline annexes 1, 6, 3 and the periodic annex 9.
    await openPatient(page, diabetic.name);
    expect(await workspaceTabs(page)).toEqual(['诊断记录', '中医体质辨识', '糖尿病随访', '自定义记录']);
    const dA1 = page.getByTestId('record-editor-1');
    await fillDate(dA1, '检测日期', visit);
    await fillText(dA1, '空腹血糖', '8.1');
    await fillText(dA1, '糖化血红蛋白', '7.2');
    await expect.poll(() => dA1.getByTestId('derived-glycemicStatus').textContent()).toContain('糖尿病');
    await save(page, dA1);
    await expect.poll(() => historyRows(page, '1').count()).toBe(1);
    await checkScreen(page, 'diabetic-annex1-saved');
    await fillPhysicalExam(page, visit, { height: '170', weight: '80', waist: '96' });
    await fillConstitution(page, visit);
    await checkScreen(page, 'diabetic-annex3-saved');

    await openWorkspaceTab(page, '糖尿病随访', '/TNBFollowUp');
    const a9 = page.getByTestId('record-editor-9');
    await fillDate(a9, '随访日期', visit);
    await choose(a9, '随访方式', '门诊');
    await choose(a9, '!症状', '无症状');
    await fillText(a9, '空腹血糖', '8.2');
    await choose(a9, '药物不良反应', '无');
    await choose(a9, '此次随访分类', '控制不满意');
    await expect.poll(() => a9.getByTestId('derived-suggestedVisitClass').textContent()).toContain('控制不满意');
    await save(page, a9);
    await expect.poll(() => historyRows(page, '9').count()).toBe(1);
    await checkScreen(page, 'diabetic-annex9-saved');

    // Reopen the follow-up: glucose now under 7.0, so the suggested class becomes 控制满意.
    const edit9 = await reopenForEdit(page, '9', /2型糖尿病患者随访服务记录表/, '8.2');
    await fillText(edit9, '空腹血糖', '6.4');
    await choose(edit9, '此次随访分类', '控制满意');
    await expect.poll(() => edit9.getByTestId('derived-suggestedVisitClass').textContent()).toContain('控制满意');
    await checkScreen(page, 'diabetic-annex9-editing');
    await saveChanges(page, edit9);
    await expect.poll(() => historyRows(page, '9').first().textContent()).toContain('控制满意');
    const row9 = (await historyRows(page, '9').first().textContent()) ?? '';
    expect(row9).toContain('6.4');
    expect(row9).not.toContain('8.2');
    expect(await historyRows(page, '9').count()).toBe(1);
    await checkScreen(page, 'diabetic-annex9-edited');

    const [visit9, ...moreVisits] = await serverHistory(server.baseUrl, doctorToken, '9', diabetic.id);
    expect(moreVisits).toEqual([]);
    expect(visit9?.data).toMatchObject({ fpg: 6.4, visitClass: 'satisfactory' });
    expect(visit9?.derived).toMatchObject({ suggestedVisitClass: 'satisfactory' });
    const updates9 = await recordUpdates(server.baseUrl, adminToken, '9', visit9?.id ?? 0);
    expect(updates9).toHaveLength(1);
    expect(updates9[0]?.detail).toMatchObject({
      before: { data: { fpg: 8.2, visitClass: 'unsatisfactory' } },
      after: { data: { fpg: 6.4, visitClass: 'satisfactory' } },
    });

    await checkPrint(page, '9', '2型糖尿病患者随访服务记录表', [diabetic.name, '6.4 mmol/L', '控制满意'], 'diabetic-print-annex9');
    await page.waitForURL('**/TNBFollowUp');

    // The baseline instruments of a comparison member reopen, edit and print like the follow-ups.
    await openWorkspaceTab(page, '诊断记录', '/diagnosticRecord');
    const editA1 = await reopenForEdit(page, '1', /诊断记录/, '8.1');
    await fillText(editA1, '空腹血糖', '7.6');
    await saveChanges(page, editA1);
    await expect.poll(() => historyRows(page, '1').first().textContent()).toContain('7.6');
    await checkPrint(page, '1', '诊断记录', [diabetic.name, '7.6 mmol/L', '糖尿病'], 'diabetic-print-annex1');
    await page.waitForURL('**/diagnosticRecord');

    await page.getByRole('tab', { name: '体格检查' }).click();
    const editA6 = await reopenForEdit(page, '6', /体格检查/, '80');
    await fillText(editA6, '体重', '78');
    await expect.poll(() => editA6.getByTestId('derived-bmi').textContent()).toContain('27');
    await saveChanges(page, editA6);
    await expect.poll(() => historyRows(page, '6').first().textContent()).toContain('78');
    await checkPrint(page, '6', '体格检查', [diabetic.name, '78 kg', '27'], 'diabetic-print-annex6');
    await page.waitForURL('**/diagnosticRecord');

    await openWorkspaceTab(page, '中医体质辨识', '/bodyConstitution');
    const [constitutionBefore] = await serverHistory(server.baseUrl, doctorToken, '3', diabetic.id);
    const conclusionBefore = String((constitutionBefore?.derived as { conclusion?: string } | undefined)?.conclusion ?? '');
    const editA3 = await reopenForEdit(page, '3', /中医体质辨识/, conclusionBefore);
    // Question 1 (平和, 精力充沛) from 4 to 1: the constitution is recomputed from the raw answers.
    await editA3.locator('[role="radiogroup"][data-question]').first().locator('input[value="1"]').check();
    await saveChanges(page, editA3);
    const [constitution] = await serverHistory(server.baseUrl, doctorToken, '3', diabetic.id);
    expect(constitution?.id).toBe(constitutionBefore?.id);
    expect(constitution?.derived).not.toEqual(constitutionBefore?.derived);
    const conclusion = String((constitution?.derived as { conclusion?: string } | undefined)?.conclusion ?? '');
    expect(conclusion).toMatch(/质/);
    await checkPrint(page, '3', '中医体质辨识', [diabetic.name, conclusion], 'diabetic-print-annex3');
    await page.waitForURL('**/bodyConstitution');

    await openWorkspaceTab(page, '自定义记录', '/custom');
    const custom = page.getByTestId('record-editor-custom');
    await fillText(custom, '标题', '足部检查');
    await fillDate(custom, '日期', visit);
    await custom.getByRole('button', { name: '添加条目' }).click();
    const entry = custom.locator('.instrument-group-row').first();
    await fillText(entry, '名称', '足背动脉');
    await fillText(entry, '内容', '双侧触及');
    await save(page, custom);
    await expect.poll(() => historyRows(page, 'custom').count()).toBe(1);
    const editCustom = await reopenForEdit(page, 'custom', /自定义记录/, '双侧触及');
    await fillText(editCustom, '标题', '足部检查（复核）');
    await saveChanges(page, editCustom);
    await expect.poll(() => historyRows(page, 'custom').first().textContent()).toContain('复核');
    await checkPrint(page, 'custom', '自定义记录', [diabetic.name, '足部检查（复核）', '双侧触及'], 'diabetic-print-custom');
    await page.waitForURL('**/custom');

    // The baseline records the journey filled are all on the server, none refused on the way.
    for (const [member, annexes] of [
      [pre, ['1', '6', '3', '7']],
      [diabetic, ['1', '6', '3', '9', 'custom']],
    ] as const) {
      for (const annex of annexes)
        expect((await serverHistory(server.baseUrl, doctorToken, annex, member.id)).length, `${member.name} annex ${annex}`).toBe(1);
    }
    expect(refused).toEqual([]);
  });
});
