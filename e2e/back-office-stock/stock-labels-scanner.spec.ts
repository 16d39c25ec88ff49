import fs from 'node:fs';
import path from 'node:path';
import type { StockPage, StockRow } from '@bazaar/shared';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, unique } from '../accounts/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';
import {
  apiCall,
  createCustomer,
  ensureStock,
  eventually,
  snap,
  stockRow,
} from '../back-office-bills/helpers.js';

/**
 * docs/back-office-bills.md "Stock per size", "Stock value, low stock and labels", "Scanner" in
 * real Chromium: the admin sets the cost and low-stock level of one size's row, sees it under
 * Low stock with its value at cost, prints a label sheet (the PDF names the SKU and the price),
 * then scans that SKU into Add New Purchase twice and saves: that size's stock went down by 2
 * and no other size moved. Screenshots at 1280 and 390 px go to e2e/screenshots/.
 */

// A size the demo data does not keep for kids, so this row is the spec's own.
const ROW = { item: 'Shirt-Box', category: 'Diamond', type: 'Kids(Boy)', size: 'XXL' } as const;
const OTHER = { ...ROW, size: 'XL' } as const;
const NAME = `${ROW.item} ${ROW.category} ${ROW.type} ${ROW.size}`;
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

async function rowNow(page: Page, sku: string): Promise<StockRow> {
  return apiCall<StockRow>(page.request, 'GET', `/api/stock/sku/${sku}`);
}

describe('back office: stock per size, cost, low stock, labels and the scanner', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let row: StockRow;
  let other: StockRow;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    await logIn(page, 'admin', 'admin@bazaar.test');
    row = await ensureStock(page.request, ROW, 30);
    other = await ensureStock(page.request, OTHER, 10);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  test('sets cost and low-stock level on a size row and finds it under Low stock', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/ProductStock');
    await page.getByLabel('Search stock').fill(`${ROW.item} ${ROW.category} kids ${ROW.size}`);
    const line = stockRow(page, NAME);
    await line.waitFor();
    await line.getByLabel(`Edit details of ${NAME}`).click();
    const dialog = page.getByRole('dialog', { name: `Stock details: ${NAME}` });
    await dialog.getByLabel('Cost per piece (₹)').fill('123.45');
    await dialog.getByLabel('Low stock at (pieces)').fill(String(row.quantity + 5));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await line.getByText('Low', { exact: true }).waitFor();
    const value = (row.quantity * 12_345) / 100;
    await line
      .getByText(`₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`)
      .waitFor();

    await page.getByLabel('Search stock').fill('');
    await page.getByText('Low stock', { exact: false }).first().click();
    await expect.poll(() => page.url()).toContain('low=1');
    await page.getByLabel('Search stock').fill(`${ROW.item} ${ROW.category} kids`);
    await stockRow(page, NAME).waitFor();
    const low = await apiCall<StockPage>(page.request, 'GET', '/api/stock?low=true');
    expect(low.lowCount).toBeGreaterThan(0);
    await snap(page, 'stock-low-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await stockRow(page, NAME).waitFor();
    await snap(page, 'stock-low-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The admin home counts and lists the low rows, with a link to the filter.
    await page.goto('/adminHome');
    const block = page.getByRole('region', { name: 'Low stock' });
    await block.getByRole('table', { name: 'Low stock rows' }).waitFor();
    await block.getByRole('link', { name: 'View on Product Stock' }).waitFor();
    await block.screenshot({ path: path.join(SCREENSHOT_DIR, 'stock-admin-home-low.png') });
  });

  test('prints a label sheet whose PDF names the SKU and the price', async () => {
    await page.goto('/ProductStock');
    await page.getByLabel('Search stock').fill(`${ROW.item} ${ROW.category} kids ${ROW.size}`);
    await stockRow(page, NAME).waitFor();
    await page.getByRole('button', { name: 'Print labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print labels' });
    await dialog.getByLabel(`Copies of ${NAME}`).fill('5');
    await dialog.getByText('5 labels on 1 sheet').waitFor();
    const [download] = (await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download labels (PDF)' }).click(),
    ])) as [Download, void];
    const file = path.join(SCREENSHOT_DIR, 'stock-labels.pdf');
    await download.saveAs(file);
    const proxy = await getDocumentProxy(new Uint8Array(fs.readFileSync(file)));
    expect(proxy.numPages).toBe(1);
    const { text } = await extractText(proxy, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat.split(row.sku).length - 1).toBe(5);
    expect(flat).toContain(`Size ${ROW.size}`);
    expect(flat).toContain(`₹${(row.pricePaise / 100).toLocaleString('en-IN')}`);
  });

  test('scans the SKU into Add New Purchase and the size row gives the pieces', async () => {
    const before = await rowNow(page, row.sku);
    const otherBefore = await rowNow(page, other.sku);
    const customer = await createCustomer(page.request, unique(), 'Scanner');
    await page.goto(`/TransactionDetails/${customer.id}`);
    await page.getByRole('button', { name: 'Add New Purchase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Purchase' });
    const scan = dialog.getByLabel('Scan barcode');
    // A scanner types fast and presses Enter.
    await scan.pressSequentially(row.sku.toLowerCase(), { delay: 5 });
    await scan.press('Enter');
    await dialog.getByText(`Added ${NAME} (${row.sku})`).waitFor();
    await scan.pressSequentially(row.sku, { delay: 5 });
    await scan.press('Enter');
    await eventually(() => dialog.getByLabel('Quantity of item 1').inputValue(), '2');
    await scan.pressSequentially('NOT-A-LABEL', { delay: 5 });
    await scan.press('Enter');
    await dialog.getByText('No stock item has the code NOT-A-LABEL').waitFor();
    expect(await scan.inputValue()).toBe('NOT-A-LABEL');
    await snap(page, 'stock-scanned-purchase-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Purchased successfully').waitFor();
    expect((await rowNow(page, row.sku)).quantity).toBe(before.quantity - 2);
    expect((await rowNow(page, other.sku)).quantity).toBe(otherBefore.quantity);
  });
});
