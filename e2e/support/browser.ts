import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium; Playwright's own browser download is not available on our machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Launches headless Chromium with the flags this machine needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** The URL of the server under test, e.g. `http://127.0.0.1:41234`. */
export function baseUrl(): string {
  return inject('baseUrl');
}

/** A desktop (1280x900) or mobile (390x844) browser context against the server under test. */
export async function newContext(
  browser: Browser,
  viewport: 'desktop' | 'mobile' = 'desktop',
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: viewport === 'desktop' ? { width: 1280, height: 900 } : { width: 390, height: 844 },
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
  });
}

/** Saves a full-page screenshot under e2e/screenshots/ (git-ignored) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
