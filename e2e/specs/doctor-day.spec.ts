import { CCMQ_QUESTIONS } from '@tcm/contracts/clinical/ccmq-items';
import { clinicToday, uniqueMobile, uniqueName } from '../fixtures/data';
import { uniqueResidentId } from '../fixtures/doctor-shell';
import { fillDate, historyRows, recordToasts, save } from '../fixtures/records';
import { expect, test } from '../fixtures/test';
import { heading, openDialog, signIn } from '../fixtures/ui';

test.beforeEach(({ context }) => recordToasts(context));
// The other journeys run with the system's "reduce motion" (playwright.config.ts); this one keeps the
// dialogs' zoom and the toasts' fade that most users see.
test.use({ reducedMotion: 'no-preference' });

test.describe("a doctor's day: enrol from home, the first baseline form, the CCMQ result", () => {
  test('enrols from home with the keyboard, lands on the first baseline form, saves the CCMQ and sees the result at the top', async ({
    page,
    doctor,
  }) => {
    const name = uniqueName('新登');
    await signIn(page, doctor.session, '/index');
    await expect(heading(page, `工作台 · ${doctor.name}`)).toBeVisible();

    // 登记新患者 on home; the dialog starts on 姓名 and Enter submits.
    await page.getByTestId('home-enrol').click();
    const enrol = await openDialog(page, '登记管理组患者');
    await expect(enrol.getByRole('textbox', { name: '姓名' })).toBeFocused();
    await page.keyboard.type(name);
    await enrol.getByRole('textbox', { name: '身份证号' }).fill(uniqueResidentId('1970-05-20', 'man'));
    // Tab goes from the consent date to the enrolment date, with no stop on a clear button between.
    await enrol.getByLabel('知情同意日期', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(enrol.getByLabel('入组日期', { exact: true })).toBeFocused();
    await expect(enrol.getByLabel('入组日期', { exact: true })).toHaveValue(clinicToday());
    await expect(enrol.getByRole('checkbox', { name: '同意接收短信随访提醒' })).not.toBeChecked();
    await enrol.getByRole('textbox', { name: '联系电话' }).fill(uniqueMobile());
    await page.keyboard.press('Enter');

    // The new patient opens at the first baseline form, with the checklist on the panel and the tabs.
    await expect(page).toHaveURL((url) => url.pathname === '/diagnosticRecord');
    const panel = page.getByTestId('patient-panel');
    await expect(panel.getByText(name)).toBeVisible();
    await expect(page.getByTestId('panel-baseline')).toHaveText('0/5：缺 诊断记录、生活方式、中医体质辨识、中医症状评分、体格检查');
    const nav = page.getByRole('navigation', { name: '健康档案' });
    await expect(nav.getByRole('link', { name: '诊断记录 未填写' })).toHaveAttribute('aria-current', 'page');

    // The CCMQ: 60 answers leaning to 气虚质, saved; the result and the radar replace the questionnaire at the top.
    await nav.getByRole('link', { name: '中医体质辨识 未填写' }).click();
    const a3 = page.getByTestId('record-editor-3');
    await fillDate(a3, '评估日期', clinicToday());
    const rows = a3.locator('[role="radiogroup"][data-question]');
    await expect(rows).toHaveCount(60);
    for (const [index, question] of CCMQ_QUESTIONS.entries()) {
      const answer = question.slots.some((slot) => slot.startsWith('qixu')) ? 5 : 2;
      await rows.nth(index).locator(`input[value="${answer}"]`).check();
    }
    await save(page, a3);
    const result = page.getByTestId('saved-constitution-result');
    await expect(result.getByRole('heading', { name: '已保存：中医体质辨识结果' })).toBeFocused();
    await expect(page.getByTestId('saved-radar-conclusion')).toContainText('气虚质');
    await expect(result).toBeInViewport();
    await expect(page.getByTestId('record-editor-3')).toHaveCount(0);
    await expect(historyRows(page, '3')).toHaveCount(1);
    await expect(nav.getByRole('link', { name: '中医体质辨识 已填写' })).toBeVisible();
    await expect(page.getByTestId('panel-baseline')).toHaveText('1/5：缺 诊断记录、生活方式、中医症状评分、体格检查');

    // On to the suggested 体质调养处方; the overview marks it as suggested.
    await result.getByRole('link', { name: '查看建议的体质调养处方' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/prescribe/6');
    await page.goto('/prescribe/index');
    await expect(page.getByTestId('suggested-physique')).toBeVisible();
  });

  test('更多: ArrowDown opens the menu on its first item and moves to the next; Escape closes it', async ({ page, doctor, patients }) => {
    const patient = await patients.create(doctor);
    await signIn(page, doctor.session, '/userList');
    await expect(heading(page, '管理组患者')).toBeVisible();
    const more = page.getByRole('button', { name: `${patient.name} 的更多操作` });
    await more.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu').filter({ hasText: '移出未完成列表' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: `打开档案：${patient.name}` })).toBeVisible();
  });
});
