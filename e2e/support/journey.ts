import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { type RunningApp, startAppServer } from './app-server';
import { launchBrowser, newContext, SCREENSHOT_DIR } from './browser';
import { snapshotWebDist } from './shell';
import { type SmsReceiver, startSmsReceiver } from './sms-receiver';

/** What a journey file runs against: the real server on a private copy of the web build, and Chromium. */
export interface Journey {
  sms: SmsReceiver;
  server: RunningApp;
  browser: Browser;
  /** A page in a new browser context (its own local storage), closed with the journey. */
  fresh(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Starts the SMS receiver, the server (demo data, in-memory PGlite) on a snapshot of the web build,
 * and the browser; prints the screenshot folder. Call `close()` in afterAll, even after a failure.
 */
export async function startJourney(): Promise<Journey> {
  const sms = await startSmsReceiver();
  const web = await snapshotWebDist();
  const server = await startAppServer({ smsUrl: sms.url, databaseTemplate: inject('e2eDatabaseTemplate'), webDistDir: web.dir });
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  console.log(`screenshots: ${SCREENSHOT_DIR}`);
  return {
    sms,
    server,
    browser,
    async fresh(viewport) {
      const context = await newContext(browser, server.baseUrl, viewport);
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.close();
      await sms.close();
      web.remove();
    },
  };
}
