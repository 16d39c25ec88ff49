import { ACCOUNT_MESSAGES, PASSWORD_RULES, PASSWORD_STRONG_MESSAGE } from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseUrl, launchBrowser, newContext, waitForMail } from '../support/browser.js';
import {
  DEMO_EMAILS,
  E2E_CAPTCHA_CODE,
  expectEventually,
  logIn,
  messageOnScreen,
  openLogin,
  snap,
  storageContents,
  submitLogin,
  unique,
  uniqueMobile,
  waitForPath,
} from './helpers.js';

/** A logged-out visitor's header (docs/catalog.md "Grid, search and home"). */
const LOGGED_OUT_MENU = ['Home', 'Login', 'Sign up', 'Contact US', 'About US'];
/** The logged-in customer's header, in the spec's order (My Account is a dropdown). */
const CUSTOMER_MENU = ['My Account', 'Cart', 'Wishlist', 'Logout', 'Contact US', 'About US'];

const customer = {
  name: 'Priya Sharma',
  email: `priya.${unique()}@example.in`,
  password: 'Ganga#Mango7',
  mobile: uniqueMobile(7),
  gender: 'Female',
  locality: '12 Boring Road',
  landmark: 'Near Gandhi Maidan',
  pincode: '800001',
  city: 'Patna',
};

describe('customer registration, verification and login', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /** The panel of the step on screen (a section named by the step's heading). */
  const panel = (step: string): Locator => page.getByRole('region', { name: step });
  const textbox = (name: string): Locator => page.getByRole('textbox', { name, exact: true });
  const next = () => page.getByRole('button', { name: 'Next' });
  /** Waits for the step `name` to be on screen. */
  const stepOpen = async (name: string) => {
    await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
  };
  /** The texts of the password checklist, in order. */
  const checklist = async (): Promise<string[]> =>
    (await page.locator('#registration-password-checklist li').allInnerTexts()).map((text) =>
      text.trim(),
    );
  const header = () => page.getByRole('banner').getByRole('navigation', { name: 'Main' });

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  test('Account Setup: the password checklist and a taken email', async () => {
    await page.goto('/CustomerRegistration');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await stepOpen('Account Setup');
    await snap(page, 'registration-customer-1-account');

    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('abc');
    const unmetForAbc = PASSWORD_RULES.filter((rule) => !rule.test('abc')).map(
      (rule) => rule.message,
    );
    expect(unmetForAbc.length).toBeGreaterThan(1);
    await expectEventually(checklist, unmetForAbc);

    await password.fill('abcdefgH');
    const unmetForLetters = PASSWORD_RULES.filter((rule) => !rule.test('abcdefgH')).map(
      (rule) => rule.message,
    );
    await expectEventually(checklist, unmetForLetters);

    await password.fill(customer.password);
    await expectEventually(checklist, [PASSWORD_STRONG_MESSAGE]);

    await textbox('Email').fill(DEMO_EMAILS.customer);
    await textbox('Email').blur();
    const taken = panel('Account Setup').getByText(ACCOUNT_MESSAGES.emailTaken, { exact: true });
    await taken.waitFor();
    expect(await textbox('Email').getAttribute('aria-invalid')).toBe('true');

    // Next does not leave the step while the email is taken.
    await textbox('Name').fill(customer.name);
    await textbox('Confirm password').fill(customer.password);
    await next().click();
    await taken.waitFor();
    expect(await panel('Account Setup').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Contact Info', level: 2 }).count()).toBe(0);
    await snap(page, 'registration-customer-email-taken');
  });

  test('every step, the summary and Submit show the verify-email message', async () => {
    await textbox('Email').fill(customer.email);
    await textbox('Email').blur();
    await panel('Account Setup').getByText(ACCOUNT_MESSAGES.emailTaken).waitFor({
      state: 'detached',
    });
    await panel('Account Setup').getByText('Password matched').waitFor();
    await next().click();

    await stepOpen('Contact Info');
    await textbox('Phone number').fill(customer.mobile);
    await page.getByRole('radio', { name: customer.gender, exact: true }).check();
    await snap(page, 'registration-customer-2-contact');
    await next().click();

    await stepOpen('Address Details');
    expect(await textbox('State').inputValue()).toBe('Bihar');
    expect(await textbox('Country').inputValue()).toBe('India');
    await textbox('Locality').fill(customer.locality);
    await textbox('Landmark').fill(customer.landmark);
    await textbox('Pincode').fill(customer.pincode);
    await expectEventually(() => textbox('City').inputValue(), customer.city);
    await snap(page, 'registration-customer-3-address');
    await next().click();

    await stepOpen('Captcha');
    await page.getByRole('img', { name: 'Captcha code' }).waitFor();
    await textbox('Captcha').fill(E2E_CAPTCHA_CODE);
    const terms = page.getByRole('checkbox', { name: /I accept Terms & Condition/ });
    await terms.check();
    expect(await terms.isChecked()).toBe(true);
    await snap(page, 'registration-customer-4-captcha');
    await next().click();

    await stepOpen('Verification');
    const summary = panel('Verification');
    const shownValues = [
      customer.name,
      customer.email,
      `+91 ${customer.mobile}`,
      customer.gender,
      customer.locality,
      customer.landmark,
      customer.city,
      'Bihar',
      customer.pincode,
      'India',
    ];
    for (const value of shownValues) {
      expect(await summary.getByText(value, { exact: true }).isVisible(), value).toBe(true);
    }
    expect(await summary.getByText(customer.password).count()).toBe(0);
    for (const section of ['Account', 'Contact', 'Address']) {
      expect(await summary.getByRole('button', { name: `Edit ${section}` }).isVisible()).toBe(true);
    }
    await snap(page, 'registration-customer-5-verification');

    const response = page.waitForResponse(
      (answer) =>
        answer.url().endsWith('/api/auth/register/customer') &&
        answer.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await response).status()).toBe(201);
    const main = page.getByRole('main');
    await main.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.verifyEmailFirst }).waitFor();
    expect((await main.getByRole('status').innerText()).trim()).toBe(
      ACCOUNT_MESSAGES.verifyEmailFirst,
    );
    expect(await main.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe(
      '/CustomerLogin',
    );
    await snap(page, 'registration-customer-6-done');
  });

  test('logging in before the email is verified is refused', async () => {
    await openLogin(page, 'customer');
    await snap(page, 'login-customer');
    await submitLogin(page, customer.email, customer.password);
    // The refusal stays on the page (the toast with the same words goes after 3 s).
    const refusal = page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: ACCOUNT_MESSAGES.verifyEmailFirst });
    await refusal.waitFor();
    expect(
      await refusal.getByRole('button', { name: 'Resend verification email' }).isVisible(),
    ).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/CustomerLogin');
    await snap(page, 'login-customer-unverified');
  });

  test('the link in the verification mail verifies the email', async () => {
    const mail = await waitForMail(customer.email, (sent) => sent.text.includes('/VerifyEmail?'));
    const link = /(http:\/\/\S+\/VerifyEmail\?token=[^\s>]+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeDefined();
    expect(link!.startsWith(`${baseUrl()}/VerifyEmail?token=`)).toBe(true);

    await page.goto(link!);
    const verified = page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.emailVerified });
    await verified.waitFor();
    await snap(page, 'verify-email');
  });

  test('after verifying, login shows the customer menu', async () => {
    await logIn(page, 'customer', customer.email, customer.password);
    const menu = header();
    await menu.getByRole('button', { name: 'Logout' }).waitFor();

    const entries = (await menu.locator(':scope > *').allInnerTexts()).map((text) => text.trim());
    expect(entries).toEqual(CUSTOMER_MENU);
    const myAccount = menu.getByRole('button', { name: 'My Account' });
    expect(await myAccount.isVisible()).toBe(true);
    for (const label of ['Cart', 'Wishlist']) {
      expect(await menu.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    for (const label of ['Login', 'Sign up']) {
      expect(await menu.getByRole('link', { name: label, exact: true }).count()).toBe(0);
    }

    expect(await myAccount.getAttribute('aria-expanded')).toBe('false');
    await myAccount.click();
    const profileLink = menu.getByRole('link', { name: 'My Profile', exact: true });
    await profileLink.waitFor();
    expect(await myAccount.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('link', { name: 'My Orders', exact: true }).isVisible()).toBe(true);
    await snap(page, 'header-customer-desktop', { fullPage: false });

    await profileLink.click();
    await waitForPath(page, '/CustomerProfile');
    await expectEventually(() => textbox('Email').inputValue(), customer.email);
    expect(await textbox('City').inputValue()).toBe(customer.city);
  });

  test('on a phone the side menu adds Forgot Password', async () => {
    const mobile = await newContext(browser, 'mobile');
    try {
      await mobile.addCookies(await context.cookies());
      const phone = await mobile.newPage();
      await phone.goto('/');
      await phone.getByRole('button', { name: 'Open menu' }).click();
      const drawer = phone.getByRole('dialog');
      const logout = drawer.getByRole('button', { name: 'Logout' });
      await logout.waitFor();
      const labels = (
        await drawer.getByRole('navigation', { name: 'Main' }).locator('a, button').allInnerTexts()
      ).map((text) => text.trim());
      expect(labels).toEqual([
        'My Profile',
        'My Orders',
        'Cart',
        'Wishlist',
        'Forgot Password',
        'Logout',
        'Contact US',
        'About US',
      ]);
      expect(
        await drawer.getByRole('link', { name: 'Forgot Password', exact: true }).isVisible(),
      ).toBe(true);
      await snap(phone, 'header-customer-mobile', { fullPage: false });
    } finally {
      await mobile.close();
    }
  });

  test('Logout empties the storage and brings back the logged-out menu', async () => {
    await page.goto('/');
    const menu = header();
    await menu.getByRole('button', { name: 'Logout' }).waitFor();
    // Something in both storages, so that emptying them is observable.
    await page.evaluate(() => {
      window.sessionStorage.setItem('e2e-marker', 'session');
      window.localStorage.setItem('e2e-marker', 'local');
    });
    expect(await storageContents(page)).toMatchObject({
      session: expect.arrayContaining(['e2e-marker']),
      local: expect.arrayContaining(['e2e-marker']),
    });

    await menu.getByRole('button', { name: 'Logout' }).click();
    await menu.getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect((await menu.getByRole('link').allInnerTexts()).map((text) => text.trim())).toEqual(
      LOGGED_OUT_MENU,
    );
    expect(await menu.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(await storageContents(page)).toEqual({ session: [], local: [] });
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto('/CustomerProfile');
    await waitForPath(page, '/CustomerLogin');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/CustomerProfile');
    await page.getByRole('heading', { level: 1, name: 'Customer login' }).waitFor();
    expect(await messageOnScreen(page, ACCOUNT_MESSAGES.verifyEmailFirst).count()).toBe(0);
  });
});
