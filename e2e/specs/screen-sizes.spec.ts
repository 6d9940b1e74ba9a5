import type { Page } from '@playwright/test';
import { expectStill, screenshot } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';
import { openFromListSearch, signIn } from '../fixtures/ui';

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
    if (`${new URL(page.url()).pathname}${new URL(page.url()).search}` !== path) await page.goto(path);
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
