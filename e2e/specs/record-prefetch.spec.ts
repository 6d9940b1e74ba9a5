import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { heading, signIn } from '../fixtures/ui';

/** When the record screen's chunk started downloading (Resource Timing), or null when it has not. */
const recordChunkStarted = (page: Page) =>
  page.evaluate(
    () => performance.getEntriesByType('resource').find((entry) => /\/assets\/RecordPage-[\w-]+\.js$/.test(entry.name))?.startTime ?? null,
  );

test.describe('a button that opens a record loads its screen on the way to the click (issue 34)', () => {
  test('hovering 打开档案 on the home fetches the record screen; the click then opens their record', async ({ page, doctor, patients }) => {
    const patient = await patients.create(doctor);
    await signIn(page, doctor.session, '/index');
    await expect(heading(page, `工作台 · ${doctor.name}`)).toBeVisible();
    // Found by the home's search (the worker's doctor has other patients ahead of a new one on the worklist).
    await page.getByRole('searchbox', { name: '姓名 / 身份证号 / 手机号' }).fill(patient.name);
    await page.getByRole('button', { name: '搜索' }).click();
    const open = page.getByRole('button', { name: `打开档案：${patient.name}` }).first();
    await expect(open).toBeVisible();
    expect(await recordChunkStarted(page), 'the home alone does not load the record screen').toBeNull();

    await open.hover();
    await expect.poll(() => recordChunkStarted(page), { timeout: 15_000 }).not.toBeNull();

    await open.click();
    await expect(page.getByRole('navigation', { name: '健康档案' })).toBeVisible();
    await expect(page).not.toHaveURL(/\/index$/);
  });
});
