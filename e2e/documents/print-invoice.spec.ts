import fs from 'node:fs';
import path from 'node:path';
import type { CustomerSummaryData } from '@bazaar/shared';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn } from '../accounts/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';

/**
 * docs/documents.md in real Chromium: the admin on a customer's transaction screen clicks
 * Print Invoice; the downloaded PDF's text holds the bill numbers and the grand total. Also the
 * single bill's Print Invoice under More Details ('{shop}_{customer}.pdf'). The PDFs and their
 * first pages as PNG are kept under e2e/screenshots/ for people to look at.
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Paise as en-IN rupees with two decimals, written here independently of the app. */
function rupees(paise: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
}

/** The text of a PDF file, whitespace collapsed. */
async function pdfText(file: string): Promise<string> {
  const proxy = await getDocumentProxy(new Uint8Array(fs.readFileSync(file)));
  const { text } = await extractText(proxy, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Clicks `button` and answers the download it starts, saved under e2e/screenshots/. */
async function downloadFrom(page: Page, click: () => Promise<void>, name: string) {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [
    Download,
    void,
  ];
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `documents-${name}.pdf`);
  await download.saveAs(file);
  return { file, fileName: download.suggestedFilename() };
}

describe('documents: Print Invoice on the transaction screen', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let summary: CustomerSummaryData;
  let customerId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    await logIn(page, 'admin', 'admin@bazaar.test');
    // A demo wholesale customer with open bills (the demo data has a dozen).
    for (let id = 1; id <= 20 && customerId === 0; id += 1) {
      const response = await page.request.get(`/api/documents/customers/${id}/summary`);
      if (!response.ok()) continue;
      const data = (await response.json()) as CustomerSummaryData;
      if (data.bills.some((bill) => bill.status === 'open')) {
        summary = data;
        customerId = id;
      }
    }
    expect(customerId, 'a demo customer with open bills').toBeGreaterThan(0);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  test('the summary invoice holds every bill number and the grand total', async () => {
    await page.goto(`/TransactionDetails/${customerId}`);
    const button = page.getByRole('button', { name: 'Print Invoice' });
    await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
    const { file, fileName } = await downloadFrom(page, () => button.click(), 'summary');
    expect(fileName).toMatch(/\.pdf$/);
    const text = await pdfText(file);
    expect(text).toContain('Summary Invoice');
    for (const bill of summary.bills) expect(text).toContain(`00${bill.id} `);
    const grandTotal = summary.bills.reduce(
      (sum, bill) => sum + bill.amountPaise + bill.gstPaise,
      0,
    );
    expect(text).toContain(`Grand total ${rupees(grandTotal)}`);
    expect(text).toContain(`Number of bills ${summary.bills.length}`);
  });

  test("a bill's Print Invoice gives its tax invoice as {shop}_{customer}.pdf", async () => {
    const newestOpen = summary.bills.filter((bill) => bill.status === 'open').at(-1)!;
    const billNumber = `00${newestOpen.id}`;
    await page.goto(`/TransactionDetails/${customerId}`);
    await page.getByRole('button', { name: `More details of bill ${billNumber}` }).click();
    const button = page.getByRole('button', { name: 'Print Invoice' });
    const { file, fileName } = await downloadFrom(page, () => button.click(), 'bill');
    const shop = summary.customer.shopName ?? summary.customer.name;
    expect(fileName).toBe(`${shop}_${summary.customer.name}.pdf`.replace(/[/\\:*?"<>|]+/g, '-'));
    const text = await pdfText(file);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(`Invoice No. ${billNumber}`);
    const total = newestOpen.amountPaise + newestOpen.gstPaise;
    expect(text).toContain(`Grand total ${rupees(total)}`);
    expect(text).toContain('Authorised Signatory');
  });

  test('the PDF code is loaded only on click, not with the page', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`/TransactionDetails/${customerId}`);
    await expect
      .poll(() => page.getByRole('button', { name: 'Print Invoice' }).isEnabled())
      .toBe(true);
    expect(scripts.filter((url) => /\/render-[\w-]+\.js$/.test(url))).toEqual([]);
    await downloadFrom(
      page,
      () => page.getByRole('button', { name: 'Print Invoice' }).click(),
      'summary-again',
    );
    expect(scripts.some((url) => /\/render-[\w-]+\.js$/.test(url))).toBe(true);
  });
});
