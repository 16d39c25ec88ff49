import fs from 'node:fs';
import path from 'node:path';
import type { BillDetail, Payment } from '@bazaar/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, unique, uniqueMobile } from '../accounts/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';
import { apiCall, choose, ensureStock, rupees } from '../back-office-bills/helpers.js';

/**
 * docs/back-office-ledger.md in real Chromium: the admin opens a customer moved from a paper
 * book (opening balance ₹10,000, credit limit ₹15,000) with two bills and a UPI payment; the
 * ledger on the transaction screen shows the rows newest first with their running balances and
 * the ageing; Add New Purchase warns with the figures when the new bill would pass the limit;
 * the admin home shows the ageing of all dues. Screenshots at 1280 and 390 px go to
 * e2e/screenshots/ledger-*.png.
 */

const SHIRT = { item: 'Shirt-Box', category: 'Silver', type: "Men's", size: 'M' } as const;
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

async function snap(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // A full page from the top, so the sticky header sits where it belongs.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `ledger-${name}.png`), fullPage });
}

describe('back office: the customer ledger (khata)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let customerId = 0;
  const bills: BillDetail[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    await logIn(page, 'admin', 'admin@bazaar.test');
    await ensureStock(page.request, SHIRT, 100);
    const stamp = unique();
    const created = await apiCall<{ customer: { id: number } }>(
      page.request,
      'POST',
      '/api/customers',
      {
        name: `Khata ${stamp.slice(-6)}`,
        mobile: uniqueMobile(9),
        email: `ledger-${stamp}@example.test`,
        shopName: 'Khata Textiles',
        locality: 'Boring Road',
        landmark: 'Near Gandhi Maidan',
        city: 'Patna',
        pincode: '800001',
        openingBalancePaise: 1_000_000,
        creditLimitPaise: 1_500_000,
      },
    );
    customerId = created.customer.id;
    for (const quantity of [3, 2]) {
      bills.push(
        await apiCall<BillDetail>(page.request, 'POST', `/api/customers/${customerId}/bills`, {
          lines: [{ ...SHIRT, quantity, ratePaise: 100_000 }],
        }),
      );
    }
    await apiCall<Payment>(page.request, 'POST', `/api/customers/${customerId}/payments`, {
      amountPaise: 200_000,
      mode: 'upi',
      reference: '412345678901',
      allocation: 'oldest_first',
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  test('rows with running balance, ageing, the credit-limit warning, at 1280 and 390 px', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/TransactionDetails/${customerId}`);
    const ledger = page.getByRole('table', { name: 'Customer ledger' });
    await ledger.waitFor({ timeout: 15_000 });
    // Newest first: payment, bill 2, bill 1, opening balance; balances from the opening ₹10,000.
    const balances = await ledger.locator('tbody tr td:last-child').allTextContents();
    expect(balances).toEqual([
      rupees(1_300_000),
      rupees(1_500_000),
      rupees(1_300_000),
      rupees(1_000_000),
    ]);
    const section = page.getByRole('region', { name: 'Customer ledger' });
    await expect.poll(() => section.textContent()).toContain(`Balance ${rupees(1_300_000)}`);
    await snap(page, 'transaction-1280');

    // Add New Purchase: 3 shirts at ₹1,000 (₹3,000) on ₹13,000 of dues passes the ₹15,000 limit.
    await page.getByRole('button', { name: 'Add New Purchase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Purchase' });
    await dialog.waitFor();
    const line = dialog.getByRole('group', { name: 'Item line 1' });
    await choose(page, line, 'Item of item 1', SHIRT.item);
    await choose(page, line, 'Category of item 1', SHIRT.category);
    await choose(page, line, 'Type of item 1', SHIRT.type);
    await choose(page, line, 'Size of item 1', 'M');
    await line.getByLabel('Quantity of item 1', { exact: true }).fill('3');
    await line.getByLabel('Rate of item 1', { exact: true }).fill('1000');
    const warning = dialog.getByRole('alert').filter({ hasText: 'Above the credit limit' });
    await warning.waitFor({ timeout: 10_000 });
    expect(await warning.textContent()).toContain(
      'Credit limit ₹15,000.00 exceeded: dues ₹13,000.00 + this bill ₹3,000.00 = ₹16,000.00',
    );
    // A warning, not a block: Submit stays available.
    expect(await dialog.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(false);
    await warning.scrollIntoViewIfNeeded();
    await snap(page, 'credit-limit-1280', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/TransactionDetails/${customerId}`);
    await ledger.waitFor({ timeout: 15_000 });
    await snap(page, 'transaction-390');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/adminHome');
    const ageing = page.getByRole('region', { name: 'Ageing of dues' });
    await expect.poll(() => ageing.textContent(), { timeout: 15_000 }).toContain('0-30 days');
    await expect.poll(() => ageing.textContent()).not.toContain('₹0.00 owed');
    const chartsLoaded = () =>
      page.getByLabel('Loading charts').waitFor({ state: 'detached', timeout: 30_000 });
    await chartsLoaded();
    await snap(page, 'admin-home-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await ageing.waitFor();
    await chartsLoaded();
    await snap(page, 'admin-home-390');
  });
});
