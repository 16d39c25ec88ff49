import { ACCOUNT_MESSAGES, ROLE_AREAS } from '@bazaar/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.js';
import {
  ADMIN_MOBILE,
  areaMenu,
  DEMO_EMAILS,
  DEMO_PASSWORD,
  expectEventually,
  expectSignedInArea,
  FORBIDDEN_HEADING,
  loginForm,
  messageOnScreen,
  openLogin,
  snap,
  submitLogin,
  waitForPath,
} from './helpers.js';

type StaffRole = 'admin' | 'employee' | 'support_admin' | 'seller' | 'delivery';

interface StaffCase {
  role: StaffRole;
  email: string;
  /** The login page's heading. */
  title: string;
  /** The top-level entries of the area's menu, in order, the last one logging out. */
  menu: string[];
  /** A page of another role's area, which this role must not open. */
  otherArea: string;
  /** Where Logout goes (docs/accounts.md "Roles and areas"). */
  afterLogout: string;
  /** A second page of the area (besides Home) that needs the session. */
  areaPage: string;
}

const CASES: StaffCase[] = [
  {
    role: 'admin',
    email: DEMO_EMAILS.admin,
    title: 'Admin login',
    menu: ['Home', 'Customer', 'Transaction', 'Stock', 'Employees', 'Profile', 'Logout'],
    otherArea: '/SupportAdminHome',
    afterLogout: ROLE_AREAS.admin.loginPath,
    areaPage: '/AdminProfile',
  },
  {
    role: 'employee',
    email: DEMO_EMAILS.employee,
    title: 'Employee login',
    menu: ['Home', 'Total Customer', 'Profile', 'Logout'],
    otherArea: '/adminHome',
    afterLogout: ROLE_AREAS.employee.loginPath,
    areaPage: '/employeeProfile',
  },
  {
    role: 'support_admin',
    email: DEMO_EMAILS.support_admin,
    title: 'Support admin login',
    menu: ['Home', 'Profile', 'Orders', 'Stock', 'Product Slider', 'Reviews', 'Log Out'],
    otherArea: '/Home',
    afterLogout: ROLE_AREAS.support_admin.loginPath,
    areaPage: '/SupportAdminProfile',
  },
  {
    role: 'seller',
    email: DEMO_EMAILS.seller,
    title: 'Seller login',
    menu: [
      'Home',
      'Profile',
      'Orders',
      'Stock',
      'Product Slider',
      'Create Admin',
      'Total Customer',
      'Statement',
      'Reviews',
      'Support',
      'Log out',
    ],
    otherArea: '/SupportAdminHome',
    afterLogout: '/',
    areaPage: '/Profile',
  },
  {
    role: 'delivery',
    email: DEMO_EMAILS.delivery,
    title: 'Delivery login',
    menu: ['Home', 'Profile', 'New Delivery', 'Delivery History', 'Logout'],
    otherArea: '/employeeHome',
    afterLogout: ROLE_AREAS.delivery.loginPath,
    areaPage: '/DeliveryProfile',
  },
];

/** The captcha answer the tests type when they want it refused. */
const WRONG_CAPTCHA = 'WRONG12';
/**
 * A wrong password. Five failures lock an identifier for 15 minutes, so each identifier gets
 * exactly one wrong attempt in the whole run.
 */
const WRONG_PASSWORD = 'Wrong@12345';

/** The HTTP status of the next `POST /api/auth/login` the page sends. */
async function loginAnswer(page: Page): Promise<number> {
  const response = await page.waitForResponse(
    (candidate) =>
      candidate.url().endsWith('/api/auth/login') && candidate.request().method() === 'POST',
  );
  return response.status();
}

describe('staff logins and areas', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh desktop context (no session) for `body`, closed afterwards. */
  async function withPage(body: (page: Page, context: BrowserContext) => Promise<void>) {
    const context = await newContext(browser, 'desktop');
    context.setDefaultTimeout(10_000);
    try {
      await body(await context.newPage(), context);
    } finally {
      await context.close();
    }
  }

  for (const staff of CASES) {
    const { role } = staff;
    const { loginPath, homePath } = ROLE_AREAS[role];

    test(`${role}: captcha and password errors, login, area, 403, logout`, async () => {
      await withPage(async (page) => {
        await openLogin(page, role);
        const main = page.getByRole('main');
        expect(await main.getByRole('heading', { level: 1, name: staff.title }).isVisible()).toBe(
          true,
        );
        await snap(page, `login-${role}`);

        // The Support button opens the contact dialog.
        await main.getByRole('button', { name: 'Support' }).click();
        const support = page.getByRole('dialog', { name: 'Support' });
        await support.waitFor();
        expect(await support.getByRole('link', { name: /^\+91/ }).isVisible()).toBe(true);
        expect(await support.getByRole('link', { name: /@/ }).isVisible()).toBe(true);
        if (role === 'admin') await snap(page, 'login-support-modal', { fullPage: false });
        await page.keyboard.press('Escape');
        await support.waitFor({ state: 'hidden' });

        // Wrong captcha, right credentials: refused with the captcha message.
        let answer = loginAnswer(page);
        await submitLogin(page, staff.email, DEMO_PASSWORD, WRONG_CAPTCHA);
        expect(await answer).toBe(400);
        await messageOnScreen(page, ACCOUNT_MESSAGES.loginCaptchaInvalid).waitFor();
        expect(new URL(page.url()).pathname).toBe(loginPath);
        expect(await loginForm(page).captcha.inputValue()).toBe('');

        // Wrong password (once per identifier in the whole run: five lock it).
        answer = loginAnswer(page);
        await submitLogin(page, staff.email, WRONG_PASSWORD);
        expect(await answer).toBe(401);
        await messageOnScreen(page, ACCOUNT_MESSAGES.loginInvalid).waitFor();
        if (role === 'support_admin') {
          const inline = main.getByText(ACCOUNT_MESSAGES.supportAdminLoginInline, { exact: true });
          expect(await inline.isVisible()).toBe(true);
        }
        expect(new URL(page.url()).pathname).toBe(loginPath);
        await snap(page, `login-${role}-errors`);

        // The right credentials land on the area's home with its menu.
        await submitLogin(page, staff.email, DEMO_PASSWORD);
        await waitForPath(page, homePath);
        const menu = areaMenu(page, role);
        await menu.waitFor();
        await expectSignedInArea(page, staff.email);
        for (const label of staff.menu) {
          expect(
            await menu.getByText(label, { exact: true }).first().isVisible(),
            `${role} menu: ${label}`,
          ).toBe(true);
        }
        expect(
          await menu.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current'),
        ).toBe('page');
        await snap(page, `home-${role}`);

        // Another role's area: the 403 page, with the way back to this role's own area.
        await page.goto(staff.otherArea);
        const forbidden = page.getByRole('heading', { level: 1, name: FORBIDDEN_HEADING });
        await forbidden.waitFor();
        expect(new URL(page.url()).pathname).toBe(staff.otherArea);
        const back = page.getByRole('link', { name: /^Go to your .+ area$/ });
        expect(await back.getAttribute('href')).toBe(homePath);
        expect(await page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
        await snap(page, `forbidden-${role}`);
        await back.click();
        await waitForPath(page, homePath);

        // Logout ends the session; the area then sends the visitor to its login.
        const logoutLabel = staff.menu[staff.menu.length - 1]!;
        await areaMenu(page, role).getByRole('button', { name: logoutLabel, exact: true }).click();
        await waitForPath(page, staff.afterLogout);
        expect(
          await page.evaluate(() => window.sessionStorage.length + window.localStorage.length),
        ).toBe(0);
        await page.goto(homePath);
        await waitForPath(page, loginPath);
        expect(new URL(page.url()).searchParams.get('redirect')).toBe(homePath);
      });
    });
  }

  test('on a phone the area menu opens from the burger (delivery staff)', async () => {
    const context = await newContext(browser, 'mobile');
    context.setDefaultTimeout(10_000);
    try {
      const page = await context.newPage();
      await openLogin(page, 'delivery');
      await snap(page, 'login-delivery-mobile');
      await submitLogin(page, DEMO_EMAILS.delivery, DEMO_PASSWORD);
      await waitForPath(page, ROLE_AREAS.delivery.homePath);
      await page.getByRole('main').getByRole('heading').first().waitFor();
      const menu = areaMenu(page, 'delivery');
      const delivery = CASES.find((staff) => staff.role === 'delivery')!;
      // Closed, the menu sits off the screen's left edge.
      const offScreen = async () => {
        const box = await menu.boundingBox();
        return box === null || box.x + box.width <= 0;
      };
      expect(await offScreen()).toBe(true);
      await snap(page, 'home-delivery-mobile', { fullPage: false });

      await page.getByRole('button', { name: 'Open menu' }).click();
      await expectEventually(offScreen, false);
      for (const label of delivery.menu) {
        expect(await menu.getByText(label, { exact: true }).first().isVisible(), label).toBe(true);
      }
      await snap(page, 'home-delivery-mobile-menu', { fullPage: false });
      await menu.getByRole('link', { name: 'Profile', exact: true }).click();
      await waitForPath(page, '/DeliveryProfile');
      // Following a link closes the menu again.
      await expectEventually(offScreen, true);
    } finally {
      await context.close();
    }
  });

  test('the admin signs in with the mobile number too', async () => {
    await withPage(async (page) => {
      await openLogin(page, 'admin');
      await submitLogin(page, ADMIN_MOBILE, DEMO_PASSWORD);
      await waitForPath(page, ROLE_AREAS.admin.homePath);
      await areaMenu(page, 'admin').waitFor();
      await expectSignedInArea(page, DEMO_EMAILS.admin);
    });
  });

  test('without a session every area page redirects to its own login', async () => {
    await withPage(async (_page, context) => {
      const visits = CASES.flatMap((staff) =>
        [ROLE_AREAS[staff.role].homePath, staff.areaPage].map((path) => ({
          path,
          loginPath: ROLE_AREAS[staff.role].loginPath,
        })),
      );
      // One tab per page, side by side: each starts without a session.
      const landed = await Promise.all(
        visits.map(async ({ path, loginPath }) => {
          const tab = await context.newPage();
          await tab.goto(path);
          await waitForPath(tab, loginPath);
          await loginForm(tab).captchaImage.waitFor();
          const url = new URL(tab.url());
          return { path, at: url.pathname, redirect: url.searchParams.get('redirect') };
        }),
      );
      expect(landed).toEqual(
        visits.map(({ path, loginPath }) => ({ path, at: loginPath, redirect: path })),
      );
    });
  });

  test('after login the page asked for first opens (?redirect=)', async () => {
    await withPage(async (page) => {
      await page.goto('/employeeProfile');
      await waitForPath(page, ROLE_AREAS.employee.loginPath);
      await submitLogin(page, DEMO_EMAILS.employee, DEMO_PASSWORD);
      await waitForPath(page, '/employeeProfile');
      await areaMenu(page, 'employee').waitFor();
    });
  });
});
