import type { LoginResult } from '@tcm/contracts/api/auth';
import type { AnnexRecord, RecordRevision } from '@tcm/contracts/api/records';
import { makeResidentId } from '@tcm/contracts/clinical/resident-id';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api';
import type { RunningApp } from './support/app-server';
import { type Journey, startJourney } from './support/journey';
import { addDays, choose, daysAgo, fillDate, fillText, historyRows, openPatient, openWorkspaceTab, save } from './support/records';
import { apiSignIn, checkScreen as checkShellScreen, DOCTOR, openDialog, openSignedIn, spaGoto, waitForIdle } from './support/shell';

/**
 * Issue 12 in the browser: danger values on annex 9, the repeat-OGTT outcome on annex 8, a stale edit
 * from a second tab (409, nothing overwritten, reload the latest) and a record's revision history. Every
 * test creates its own patients and records through the API, so demo data other journeys change does
 * not matter.
 */

const CONFLICT_MESSAGE = '该记录已被他人修改，请刷新后再编辑';

async function checkScreen(page: Page, name: string): Promise<void> {
  await checkShellScreen(page, `record-integrity-${name}`);
}

/** The number a numeric item shows (the input pads decimals: 6.1 shows as "6.10"). */
async function numberIn(scope: Locator, label: string): Promise<number> {
  return Number(await scope.getByLabel(label, { exact: true }).inputValue());
}

/** Different people each run (names are letters only; ID numbers and mobiles from the suffix). */
const suffix = Date.now() % 10_000;
const tag = (offset: number) => '甲乙丙丁戊己庚辛壬癸'[(suffix + offset) % 10];

describe('clinical safety and record integrity in the browser (issue 12)', () => {
  let journey: Journey;
  let server: RunningApp;
  let doctor: LoginResult;

  const call = <T>(method: string, path: string, body?: unknown) => api<T>(server.baseUrl, method, path, { token: doctor.token, body });

  async function enrolManaged(name: string, sequence: number): Promise<number> {
    const { id } = await call<{ id: number }>('POST', '/api/user/patient', {
      name,
      gender: 'woman',
      idNum: makeResidentId('110102', '1966-05-20', sequence),
      tel_num: `133${String(10_000_000 + suffix * 10 + (sequence % 10)).slice(-8)}`,
      institutionId: 1,
      consentDate: daysAgo(60),
    });
    return id;
  }

  async function enrolDiabetic(name: string, sequence: number): Promise<number> {
    const { id } = await call<{ id: number }>('POST', '/api/comparative', {
      role: 1,
      name,
      gender: 'man',
      idNum: makeResidentId('110102', '1957-08-09', sequence),
      tel_num: `132${String(10_000_000 + suffix * 10 + (sequence % 10)).slice(-8)}`,
      institutionId: 1,
    });
    return id;
  }

  const createRecord = (annex: string, patientId: number, data: Record<string, unknown>) =>
    call<AnnexRecord>('POST', `/api/annex/${annex}/records`, { patientId, data });

  beforeAll(async () => {
    journey = await startJourney();
    server = journey.server;
    doctor = await apiSignIn(server.baseUrl, DOCTOR.username, DOCTOR.password);
  });
  afterAll(async () => {
    await journey?.close();
  });

  async function signedInPage(): Promise<Page> {
    const page = await journey.fresh({ width: 1366, height: 900 });
    page.on('pageerror', (error) => console.log('pageerror', error.message));
    await openSignedIn(page, doctor, '/index');
    return page;
  }

  it('annex 9: a danger value (FPG 3.5, then BP 182/100) suggests urgent referral and a visit within 14 days', async () => {
    const name = `危急随访${tag(1)}`;
    const patientId = await enrolDiabetic(name, 611 + 2 * (suffix % 100));
    const page = await signedInPage();
    await openPatient(page, name);
    await openWorkspaceTab(page, '糖尿病随访', '/TNBFollowUp');
    const a9 = page.getByTestId('record-editor-9');
    const visit = daysAgo(2);
    const nextVisit = a9.getByLabel('下次随访日期', { exact: true });

    await fillDate(a9, '随访日期', visit);
    await choose(a9, '随访方式', '门诊');
    await choose(a9, '!症状', '无症状');
    await choose(a9, '药物不良反应', '无');
    // A controlled visit first: routine follow-up in 90 days, nothing to notice.
    await fillText(a9, '空腹血糖', '6.0');
    await expect.poll(() => a9.getByTestId('derived-suggestedNextStep').textContent()).toContain('按期随访');
    await expect.poll(() => nextVisit.inputValue()).toBe(addDays(visit, 90));
    expect(await a9.getByTestId('derived-attention').count()).toBe(0);

    // FPG 3.5 mmol/L (≤ 3.9, hypoglycaemia): urgent referral, up front, and the next contact in 14 days.
    await fillText(a9, '空腹血糖', '3.5');
    const attention = a9.getByTestId('derived-attention');
    await attention.waitFor({ state: 'visible' });
    await expect.poll(() => attention.getByTestId('attention-suggestedNextStep').textContent()).toContain('紧急转诊');
    expect(await a9.getByTestId('derived-suggestedVisitClass').textContent()).not.toContain('控制满意');
    await expect.poll(() => nextVisit.inputValue()).toBe(addDays(visit, 14));
    await checkScreen(page, 'annex9-low-fpg');

    // Glucose back in range but BP 182/100 (SBP ≥ 180): still urgent, the band shown beside the values.
    await fillText(a9, '空腹血糖', '6.0');
    await fillText(a9, '收缩压', '182');
    await fillText(a9, '舒张压', '100');
    await expect.poll(() => a9.getByTestId('beside-bpBand').textContent()).toContain('3级高血压');
    await expect.poll(() => attention.getByTestId('attention-suggestedNextStep').textContent()).toContain('紧急转诊');
    await expect.poll(() => nextVisit.inputValue()).toBe(addDays(visit, 14));
    await choose(a9, '此次随访分类', '控制不满意');
    await checkScreen(page, 'annex9-high-bp');
    await save(page, a9);
    await expect.poll(() => historyRows(page, '9').count()).toBe(1);
    await expect.poll(() => historyRows(page, '9').first().textContent()).toContain('3级高血压');

    const { list } = await call<{ list: AnnexRecord[] }>('GET', `/api/annex/9/records?patientId=${patientId}`);
    expect(list).toHaveLength(1);
    expect(list[0]?.derived).toMatchObject({
      suggestedNextStep: 'urgentReferral',
      bpBand: 'grade3',
      suggestedNextVisitDate: addDays(visit, 14),
    });
    expect(list[0]?.derived.suggestedVisitClass).not.toBe('satisfactory');
    expect(list[0]?.data.nextVisitDate).toBe(addDays(visit, 14));

    // A screen outside a diabetic comparison member's group (annex 2, lifestyle) shows only a notice.
    await spaGoto(page, '/lifeStyle');
    await page.getByText('该表不适用于当前患者所在的分组。').waitFor({ state: 'visible' });
    await waitForIdle(page);
    expect(await page.getByTestId('record-editor-2').count()).toBe(0);
    expect(await page.getByTestId('record-save').count()).toBe(0);
    await checkScreen(page, 'outside-group');
  });

  it('annex 8: an IGT baseline and a final FPG without 2h-PG is "repeat the OGTT", never reverted', async () => {
    const name = `复查糖耐${tag(2)}`;
    const patientId = await enrolManaged(name, 712 + 2 * (suffix % 100));
    // Baseline: FPG 5.5 (normal), 2h-PG 8.6 (7.8–11.0): IGT.
    const baseline = await createRecord('1', patientId, { testDate: daysAgo(50), fpg: 5.5, ogtt2h: 8.6 });
    expect(baseline.derived).toMatchObject({ glycemicStatus: 'IGT' });

    const page = await signedInPage();
    await openPatient(page, name);
    await page.getByTestId('open-end-evaluation').click();
    const a8 = page.getByTestId('record-editor-8');
    await a8.waitFor({ state: 'visible' });
    await fillDate(a8, '评估日期', daysAgo(1));
    await fillText(a8, '空腹血糖', '5.6');
    await fillText(a8, '体重', '63.0');
    await choose(a8, '患者满意度', '满意');
    // The form says so before saving: the outcome cannot be judged without a 2-hour value.
    const attention = a8.getByTestId('derived-attention');
    await attention.waitFor({ state: 'visible' });
    await expect.poll(() => attention.getByTestId('attention-outcome').textContent()).toContain('需复查OGTT');
    expect(await a8.getByTestId('derived-outcome').textContent()).not.toContain('逆转为正常');
    await checkScreen(page, 'annex8-repeat-ogtt');
    await save(page, a8);
    await page.getByTestId('patient-panel').getByText('已结束').first().waitFor({ state: 'visible' });

    const { list } = await call<{ list: AnnexRecord[] }>('GET', `/api/annex/8/records?patientId=${patientId}`);
    expect(list).toHaveLength(1);
    expect(list[0]?.derived).toMatchObject({ outcome: 'repeatOgtt' });
  });

  it('a stale edit from a second tab answers 409, overwrites nothing, reloads the latest; the revisions show each change', async () => {
    const name = `两处编辑${tag(3)}`;
    const patientId = await enrolManaged(name, 514 + 2 * (suffix % 100));
    const testDate = daysAgo(20);
    const record = await createRecord('1', patientId, { testDate, fpg: 6.1, ogtt2h: 7.0 });
    expect(record.revision).toBe(1);

    // Two tabs of one browser (one session), both editing revision 1 of the same record. Only the tab
    // in front runs its animation frames (a background tab's toasts and dialogs never finish moving),
    // so the journey brings each tab to the front before acting in it, as a person switching tabs does.
    const first = await signedInPage();
    const second = await first.context().newPage();
    second.on('pageerror', (error) => console.log('pageerror (second tab)', error.message));
    const editors: Locator[] = [];
    for (const page of [first, second]) {
      await page.bringToFront();
      await openPatient(page, name);
      await expect.poll(() => historyRows(page, '1').count()).toBe(1);
      await historyRows(page, '1').first().getByRole('button', { name: '编辑' }).click();
      const editor = page.getByTestId('record-editor-1');
      await editor.getByText('正在修改').waitFor({ state: 'visible' });
      expect(await numberIn(editor, '空腹血糖')).toBe(6.1);
      editors.push(editor);
    }
    const [firstEditor, secondEditor] = editors as [Locator, Locator];

    // The first tab saves: revision 2.
    await first.bringToFront();
    await fillText(firstEditor, '空腹血糖', '6.4');
    await firstEditor.getByRole('button', { name: '保存修改' }).click();
    await first.locator('.ant-message-notice', { hasText: '保存成功' }).first().waitFor({ state: 'visible' });
    await firstEditor.getByText('正在修改').waitFor({ state: 'hidden' });

    // The second tab, still at revision 1, saves its own change: refused with the server's message.
    await second.bringToFront();
    await fillText(secondEditor, '空腹血糖', '5.2');
    await secondEditor.getByRole('button', { name: '保存修改' }).click();
    await second.locator('.ant-message-notice', { hasText: CONFLICT_MESSAGE }).first().waitFor({ state: 'visible' });
    const conflict = secondEditor.getByTestId('record-conflict');
    await conflict.waitFor({ state: 'visible' });
    await checkScreen(second, 'stale-edit-409');

    // Nothing was overwritten: the record is the first tab's revision 2.
    const stored = await call<AnnexRecord>('GET', `/api/annex/1/records/${record.id}`);
    expect(stored.revision).toBe(2);
    expect(stored.data).toMatchObject({ fpg: 6.4, ogtt2h: 7.0 });
    // The second tab's history now shows what the record is; its form still holds the refused entry.
    await expect.poll(() => historyRows(second, '1').first().textContent()).toContain('6.4');
    expect(await numberIn(secondEditor, '空腹血糖')).toBe(5.2);

    // 载入最新内容: the editor reopens at revision 2 with the first tab's value; editing it now saves.
    await conflict.getByRole('button', { name: '载入最新内容' }).click();
    await conflict.waitFor({ state: 'detached' });
    const reloaded = second.getByTestId('record-editor-1');
    await reloaded.getByText('正在修改').waitFor({ state: 'visible' });
    await expect.poll(() => numberIn(reloaded, '空腹血糖')).toBe(6.4);
    await fillText(reloaded, '空腹血糖', '5.9');
    await reloaded.getByRole('button', { name: '保存修改' }).click();
    await second.locator('.ant-message-notice', { hasText: '保存成功' }).first().waitFor({ state: 'visible' });
    await reloaded.getByText('正在修改').waitFor({ state: 'hidden' });
    await expect.poll(() => historyRows(second, '1').first().textContent()).toContain('5.9');

    const latest = await call<AnnexRecord>('GET', `/api/annex/1/records/${record.id}`);
    expect(latest.revision).toBe(3);
    expect(latest.data).toMatchObject({ fpg: 5.9 });
    const { list: revisions } = await call<{ list: RecordRevision[] }>('GET', `/api/annex/1/records/${record.id}/revisions`);
    expect(revisions.map((r) => [r.revision, r.data.fpg])).toEqual([
      [3, 5.9],
      [2, 6.4],
      [1, 6.1],
    ]);

    // 修改历史 of the record: newest first, each change with its earlier value.
    await waitForIdle(second);
    await second.getByTestId(`record-revisions-open-${record.id}`).click();
    const history = await openDialog(second, /修改历史/);
    const items = history.locator('[data-testid^="record-revision-"]');
    await expect
      .poll(() => items.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid'))))
      .toEqual(['record-revision-3', 'record-revision-2', 'record-revision-1']);
    const revision2 = history.getByTestId('record-revision-2');
    expect(await revision2.textContent()).toContain('空腹血糖');
    expect(await revision2.locator('del').first().textContent()).toContain('6.1');
    expect(await revision2.locator('ins').first().textContent()).toContain('6.4');
    expect(await history.getByTestId('record-revision-3').locator('ins').first().textContent()).toContain('5.9');
    expect(await history.getByTestId('record-revision-1').textContent()).toContain('新建记录');
    expect(await history.getByTestId('record-revision-3').textContent()).toContain('当前版本');
    await checkScreen(second, 'revisions');
    await history.getByRole('button', { name: /确\s*定/ }).click();
    await history.waitFor({ state: 'hidden' });
  });
});
