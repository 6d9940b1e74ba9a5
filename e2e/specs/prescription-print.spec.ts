import type { Locator, Page } from '@playwright/test';
import { PRESCRIPTION_ROUTES } from '@tcm/contracts/prescriptions/routes';
import { issuePrescription } from '../fixtures/prescriptions';
import { expect, test } from '../fixtures/test';
import { openPatient, signIn } from '../fixtures/ui';

/**
 * The printed header of every prescription kind, as it is on paper (print media, the copy outside the
 * app's root): each term is followed by exactly one colon and its value, in Chinese and in English,
 * and the sheet uses the app's sans-serif stack in both languages.
 */

test.use({ viewport: { width: 1366, height: 900 } });

/** One item of each kind, named as the form shows it. */
const CONTENT = {
  diet: { 控制总热量: true },
  sleep: { 规律作息: true },
  motion: { 有氧运动: true, 快走: true },
  loseWeight: { 控制饮食: true },
  healthEducation: { 糖尿病前期防治知识: true },
  physique: { 情志调摄: true, 调畅情志: true, 情志调摄指导: '保持心情舒畅' },
  other: { 处方内容: '每日按揉足三里穴5分钟' },
} as const;

/** The header items as printed: each element's text with its generated ::before/::after content. */
function printedHeader(root: Locator): Promise<string[]> {
  return root.locator('.prescription-sheet-info > div').evaluateAll((items) =>
    items.map((item) =>
      Array.from(item.children)
        .map((part) => {
          const generated = (which: string) => {
            const content = getComputedStyle(part, which).content;
            return content === 'none' || content === 'normal' ? '' : content.replace(/^"|"$/g, '');
          };
          return `${generated('::before')}${part.textContent ?? ''}${generated('::after')}`;
        })
        .join(''),
    ),
  );
}

async function expectHeader(page: Page, expected: (string | RegExp)[], kind: string) {
  await page.emulateMedia({ media: 'print' });
  const root = page.getByTestId('prescription-print-root');
  await expect(root).toBeVisible();
  const header = await printedHeader(root);
  for (const [index, line] of expected.entries()) {
    if (typeof line === 'string') expect(header[index], kind).toBe(line);
    else expect(header[index], kind).toMatch(line);
  }
  for (const line of header) expect(line, kind).not.toMatch(/：：|: ：|:\s*:/);
  const font = await root.locator('.prescription-sheet').evaluate((sheet) => getComputedStyle(sheet).fontFamily);
  expect(font, kind).toMatch(/^-apple-system,.*sans-serif$/);
  await page.emulateMedia({ media: 'screen' });
}

test('every prescription kind prints 姓名：value / Name: value, in the sans-serif stack, in both languages', async ({
  page,
  api,
  doctor,
  patients,
}) => {
  const patient = await patients.create(doctor, { gender: 'woman', birthDate: '1966-05-20' });
  const issued = new Map<string, number>();
  for (const [kind, values] of Object.entries(CONTENT)) {
    const { id } = await issuePrescription(api, doctor, patient, kind as keyof typeof CONTENT, values);
    issued.set(kind, id);
  }
  await signIn(page, doctor.session, '/index');
  await openPatient(page, patient.name);
  const kinds = PRESCRIPTION_ROUTES.filter((route) => route.shows !== 'overview');
  expect(kinds).toHaveLength(7);

  for (const { path, shows } of kinds) {
    await page.goto(`/prescribe/${path}?print=${issued.get(shows)}`);
    await expect(page.getByTestId('prescription-sheet')).toContainText(patient.name);
    await expectHeader(page, [`姓名：${patient.name}`, '性别：女', /^年龄：\d+ 岁$/, /^日期：\S+/, `医生：${doctor.name}`], shows);
  }

  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  for (const { path, shows } of kinds) {
    await page.goto(`/prescribe/${path}?print=${issued.get(shows)}`);
    await expect(page.getByTestId('prescription-sheet')).toContainText(patient.name);
    await expectHeader(page, [`Name: ${patient.name}`, 'Gender: Female', /^Age: \d+ y$/, /^Date: \S+/, `Doctor: ${doctor.name}`], shows);
  }
});
