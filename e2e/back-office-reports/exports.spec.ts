import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, logIn } from '../accounts/helpers.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';

/*
 * docs/back-office-reports.md "Exports": the admin downloads the bills as CSV and the month's
 * Tally file from the Exports section of Total transaction, sees the button's loader while the
 * file is prepared, a range the wrong way round refused with the server's message before any
 * request, and a server refusal shown in a red alert; at 1280 and 390 px.
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

let browser: Browser;
let context: BrowserContext;
let page: Page;

function exportsSection(on: Page): Locator {
  return on.getByRole('region', { name: 'Exports for the accountant' });
}

/** A screenshot of the Exports section alone (the full page is long with the charts). */
async function snapSection(on: Page, name: string): Promise<void> {
  const section = exportsSection(on);
  await section.scrollIntoViewIfNeeded();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await section.screenshot({ path: path.join(SCREENSHOT_DIR, `back-office-exports-${name}.png`) });
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  await logIn(page, 'admin', DEMO_EMAILS.admin);
  await page.goto('/totalTransaction');
  await exportsSection(page).waitFor();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('Exports on Total transaction', () => {
  test('downloads the bills of the range as CSV with the accountant headers', async () => {
    const section = exportsSection(page);
    await section.getByLabel('From', { exact: true }).fill('2024-01-01');
    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download bills as CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^bills_2024-01-01_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFBill No,Invoice No,Document,Bill Date,Customer,Shop,GSTIN,Place of Supply,' +
        'Taxable Value,CGST,SGST,IGST,Total,Paid,Credit Notes,Dues,Status,Sold By',
    );
    // The demo data has bills: rows follow the header, dates as DD-MM-YYYY.
    expect(text.split('\r\n').length).toBeGreaterThan(3);
    expect(text.split('\r\n')[1]).toMatch(/,\d{2}-\d{2}-\d{4},/);
  });

  test('shows the loader while the Tally file is prepared, then downloads it', async () => {
    const section = exportsSection(page);
    // Hold the answer a moment so the loading state can be seen.
    await page.route('**/api/exports/tally**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    const button = section.getByRole('button', { name: 'Tally XML' });
    await button.click();
    await expect.poll(() => button.getAttribute('data-loading')).toBe('true');
    await expect
      .poll(() => section.getByRole('button', { name: 'Download stock as Excel' }).isDisabled())
      .toBe(true);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^tally_\d{4}-\d{2}\.xml$/);
    const xml = fs.readFileSync((await download.path())!, 'utf8');
    expect(xml).toContain('<TALLYREQUEST>Import Data</TALLYREQUEST>');
    await expect.poll(() => button.getAttribute('data-loading')).toBeNull();
    await page.unroute('**/api/exports/tally**');
  });

  test('refuses a range the wrong way round, and shows a refusal of the server', async () => {
    const section = exportsSection(page);
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/exports/payments')) requests += 1;
    });
    await section.getByLabel('From', { exact: true }).fill('2026-03-10');
    await section.getByLabel('To', { exact: true }).fill('2026-03-01');
    await section.getByRole('button', { name: 'Download payments as Excel' }).click();
    await section.getByText('The start date must be on or before the end date').waitFor();
    expect(requests).toBe(0);
    await snapSection(page, 'bad-range-1280');

    // A refusal only the server can give is shown in the alert.
    await page.route('**/api/exports/payments**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Choose a range of at most 3 years',
            fields: { to: 'Choose a range of at most 3 years' },
          },
        }),
      }),
    );
    await section.getByLabel('To', { exact: true }).fill('2026-03-31');
    await section.getByRole('button', { name: 'Download payments as CSV' }).click();
    await section.getByRole('alert').getByText('Choose a range of at most 3 years').waitFor();
    await page.unroute('**/api/exports/payments**');
    await screenshot(page, 'back-office-exports-page-1280');
  });
});

describe('at 390 px', () => {
  test('the Exports section fits a phone', async () => {
    const mobile = await newContext(browser, 'mobile');
    const phone = await mobile.newPage();
    try {
      await logIn(phone, 'admin', DEMO_EMAILS.admin);
      await phone.goto('/totalTransaction');
      await exportsSection(phone).waitFor();
      const overflow = await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await snapSection(phone, '390');
    } finally {
      await mobile.close();
    }
  });
});
