import { addComparisonMember, addFollowUp, arrowDownTo, localDay, overduePatient, tabTo } from '../fixtures/doctor-shell';
import { expectStill, screenshot } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { heading, openDialog, signIn } from '../fixtures/ui';

interface Paged {
  list: { id: number; name: string; nextDueDate: string | null }[];
  total: number;
}

/** `path` is where the page is (pathname only). */
const at = (path: string) => (url: URL) => url.pathname === path;

test.describe("the doctor's worklist and keyboard use (issue 4)", () => {
  test('worklist: every view and cohort shows what the server filters and orders (earliest due first)', async ({
    page,
    api,
    doctor,
    patients,
  }) => {
    // A managed patient seen 10 days ago: the next follow-up (every 15 days) falls due in 5 days.
    const dueSoon = await patients.create(doctor, { consentDate: localDay(-30) });
    await addFollowUp(api, doctor, dueSoon.id, localDay(-10));
    // One last seen 20 days ago (overdue), and a member of the comparison group.
    const overdue = await overduePatient(api, patients, doctor);
    await addComparisonMember(api, doctor, 0);

    await signIn(page, doctor.session, '/index');
    await expect(heading(page, `工作台 · ${doctor.name}`)).toBeVisible();
    const views = [
      { label: '全部在管', filter: {} },
      { label: '7天内到期', filter: { dueWithinDays: 7 } },
      { label: '逾期未随访', filter: { overdueOnly: true } },
    ];
    const cohorts = [
      { caption: '管理组', path: '/api/user/list', body: { role: 'patient' } },
      { caption: '对照组', path: '/api/comparative/list', body: {} },
    ];
    const stateGroup = page.getByLabel('随访状态', { exact: true });
    for (const view of views) {
      await stateGroup.getByText(view.label, { exact: true }).click();
      for (const cohort of cohorts) {
        const expected = await api.request<Paged>('POST', cohort.path, {
          token: doctor.session.token,
          body: { ...cohort.body, page: 1, limit: 10, state: 'running', sort: 'dueDate', ...view.filter },
        });
        const dueDates = expected.list.map((p) => p.nextDueDate ?? '');
        expect(dueDates, `${view.label} ${cohort.caption} is ordered by due date`).toEqual([...dueDates].sort());
        const table = page.getByRole('region', { name: cohort.caption, exact: true });
        await expect(table, `one ${cohort.caption} table`).toHaveCount(1);
        await expect
          .poll(
            () => table.locator('tbody tr[data-row-key]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row-key')))),
            { message: `${view.label} · ${cohort.caption}` },
          )
          .toEqual(expected.list.map((p) => p.id));
        if (view.filter.dueWithinDays) {
          for (const p of expected.list) {
            expect(p.nextDueDate! >= localDay(0) && p.nextDueDate! <= localDay(7), `${p.name} due ${p.nextDueDate}`).toBe(true);
          }
        }
      }
      await expectStill(page);
      await screenshot(page, `doctor-worklist-${view.filter.dueWithinDays ? 'due-soon' : view.filter.overdueOnly ? 'overdue' : 'all'}`);
    }
    // The patient due in 5 days is in the due-soon view and not in the overdue one; the other one is overdue.
    const list = (filter: object) =>
      api.request<Paged>('POST', '/api/user/list', {
        token: doctor.session.token,
        body: { role: 'patient', page: 1, limit: 100, ...filter },
      });
    const dueWithinWeek = await list({ dueWithinDays: 7 });
    expect(dueWithinWeek.list.find((p) => p.id === dueSoon.id)?.nextDueDate).toBe(localDay(5));
    const overdueIds = (await list({ overdueOnly: true })).list.map((p) => p.id);
    expect(overdueIds).toContain(overdue.id);
    expect(overdueIds).not.toContain(dueSoon.id);
  });

  test('keyboard: skip link, bell dialog, personal-centre popover (Tab into it, Escape closes), menu, export dialog', async ({
    page,
    api,
    doctor,
    patients,
  }) => {
    // An overdue patient rings the bell; a diabetes member gives /userListTNB a row to open.
    await overduePatient(api, patients, doctor);
    await addComparisonMember(api, doctor, 1);

    await signIn(page, doctor.session, '/index');
    await expect(heading(page, `工作台 · ${doctor.name}`)).toBeVisible();
    await expectStill(page);

    // The first Tab reaches the skip link, which moves the focus to the screen's content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    // The bell opens the 结束管理提醒 dialog; Escape closes it without going anywhere.
    await page.locator('body').focus();
    const bell = page.getByTestId('bell');
    // From the content the focus goes round the whole home screen first: the worklists and the
    // outreach lists (two buttons a row) hold well over 80 stops.
    await tabTo(page, bell, 160);
    await page.keyboard.press('Enter');
    const reminder = await openDialog(page, '结束管理提醒');
    await page.keyboard.press('Escape');
    await expect(reminder).toBeHidden();
    await expect(page).toHaveURL(at('/index'));
    // … and Enter on its 确定 goes to the unfilled list.
    await bell.focus();
    await page.keyboard.press('Enter');
    await openDialog(page, '结束管理提醒');
    await tabTo(page, reminder.getByRole('button', { name: /确\s*定/ }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(at('/userList/running'));

    // Personal centre: Enter opens it with the focus inside, Tab reaches the figure links, Escape
    // closes it and gives the focus back to the trigger.
    const trigger = page.getByTestId('personal-center-trigger');
    await trigger.focus();
    await page.keyboard.press('Enter');
    const centre = page.getByTestId('personal-center');
    await expect(centre.getByTestId('value-managementTeamCount')).toBeVisible();
    await expect(centre).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(centre.getByTestId('figure-managementTeamCompletedCount')).toBeFocused();
    await screenshot(page, 'doctor-keyboard-personal-centre');
    await page.keyboard.press('Escape');
    await expect(centre).toBeHidden();
    await expect(trigger).toBeFocused();
    // Reopened, a figure link followed with Enter opens its list and closes the popover.
    await page.keyboard.press('Enter');
    await expect(centre).toBeFocused();
    await tabTo(page, centre.getByTestId('figure-comparativeTeamEarlyCount'), 12);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(at('/userListTQQ'));
    await expect(centre).toBeHidden();
    // The focus is not lost with the closed popover: it is back on the trigger.
    await expect(trigger).toBeFocused();

    // The side menu is one tab stop with arrow keys (WAI-ARIA menu); Enter opens the item.
    const menu = page.getByRole('navigation', { name: '主导航' }).getByRole('menu').first();
    await tabTo(page, menu);
    const target = menu.getByRole('menuitem', { name: '糖尿病', exact: true });
    await arrowDownTo(page, target);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(at('/userListTNB'));
    await expect(heading(page, '对照组 · 糖尿病')).toBeVisible();

    // The screen's export: Tab reaches it, Enter opens the dialog, Escape closes it.
    const exportButton = page.getByTestId('export-open');
    await tabTo(page, exportButton);
    await page.keyboard.press('Enter');
    const exportDialog = await openDialog(page, '导出 Excel');
    await page.keyboard.press('Escape');
    await expect(exportDialog).toBeHidden();
    await expect(exportButton, 'the focus is back on the export button').toBeFocused();

    // Every row action of a list is reachable: the first 打开档案 opens the record workspace.
    await tabTo(page, page.getByRole('button', { name: '打开档案' }).first(), 120);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(at('/diagnosticRecord'));
    await expect(page.getByText('诊断记录').first()).toBeVisible();
  });
});
