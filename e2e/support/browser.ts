import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Screenshots of every screen the journeys visit; the test run prints this folder. */
export const SCREENSHOT_DIR = path.join(root, '.e2e-artifacts/screenshots');

/** Debian's Chromium, the browser people use (never a browser Playwright downloads): what bench:web measures. */
export const BROWSER_PATH = process.env.BROWSER_PATH ?? '/usr/bin/chromium';
/**
 * Debian's `chromium-headless-shell`, when installed (.ci/run installs it), runs the journeys: the same
 * Chromium build (Blink, V8, fonts) without the browser's UI layers, which new headless mode in
 * /usr/bin/chromium still runs, so a journey takes about a fifth less CPU time. Without it the journeys
 * run in the full browser; CHROMIUM_PATH chooses another binary.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : BROWSER_PATH);
/** Headless flags that keep Chromium off the network (DEVELOPERS.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Debian's Chromium (the full browser, as people run it), headless, with the flags that keep it off
 * the network (DEVELOPERS.md). Playwright gives every launch a fresh temporary profile of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({
    executablePath: BROWSER_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Serious and critical accessibility violations on the current page (axe-core, WCAG 2 A/AA). */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol rather than as a <script> tag: the app's Content Security
  // Policy (script-src 'self') blocks inline scripts, and the test must not weaken it.
  // Once per document: axe's 0.5 MB script is parsed again on every evaluate.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  })) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
