import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT_MESSAGES } from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext, waitForMail } from '../support/browser.js';
import {
  areaMenu,
  DEMO_EMAILS,
  DEMO_PASSWORD,
  E2E_CAPTCHA_CODE,
  expectEventually,
  expectSignedInArea,
  logIn,
  openLogin,
  snap,
  submitLogin,
  unique,
  uniqueMobile,
  waitForPath,
} from './helpers.js';

/** A GSTIN of Bihar (state code 10) with a correct check character, and the same one broken. */
const VALID_GSTIN = '10AABCS1429B1Z9';
const INVALID_GSTIN = '10AABCS1429B1Z8';

const seller = {
  shopName: `Ganga Fashion ${unique()}`,
  email: `ganga.${unique()}@example.in`,
  password: 'Tulsi#Mango7',
  mobile: uniqueMobile(8),
  gender: 'Male',
  locality: 'Shop 4, Fraser Road',
  pincode: '800001',
  city: 'Patna',
  category: 'Cloth',
  description: 'Sarees, kurtas and dress material from Bhagalpur weavers since 1998.',
};

describe('seller registration', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let imageDir: string;
  let imagePath: string;

  const textbox = (name: string): Locator => page.getByRole('textbox', { name, exact: true });
  const next = () => page.getByRole('button', { name: 'Next' });
  const stepOpen = async (name: string) => {
    await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
  };
  const panel = (step: string): Locator => page.getByRole('region', { name: step });

  beforeAll(async () => {
    imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-e2e-shop-'));
    imagePath = path.join(imageDir, 'shop-front.png');
    await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 60, b: 120 } },
    })
      .png()
      .toFile(imagePath);
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
  });

  test('a seller registers with shop details and an emailed OTP', async () => {
    await page.goto('/SellerRegistration');
    await page.getByRole('heading', { level: 1, name: 'Register your shop' }).waitFor();
    await stepOpen('Account Setup');
    await textbox('Shop name').fill(seller.shopName);
    await textbox('Email').fill(seller.email);
    await textbox('Password').fill(seller.password);
    await textbox('Confirm password').fill(seller.password);
    await panel('Account Setup').getByText('Password is Strong').waitFor();
    await panel('Account Setup').getByText('Password matched').waitFor();
    await snap(page, 'registration-seller-1-account');
    await next().click();

    await stepOpen('Contact Info');
    await textbox('Phone number').fill(seller.mobile);
    await page.getByRole('radio', { name: seller.gender, exact: true }).check();
    await next().click();

    await stepOpen('Address Details');
    await textbox('Locality').fill(seller.locality);
    await textbox('Pincode').fill(seller.pincode);
    await expectEventually(() => textbox('City').inputValue(), seller.city);
    await next().click();

    await stepOpen('Shop Details');
    const shop = panel('Shop Details');
    expect(await textbox('Shop name').inputValue()).toBe(seller.shopName);
    await textbox('GST No').fill(INVALID_GSTIN);
    await textbox('GST No').blur();
    await shop.getByText('Invalid GST No', { exact: true }).waitFor();
    expect(await textbox('GST No').getAttribute('aria-invalid')).toBe('true');
    await snap(page, 'registration-seller-invalid-gst');

    await textbox('GST No').fill(VALID_GSTIN);
    await textbox('GST No').blur();
    await shop.getByText('Invalid GST No', { exact: true }).waitFor({ state: 'detached' });

    const category = page.getByRole('combobox', { name: 'Shop Category' });
    await category.selectOption({ label: seller.category });
    expect(await category.inputValue()).toBe(seller.category);
    await textbox('Shop Description').fill(seller.description);
    await page.getByLabel('Shop Image').setInputFiles(imagePath);
    await shop.getByRole('img', { name: 'Preview of the shop image' }).waitFor();
    expect(await shop.getByText('shop-front.png').isVisible()).toBe(true);
    await snap(page, 'registration-seller-4-shop');
    await next().click();

    await stepOpen('Captcha');
    await page.getByRole('img', { name: 'Captcha code' }).waitFor();
    await textbox('Captcha').fill(E2E_CAPTCHA_CODE);
    const sent = page.waitForResponse(
      (answer) =>
        answer.url().endsWith('/api/auth/registration-otp') && answer.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send OTP' }).click();
    expect((await sent).status()).toBe(202);
    const mail = await waitForMail(seller.email, (message) =>
      /registration code/.test(message.subject),
    );
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(otp, mail.text).toMatch(/^\d{6}$/);
    await textbox('OTP').fill(otp!);
    expect(await page.getByRole('button', { name: 'Resend OTP' }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /I accept Terms & Condition/ }).check();
    await snap(page, 'registration-seller-5-captcha-otp');
    await next().click();

    await stepOpen('Verification');
    const summary = panel('Verification');
    for (const value of [
      seller.shopName,
      seller.email,
      `+91 ${seller.mobile}`,
      seller.gender,
      seller.locality,
      seller.city,
      seller.pincode,
      VALID_GSTIN,
      seller.category,
      seller.description,
    ]) {
      expect(await summary.getByText(value, { exact: true }).first().isVisible(), value).toBe(true);
    }
    expect(await summary.getByRole('img', { name: 'Shop image' }).isVisible()).toBe(true);
    expect(await summary.getByRole('button', { name: 'Edit Shop' }).isVisible()).toBe(true);
    await snap(page, 'registration-seller-6-verification');

    const response = page.waitForResponse(
      (answer) =>
        answer.url().endsWith('/api/auth/register/seller') && answer.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await response).status()).toBe(201);
    const main = page.getByRole('main');
    await main.getByRole('status').waitFor();
    expect((await main.getByRole('status').innerText()).trim()).not.toBe('');
    const toLogin = main.getByRole('link', { name: /login/i });
    expect(await toLogin.getAttribute('href')).toBe('/SellerLogin');
    await snap(page, 'registration-seller-7-done');
  });

  test('the new seller logs in and lands on the seller home with the shop', async () => {
    await logIn(page, 'seller', seller.email, seller.password);
    await expectSignedInArea(page, seller.email);
    await page.getByRole('main').getByText(seller.shopName, { exact: false }).first().waitFor();
    expect(await areaMenu(page, 'seller').getByRole('link', { name: 'Home' }).isVisible()).toBe(
      true,
    );
    await snap(page, 'home-new-seller');
  });

  test('a seller without shop details is sent to the shop-details form', async () => {
    const fresh = await newContext(browser, 'desktop');
    fresh.setDefaultTimeout(10_000);
    try {
      const other = await fresh.newPage();
      await openLogin(other, 'seller');
      await submitLogin(other, DEMO_EMAILS.newSeller, DEMO_PASSWORD);
      await waitForPath(other, '/ShopDetailsStepperForm');
      const main = other.getByRole('main');
      await main.getByText(ACCOUNT_MESSAGES.shopDetailsMissing, { exact: true }).waitFor();
      expect(await main.getByRole('heading', { level: 1, name: 'Shop details' }).isVisible()).toBe(
        true,
      );
      for (const field of ['Shop name', 'GST No', 'Shop Description', 'Locality', 'Pincode']) {
        expect(
          await other.getByRole('textbox', { name: field, exact: true }).isVisible(),
          field,
        ).toBe(true);
      }
      await snap(other, 'shop-details-missing');

      // Every seller page sends this seller back to the form.
      await other.goto('/Home');
      await waitForPath(other, '/ShopDetailsStepperForm');
      await main.getByText(ACCOUNT_MESSAGES.shopDetailsMissing, { exact: true }).waitFor();
    } finally {
      await fresh.close();
    }
  });
});
