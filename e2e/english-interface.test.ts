import type { LoginResult } from '@tcm/contracts/api/auth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { type Journey, startJourney } from './support/journey';
import { apiSignIn, DOCTOR, openSignedIn, spaGoto, waitForHeading, waitForIdle } from './support/shell';

const HAN = /\p{Script=Han}/u;

/** The texts of the record editor's error summary. */
async function recordErrors(page: Page, annex: string): Promise<string[]> {
  return page
    .getByTestId(`record-editor-${annex}`)
    .locator('.instrument-error-list li')
    .evaluateAll((items) => items.map((item) => item.textContent ?? ''));
}

describe('the English interface speaks English in the forms too (issues 5 and 6)', () => {
  let journey: Journey;
  let session: LoginResult;

  beforeAll(async () => {
    journey = await startJourney();
    session = await apiSignIn(journey.server.baseUrl, DOCTOR.username, DOCTOR.password);
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('instrument validation messages and units, and prescription rules, in English', async () => {
    const page = await journey.fresh();
    // A patient in management: prescriptions are issued only while management runs.
    await openSignedIn(page, session, '/brList/running');
    await waitForHeading(page, '管理中的患者');
    await page.getByRole('button', { name: '打开档案' }).first().click();
    await page.waitForURL('**/diagnosticRecord');
    await page.getByTestId('language-switch').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');

    // Annex 6: units in English (heart rate in beats/min, not 次/分).
    await page.getByRole('tab', { name: 'Physical examination' }).click();
    const exam = page.getByTestId('record-editor-6');
    await expect
      .poll(() => exam.locator('.ant-input-number-suffix').evaluateAll((els) => els.map((el) => el.textContent ?? '')))
      .toEqual(expect.arrayContaining(['cm', 'kg', 'mmHg', 'beats/min']));

    // Annex 7 saved empty: every message names its item in English.
    await spaGoto(page, '/followUp');
    const followUp = page.getByTestId('record-editor-7');
    await followUp.getByTestId('record-save').click();
    await expect.poll(() => recordErrors(page, '7')).toEqual(expect.arrayContaining(['Please fill in Visit date']));
    for (const message of await recordErrors(page, '7')) expect(message, message).not.toMatch(HAN);
    await waitForIdle(page);
    await screenshot(page, 'english-follow-up-errors');

    // A diet prescription with nothing ticked.
    await spaGoto(page, '/prescribe/1');
    const form = page.getByTestId('prescription-form');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('prescription-errors').textContent()).toContain('Please tick at least one item');
    expect(await page.getByTestId('prescription-errors').textContent()).not.toMatch(HAN);
    await screenshot(page, 'english-prescription-errors');
  });
});
