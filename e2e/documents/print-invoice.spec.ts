import fs from 'node:fs';
import path from 'node:path';
import type { BillInvoiceData, CustomerSummaryData } from '@bazaar/shared';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn } from '../accounts/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';

/**
 * docs/documents.md and docs/gst.md "Printed documents" in real Chromium: the admin on a
 * customer's transaction screen clicks Print Invoice; the downloaded summary's text holds the bill
 * numbers and the grand total of the bills not cancelled. Also the single bill's Print Invoice
 * under More Details: its issued tax invoice with the legal number from the series
 * ('BZ/26-27/00042', file 'BZ-26-27-00042_{shop}.pdf'), taxable value, CGST + SGST (or IGST) by
 * rate and total. The PDFs are kept under e2e/screenshots/ for people to look at.
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Paise as en-IN rupees with two decimals, written here independently of the app. */
function rupees(paise: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
}

/** The Indian financial year of a `YYYY-MM-DD` date as a series prints it: '2026-11-27' -> '26-27'. */
function financialYear(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
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
    // Every bill is listed by its Bill-No; a cancelled one adds nothing to the totals.
    for (const bill of summary.bills) expect(text).toContain(`00${bill.id} `);
    const counted = summary.bills.filter((bill) => bill.status !== 'cancelled');
    const grandTotal = counted.reduce((sum, bill) => sum + bill.amountPaise + bill.gstPaise, 0);
    expect(text).toContain(`Grand total ${rupees(grandTotal)}`);
    expect(text).toContain(`Number of bills ${counted.length}`);
  });

  test("a bill's Print Invoice gives its issued tax invoice as {number}_{shop}.pdf", async () => {
    // The newest open bill with GST: a Tax Invoice from the BZ series.
    const bill = summary.bills.filter((each) => each.status === 'open' && each.gstPaise > 0).at(-1);
    expect(bill, 'a demo open bill with GST').toBeDefined();
    const billNumber = `00${bill!.id}`;
    const issued = (await (
      await page.request.get(`/api/documents/bills/${bill!.id}/invoice`)
    ).json()) as BillInvoiceData;
    const { snapshot } = issued.document;
    expect(issued.document.status).toBe('issued');
    expect(snapshot.kind).toBe('tax_invoice');
    // The legal number: series, financial year of the invoice date, five-digit serial.
    const number = snapshot.number;
    expect(number).toBe(`BZ/${financialYear(snapshot.documentDate)}/${number.slice(-5)}`);
    expect(number).toMatch(/^BZ\/\d{2}-\d{2}\/\d{5}$/);
    // The frozen snapshot agrees with the bill's money.
    expect(snapshot.totals.taxableValuePaise).toBe(bill!.amountPaise);
    expect(snapshot.totals.taxPaise).toBe(bill!.gstPaise);
    expect(snapshot.totals.totalPaise).toBe(bill!.amountPaise + bill!.gstPaise);

    await page.goto(`/TransactionDetails/${customerId}`);
    await page.getByRole('button', { name: `More details of bill ${billNumber}` }).click();
    // The screen shows the same number as the bill's detail.
    await expect
      .poll(() => page.getByTestId('invoice-number').innerText(), { timeout: 15_000 })
      .toContain(`Tax Invoice ${number}`);
    const button = page.getByRole('button', { name: 'Print Invoice' });
    const { file, fileName } = await downloadFrom(page, () => button.click(), 'bill');
    const shop = summary.customer.shopName ?? summary.customer.name;
    expect(fileName).toBe(
      `${number.replaceAll('/', '-')}_${shop}.pdf`.replace(/[\\:*?"<>|]+/g, '-'),
    );
    expect(fileName).toMatch(/^BZ-\d{2}-\d{2}-\d{5}_/);

    const text = await pdfText(file);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(`Tax Invoice No. ${number}`);
    expect(text).toContain(`Bill No. ${billNumber}`);
    expect(text).toContain(`Taxable value ${rupees(bill!.amountPaise)}`);
    // The tax lines by rate, summed here from the invoice's own lines: CGST + SGST at half the
    // rate each within the state, IGST at the whole rate across states.
    const byRate = new Map<number, { cgst: number; sgst: number; igst: number }>();
    for (const line of snapshot.lines) {
      const sums = byRate.get(line.ratePercent) ?? { cgst: 0, sgst: 0, igst: 0 };
      sums.cgst += line.cgstPaise;
      sums.sgst += line.sgstPaise;
      sums.igst += line.igstPaise;
      byRate.set(line.ratePercent, sums);
    }
    let taxLines = 0;
    for (const [rate, sums] of byRate) {
      if (rate === 0) continue;
      expect([5, 12, 18]).toContain(rate);
      if (snapshot.placeOfSupply.interState) {
        expect(text).toContain(`IGST @ ${rate} % ${rupees(sums.igst)}`);
        taxLines += sums.igst;
      } else {
        expect(text).toContain(`CGST @ ${rate / 2} % ${rupees(sums.cgst)}`);
        expect(text).toContain(`SGST @ ${rate / 2} % ${rupees(sums.sgst)}`);
        taxLines += sums.cgst + sums.sgst;
      }
    }
    expect(taxLines).toBe(bill!.gstPaise);
    expect(text).toContain(`Total GST ${rupees(bill!.gstPaise)}`);
    expect(text).toContain(`Total ${rupees(bill!.amountPaise + bill!.gstPaise)}`);
    expect(text).not.toContain('CANCELLED');
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
