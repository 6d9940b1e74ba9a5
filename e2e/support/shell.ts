import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { watch } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoginResult } from '@tcm/contracts/api/auth';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForAnimations, waitForMotion } from './antd';
import { api } from './api';
import { WEB_DIST } from './app-server';
import { screenshot, seriousA11yViolations } from './browser';

/** The demo accounts of the seed (packages/server/src/seed/demo.ts). */
export const ADMIN = { username: 'admin', password: 'Admin#2026' };
export const DOCTOR = { username: '13900000001', password: 'Doctor#2026', name: '张医生' };
export const OTHER_DOCTOR = { username: '13900000002', password: 'Doctor#2026', name: '李医生' };
export const PENDING_DOCTOR = { mobile: '13900000003', name: '王医生' };

/** Logs in through the API and answers the whole result (token, admin flag, user). */
export async function apiSignIn(baseUrl: string, username: string, password: string): Promise<LoginResult> {
  return api<LoginResult>(baseUrl, 'POST', '/api/auth/login', { body: { username, password } });
}

/**
 * Puts a session into the page's local storage the way the login screen does (keys token, admin,
 * user) and opens `path`. With `e2eHooks`, the app exposes its test hooks (window.__tcmConfirmQueue).
 * The journeys log in through the real form elsewhere; this is the shortcut for everything else.
 */
export async function openSignedIn(page: Page, session: LoginResult, path: string, options: { e2eHooks?: boolean } = {}): Promise<void> {
  await page.goto('/login');
  await page.evaluate(
    ({ s, hooks }) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('admin', s.admin ? 'true' : 'false');
      localStorage.setItem('user', JSON.stringify(s.user));
      if (hooks) localStorage.setItem('tcm-e2e', '1');
    },
    { s: session, hooks: options.e2eHooks ?? false },
  );
  await page.goto(path);
}

/** Waits until some element with exactly/containing this text is visible. */
export async function waitForText(page: Page, text: string | RegExp, timeout = 20_000): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
}

/** Waits for the screen's h2 (PageHeader) or any heading with this name. */
export async function waitForHeading(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('heading', { name }).first().waitFor({ state: 'visible', timeout: 20_000 });
}

/**
 * Waits until no antd spinner or skeleton is showing, nothing is mid leave-animation (a toast fading
 * out is half transparent, which axe would report as low contrast) and no finite CSS transition or
 * animation is running (a table un-dimming after a load, a menu item's highlight moving), so
 * screenshots and axe see the settled screen. Endless animations (a spinner icon) do not count.
 */
export async function waitForIdle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count(), { timeout: 20_000 }).toBe(0);
  // A button's loading icon is left out: when a save answers before the icon has finished growing in
  // (a quick 409, on a busy machine), antd starts its leave with nothing to transition, no
  // transitionend ever fires, and the collapsed, invisible icon keeps its leave class for good.
  await expect.poll(() => page.locator('[class*="-leave"]:not(.ant-btn-loading-icon)').count(), { timeout: 20_000 }).toBe(0);
  await waitForAnimations(page);
}

export interface ScreenViolation {
  screen: string;
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Screenshot plus axe-core: answers the screen's serious and critical violations (retried once, so a
 * table dimmed by a background refetch is not reported).
 */
export async function screenViolations(page: Page, name: string): Promise<ScreenViolation[]> {
  await waitForIdle(page);
  await screenshot(page, name);
  let violations = await seriousA11yViolations(page);
  if (violations.length > 0) {
    // A background refetch can dim a table (antd's loading blur) just as axe reads the colours: read
    // the settled screen again until it is clean; a real violation is still there when this gives up.
    await expect
      .poll(
        async () => {
          await waitForIdle(page);
          violations = await seriousA11yViolations(page);
          return violations.length;
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(0)
      .catch(() => undefined);
  }
  return violations.map((v) => ({
    screen: name,
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}

/** Screenshot plus axe-core; fails at once on a serious or critical violation. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  expect(await screenViolations(page, name)).toEqual([]);
}

/** The visible antd message toasts' texts. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('.ant-message-notice').allInnerTexts();
}

/** The open (visible) antd modal whose title is `title`. */
export function dialog(page: Page, title: string | RegExp) {
  return page.locator('.ant-modal-wrap:visible .ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
}

/** Waits for the modal titled `title` to be open and done zooming in (see waitForMotion); answers it. */
export async function openDialog(page: Page, title: string | RegExp) {
  const found = dialog(page, title);
  await found.waitFor({ state: 'visible' });
  await waitForMotion(page);
  return found;
}

/** Registers a doctor through the API (SMS code from the receiver) so the admin has something to review. */
export async function registerDoctorViaApi(
  baseUrl: string,
  sms: { waitForCode(mobile: string): Promise<string> },
  doctor: { name: string; mobile: string; institutionId: number },
): Promise<void> {
  await api(baseUrl, 'GET', `/api/auth/getVerificationCode?mobile=${doctor.mobile}&purpose=register`);
  const code = await sms.waitForCode(doctor.mobile);
  await api(baseUrl, 'POST', '/api/auth/register', { body: { ...doctor, password: 'Journey2026ok', code } });
}

/**
 * A private copy of the built web app for one test file. Other work on this machine may rebuild
 * packages/web/dist while the journeys run; the rebuild deletes the old hashed chunks and a page that
 * is already open then fails to load its next screen. The copy is taken only when index.html and the
 * entry script it names are both present (i.e. not in the middle of a build).
 */
export async function snapshotWebDist(): Promise<{ dir: string; remove(): void }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const dir = mkdtempSync(path.join(tmpdir(), 'tcm-web-'));
    try {
      cpSync(WEB_DIST, dir, { recursive: true });
      const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
      const entries = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] as string);
      if (entries.length > 0 && entries.every((e) => existsSync(path.join(dir, e)))) {
        return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
      }
    } catch {
      // caught mid-build: try again
    }
    rmSync(dir, { recursive: true, force: true });
    if (Date.now() > deadline) throw new Error(`no complete build in ${WEB_DIST}; run "npm run build -w @tcm/web"`);
    await nextChange(path.dirname(WEB_DIST), deadline);
  }
}

/** Resolves when something under `dir` changes (a build writing its files), or at the deadline. */
async function nextChange(dir: string, deadline: number): Promise<void> {
  const abort = new AbortController();
  const giveUp = setTimeout(() => abort.abort(), Math.max(0, deadline - Date.now()));
  try {
    for await (const _ of watch(dir, { recursive: true, signal: abort.signal })) return;
  } catch (error) {
    if ((error as { name?: string }).name !== 'AbortError') throw error;
  } finally {
    clearTimeout(giveUp);
  }
}

/**
 * Client-side navigation to `path` (as a link click would do), without reloading the app: the
 * journeys visit many screens, and on a busy machine a full reload per screen costs seconds.
 */
export async function spaGoto(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `e2e${idx}`, idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}
