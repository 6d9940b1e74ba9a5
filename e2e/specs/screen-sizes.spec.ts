import type { Page } from '@playwright/test';
import { answersFromQuestions } from '@tcm/contracts/clinical/ccmq';
import { CCMQ_QUESTIONS } from '@tcm/contracts/clinical/ccmq-items';
import { daysAgo } from '../fixtures/data';
import { createRecord, historyRows } from '../fixtures/records';
import { expectStill, screenshot } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { openFromListSearch, signIn, visit } from '../fixtures/ui';

/**
 * Every screen on a phone (390 × 844) and a tablet (768 × 1024) fits its width: the page never
 * scrolls sideways (a wide table scrolls inside its own box). The same sweep photographs each screen
 * at 390, 768 and 1366 px in both languages.
 */

const DOCTOR_LISTS = [
  '/index',
  '/userList',
  '/userList/running',
  '/userList/completed',
  '/brList/running',
  '/brList/completed',
  '/userListTQQ',
  '/userListTNB',
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
  '/prescribe/other',
];
const PUBLIC_SCREENS = ['/login', '/login/admin', '/register', '/resetpw'];

type Language = 'zh-CN' | 'en-US';

/** How far the page scrolls sideways once still: 0 when it fits. */
async function sidewaysOverflow(page: Page): Promise<number> {
  await expectStill(page);
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return Math.max(0, root.scrollWidth - window.innerWidth);
  });
}

/** Opens each path in turn; answers the paths that scroll sideways, with by how much. */
async function sweep(page: Page, paths: readonly string[], shot: (path: string) => string, checkWidth: boolean): Promise<string[]> {
  const overflowing: string[] = [];
  for (const path of paths) {
    if (`${new URL(page.url()).pathname}${new URL(page.url()).search}` !== path) await visit(page, path);
    await expect(page.locator('h1, h2').first()).toBeVisible();
    const overflow = await sidewaysOverflow(page);
    if (checkWidth && overflow > 0) overflowing.push(`${path} +${overflow}px`);
    await screenshot(page, shot(path));
  }
  return overflowing;
}

/** The interface language of every page loaded from now on (as chosen with the language switch). */
async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
}

const name = (path: string) => path.replaceAll('/', '-').replace(/^-/, '') || 'root';

for (const [width, height] of [
  [390, 844],
  [768, 1024],
  [1366, 900],
] as const) {
  // The width check is for the narrow screens; at 1366 the sweep only photographs.
  const checkWidth = width < 1000;
  for (const language of ['zh-CN', 'en-US'] as Language[]) {
    test.describe(`at ${width} × ${height}, ${language}`, () => {
      test.use({ viewport: { width, height } });
      const tag = `${width}-${language}`;

      test('the public screens and the doctor lists fit the width', async ({ page, doctor, patients }) => {
        await patients.create(doctor);
        await useLanguage(page, language);
        const overflowing = await sweep(page, PUBLIC_SCREENS, (p) => `size-${name(p)}-${tag}`, checkWidth);
        await signIn(page, doctor.session, '/index');
        overflowing.push(...(await sweep(page, [...DOCTOR_LISTS, '/outcomes'], (p) => `size-doctor-${name(p)}-${tag}`, checkWidth)));
        expect(overflowing).toEqual([]);
      });

      test('the records (CCMQ included) and prescriptions of a patient fit the width', async ({ page, doctor, patients }) => {
        const patient = await patients.create(doctor);
        await signIn(page, doctor.session, '/userList');
        await openFromListSearch(page, patient.name);
        await useLanguage(page, language);
        await page.reload();
        const overflowing = await sweep(page, PATIENT_SCREENS, (p) => `size-patient-${name(p)}-${tag}`, checkWidth);
        expect(overflowing).toEqual([]);
      });

      test('the administrator screens fit the width', async ({ page, admin }) => {
        await useLanguage(page, language);
        await signIn(page, admin, '/index');
        const overflowing = await sweep(page, ['/index', '/doctorList', '/outcomes'], (p) => `size-admin-${name(p)}-${tag}`, checkWidth);
        expect(overflowing).toEqual([]);
      });
    });
  }
}

/** A box as the browser lays it out. */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

for (const language of ['zh-CN', 'en-US'] as Language[]) {
  test.describe(`the layouts that change with the width, ${language}`, () => {
    test('at 390 px the CCMQ shows one question per card, every answer of it inside the width', async ({ page, doctor, patients }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const patient = await patients.create(doctor);
      await signIn(page, doctor.session, '/userList');
      await openFromListSearch(page, patient.name);
      await useLanguage(page, language);
      await page.goto('/bodyConstitution');
      const rows = page.getByTestId('record-editor-3').locator('[role="radiogroup"][data-question]');
      await expect(rows).toHaveCount(CCMQ_QUESTIONS.length);
      await expectStill(page);
      const cards = await rows.evaluateAll((elements) =>
        elements.map((row) => {
          const box = (el: Element) => {
            const r = el.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
          };
          const options = Array.from(row.querySelectorAll('label'), (label) => ({
            text: label.textContent?.trim() ?? '',
            box: box(label),
            shown: label.getBoundingClientRect().width > 0 && getComputedStyle(label).visibility !== 'hidden',
          }));
          return { key: row.getAttribute('data-question'), card: box(row), options };
        }),
      );
      const width = 390;
      const inside = (inner: Box, outer: Box) =>
        inner.left >= outer.left - 0.5 &&
        inner.right <= outer.right + 0.5 &&
        inner.top >= outer.top - 0.5 &&
        inner.bottom <= outer.bottom + 0.5;
      const problems: string[] = [];
      cards.forEach(({ key, card, options }, index) => {
        if (card.left < 0 || card.right > width) problems.push(`${key}: card ${card.left}–${card.right} outside 0–${width}`);
        // One question per card: the next question's card starts below this one, never beside it.
        const next = cards[index + 1];
        if (next && next.card.top < card.bottom - 0.5) problems.push(`${key}: shares a line with ${next.key}`);
        if (options.length !== 5) problems.push(`${key}: ${options.length} answers instead of 5`);
        for (const option of options) {
          if (!option.shown) problems.push(`${key}: answer ${option.text} hidden`);
          else if (option.box.left < 0 || option.box.right > width) problems.push(`${key}: answer ${option.text} outside the width`);
          else if (!inside(option.box, card)) problems.push(`${key}: answer ${option.text} outside its card`);
        }
      });
      expect(problems).toEqual([]);
    });

    test('at 768 px every action of a record-history row lies inside the viewport', async ({ page, doctor, patients, api }) => {
      await page.setViewportSize({ width: 768, height: 1024 });
      const patient = await patients.create(doctor);
      const byQuestion = Object.fromEntries(CCMQ_QUESTIONS.map((q, index) => [q.key, index % 5 === 0 ? 4 : 2]));
      await createRecord(api, doctor, '3', patient.id, { assessDate: daysAgo(1), answers: answersFromQuestions(byQuestion) });
      await signIn(page, doctor.session, '/userList');
      await openFromListSearch(page, patient.name);
      await useLanguage(page, language);
      await page.goto('/bodyConstitution');
      const row = historyRows(page, '3').first();
      await expect(row).toBeVisible();
      await row.scrollIntoViewIfNeeded();
      await expectStill(page);
      const actions = row.locator('button');
      // View, edit, revisions, print and void.
      await expect(actions).toHaveCount(5);
      const outside: string[] = [];
      for (const action of await actions.all()) {
        await expect(action).toBeVisible();
        const box = await action.boundingBox();
        const name = (await action.textContent())?.trim();
        if (!box || box.x < 0 || box.x + box.width > 768 || box.width < 1) outside.push(`${name} at ${box?.x}+${box?.width}`);
      }
      expect(outside).toEqual([]);
    });
  });
}
