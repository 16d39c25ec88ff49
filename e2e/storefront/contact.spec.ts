import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.js';
import { E2E_CAPTCHA_CODE } from '../accounts/helpers.js';
import { snap } from './helpers.js';

const FIELDS = ['Name', 'Email', 'Phone', 'Subject', 'Message'] as const;
type Field = (typeof FIELDS)[number];

describe('Contact US', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const form = () => page.getByRole('region', { name: 'Send us a message' });
  const field = (name: Field): Locator => form().getByRole('textbox', { name, exact: true });
  const send = () => form().getByRole('button', { name: 'Send message' });
  /** The error a field shows (Mantine links it to the input with aria-describedby). */
  const errorOf = async (name: Field): Promise<string | null> => {
    const ids = (await field(name).getAttribute('aria-describedby'))?.split(' ') ?? [];
    for (const id of ids) {
      const element = form().locator(`[id="${id}"]`);
      if ((await element.count()) === 1 && (await element.isVisible())) {
        return ((await element.textContent()) ?? '').trim();
      }
    }
    return null;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  test('the page shows phone, address, email and the form', async () => {
    await page.goto('/ContactUS');
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: /^\+91 [\d ]+$/ }).isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: /@/ }).isVisible()).toBe(true);
    expect(await main.getByText(/Patna, Bihar/).isVisible()).toBe(true);
    expect(await main.getByRole('img', { name: /^Illustration/ }).isVisible()).toBe(true);
    for (const name of FIELDS) expect(await field(name).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: 'Contact US' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  test('sending it empty shows every required message', async () => {
    await send().click();
    await form().getByText('Name is required').waitFor();
    for (const name of FIELDS) {
      expect(await errorOf(name)).toBe(`${name} is required`);
      expect(await field(name).getAttribute('aria-invalid')).toBe('true');
    }
  });

  test('phone and name rules show the spec messages', async () => {
    await field('Phone').fill('12345');
    await field('Phone').blur();
    await form().getByText('Mobile number should be of 10 digits').waitFor();
    expect(await errorOf('Phone')).toBe('Mobile number should be of 10 digits');

    await field('Phone').fill('5123456789');
    await field('Phone').blur();
    await form().getByText('First digit must be between 6 to 9').waitFor();
    expect(await errorOf('Phone')).toBe('First digit must be between 6 to 9');

    await field('Name').fill('Ravi 2');
    await field('Name').blur();
    await form().getByText('Name should only contain letters').waitFor();
    expect(await errorOf('Name')).toBe('Name should only contain letters');

    await snap(page, 'contact-errors');
  });

  test('a valid message shows the success notification and clears the form', async () => {
    await field('Name').fill('Ravi Kumar');
    await field('Email').fill('ravi.kumar@example.com');
    await field('Phone').fill('9876543210');
    await field('Subject').fill('Size exchange');
    await field('Message').fill('Please tell me how to exchange a kurta for a bigger size.');
    for (const name of FIELDS) {
      await field(name).blur();
      expect(await errorOf(name)).toBeNull();
    }
    await form().getByRole('textbox', { name: 'Captcha' }).fill(E2E_CAPTCHA_CODE);

    const response = page.waitForResponse(
      (answer) =>
        answer.url().endsWith('/api/contact-messages') && answer.request().method() === 'POST',
    );
    await send().click();
    expect((await response).status()).toBe(201);

    const notification = page.getByRole('alert').filter({ hasText: 'Message sent' });
    await notification.waitFor();
    expect(await notification.getByText(/^Thank you for writing to us\./).isVisible()).toBe(true);
    for (const name of FIELDS) {
      expect(await field(name).inputValue()).toBe('');
      expect(await errorOf(name)).toBeNull();
    }
    await snap(page, 'contact-sent');
  });
});
