import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from './processes.js';

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Launches headless Chromium with the flags this machine needs. Every page it opens (through
 * `browser.newPage` or a context's pages) waits after `goto` and `reload` until the web app has
 * started on a page the server rendered: such a page is painted before its script is even
 * requested (apps/web/public/start-app.js), and a click before hydration would do nothing.
 * Contexts and pages opened with `javaScriptEnabled: false` are left as they are.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    // Without JavaScript no app starts: such a context reads the server's HTML as it is.
    if (args[0]?.javaScriptEnabled !== false) context.on('page', waitForAppAfterNavigation);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage(...args);
    if (args[0]?.javaScriptEnabled !== false) waitForAppAfterNavigation(page);
    return page;
  };
  return browser;
}

const pagesWaitingForApp = new WeakSet<Page>();

/** Makes `page.goto` and `page.reload` resolve only once the app has started (see launchBrowser). */
function waitForAppAfterNavigation(page: Page): void {
  if (pagesWaitingForApp.has(page)) return;
  pagesWaitingForApp.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await appStarted(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await appStarted(page);
    return response;
  };
}

/** Resolves when the page is not one the server rendered, or its app has hydrated it. */
async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('#root[data-server-rendered]') === null ||
      document.documentElement.dataset.appStarted === 'true',
    undefined,
    { timeout: 20_000 },
  );
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
