import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { ROLE_AREAS, TWO_FACTOR_MESSAGES } from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DEMO_EMAILS,
  DEMO_PASSWORD,
  expectSignedInArea,
  logIn,
  openLogin,
  snap,
  submitLogin,
  waitForPath,
} from '../accounts/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';

/**
 * Two-step sign-in for staff (docs/accounts.md): the demo admin turns it on from
 * the profile, reading the key from the page as a person typing it into an authenticator app
 * would, signs out, signs in with a code computed from that key, and finally turns it off again
 * (so the other specs keep signing in with the password alone).
 */

/** The code an authenticator app shows now for a base32 key. */
function codeFor(secret: string): Promise<string> {
  return createOTP(base32.decode(secret)).totp();
}

describe('two-step sign-in for staff', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let secret = '';
  let enabled = false;

  const section = (): Locator => page.getByRole('region', { name: 'Two-step sign-in' });

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    // Whatever failed above, leave the policy off and the demo admin with the password alone.
    if (enabled && page) {
      await page
        .evaluate(async (password) => {
          await fetch('/api/admin/security-settings', {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ requireStaffTwoFactor: false }),
          });
          await fetch('/api/account/two-factor/disable', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ password }),
          });
        }, DEMO_PASSWORD)
        .catch(() => undefined);
    }
    await context?.close();
    await browser?.close();
  });

  test('the admin turns it on from the profile with the QR code, key and recovery codes', async () => {
    await logIn(page, 'admin', DEMO_EMAILS.admin);
    await page.goto('/AdminProfile');
    await section().getByText('Off', { exact: true }).waitFor();
    await section().getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await section().getByLabel('Your password').fill(DEMO_PASSWORD);
    await section().getByRole('button', { name: 'Continue' }).click();

    await section()
      .getByRole('img', { name: /QR code of the two-step sign-in key/ })
      .waitFor();
    const keyText = await section().getByTestId('two-factor-secret').innerText();
    secret = keyText.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const codes = await section().getByTestId('recovery-codes').locator('li').allInnerTexts();
    expect(codes).toHaveLength(10);
    await snap(page, 'two-factor-setup');

    // A wrong code first: the panel says so and stays.
    const codeField = section().getByRole('textbox', { name: '6-digit code' });
    const right = await codeFor(secret);
    await codeField.fill(right === '000000' ? '111111' : '000000');
    await section().getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await section().getByText(TWO_FACTOR_MESSAGES.codeInvalid).waitFor();

    await codeField.fill(await codeFor(secret));
    await section().getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await section().getByText('On', { exact: true }).waitFor();
    enabled = true;
    await section().getByText('10 of 10 recovery codes left.').waitFor();
    await snap(page, 'two-factor-on');
  });

  test('signing in again asks for the code after the password', async () => {
    expect(enabled).toBe(true);
    await page.goto('/logout');
    await waitForPath(page, ROLE_AREAS.admin.loginPath).catch(() => undefined);
    await openLogin(page, 'admin');
    await submitLogin(page, DEMO_EMAILS.admin, DEMO_PASSWORD);

    const code = page.getByRole('textbox', { name: 'Authentication code' });
    await code.waitFor();
    await expect
      .poll(() => page.evaluate(async () => (await (await fetch('/api/auth/session')).json()).user))
      .toBeNull();
    await snap(page, 'two-factor-login-code');

    // The recovery-code link switches the field, and back.
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).waitFor();
    await page.getByRole('button', { name: 'Use the authenticator app' }).click();

    await code.fill(await codeFor(secret));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await waitForPath(page, ROLE_AREAS.admin.homePath);
    await expectSignedInArea(page, DEMO_EMAILS.admin);
  });

  test('on a phone the code step fits the screen', async () => {
    const phone = await newContext(browser, 'mobile');
    try {
      const mobile = await phone.newPage();
      await openLogin(mobile, 'admin');
      await submitLogin(mobile, DEMO_EMAILS.admin, DEMO_PASSWORD);
      await mobile.getByRole('textbox', { name: 'Authentication code' }).waitFor();
      const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await snap(mobile, 'two-factor-login-code-mobile');
    } finally {
      await phone.close();
    }
  });

  test('the admin requires it for all staff, and a seller without it is sent to set it up', async () => {
    const settingsSwitch = page.getByRole('switch', {
      name: 'Require two-step sign-in for all staff',
    });
    const dialog = page.getByRole('dialog', { name: 'Require two-step sign-in for all staff?' });
    await page.goto('/securitySettings');
    await settingsSwitch.waitFor();
    expect(await settingsSwitch.isChecked()).toBe(false);
    await settingsSwitch.click({ force: true });
    await dialog.waitFor();
    await snap(page, 'two-factor-security-settings-confirm');
    await dialog.getByRole('button', { name: 'Require it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => settingsSwitch.isChecked()).toBe(true);

    const sellerContext = await newContext(browser, 'desktop');
    try {
      const seller = await sellerContext.newPage();
      await openLogin(seller, 'seller');
      await submitLogin(seller, DEMO_EMAILS.seller, DEMO_PASSWORD);
      await waitForPath(seller, '/Profile');
      const alert = seller
        .getByRole('alert')
        .filter({ hasText: TWO_FACTOR_MESSAGES.setupRequired });
      await alert.waitFor();
      await seller.getByRole('textbox', { name: 'Your password' }).waitFor();
      await snap(seller, 'two-factor-setup-required');
      // Any other page of the area comes back to the setup.
      await seller.goto('/NewOrder');
      await waitForPath(seller, '/Profile');
      const answer = await seller.evaluate(async () => {
        const response = await fetch('/api/shop/orders');
        return { status: response.status, body: (await response.json()) as unknown };
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: { code: 'TWO_FACTOR_SETUP_REQUIRED' } });
    } finally {
      await sellerContext.close();
    }

    await settingsSwitch.click({ force: true });
    const stop = page.getByRole('dialog', { name: 'Stop requiring two-step sign-in?' });
    await stop.getByRole('button', { name: 'Stop requiring it' }).click();
    await stop.waitFor({ state: 'hidden' });
    await expect.poll(() => settingsSwitch.isChecked()).toBe(false);
  });

  test('the admin turns it off after a confirmation', async () => {
    await page.goto('/AdminProfile');
    await section().getByRole('button', { name: 'Turn off' }).click();
    await section().getByLabel('Your password').fill(DEMO_PASSWORD);
    await section().getByRole('button', { name: 'Turn off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await section().getByText('Off', { exact: true }).waitFor();
    enabled = false;
  });

  test("requiring it for all staff needs it on the admin's own account first", async () => {
    const phone = await newContext(browser, 'mobile');
    try {
      const mobile = await phone.newPage();
      await logIn(mobile, 'admin', DEMO_EMAILS.admin);
      await mobile.goto('/securitySettings');
      const settingsSwitch = mobile.getByRole('switch', {
        name: 'Require two-step sign-in for all staff',
      });
      await settingsSwitch.waitFor();
      await settingsSwitch.click({ force: true });
      const dialog = mobile.getByRole('dialog', {
        name: 'Require two-step sign-in for all staff?',
      });
      await dialog.getByRole('button', { name: 'Require it' }).click();
      await mobile.getByText(TWO_FACTOR_MESSAGES.ownAccountFirst).waitFor();
      expect(await settingsSwitch.isChecked()).toBe(false);
      const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await snap(mobile, 'two-factor-security-settings-mobile');

      // The setup panel on a phone: QR code, key and recovery codes fit the width.
      await mobile.goto('/AdminProfile');
      const panel = mobile.getByRole('region', { name: 'Two-step sign-in' });
      await panel.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      await panel.getByLabel('Your password').fill(DEMO_PASSWORD);
      await panel.getByRole('button', { name: 'Continue' }).click();
      await panel.getByTestId('recovery-codes').waitFor();
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await snap(mobile, 'two-factor-setup-mobile');
      await panel.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await phone.close();
    }
  });
});
