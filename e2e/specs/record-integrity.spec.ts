import type { Locator, Page } from '@playwright/test';
import type { AnnexRecord, RecordRevision } from '@tcm/contracts/api/records';
import { createComparisonMember } from '../fixtures/comparison';
import { clinicToday, daysAgo } from '../fixtures/data';
import {
  addDays,
  choose,
  createRecord,
  expectToast,
  fillDate,
  fillText,
  historyRows,
  numberIn,
  openWorkspaceTab,
  recordToasts,
  SAVED,
  save,
  saveConfirmed,
} from '../fixtures/records';
import { expectAccessible, expectStill } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { openDialog, openEndEvaluation, openPatient, signIn } from '../fixtures/ui';

/**
 * Clinical safety and record integrity in the browser: danger values on annex 9, the repeat-OGTT outcome on annex 8, a stale edit
 * from a second tab (409, nothing overwritten, reload the latest) and a record's revision history. Every
 * test has its own doctor, and creates its patients and records through the API.
 */

const CONFLICT_MESSAGE = '该记录已被他人修改，请刷新后再编辑';

const check = (page: Page, name: string) => expectAccessible(page, `record-integrity-${name}`);

test.use({ viewport: { width: 1366, height: 900 } });
test.beforeEach(({ context }) => recordToasts(context));

test.describe('clinical safety and record integrity in the browser (issue 12)', () => {
  test('annex 9: a danger value (FPG 3.5, then BP 182/100) suggests urgent referral and a visit within 14 days', async ({
    page,
    api,
    doctor,
  }) => {
    const member = await createComparisonMember(api, doctor, { role: 1, gender: 'man', birthDate: '1957-08-09' });
    await signIn(page, doctor.session, '/index');
    await openPatient(page, member.name);
    await openWorkspaceTab(page, '糖尿病随访', '/TNBFollowUp');
    const a9 = page.getByTestId('record-editor-9');
    // The member is enrolled today (the server's date); a follow-up may not be dated before it.
    const visit = clinicToday();
    const nextVisit = a9.getByLabel('下次随访日期', { exact: true });

    await fillDate(a9, '随访日期', visit);
    await choose(a9, '随访方式', '门诊');
    await choose(a9, '!症状', '无症状');
    await choose(a9, '!危急情况', '无');
    await choose(a9, '药物不良反应', '无');
    // A controlled visit first: routine follow-up in 90 days, nothing to notice.
    await fillText(a9, '空腹血糖', '6.0');
    await expect(a9.getByTestId('derived-suggestedNextStep')).toContainText('按期随访');
    await expect(nextVisit).toHaveValue(addDays(visit, 90));
    await expect(a9.getByTestId('derived-attention')).toHaveCount(0);

    // FPG 3.5 mmol/L (≤ 3.9, hypoglycaemia): urgent referral, up front, and the next contact in 14 days.
    await fillText(a9, '空腹血糖', '3.5');
    const attention = a9.getByTestId('derived-attention');
    await expect(attention).toBeVisible();
    await expect(attention.getByTestId('attention-suggestedNextStep')).toContainText('紧急转诊');
    await expect(a9.getByTestId('derived-suggestedVisitClass')).not.toContainText('控制满意');
    await expect(nextVisit).toHaveValue(addDays(visit, 14));
    await check(page, 'annex9-low-fpg');

    // Glucose back in range but BP 182/100 (SBP ≥ 180): still urgent, the band shown beside the values.
    await fillText(a9, '空腹血糖', '6.0');
    await fillText(a9, '收缩压', '182');
    await fillText(a9, '舒张压', '100');
    await expect(a9.getByTestId('beside-bpBand')).toContainText('3级高血压');
    await expect(attention.getByTestId('attention-suggestedNextStep')).toContainText('紧急转诊');
    await expect(nextVisit).toHaveValue(addDays(visit, 14));
    await choose(a9, '此次随访分类', '控制不满意');
    await check(page, 'annex9-high-bp');
    // A danger value: the save asks first (the alert and the urgent referral), then says it was recorded.
    await saveConfirmed(page, a9);
    await expect(historyRows(page, '9')).toHaveCount(1);
    await expect(historyRows(page, '9').first()).toContainText('3级高血压');

    const { list } = await api.request<{ list: AnnexRecord[] }>('GET', `/api/annex/9/records?patientId=${member.id}`, {
      token: doctor.session.token,
    });
    expect(list).toHaveLength(1);
    expect(list[0]?.derived).toMatchObject({
      suggestedNextStep: 'urgentReferral',
      bpBand: 'grade3',
      suggestedNextVisitDate: addDays(visit, 14),
    });
    expect(list[0]?.derived.suggestedVisitClass).not.toBe('satisfactory');
    expect(list[0]?.data.nextVisitDate).toBe(addDays(visit, 14));

    // A screen outside a diabetic comparison member's group (annex 2, lifestyle) is not in the
    // workspace's navigation; opened by its address, it shows only a notice.
    await expect(page.getByRole('navigation', { name: '健康档案' }).getByRole('link', { name: /^生活方式/ })).toHaveCount(0);
    await page.goto('/lifeStyle');
    await expect(page.getByText('该表不适用于当前患者所在的分组。')).toBeVisible();
    await expect(page.getByTestId('patient-panel').getByText(member.name)).toBeVisible();
    await expect(page.getByTestId('record-editor-2')).toHaveCount(0);
    await expect(page.getByTestId('record-save')).toHaveCount(0);
    await check(page, 'outside-group');
  });

  test('annex 8: an IGT baseline and a final FPG without 2h-PG is "repeat the OGTT", never reverted', async ({
    page,
    api,
    doctor,
    patients,
  }) => {
    const patient = await patients.create(doctor, { gender: 'woman', birthDate: '1966-05-20', consentDate: daysAgo(60) });
    // Baseline: FPG 5.5 (normal), 2h-PG 8.6 (7.8–11.0): IGT.
    const baseline = await createRecord(api, doctor, '1', patient.id, { testDate: daysAgo(50), fpg: 5.5, ogtt2h: 8.6 });
    expect(baseline.derived).toMatchObject({ glycemicStatus: 'IGT' });

    await signIn(page, doctor.session, '/index');
    await openPatient(page, patient.name);
    const a8 = await openEndEvaluation(page);
    await fillDate(a8, '评估日期', clinicToday());
    await fillText(a8, '空腹血糖', '5.6');
    await fillText(a8, '体重', '63.0');
    await choose(a8, '患者满意度', '满意');
    // The form says so before saving: the outcome cannot be judged without a 2-hour value.
    const attention = a8.getByTestId('derived-attention');
    await expect(attention).toBeVisible();
    await expect(attention.getByTestId('attention-outcome')).toContainText('需复查OGTT');
    await expect(a8.getByTestId('derived-outcome')).not.toContainText('逆转为正常');
    await check(page, 'annex8-repeat-ogtt');
    await save(page, a8);
    await expect(page.getByTestId('patient-panel').getByText('已结束').first()).toBeVisible();

    const { list } = await api.request<{ list: AnnexRecord[] }>('GET', `/api/annex/8/records?patientId=${patient.id}`, {
      token: doctor.session.token,
    });
    expect(list).toHaveLength(1);
    expect(list[0]?.derived).toMatchObject({ outcome: 'repeatOgtt' });
  });

  test('a stale edit from a second tab answers 409, overwrites nothing, reloads the latest; the revisions show each change', async ({
    page: first,
    api,
    doctor,
    patients,
  }) => {
    const patient = await patients.create(doctor, { gender: 'woman', birthDate: '1966-05-20', consentDate: daysAgo(60) });
    const record = await createRecord(api, doctor, '1', patient.id, { testDate: daysAgo(20), fpg: 6.1, ogtt2h: 7.0 });
    expect(record.revision).toBe(1);
    const read = <T>(path: string) => api.request<T>('GET', path, { token: doctor.session.token });

    // Two tabs of one browser (one session), both editing revision 1 of the same record. Only the tab
    // in front runs its animation frames (a background tab's toasts and dialogs never finish moving),
    // so the test brings each tab to the front before acting in it, as a person switching tabs does.
    await signIn(first, doctor.session, '/index');
    const second = await first.context().newPage();
    const editors: Locator[] = [];
    for (const page of [first, second]) {
      await page.bringToFront();
      await openPatient(page, patient.name);
      await expect(historyRows(page, '1')).toHaveCount(1);
      await historyRows(page, '1').first().getByRole('button', { name: '编辑' }).click();
      const editor = page.getByTestId('record-editor-1');
      await expect(editor.getByText('正在修改')).toBeVisible();
      await expect.poll(() => numberIn(editor, '空腹血糖')).toBe(6.1);
      editors.push(editor);
    }
    const [firstEditor, secondEditor] = editors as [Locator, Locator];

    // The first tab saves: revision 2.
    await first.bringToFront();
    await fillText(firstEditor, '空腹血糖', '6.4');
    await firstEditor.getByRole('button', { name: '保存修改' }).click();
    await expectToast(first, SAVED);
    await expect(firstEditor.getByText('正在修改')).toBeHidden();

    // The second tab, still at revision 1, saves its own change: refused with the server's message.
    await second.bringToFront();
    await fillText(secondEditor, '空腹血糖', '5.2');
    await secondEditor.getByRole('button', { name: '保存修改' }).click();
    await expectToast(second, CONFLICT_MESSAGE);
    const conflict = secondEditor.getByTestId('record-conflict');
    await expect(conflict).toBeVisible();
    await check(second, 'stale-edit-409');

    // Nothing was overwritten: the record is the first tab's revision 2.
    const stored = await read<AnnexRecord>(`/api/annex/1/records/${record.id}`);
    expect(stored.revision).toBe(2);
    expect(stored.data).toMatchObject({ fpg: 6.4, ogtt2h: 7.0 });
    // The second tab's history now shows what the record is; its form still holds the refused entry.
    await expect(historyRows(second, '1').first()).toContainText('6.4');
    expect(await numberIn(secondEditor, '空腹血糖')).toBe(5.2);

    // 载入最新内容: the editor reopens at revision 2 with the first tab's value; editing it now saves.
    await conflict.getByRole('button', { name: '载入最新内容' }).click();
    await expect(conflict).toHaveCount(0);
    const reloaded = second.getByTestId('record-editor-1');
    await expect(reloaded.getByText('正在修改')).toBeVisible();
    await expect.poll(() => numberIn(reloaded, '空腹血糖')).toBe(6.4);
    await fillText(reloaded, '空腹血糖', '5.9');
    await reloaded.getByRole('button', { name: '保存修改' }).click();
    await expectToast(second, SAVED);
    await expect(reloaded.getByText('正在修改')).toBeHidden();
    await expect(historyRows(second, '1').first()).toContainText('5.9');

    const latest = await read<AnnexRecord>(`/api/annex/1/records/${record.id}`);
    expect(latest.revision).toBe(3);
    expect(latest.data).toMatchObject({ fpg: 5.9 });
    const { list: revisions } = await read<{ list: RecordRevision[] }>(`/api/annex/1/records/${record.id}/revisions`);
    expect(revisions.map((r) => [r.revision, r.data.fpg])).toEqual([
      [3, 5.9],
      [2, 6.4],
      [1, 6.1],
    ]);

    // 修改历史 of the record: newest first, each change with its earlier value.
    await expectStill(second);
    await second.getByTestId(`record-revisions-open-${record.id}`).click();
    const history = await openDialog(second, /修改历史/);
    const items = history.locator('[data-testid^="record-revision-"]');
    await expect
      .poll(() => items.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid'))))
      .toEqual(['record-revision-3', 'record-revision-2', 'record-revision-1']);
    const revision2 = history.getByTestId('record-revision-2');
    await expect(revision2).toContainText('空腹血糖');
    await expect(revision2.locator('del').first()).toContainText('6.1');
    await expect(revision2.locator('ins').first()).toContainText('6.4');
    await expect(history.getByTestId('record-revision-3').locator('ins').first()).toContainText('5.9');
    await expect(history.getByTestId('record-revision-1')).toContainText('新建记录');
    await expect(history.getByTestId('record-revision-3')).toContainText('当前版本');
    await check(second, 'revisions');
    await history.getByRole('button', { name: /确\s*定/ }).click();
    await expect(history).toBeHidden();
  });
});
