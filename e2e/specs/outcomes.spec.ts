import { patients as patientTable } from '@tcm/server/testing';
import { eq } from 'drizzle-orm';
import { createComparisonMember } from '../fixtures/comparison';
import { daysAgo } from '../fixtures/data';
import { tamperExportInstitution, today } from '../fixtures/exports';
import {
  apiReport,
  chooseRange,
  EXPORT_PATH,
  expectPrintable,
  expectReport,
  exportReport,
  groupRow,
  isReportRequest,
  OUTCOME_SHEETS,
  openFromMenu,
} from '../fixtures/outcomes';
import { createRecord } from '../fixtures/records';
import { expectAccessible, screenshot } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { chooseOption, heading, signIn, toast } from '../fixtures/ui';

const nextYear = new Date().getFullYear() + 1;
const futureRange = { from: `${nextYear}-01-01`, to: `${nextYear}-12-31` };

// The report is of an institution (or the city): a test's own doctor of 城东 reads the demo data of
// 城东 beside its own patient; the demo administrator only reads.
test.describe('programme outcomes for a doctor and the administrator (issue 13)', () => {
  test("a doctor sees their institution's report, narrows the baseline range, prints and exports it", async ({
    page,
    api,
    doctor,
    patients,
  }) => {
    await patients.create(doctor);
    const institutionName = doctor.session.user.institutionName;
    await signIn(page, doctor.session, '/index');
    await expect(heading(page, `工作台 · ${doctor.name}`)).toBeVisible();
    await openFromMenu(page);
    const expected = await apiReport(api, doctor.session.token);

    // Their institution, named, without a selector; both groups side by side as the API computed them.
    await expect(page.locator('#outcome-scope')).toHaveCount(0);
    await expect(page.getByTestId('outcome-own-institution')).toHaveText(`机构：${institutionName}`);
    await expect(page.getByTestId('outcome-scope')).toHaveText(`${institutionName} · 基线日期：全部`);
    await expect
      .poll(() => groupRow(page, 'outcome-baseline-table', '入组人数'))
      .toEqual([String(expected.groups.managed.enrolled), String(expected.groups.comparison.enrolled)]);
    await expect
      .poll(() => groupRow(page, 'outcome-baseline-table', '可评估人数'))
      .toEqual([String(expected.groups.managed.evaluable), String(expected.groups.comparison.evaluable)]);
    // The demo data make the page meaningful: both groups have evaluable patients and a curve.
    expect(expected.groups.managed.evaluable).toBeGreaterThan(0);
    expect(expected.groups.comparison.evaluable).toBeGreaterThan(0);
    const survivalChart = page.getByTestId('outcome-survival').getByRole('img', { name: /无糖尿病生存/ });
    await expect(survivalChart).toBeVisible();
    await expect(survivalChart.locator('[data-curve] path')).toHaveCount(2);
    await expect(page.getByTestId('outcome-survival-basis')).toHaveText(
      `基于可评估患者：管理组 ${expected.groups.managed.evaluable} 名，对照组 ${expected.groups.comparison.evaluable} 名`,
    );
    // The chart's text alternative lists every step of both curves.
    await page.getByTestId('outcome-survival-data').locator('summary').click();
    const survivalRows = page.getByTestId('outcome-survival-data').locator('tbody tr');
    await expect(survivalRows.first()).toBeVisible();
    await expect(survivalRows).toHaveCount(expected.survival.managed.length + expected.survival.comparison.length);
    await expect(page.getByTestId('outcome-institution-table').locator('tbody tr:not([aria-hidden])')).toHaveCount(
      expected.byInstitution.length,
    );
    await expectAccessible(page, 'outcomes-doctor');

    await expectPrintable(page, 'outcomes-doctor');
    const file = await exportReport(page);
    expect(file.query).toEqual({});
    expect(file.name).toBe(`项目成效报告_${today()}.xlsx`);
    expect([...file.sheets].sort()).toEqual([...OUTCOME_SHEETS].sort());
    expect(file.sheets[0]).toBe(OUTCOME_SHEETS[0]);

    // A baseline range with nobody in it: the figures say they rest on too few, estimates are not estimable.
    await chooseRange(page, futureRange.from, futureRange.to);
    await expect(page.getByTestId('outcome-scope')).toHaveText(`${institutionName} · 基线日期：${futureRange.from} 至 ${futureRange.to}`);
    await expect(page.getByTestId('report-too-few')).toBeVisible();
    await expect(page.getByTestId('outcome-survival-too-few')).toBeVisible();
    const effect = page.getByTestId('outcome-effect-table');
    await expect(effect.locator('tbody tr').filter({ hasText: '进展风险比（RR）' })).toContainText('不可估计');
    await expect.poll(() => groupRow(page, 'outcome-baseline-table', '可评估人数')).toEqual(['0', '0']);
    await expectAccessible(page, 'outcomes-doctor-empty-range');
    const narrowed = await exportReport(page);
    expect(narrowed.query).toEqual(futureRange);
    expect([...narrowed.sheets].sort()).toEqual([...OUTCOME_SHEETS].sort());
  });

  test('the administrator sees the city, switches to one institution and a range, prints and exports that', async ({
    page,
    api,
    admin,
  }) => {
    const institutions = await api.request<{ list: { id: number; name: string }[] }>('POST', '/api/institution/list', {
      body: { page: 1, limit: 1000 },
    });
    const west = institutions.list[1]!;
    await signIn(page, admin, '/doctorList');
    await expect(heading(page, '医生注册审核')).toBeVisible();
    await openFromMenu(page);

    const city = await apiReport(api, admin.token);
    await expect(page.getByTestId('outcome-scope')).toHaveText('全市 · 基线日期：全部');
    await expect
      .poll(() => groupRow(page, 'outcome-baseline-table', '入组人数'))
      .toEqual([String(city.groups.managed.enrolled), String(city.groups.comparison.enrolled)]);
    await expect(page.getByTestId('outcome-institution-table').locator('tbody tr:not([aria-hidden]) th')).toHaveText(
      city.byInstitution.map((row) => row.name),
    );
    await expectAccessible(page, 'outcomes-admin-city');

    // One institution.
    const answered = page.waitForResponse(
      (r) => isReportRequest(r.url()) && new URL(r.url()).searchParams.get('institutionId') === String(west.id),
    );
    await chooseOption(page, '机构', west.name);
    await answered;
    await expectReport(page);
    await expect(page).toHaveURL((url) => url.searchParams.get('institutionId') === String(west.id));
    const one = await apiReport(api, admin.token, { institutionId: west.id });
    await expect(page.getByTestId('outcome-scope')).toHaveText(`${west.name} · 基线日期：全部`);
    await expect
      .poll(() => groupRow(page, 'outcome-baseline-table', '入组人数'))
      .toEqual([String(one.groups.managed.enrolled), String(one.groups.comparison.enrolled)]);
    expect(one.groups.managed.enrolled).toBeGreaterThan(0);
    expect(one.groups.managed.enrolled).toBeLessThan(city.groups.managed.enrolled);

    // Sorting the institutions by a column (the city view lists several).
    await page.goto('/outcomes');
    await expect(page.getByTestId('outcome-scope')).toHaveText('全市 · 基线日期：全部');
    await expectReport(page);
    const table = page.getByTestId('outcome-institution-table');
    await table.locator('th', { hasText: '可评估' }).first().click();
    const descending = city.byInstitution.map((row) => row.managed.evaluable).sort((a, b) => b - a);
    await expect
      .poll(async () =>
        (
          await table
            .locator('tbody tr:not([aria-hidden])')
            .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[3]?.textContent ?? ''))
        ).map(Number),
      )
      .toEqual(descending);

    // Back to one institution, with a range, then print and export exactly that.
    await chooseOption(page, '机构', west.name);
    await expect(page).toHaveURL((url) => url.searchParams.get('institutionId') === String(west.id));
    await expect(page.getByTestId('outcome-scope')).toHaveText(`${west.name} · 基线日期：全部`);
    await expectReport(page);
    await chooseRange(page, futureRange.from, futureRange.to);
    await expect(page.getByTestId('outcome-scope')).toHaveText(`${west.name} · 基线日期：${futureRange.from} 至 ${futureRange.to}`);
    await expectPrintable(page, 'outcomes-admin');
    const file = await exportReport(page);
    expect(file.query).toEqual({ institutionId: String(west.id), ...futureRange });
    expect(file.name).toBe(`项目成效报告_${today()}.xlsx`);
    expect([...file.sheets].sort()).toEqual([...OUTCOME_SHEETS].sort());
  });

  test('a refused export shows the envelope message and saves nothing', async ({ page, doctor }) => {
    await signIn(page, doctor.session, '/outcomes');
    await expect(heading(page, '项目成效')).toBeVisible();
    await expectReport(page);
    // The request as a tampered client would send it: another institution's report.
    const other = doctor.institutionId === 1 ? 2 : 1;
    const downloaded = await tamperExportInstitution(page, `**/prod-api${EXPORT_PATH}**`, other);
    await page.getByTestId('outcome-export').click();
    await expect(toast(page, '无权访问其他机构的数据')).toBeVisible();
    await screenshot(page, 'outcomes-export-refused');
    expect(downloaded()).toBe(false);
    await expect(page).toHaveURL((url) => url.pathname === '/outcomes');
  });

  test('the headline leads the report, and a cohort whose interval includes 1 reads 差异无统计学意义', async ({
    page,
    api,
    app,
    doctors,
    patients,
  }) => {
    // An institution of its own (no demo patients): the report rests on this cohort alone. Three
    // patients in each group with impaired fasting glucose, one of whom progresses (FPG and 2h-PG both
    // diabetic in one sitting): RR = (1/3) / (1/3) = 1, an interval far on both sides of 1. The later
    // test is 90 days after enrolment, on the common schedule the headline's analysis counts.
    const doctor = await doctors.create({ institutionId: 9 });
    const enrolled = daysAgo(100);
    const later = (progresses: boolean) =>
      progresses ? { testDate: daysAgo(10), fpg: 7.6, ogtt2h: 12.4 } : { testDate: daysAgo(10), fpg: 6.2 };
    for (const progresses of [true, false, false]) {
      const patient = await patients.create(doctor, { consentDate: enrolled });
      await createRecord(api, doctor, '1', patient.id, { testDate: daysAgo(95), fpg: 6.4 });
      await createRecord(api, doctor, '1', patient.id, later(progresses));
      const member = await createComparisonMember(api, doctor);
      // Enrolled on paper 100 days ago, as the patients above (the API dates enrolment today).
      await app.database.db.update(patientTable).set({ enrolledAt: enrolled }).where(eq(patientTable.id, member.id));
      await createRecord(api, doctor, '1', member.id, { testDate: daysAgo(95), fpg: 6.4 });
      await createRecord(api, doctor, '1', member.id, later(progresses));
    }
    const expected = await apiReport(api, doctor.session.token);
    expect(expected.groups.managed.progressed.count).toBe(1);
    expect(expected.groups.comparison.progressed.count).toBe(1);
    expect(expected.effect.progressionRiskRatio?.significant).toBe(false);
    // The headline's analysis (common schedule) sees the same events.
    expect(expected.sensitivity?.commonSchedule.groups.managed.progressed.count).toBe(1);
    expect(expected.sensitivity?.commonSchedule.groups.comparison.progressed.count).toBe(1);

    await signIn(page, doctor.session, '/outcomes');
    await expect(heading(page, '项目成效')).toBeVisible();
    await expectReport(page);
    // The summary a manager can quote, first on the page, as the server wrote it.
    const headline = page.getByTestId('outcome-headline');
    await expect(headline).toBeVisible();
    await expect(headline).toHaveText(expected.headline?.zh ?? 'the API gave no headline');
    await expect(headline).toContainText('差异无统计学意义');
    // The verdict follows the interval, and one event per group is too few to be precise.
    const effect = page.getByTestId('outcome-effect-table');
    const riskRatio = effect.locator('tbody tr').filter({ has: page.locator('th', { hasText: '进展风险比（RR）' }) });
    await expect(riskRatio.locator('td').last()).toHaveText('差异无统计学意义；任一组事件少于 10 例，估计不精确');
    await expect(effect).not.toContainText('风险较低');
    await expect(effect).not.toContainText('风险较高');

    // A glossary term explains itself on keyboard focus.
    const term = page.getByTestId('outcome-outcomes-table').locator('button[data-term="personYears"]');
    await term.focus();
    await expect(page.getByRole('tooltip')).toContainText('每位患者被随访的年数之和');
    await expectAccessible(page, 'outcomes-not-significant');

    // The follow-up policy is a choice of the reader, kept in the address and sent to the server.
    const answered = page.waitForResponse(
      (r) => isReportRequest(r.url()) && new URL(r.url()).searchParams.get('policy') === 'untilEndOfManagement',
    );
    await page.getByTestId('outcome-policy-switch').getByText('随访至管理结束').click();
    await answered;
    await expect(page).toHaveURL((url) => url.searchParams.get('policy') === 'untilEndOfManagement');
    await expectReport(page);
  });
});
