import fs from 'node:fs';
import path from 'node:path';
import { billNumberOf, type BillDetail } from '@bazaar/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, unique, uniqueMobile } from '../accounts/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';
import { apiCall, ensureStock } from '../back-office-bills/helpers.js';

/**
 * docs/documents.md "Sharing" in real Chromium: on a customer's transaction screen the admin's
 * 'Share statement on WhatsApp' and 'Send reminder on WhatsApp' open a tab on
 * `https://wa.me/91{mobile}?text=...` (answered here by a stand-in page, WhatsApp is never
 * reached) whose message carries the signed link, and that link serves the statement PDF
 * without a session; 'Send by mail' reports the customer's email. Screenshots at 1280 and
 * 390 px go to e2e/screenshots/share-*.png.
 */

const SHIRT = { item: 'Shirt-Box', category: 'Silver', type: "Men's", size: 'M' } as const;
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

describe('back office: sharing on WhatsApp and by mail', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let customerId = 0;
  let bill: BillDetail;
  const mobile = uniqueMobile(8);
  const email = `share-${unique()}@example.test`;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    await context.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>WhatsApp stand-in</p>' }),
    );
    page = await context.newPage();
    await logIn(page, 'admin', 'admin@bazaar.test');
    await ensureStock(page.request, SHIRT, 50);
    const created = await apiCall<{ customer: { id: number } }>(
      page.request,
      'POST',
      '/api/customers',
      {
        name: 'Share Test',
        mobile,
        email,
        shopName: 'Share Textiles',
        locality: 'Boring Road',
        landmark: '',
        city: 'Patna',
        pincode: '800001',
      },
    );
    customerId = created.customer.id;
    bill = await apiCall<BillDetail>(page.request, 'POST', `/api/customers/${customerId}/bills`, {
      lines: [{ ...SHIRT, quantity: 2, ratePaise: 100_000 }],
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** Clicks `name` and answers the WhatsApp URL the new tab was sent to. */
  async function whatsappUrlOf(name: string): Promise<URL> {
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name, exact: true }).click(),
    ]);
    await tab.waitForURL(/^https:\/\/wa\.me\//, { timeout: 15_000 });
    const url = new URL(tab.url());
    await tab.close();
    return url;
  }

  test('statement and reminder open wa.me with the signed link; mail reports the email', async () => {
    await page.goto(`/TransactionDetails/${customerId}`);
    await page.getByRole('button', { name: 'Share statement on WhatsApp' }).waitFor();

    const statement = await whatsappUrlOf('Share statement on WhatsApp');
    expect(statement.pathname).toBe(`/91${mobile}`);
    const message = statement.searchParams.get('text') ?? '';
    expect(message).toContain('here is your statement of account from');
    expect(message).toContain('Closing balance: ₹2,000.00');
    const link = /https?:\/\/\S+\/api\/shared\/\S+\.pdf/.exec(message)?.[0];
    expect(link).toBeDefined();
    // Anyone holding the link gets the PDF: fetched without the admin's cookies.
    const pdf = await fetch(new URL(new URL(link!).pathname, page.url()));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const reminder = await whatsappUrlOf('Send reminder on WhatsApp');
    expect(reminder.pathname).toBe(`/91${mobile}`);
    expect(reminder.searchParams.get('text')).toContain('friendly reminder');
    expect(reminder.searchParams.get('text')).toContain('₹2,000.00');

    await page.getByRole('button', { name: 'Send by mail' }).first().click();
    await page
      .getByRole('status')
      .filter({ hasText: `Sent to ${email}` })
      .waitFor();

    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const ledger = page.getByRole('region', { name: 'Customer ledger' });
    await ledger.screenshot({ path: path.join(SCREENSHOT_DIR, 'share-ledger-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await ledger.getByRole('button', { name: 'Send reminder on WhatsApp' }).waitFor();
    await ledger.screenshot({ path: path.join(SCREENSHOT_DIR, 'share-ledger-390.png') });
  });

  test("a bill's Share on WhatsApp carries its invoice number and a link to its PDF", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/TransactionDetails/${customerId}`);
    await page
      .getByRole('button', { name: `More details of bill ${billNumberOf(bill.id)}` })
      .click();
    await page.getByRole('button', { name: 'Share on WhatsApp', exact: true }).waitFor();
    const url = await whatsappUrlOf('Share on WhatsApp');
    expect(url.pathname).toBe(`/91${mobile}`);
    const message = url.searchParams.get('text') ?? '';
    expect(message).toContain(`here is your invoice ${bill.invoice!.snapshot.number}`);
    expect(message).toContain('Amount due: ₹2,000.00');
    const link = /https?:\/\/\S+\/api\/shared\/\S+\.pdf/.exec(message)?.[0];
    const pdf = await fetch(new URL(new URL(link!).pathname, page.url()));
    expect(pdf.status).toBe(200);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'share-bill-1280.png') });
  });
});
