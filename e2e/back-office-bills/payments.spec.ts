import fs from 'node:fs';
import path from 'node:path';
import type { BillDetail, Payment } from '@bazaar/shared';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, messageOnScreen, unique } from '../accounts/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';
import { apiCall, createCustomer, ensureStock, eventually, rupees, snap } from './helpers.js';

/**
 * docs/back-office-bills.md "Payments" in real Chromium: the admin takes a UPI payment and a
 * cheque on a customer's account with Take payment (oldest bills first, the preview showing the
 * shares), the cheque bounces from the payment history, and the dues on the screen go back up by
 * exactly the cheque; the UPI receipt PDF says the amount in words and the mode. Screenshots of
 * the inline payment form, the dialog and the receipt at 1280 and 390 px go to e2e/screenshots/.
 */

const SHIRT = { item: 'Shirt-Box', category: 'Silver', type: "Men's", size: 'M' } as const;
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Today in India, `YYYY-MM-DD`. */
function indianToday(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

/** The footer's Dues amount as shown. */
async function duesShown(page: Page): Promise<string> {
  return (await page.locator('[data-total="Dues amount"]').textContent()) ?? '';
}

/** Fills and saves the Take payment dialog; answers the payment the server saved. */
async function takePayment(
  page: Page,
  amount: string,
  mode: 'UPI' | 'Cheque',
  details: Record<string, string>,
  screenshotAs?: string,
): Promise<Payment> {
  await page.getByRole('button', { name: 'Take payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take payment' });
  await dialog.getByLabel('Amount (₹)').fill(amount);
  await dialog.getByRole('combobox', { name: 'Mode' }).click();
  await page.getByRole('option', { name: mode, exact: true }).click();
  for (const [label, value] of Object.entries(details)) {
    await dialog.getByLabel(label, { exact: true }).fill(value);
  }
  await dialog.getByRole('table', { name: 'Allocation preview' }).waitFor();
  if (screenshotAs) await snap(page, screenshotAs, { fullPage: false });
  const answer = page.waitForResponse(
    (response) =>
      /\/api\/customers\/\d+\/payments$/.test(new URL(response.url()).pathname) &&
      response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: /^Save payment/ }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const payment = (await response.json()) as Payment;
  await dialog.getByText(payment.receiptNumber).waitFor();
  return payment;
}

describe('back office: payments with their mode, a bounced cheque, the receipt', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let customerId = 0;
  let older: BillDetail;
  let newer: BillDetail;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    await logIn(page, 'admin', 'admin@bazaar.test');
    await ensureStock(page.request, SHIRT, 100);
    const customer = await createCustomer(page.request, unique(), 'Payments');
    customerId = customer.id;
    const bill = (quantity: number) =>
      apiCall<BillDetail>(page.request, 'POST', `/api/customers/${customerId}/bills`, {
        lines: [{ ...SHIRT, quantity, ratePaise: 100_000 }],
      });
    older = await bill(3); // ₹3,000
    newer = await bill(5); // ₹5,000
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  test('a UPI payment and a cheque on the account, the cheque bounces, the dues go back up', async () => {
    await page.goto(`/TransactionDetails/${customerId}`);
    await expect.poll(() => duesShown(page), { timeout: 15_000 }).toBe(rupees(800_000));

    // UPI ₹3,500: the older bill in full, ₹500 of the newer one (oldest first).
    const upi = await takePayment(
      page,
      '3500',
      'UPI',
      { 'UTR / reference': '412345678901' },
      'take-payment-1280',
    );
    expect(upi.allocations).toEqual([
      { billId: older.id, billNumber: older.billNumber, amountPaise: 300_000 },
      { billId: newer.id, billNumber: newer.billNumber, amountPaise: 50_000 },
    ]);
    expect(upi.receiptNumber).toMatch(/^RC\/\d{2}-\d{2}\/\d{5}$/);
    await snap(page, 'take-payment-saved-1280', { fullPage: false });
    // The receipt from the dialog: amount in words and the mode.
    const receipt = await downloadPdf(
      page,
      () => page.getByRole('button', { name: 'Download receipt' }).click(),
      'receipt-upi',
    );
    expect(receipt.fileName).toMatch(/^Receipt RC-\d{2}-\d{2}-\d{5}_Payments Textiles\.pdf$/);
    expect(receipt.text).toContain('Rupees Three Thousand Five Hundred Only');
    expect(receipt.text).toContain('UPI');
    expect(receipt.text).toContain('412345678901');
    await page.getByRole('button', { name: 'Done' }).click();
    await eventually(() => duesShown(page), rupees(450_000));

    // A cheque of ₹2,000 on the rest of the newer bill.
    const cheque = await takePayment(page, '2000', 'Cheque', {
      'Cheque number': '004512',
      Bank: 'State Bank of India',
      'Cheque date': indianToday(),
    });
    expect(cheque.allocations).toEqual([
      { billId: newer.id, billNumber: newer.billNumber, amountPaise: 200_000 },
    ]);
    await page.getByRole('button', { name: 'Done' }).click();
    await eventually(() => duesShown(page), rupees(250_000));

    // The cheque bounces: marked from the payment history, the dues go back up by ₹2,000.
    await page.getByRole('button', { name: 'Payment history' }).click();
    const history = page.getByRole('dialog', { name: 'Payment history' });
    await history
      .getByRole('button', {
        name: `Mark cheque 004512 of receipt ${cheque.receiptNumber} bounced`,
      })
      .click();
    const bounce = page.getByRole('dialog', { name: 'Cheque 004512 bounced' });
    await bounce.getByLabel('Why did it bounce?').fill('Insufficient funds');
    await bounce.getByRole('button', { name: 'Mark bounced' }).click();
    await messageOnScreen(page, 'Cheque marked bounced: its bills owe the amount again').waitFor();
    const row = history.getByRole('row', {
      name: `Payment ${cheque.receiptNumber} on bill ${newer.billNumber}`,
    });
    await row.getByText('Bounced', { exact: true }).waitFor();
    await snap(page, 'payment-history-bounced-1280', { fullPage: false });
    await history.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => duesShown(page), rupees(450_000));
    const after = await apiCall<BillDetail>(page.request, 'GET', `/api/bills/${newer.id}`);
    expect(after.duesPaise).toBe(450_000);
  });

  test('the inline payment on a bill asks for the mode and its details, with clear errors', async () => {
    await page.goto(`/TransactionDetails/${customerId}`);
    const row = page
      .getByRole('table', { name: 'Bills' })
      .getByRole('row', { name: `Bill ${newer.billNumber}` });
    await row.getByRole('button', { name: `Edit received of bill ${newer.billNumber}` }).click();
    await row.getByLabel(`Add amount to bill ${newer.billNumber}`).fill('100');
    await row.getByRole('combobox', { name: `Mode of bill ${newer.billNumber}` }).click();
    await page.getByRole('option', { name: 'Bank transfer', exact: true }).click();
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByText('Enter the UTR / reference number').waitFor();
    await row.getByLabel(`UTR / reference of bill ${newer.billNumber}`).fill('SBIN1234');
    await row.getByText('The UTR / reference number is 12 to 22 letters or digits').waitFor();
    await snap(page, 'inline-payment-1280');
    await row.getByLabel(`UTR / reference of bill ${newer.billNumber}`).fill('SBIN000012345678');
    await row.getByRole('button', { name: 'Save' }).click();
    await eventually(() => duesShown(page), rupees(440_000));
  });

  test('the dialog and the inline form on a phone (390 px)', async () => {
    const phone = await newContext(browser, 'mobile');
    const mobile = await phone.newPage();
    try {
      await logIn(mobile, 'admin', 'admin@bazaar.test');
      await mobile.goto(`/TransactionDetails/${customerId}`);
      await mobile.getByRole('button', { name: 'Take payment' }).click();
      const dialog = mobile.getByRole('dialog', { name: 'Take payment' });
      await dialog.getByLabel('Amount (₹)').fill('1000');
      await dialog.getByRole('combobox', { name: 'Mode' }).click();
      await mobile.getByRole('option', { name: 'Cheque', exact: true }).click();
      await dialog.getByRole('button', { name: /^Save payment/ }).click();
      await dialog.getByText('The cheque number is 6 digits').waitFor();
      await dialog.getByText('Chosen bills').click();
      await dialog.getByRole('table', { name: 'Choose bills' }).waitFor();
      await snap(mobile, 'take-payment-390', { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const row = mobile
        .getByRole('table', { name: 'Bills' })
        .getByRole('row', { name: `Bill ${newer.billNumber}` });
      await row.getByRole('button', { name: `Edit received of bill ${newer.billNumber}` }).click();
      await row.getByRole('combobox', { name: `Mode of bill ${newer.billNumber}` }).click();
      await mobile.getByRole('option', { name: 'UPI', exact: true }).click();
      await snap(mobile, 'inline-payment-390', { fullPage: false });
    } finally {
      await phone.close();
    }
  });
});

/** Clicks `click`'s button and answers the PDF it downloads (kept under e2e/screenshots/). */
async function downloadPdf(page: Page, click: () => Promise<void>, name: string) {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [
    Download,
    void,
  ];
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `bills-${name}.pdf`);
  await download.saveAs(file);
  const proxy = await getDocumentProxy(new Uint8Array(fs.readFileSync(file)));
  const { text } = await extractText(proxy, { mergePages: true });
  return { fileName: download.suggestedFilename(), text: text.replace(/\s+/g, ' ') };
}
