import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from './processes.js';

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Launches headless Chromium with the flags this machine needs. */
export const launchBrowser = launchChromium;

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

/** One mail the server sent, as the loopback SMTP catcher saved it. */
export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Waits for the newest mail to `to` that `match` accepts (the verification link, the seller OTP,
 * the reset link), reading the catcher's folder; fails after `timeoutMs`.
 */
export async function waitForMail(
  to: string,
  match: (mail: SentMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<SentMail> {
  const dir = inject('mailDir');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as SentMail;
      if (mail.to === to.toLowerCase() && match(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
