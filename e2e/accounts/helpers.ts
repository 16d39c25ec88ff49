import fs from 'node:fs';
import path from 'node:path';
import { ROLE_AREAS, type Role } from '@bazaar/shared';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { E2E_CAPTCHA_CODE } from '../support/global-setup.js';
import { screenshot } from '../support/browser.js';

export { E2E_CAPTCHA_CODE };

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** The password of every demo account (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'Bazaar@123';

/** The demo accounts by role (README, "Demo accounts"). */
export const DEMO_EMAILS = {
  customer: 'customer@bazaar.test',
  seller: 'seller@bazaar.test',
  seller2: 'seller2@bazaar.test',
  newSeller: 'newseller@bazaar.test',
  support_admin: 'support@bazaar.test',
  admin: 'admin@bazaar.test',
  employee: 'employee@bazaar.test',
  delivery: 'delivery@bazaar.test',
} as const;

/** The admin's mobile number, which signs in as well as the email. */
export const ADMIN_MOBILE = '9876500001';

/** The title of each area's shell and menu (apps/web/src/config/areas.ts). */
export const AREA_TITLES: Record<Exclude<Role, 'customer'>, string> = {
  admin: 'Admin',
  employee: 'Employee',
  support_admin: 'Support admin',
  seller: 'Seller',
  delivery: 'Delivery',
};

/** The heading of the 403 page (apps/web/src/areas/account/misc/forbidden-page.tsx). */
export const FORBIDDEN_HEADING = 'You do not have access to this page';

const runStamp = Date.now();
let counter = 0;

/** A token unique to this run and call, for emails and names: '1763840000000-3'. */
export function unique(): string {
  counter += 1;
  return `${runStamp}-${counter}`;
}

/**
 * A 10-digit mobile number starting with `firstDigit` (6-9) that no earlier run used: the run's
 * time stamp plus a counter, so two numbers of one run differ too.
 */
export function uniqueMobile(firstDigit: 6 | 7 | 8 | 9): string {
  counter += 1;
  const tail = String((Math.floor(runStamp / 10) + counter) % 1_000_000_000).padStart(9, '0');
  return `${firstDigit}${tail}`;
}

/** A toast (Mantine notification) or alert with exactly this message. */
export function messageOnScreen(page: Page, message: string): Locator {
  return page.getByRole('alert').filter({ hasText: message }).first();
}

/** The login form's fields, located by their labels. */
export function loginForm(page: Page) {
  const identifier = page.getByRole('textbox', { name: /^Email( or mobile)?$/ });
  return {
    identifier,
    password: page.getByRole('textbox', { name: 'Password', exact: true }),
    captcha: page.getByRole('textbox', { name: 'Captcha', exact: true }),
    captchaImage: page.getByRole('img', { name: 'Captcha code' }),
    submit: page.getByRole('button', { name: 'Login', exact: true }),
  };
}

/**
 * Fills the login form on the current page and presses Login. Waits for the captcha image first:
 * after a failed attempt the form fetches a new captcha, and an answer sent with the old (used)
 * one would be refused whatever was typed.
 */
export async function submitLogin(
  page: Page,
  identifier: string,
  password: string,
  captchaCode: string = E2E_CAPTCHA_CODE,
): Promise<void> {
  const form = loginForm(page);
  await form.captchaImage.waitFor();
  await form.identifier.fill(identifier);
  await form.password.fill(password);
  await form.captcha.fill(captchaCode);
  await form.submit.click();
}

/** Opens `role`'s login page and waits for its form. */
export async function openLogin(page: Page, role: Role): Promise<void> {
  await page.goto(ROLE_AREAS[role].loginPath);
  await loginForm(page).captchaImage.waitFor();
}

/** Signs in at `role`'s login page and waits until its home page is open. */
export async function logIn(
  page: Page,
  role: Role,
  identifier: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  await openLogin(page, role);
  await submitLogin(page, identifier, password);
  await waitForPath(page, ROLE_AREAS[role].homePath);
}

/** Waits until the address bar shows `pathname` (any query string), compared case-insensitively. */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname.toLowerCase() === pathname.toLowerCase());
}

/** What session and local storage hold, as `{ session, local }` counts and keys. */
export async function storageContents(page: Page): Promise<{ session: string[]; local: string[] }> {
  return page.evaluate(() => ({
    session: Object.keys(window.sessionStorage),
    local: Object.keys(window.localStorage),
  }));
}

/** A staff area's menu (the sidebar of area-layout.tsx). */
export function areaMenu(page: Page, role: Exclude<Role, 'customer'>): Locator {
  return page.getByRole('navigation', { name: `${AREA_TITLES[role]} menu` }).last();
}

/**
 * Screenshot under e2e/screenshots/, named 'accounts-<name>', images loaded and the page scrolled
 * to the top: the full page, or only the window (for something fixed on screen, such as the open
 * side menu).
 */
export async function snap(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    window.scrollTo(0, 0);
  });
  // Drawers, modals and toasts fade in: draw them once their transitions are over.
  // (Spinners loop for ever and are left out.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  if (fullPage) {
    await screenshot(page, `accounts-${name}`);
    return;
  }
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `accounts-${name}.png`) });
}

/**
 * Polls `read` until it returns `expected` (or the time is up) and asserts on the last value, so
 * a failure shows what the page really showed.
 */
export async function expectEventually<T>(
  read: () => Promise<T>,
  expected: T,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  expect(value).toEqual(expected);
}

/**
 * Asserts that the page's session belongs to `email` and that the staff shell shows who is
 * signed in: the session API's user, and that user's name in the area's top bar (each area's
 * home is its own page now, so the check does not depend on a home heading). Waits for the
 * home's first-level heading so the page has rendered.
 */
export async function expectSignedInArea(page: Page, email: string): Promise<void> {
  await page.getByRole('main').getByRole('heading').first().waitFor();
  const session = await page.evaluate(async () => {
    const response = await fetch('/api/auth/session', { credentials: 'same-origin' });
    return (await response.json()) as { user: { email: string; name: string } | null };
  });
  expect(session.user?.email).toBe(email);
  const name = session.user?.name ?? '';
  // Waits: right after a login the storefront's banner may still be on screen for a moment.
  await page.getByRole('banner').getByText(name, { exact: true }).waitFor();
}
