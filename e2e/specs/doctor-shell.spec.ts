import { uniqueMobile, uniqueName } from '../fixtures/data';
import {
  addComparisonMember,
  FIGURES,
  openPersonalCentre,
  overduePatient,
  personalCentre,
  pushConfirmations,
  queuedConfirmations,
  ranConfirmations,
  unfilledRemind,
  uniqueResidentId,
} from '../fixtures/doctor-shell';
import { expectAccessible, expectStill, screenshot } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { chooseOption, dialog, heading, logIn, openDialog, openFromListSearch, signIn, toast } from '../fixtures/ui';

/** `path` is where the page is (pathname only). */
const at = (path: string) => (url: URL) => url.pathname === path;

test.describe('the doctor in the shell (issue 4)', () => {
  test('guard: without a token every shell route goes to /login; login, admin login, register and reset stay reachable', async ({
    page,
  }) => {
    for (const path of [
      '/',
      '/index',
      '/index/all',
      '/userList/running',
      '/brList/running',
      '/userListTQQ',
      '/doctorList',
      '/prescribe/1',
      '/followUp',
    ]) {
      await page.goto(path);
      await expect(page, `${path} without a token`).toHaveURL(at('/login'));
    }
    for (const [path, title] of [
      ['/login', '医生登录'],
      ['/login/admin', '管理员登录'],
      ['/register', '医生注册'],
      ['/resetpw', '找回密码'],
    ] as const) {
      await page.goto(path);
      await expect(heading(page, title)).toBeVisible();
      await expect(page).toHaveURL(at(path));
    }
  });

  test('logs in, greets by name, bell badge = unfilled count, the 结束管理提醒 dialog goes to /userList/running; logout → /login', async ({
    page,
    api,
    doctor,
    patients,
  }) => {
    // Last seen 20 days ago: more than 15 days without a follow-up.
    const overdue = await overduePatient(api, patients, doctor);

    await logIn(page, doctor);
    await expect(page.getByText(`您好，${doctor.name}`).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('糖尿病前期中医药健康管理');
    const home = new URL(page.url()).pathname;

    const { count, days } = await unfilledRemind(api, doctor);
    expect(days).toBe(15);
    expect(count).toBeGreaterThan(0);
    const running = await api.request<{ list: { id: number }[] }>('POST', '/api/user/list', {
      token: doctor.session.token,
      body: { role: 'patient', page: 1, limit: 100, overdueOnly: true },
    });
    expect(running.list.map((p) => p.id)).toContain(overdue.id); // the bell counts the patient seen 20 days ago
    const bell = page.getByTestId('bell');
    await expect(bell).toHaveAttribute('aria-label', `逾期未随访（超过 15 天未填写随访）：${count} 人`);
    await expect(bell.locator('.ant-badge-count')).toHaveAttribute('title', String(count));
    await screenshot(page, 'doctor-bell-badge');

    // 取消 leaves the dialog without navigating.
    await bell.click();
    let reminder = await openDialog(page, '结束管理提醒');
    await expect(reminder).toContainText(`有 ${count} 位患者逾期未随访（超过 15 天未填写随访）。`);
    await expect(reminder.locator('img')).toHaveCount(1);
    await screenshot(page, 'doctor-bell-dialog');
    await reminder.getByRole('button', { name: '取消' }).click();
    await expect(reminder).toHaveCount(0);
    await expect(page).toHaveURL(at(home));

    await bell.click();
    reminder = await openDialog(page, '结束管理提醒');
    await reminder.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(at('/userList/running'));
    // The dialog, the list it opens and its view name the same state.
    await expect(heading(page, '逾期未随访')).toBeVisible();
    // The bell's N patients are exactly the overdue view the list opens on.
    await expect(page.getByText(`共 ${count} 条`).first()).toBeVisible();

    const centre = await openPersonalCentre(page);
    await centre.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(at('/login'));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/userList');
    await expect(page).toHaveURL(at('/login'));
  });

  test('personal centre: the eight figures equal queryPersonalCenterData and each link opens its route', async ({
    page,
    api,
    doctor,
    patients,
  }) => {
    // Something in each group of the institution: a managed patient and a member of each comparison role.
    await patients.create(doctor);
    await addComparisonMember(api, doctor, 0);
    await addComparisonMember(api, doctor, 1);

    await signIn(page, doctor.session, '/index');
    await expect(page.getByText(`您好，${doctor.name}`).first()).toBeVisible();
    const server = await personalCentre(api, doctor);
    expect(server.managementTeamCount).toBeGreaterThan(0);
    expect(server.comparativeTeamEarlyCount).toBeGreaterThan(0);
    expect(server.comparativeTeamDiabetesCount).toBeGreaterThan(0);
    let centre = await openPersonalCentre(page);
    await screenshot(page, 'doctor-personal-centre');
    for (const { key, label } of FIGURES) {
      await expect(centre.getByTestId(`value-${key}`), key).toHaveText(String(server[key]));
      await expect(centre.locator('dt').filter({ hasText: new RegExp(`^${label}$`) }), label).toHaveCount(1);
    }
    await expect(centre.getByRole('button', { name: '添加对照组成员' })).toHaveCount(1);
    await expect(centre.getByRole('button', { name: '退出登录' })).toHaveCount(1);
    for (const { key, to } of FIGURES) {
      if (!to) await expect(centre.getByTestId(`figure-${key}`), `${key} is not a link`).toHaveCount(0);
    }
    // Each link closes the popover on its way: it is opened again for the next one.
    let open = true;
    for (const { key, to } of FIGURES) {
      if (!to) continue;
      if (!open) centre = await openPersonalCentre(page);
      await centre.getByTestId(`figure-${key}`).click();
      await expect(page, `figure ${key} leads to ${to}`).toHaveURL(at(to));
      await expect(centre).toBeHidden();
      open = false;
    }
  });

  test("add member: type dialog (pre-diabetes default) → the form's required and format messages", async ({ page, doctor }) => {
    const idNum = uniqueResidentId('1968-03-15', 'man');
    await signIn(page, doctor.session, '/userListTQQ');
    await expect(heading(page, '对照组 · 糖尿病前期')).toBeVisible();
    const centre = await openPersonalCentre(page);
    await centre.getByRole('button', { name: '添加对照组成员' }).click();

    // The type dialog's title is a prefix of the forms' titles: matched exactly.
    const choose = await openDialog(page, /^添加对照组成员$/);
    await expect(choose.getByRole('radio', { name: '糖尿病前期' })).toBeChecked();
    await expect(choose.getByRole('radio', { name: '糖尿病', exact: true })).not.toBeChecked();
    await expectAccessible(page, 'doctor-add-member-type');
    await choose.getByRole('button', { name: '下一步' }).click();

    const form = await openDialog(page, /^添加对照组成员（糖尿病前期）$/);
    // Gender defaults to man; a radio group cannot be cleared, so 请选择性别 never shows from the UI.
    await expect(form.getByRole('radio', { name: '男' })).toBeChecked();
    await form.getByRole('button', { name: '提交' }).click();
    const errors = form.locator('.ant-form-item-explain-error');
    // The fields in the order both enrolment forms share: 姓名, 身份证号 (which decides the gender), 联系电话, 社区.
    await expect(errors).toHaveText(['请输入姓名', '请输入身份证号', '请输入联系电话', '请选择社区']);
    await expectAccessible(page, 'doctor-add-member-required');

    await form.getByLabel('姓名').fill(uniqueName('对照测试'));
    await form.getByLabel('联系电话').fill('12345678901');
    await form.getByLabel('身份证号').fill('11010119800101');
    await form.getByRole('button', { name: '提交' }).click();
    await expect(errors).toHaveText(['身份证号应为18位', '手机号格式不正确', '请选择社区']);
    const badCheck = idNum.slice(0, 17) + (idNum.endsWith('0') ? '1' : '0');
    await form.getByLabel('身份证号').fill(badCheck);
    await expect(errors.filter({ hasText: /^身份证号校验位不正确$/ })).toHaveCount(1);
    await screenshot(page, 'doctor-add-member-format');
  });

  test('add member from the personal centre: pre-diabetes → 添加成功, the toast closes by itself → counts and list update without a reload', async ({
    page,
    api,
    doctor,
  }) => {
    const first = { name: uniqueName('对照测试甲'), mobile: uniqueMobile(), idNum: uniqueResidentId('1968-03-15', 'man') };
    await signIn(page, doctor.session, '/userListTQQ');
    await expect(heading(page, '对照组 · 糖尿病前期')).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const before = await personalCentre(api, doctor);
    const centre = await openPersonalCentre(page);
    await centre.getByRole('button', { name: '添加对照组成员' }).click();
    const choose = await openDialog(page, /^添加对照组成员$/);
    await expect(choose.getByRole('radio', { name: '糖尿病前期' })).toBeChecked();
    await choose.getByRole('button', { name: '下一步' }).click();
    const form = await openDialog(page, /^添加对照组成员（糖尿病前期）$/);
    const errors = form.locator('.ant-form-item-explain-error');
    await form.getByLabel('姓名').fill(first.name);
    await form.getByLabel('联系电话').fill(first.mobile);
    await form.getByLabel('身份证号').fill(first.idNum);
    await chooseOption(page, '社区', '城东社区卫生服务中心');
    await expect(errors).toHaveCount(0);
    // 添加成功: the toast goes by itself. How long it stays is antd's timer, configured in lib/toast.ts
    // (TOAST_SECONDS, tested beside it); a wall clock on a loaded machine cannot time it.
    await form.getByRole('button', { name: '提交' }).click();
    const added = toast(page, '添加成功');
    await expect(added).toBeVisible();
    await expect(form).toBeHidden();
    // Nobody touches it: it goes by itself.
    await expect(added).toHaveCount(0);

    const after = await personalCentre(api, doctor);
    expect(after.comparativeTeamCount).toBe(before.comparativeTeamCount + 1);
    expect(after.comparativeTeamEarlyCount).toBe(before.comparativeTeamEarlyCount + 1);
    expect(after.comparativeTeamDiabetesCount).toBe(before.comparativeTeamDiabetesCount);
    await openPersonalCentre(page);
    await expect(centre.getByTestId('value-comparativeTeamCount')).toHaveText(String(after.comparativeTeamCount));
    await expect(centre.getByTestId('value-comparativeTeamEarlyCount')).toHaveText(String(after.comparativeTeamEarlyCount));
    await page.getByRole('button', { name: '个人中心' }).click();
    await expect(centre).toBeHidden();
    // The list behind updated too, and the page was never reloaded.
    await expect(page.getByText(first.name).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test("add member from the list's own button: diabetes → 女 follows the ID number → 添加成功, closed with Escape → the diabetes count updates", async ({
    page,
    api,
    doctor,
  }) => {
    const second = { name: uniqueName('对照测试乙'), mobile: uniqueMobile(), idNum: uniqueResidentId('1960-07-01', 'woman') };
    await signIn(page, doctor.session, '/userListTQQ');
    await expect(heading(page, '对照组 · 糖尿病前期')).toBeVisible();
    const before = await personalCentre(api, doctor);
    const centre = page.getByTestId('personal-center');

    await page.locator('#main-content').getByRole('button', { name: '添加对照组成员' }).click();
    const choose = await openDialog(page, /^添加对照组成员$/);
    const diabetes = choose.getByRole('radio', { name: '糖尿病', exact: true });
    await choose.getByText('糖尿病', { exact: true }).click();
    await expect(diabetes).toBeChecked();
    await choose.getByRole('button', { name: '下一步' }).click();
    const diabetesForm = await openDialog(page, /^添加对照组成员（糖尿病）$/);
    await diabetesForm.getByLabel('姓名').fill(second.name);
    await diabetesForm.getByLabel('联系电话').fill(second.mobile);
    await diabetesForm.getByLabel('身份证号').fill(second.idNum);
    // The ID's sequence digit is even: the form follows it to 女.
    await expect(diabetesForm.getByRole('radio', { name: '女' })).toBeChecked();
    await chooseOption(page, '社区', '城东社区卫生服务中心');
    // The toast must not go by itself before Escape is pressed: antd pauses a toast's timer while the
    // pointer is on it. So the pointer waits where toasts appear (top centre) and the form is submitted
    // from the keyboard; the toast then shows up under the pointer, and only Escape can close it: its
    // going proves the key, with no clock involved.
    const viewport = page.viewportSize()!;
    await page.mouse.move(viewport.width / 2, 28);
    await diabetesForm.getByRole('button', { name: '提交' }).focus();
    await page.keyboard.press('Enter');
    const secondToast = toast(page, '添加成功');
    await expect(secondToast).toBeVisible();
    await secondToast.hover();
    // Escape with no dialog open (an open antd dialog takes Escape for itself).
    await expect(diabetesForm).toBeHidden();
    await expect(secondToast).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(secondToast).toHaveCount(0);
    const last = await personalCentre(api, doctor);
    expect(last.comparativeTeamDiabetesCount).toBe(before.comparativeTeamDiabetesCount + 1);
    await openPersonalCentre(page);
    await expect(centre.getByTestId('value-comparativeTeamDiabetesCount')).toHaveText(String(last.comparativeTeamDiabetesCount));
  });

  test('confirmation queue: two dialogs; 确定 runs only its action and removes its dialog; 取消 and × remove without running', async ({
    page,
    doctor,
  }) => {
    await signIn(page, doctor.session, '/index', { e2eHooks: true });
    await expect(page.getByText(`您好，${doctor.name}`).first()).toBeVisible();
    await pushConfirmations(
      page,
      ['甲', '乙'].map((name) => ({ title: `确认${name}`, p1: `第一行${name}`, p2: `第二行${name}` })),
    );
    const first = dialog(page, '确认甲');
    const second = dialog(page, '确认乙');
    await expect(first).toBeVisible();
    await expect(second).toBeVisible();
    await expectStill(page);
    for (const [d, name] of [
      [first, '甲'],
      [second, '乙'],
    ] as const) {
      await expect(d.locator('img')).toHaveCount(1);
      await expect(d.locator('.confirm-text')).toHaveText([`第一行${name}`, `第二行${name}`]);
      await expect(d.getByRole('button', { name: '确定' })).toHaveCount(1);
      await expect(d.getByRole('button', { name: '取消' })).toHaveCount(1);
    }
    await expectAccessible(page, 'doctor-confirm-queue-two');

    await second.getByRole('button', { name: '确定' }).click();
    await expect(second).toHaveCount(0);
    await expect.poll(() => ranConfirmations(page)).toEqual(['确认乙']);
    await expect(first).toBeVisible();

    await first.getByRole('button', { name: '取消' }).click();
    await expect(first).toHaveCount(0);
    expect(await ranConfirmations(page)).toEqual(['确认乙']);

    // A third one closed with the × control: removed, not run.
    await pushConfirmations(page, [{ title: '确认丙' }]);
    const third = await openDialog(page, '确认丙');
    await third.locator('.ant-modal-close').click();
    await expect(third).toHaveCount(0);
    // The queue is empty once the dialog is gone; its action (if it ran) ran before.
    await expect.poll(() => queuedConfirmations(page)).toBe(0);
    expect(await ranConfirmations(page)).toEqual(['确认乙']);
  });

  test('a session the server no longer knows (code 900) shows 登录信息已过期，请重新登录 and goes to /login', async ({ page, doctor }) => {
    await signIn(page, doctor.session, '/userList');
    await expect(heading(page, '管理组患者')).toBeVisible();
    await page.evaluate(() => localStorage.setItem('token', 'bogus-token-0000'));
    await page.reload();
    await expect(toast(page, '登录信息已过期，请重新登录')).toBeVisible();
    await expect(page).toHaveURL(at('/login'));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'doctor-session-expired');
  });

  test('choosing a patient fills the info panel (name, ID number, phone, age, institution); it survives a reload', async ({
    page,
    api,
    doctor,
    patients,
  }) => {
    const patient = await patients.create(doctor, { birthDate: '1964-09-02' });
    await signIn(page, doctor.session, '/userList');
    await expect(heading(page, '管理组患者')).toBeVisible();
    await openFromListSearch(page, patient.name);
    const patientId = await page.evaluate(() => JSON.parse(localStorage.getItem('tcm.patient') ?? '{}').state?.patientId as number);
    expect(patientId).toBe(patient.id);
    const detail = await api.request<{ name: string; idNum: string; tel_num: string; age: number; institutionName: string }>(
      'GET',
      `/api/user/patient?id=${patientId}`,
      { token: doctor.session.token },
    );
    expect(detail.name).toBe(patient.name);
    const panel = page.getByTestId('patient-panel');
    for (const round of [1, 2]) {
      await expect(panel.getByTestId('panel-idNum')).toHaveText(detail.idNum);
      await expect(panel.getByTestId('panel-name')).toHaveText(detail.name);
      await expect(panel.getByTestId('panel-tel')).toHaveText(detail.tel_num);
      await expect(panel.getByTestId('panel-age')).toContainText(`${detail.age} 岁`);
      await expect(panel.getByTestId('panel-institution')).toHaveText(detail.institutionName);
      for (const label of ['姓名', '身份证号', '联系电话', '年龄', '社区']) {
        await expect(panel.locator('dt', { hasText: label }), label).toHaveCount(1);
      }
      if (round === 1) await page.reload();
    }
    await screenshot(page, 'doctor-patient-panel');
  });
});
