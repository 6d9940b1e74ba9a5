import type { LoginResult } from '@tcm/contracts/api/auth';
import { makeResidentId } from '@tcm/contracts/clinical/resident-id';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api';
import { screenshot } from './support/browser';
import { type Journey, startJourney } from './support/journey';
import { daysAgo, openPatient } from './support/records';
import { apiSignIn, DOCTOR, openSignedIn, spaGoto, waitForIdle } from './support/shell';

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

  // A patient of this test's own, in management (prescriptions are issued only while it runs) and
  // without records: no suggestion ticks a prescription item, whatever the demo patients hold.
  const suffix = Date.now() % 10_000;
  const name = `英文界面${'甲乙丙丁戊己庚辛壬癸'[suffix % 10]}`;

  beforeAll(async () => {
    journey = await startJourney();
    session = await apiSignIn(journey.server.baseUrl, DOCTOR.username, DOCTOR.password);
    await api(journey.server.baseUrl, 'POST', '/api/user/patient', {
      token: session.token,
      body: {
        name,
        gender: 'man',
        idNum: makeResidentId('110105', '1970-06-18', 301 + 2 * (suffix % 100)),
        tel_num: `131${String(10_000_000 + suffix).slice(-8)}`,
        institutionId: 1,
        consentDate: daysAgo(30),
      },
    });
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('instrument validation messages and units, and prescription rules, in English', async () => {
    const page = await journey.fresh();
    await openSignedIn(page, session, '/index');
    await openPatient(page, name);
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
