import type { Locator, Page } from '@playwright/test';
import { answersFromQuestions } from '@tcm/contracts/clinical/ccmq';
import { CCMQ_QUESTIONS } from '@tcm/contracts/clinical/ccmq-items';
import { daysAgo } from '../fixtures/data';
import { createRecord } from '../fixtures/records';
import { expectStill, screenshot } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { openFromListSearch, signIn } from '../fixtures/ui';

/**
 * In English no screen shows Chinese outside the data people entered: names of patients, doctors and
 * institutions are marked `data-patient-data` (or carry their own `lang`), and the names this test
 * made are data wherever a sentence quotes them. Everything else is interface and must be English.
 */

const DOCTOR_SCREENS = [
  '/index',
  '/userList',
  '/userList/running',
  '/brList/running',
  '/brList/completed',
  '/userListTQQ',
  '/userListTNB',
  '/outcomes',
];
const PATIENT_SCREENS = [
  '/diagnosticRecord',
  '/lifeStyle',
  '/bodyConstitution',
  '/symptomScale',
  '/InterventionRecord',
  '/followUp',
  '/custom',
  '/prescribe/index',
  '/prescribe/1',
  '/prescribe/4',
  '/prescribe/6',
  '/prescribe/other',
];
const ADMIN_SCREENS = ['/index', '/doctorList', '/outcomes'];

/** The texts on the page, outside marked data, that still hold Chinese once the known data is taken out. */
async function chineseTexts(page: Page, data: readonly string[]): Promise<string[]> {
  await expectStill(page);
  const { texts, marked } = await page.evaluate(() => {
    const found: string[] = [];
    // What is marked as data is data wherever a sentence quotes it ("Approve the registration of 王医生").
    const marked = Array.from(document.querySelectorAll('[data-patient-data]'), (element) => element.textContent?.trim() ?? '');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [data-patient-data], [lang^="zh"]')) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    // Accessible names the screen reader speaks are interface too.
    for (const element of Array.from(document.querySelectorAll('[aria-label]'))) {
      if (!element.closest('[data-patient-data], [lang^="zh"]')) found.push(element.getAttribute('aria-label') ?? '');
    }
    return { texts: found, marked: marked.filter(Boolean) };
  });
  const han = /\p{Script=Han}/u;
  // Longest first, so that a name is taken out whole before a shorter name inside it.
  const known = [...data, ...marked].sort((a, b) => b.length - a.length);
  return [...new Set(texts)].filter((text) => han.test(known.reduce((rest, datum) => rest.replaceAll(datum, ''), text)));
}

/** Switches the interface to English as a person would (the choice is kept for the next screens). */
async function toEnglish(page: Page): Promise<void> {
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
}

async function sweep(page: Page, paths: readonly string[], data: readonly string[], tag: string): Promise<Record<string, string[]>> {
  const leaks: Record<string, string[]> = {};
  for (const path of paths) {
    if (new URL(page.url()).pathname !== path) await page.goto(path);
    await expect(page.locator('h1, h2').first()).toBeVisible();
    const found = await chineseTexts(page, data);
    if (found.length > 0) leaks[path] = found.slice(0, 8);
    await screenshot(page, `english-${tag}${path.replaceAll('/', '-')}`);
  }
  return leaks;
}

test.describe('the English interface shows no Chinese outside patient data (issue 31)', () => {
  test.use({ viewport: { width: 1366, height: 900 } });
  test("the doctor's lists, records and prescriptions", async ({ page, api, doctor, patients }) => {
    const patient = await patients.create(doctor);
    // A saved CCMQ, so that the constitution screen shows its conclusion (history and radar).
    const byQuestion = Object.fromEntries(CCMQ_QUESTIONS.map((q, index) => [q.key, index % 5 === 0 ? 4 : 2]));
    await createRecord(api, doctor, '3', patient.id, { assessDate: daysAgo(1), answers: answersFromQuestions(byQuestion) });
    // A physical exam with BMI 27.7 and a 96 cm waist (over both sexes' cut-offs), so that the rules
    // suggest the diet, weight-loss and physique prescriptions and their reasons and texts show.
    await createRecord(api, doctor, '6', patient.id, { examDate: daysAgo(1), height: 170, weight: 80, waist: 96 });
    const data = [doctor.name, patient.name, doctor.session.user.institutionName ?? ''].filter(Boolean);
    await signIn(page, doctor.session, '/userList');
    await openFromListSearch(page, patient.name);
    await toEnglish(page);
    const leaks = await sweep(page, [...PATIENT_SCREENS, ...DOCTOR_SCREENS], data, 'doctor');
    expect(leaks).toEqual({});
    // The sweep must have met the suggestions, or it proves nothing about them.
    await page.goto('/prescribe/4');
    await expect(page.getByTestId('suggested-a32')).toContainText('BMI 27.7 (overweight, ≥ 24)');
    await expect(page.locator('#rx-loseWeight-a32')).toHaveValue(/^Target: lose ≥ 7% of body weight \(from 80\.0 kg to below 74\.4 kg\)/);
    await page.goto('/prescribe/6');
    await expect(page.getByTestId('suggested-a1')).toContainText('Constitution:');
    // The physique guidance is prefilled in English, under an English heading, and is interface text
    // (not marked as Chinese), so the sweep above read it.
    const guidance = ['a13', 'a23', 'a33', 'a41'].map((field) => page.locator(`#rx-physique-${field}`));
    for (const text of guidance) {
      await expect(text).toHaveValue(/^\[[A-Z][^\]]*\] [A-Z]/);
      await expect(text).not.toHaveValue(/\p{Script=Han}/u);
      await expect(text).not.toHaveAttribute('lang');
    }
    await expect(guidance[3] as Locator).toHaveValue(/Acupoints: /);
  });

  test("the administrator's screens", async ({ page, admin }) => {
    await signIn(page, admin, '/index');
    await toEnglish(page);
    const leaks = await sweep(page, ADMIN_SCREENS, [admin.user.name ?? ''].filter(Boolean), 'admin');
    expect(leaks).toEqual({});
  });
});
