import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BillDetail, CreatedCustomer, LedgerPage, Payment } from '@bazaar/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logIn, messageOnScreen, unique, uniqueMobile } from '../accounts/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';
import { apiCall, choose, ensureStock, eventually, rupees } from '../back-office-bills/helpers.js';

/**
 * docs/back-office-ledger.md end to end in real Chromium: the admin creates a customer moved from
 * a paper book with an opening balance of ₹10,000, adds two purchases, takes a UPI payment (with
 * its UTR; oldest first, so it pays the opening balance before the bills) and a cheque that then
 * bounces. The ledger's running balances, the ageing and the statement PDF's text (pdftotext)
 * equal the figures computed here from the amounts entered; the customer signs in with its
 * generated password and sees the same bills and dues on My bills; 'Share statement on
 * WhatsApp' and 'Send reminder on WhatsApp' carry the dues and a link that serves the PDF
 * without a session. Screenshots go to e2e/screenshots/ledger-flow-*.png.
 */

const SHIRT = { item: 'Shirt-Box', category: 'Silver', type: "Men's" } as const;
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');
const run = promisify(execFile);

// What is entered (rupees), and every figure the screens must show, computed here (paise).
const OPENING = 1_000_000; // ₹10,000 from the paper book
const BILL1 = 4 * 100_000; // 4 shirts at ₹1,000, no GST
const BILL2 = 2 * 75_000; // 2 shirts at ₹750
const UPI = 1_200_000; // ₹12,000: the opening balance, then ₹2,000 of bill 1
const CHEQUE = 300_000; // ₹3,000: the rest of bill 1, then ₹1,000 of bill 2; bounces
const UTR = '512345678901';
const BALANCES_NEWEST_FIRST = [
  OPENING + BILL1 + BILL2 - UPI, // the bounce puts the cheque back
  OPENING + BILL1 + BILL2 - UPI - CHEQUE,
  OPENING + BILL1 + BILL2 - UPI,
  OPENING + BILL1 + BILL2,
  OPENING + BILL1,
  OPENING,
];
const DUES = OPENING + BILL1 + BILL2 - UPI; // ₹3,500: all of it on the bills, within 30 days

/** Today in India, `YYYY-MM-DD`. */
function indianToday(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `ledger-flow-${name}.png`),
    fullPage: true,
  });
}

/** The text of PDF bytes as poppler's pdftotext reads it, spaces collapsed. */
async function pdfText(bytes: Buffer): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-flow-'));
  try {
    const file = path.join(folder, 'statement.pdf');
    fs.writeFileSync(file, bytes);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Add New Purchase on the transaction screen: `quantity` shirts at `rate` rupees. */
async function addPurchase(page: Page, quantity: number, rate: number): Promise<BillDetail> {
  await page.getByRole('button', { name: 'Add New Purchase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Purchase' });
  const line = dialog.getByRole('group', { name: 'Item line 1' });
  await choose(page, line, 'Item of item 1', SHIRT.item);
  await choose(page, line, 'Category of item 1', SHIRT.category);
  await choose(page, line, 'Type of item 1', SHIRT.type);
  await choose(page, line, 'Size of item 1', 'M');
  await line.getByLabel('Quantity of item 1', { exact: true }).fill(String(quantity));
  await line.getByLabel('Rate of item 1', { exact: true }).fill(String(rate));
  const saved = page.waitForResponse(
    (response) =>
      /\/api\/customers\/\d+\/bills$/.test(new URL(response.url()).pathname) &&
      response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
  return (await response.json()) as BillDetail;
}

/** Take payment, oldest first: the amount, the mode and its details; answers the payment. */
async function takePayment(
  page: Page,
  amount: string,
  mode: 'UPI' | 'Cheque',
  details: Record<string, string>,
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
  const answer = page.waitForResponse(
    (response) =>
      /\/api\/customers\/\d+\/payments$/.test(new URL(response.url()).pathname) &&
      response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: /^Save payment/ }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(201);
  const payment = (await response.json()) as Payment;
  await dialog.getByText(payment.receiptNumber).waitFor();
  return payment;
}

describe('the customer ledger from the paper book to the customer’s phone', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  let customerId = 0;
  let password = '';
  const email = `khata-flow-${unique()}@example.test`;
  const mobile = uniqueMobile(9);
  const shopName = 'Paper Book Textiles';
  const bills: BillDetail[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newContext(browser);
    await admin.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>WhatsApp stand-in</p>' }),
    );
    page = await admin.newPage();
    await logIn(page, 'admin', 'admin@bazaar.test');
    await ensureStock(page.request, { ...SHIRT, size: 'M' }, 100);
  });

  afterAll(async () => {
    await admin?.close();
    await browser?.close();
  });

  test('the admin creates the customer with its opening balance, two purchases, UPI and a bounced cheque', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/createCustomer');
    const form = page.locator('form').last();
    // A required field's label ends in ' *'.
    const field = (label: string) =>
      form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
    await field('Name').fill(`Khata ${unique().slice(-6)}`);
    await field('Shop name').fill(shopName);
    await field('Mobile').fill(mobile);
    await field('Email').fill(email);
    await field('Locality').fill('Boring Road');
    await field('Landmark').fill('Near Gandhi Maidan');
    await field('Pincode').fill('800001');
    await expect.poll(() => field('City').inputValue()).not.toBe('');
    await field('Opening balance (₹)').fill('10000');
    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/customers' &&
        response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Create customer' }).click();
    const answer = (await (await created).json()) as CreatedCustomer;
    customerId = answer.customer.id;
    expect(answer.customer).toMatchObject({ openingBalancePaise: OPENING, email });
    // The password is shown once in the dialog; the customer signs in with it later.
    password = (await page.getByTestId('generated-password').textContent()) ?? '';
    expect(password).toBe(answer.generatedPassword);
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();

    await page.goto(`/TransactionDetails/${customerId}`);
    await page.getByRole('table', { name: 'Customer ledger' }).waitFor({ timeout: 15_000 });
    bills.push(await addPurchase(page, 4, 1000));
    bills.push(await addPurchase(page, 2, 750));
    expect(bills.map((bill) => bill.totalPaise)).toEqual([BILL1, BILL2]);

    const upi = await takePayment(page, '12000', 'UPI', { 'UTR / reference': UTR });
    // Oldest first: the opening balance (the oldest debt) before any bill.
    expect(upi).toMatchObject({
      openingPaise: OPENING,
      allocations: [{ billId: bills[0]!.id, amountPaise: UPI - OPENING }],
    });
    await page.getByRole('button', { name: 'Done' }).click();

    const cheque = await takePayment(page, '3000', 'Cheque', {
      'Cheque number': '204518',
      Bank: 'Punjab National Bank',
      'Cheque date': indianToday(),
    });
    expect(cheque).toMatchObject({
      openingPaise: 0,
      allocations: [
        { billId: bills[0]!.id, amountPaise: BILL1 - (UPI - OPENING) },
        { billId: bills[1]!.id, amountPaise: CHEQUE - (BILL1 - (UPI - OPENING)) },
      ],
    });
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Payment history' }).click();
    const history = page.getByRole('dialog', { name: 'Payment history' });
    // The UPI payment's ₹10,000 paid the opening balance: the history lists it as its own row.
    const openingRow = history.getByRole('row', {
      name: `Payment ${upi.receiptNumber} on the opening balance`,
    });
    await openingRow.getByText('Opening balance', { exact: true }).waitFor();
    await openingRow.getByText(rupees(OPENING), { exact: true }).waitFor();
    await snap(page, 'payment-history-1280');
    await history
      .getByRole('button', {
        name: `Mark cheque 204518 of receipt ${cheque.receiptNumber} bounced`,
      })
      .first()
      .click();
    const bounce = page.getByRole('dialog', { name: 'Cheque 204518 bounced' });
    await bounce.getByLabel('Why did it bounce?').fill('Insufficient funds');
    await bounce.getByRole('button', { name: 'Mark bounced' }).click();
    await messageOnScreen(page, 'Cheque marked bounced: its bills owe the amount again').waitFor();
    await history.getByRole('button', { name: 'Cancel' }).click();

    // The ledger: six rows newest first, each balance as computed from the amounts entered.
    const ledger = page.getByRole('table', { name: 'Customer ledger' });
    await eventually(
      async () => (await ledger.locator('tbody tr td:last-child').allTextContents()).join(' | '),
      BALANCES_NEWEST_FIRST.map(rupees).join(' | '),
      15_000,
    );
    const section = page.getByRole('region', { name: 'Customer ledger' });
    await expect.poll(() => section.textContent()).toContain(`Balance ${rupees(DUES)}`);
    const page1 = await apiCall<LedgerPage>(
      page.request,
      'GET',
      `/api/customers/${customerId}/ledger`,
    );
    expect(page1).toMatchObject({ balancePaise: DUES, openingDuesPaise: 0 });
    expect(page1.ageing).toEqual({
      days0To30Paise: DUES,
      days31To60Paise: 0,
      days61To90Paise: 0,
      over90Paise: 0,
      totalPaise: DUES,
    });
    await expect.poll(() => section.textContent()).toContain(rupees(DUES));
    await snap(page, 'transaction-1280');

    // The statement PDF behind the panel's link: its text carries the rows and the totals.
    const href = await section.getByRole('link', { name: 'Statement PDF' }).getAttribute('href');
    expect(href).toMatch(/\/statement\/pdf\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = await pdfText(await pdf.body());
    expect(text).toContain('Statement of Account');
    expect(text).toContain(shopName);
    expect(text).toContain(`UPI ${UTR}`);
    // Long particulars wrap under their column: the first line of each.
    expect(text).toContain('Cheque 204518, Punjab');
    expect(text).toContain('Insufficient');
    const plain = (paise: number) => rupees(paise).replace('₹', '');
    expect(text).toMatch(
      new RegExp(
        `Opening balance ${plain(OPENING).replace('.', '\\.')} ${plain(OPENING).replace('.', '\\.')}`,
      ),
    );
    expect(text).toContain(`Closing balance ${plain(DUES)}`);
    expect(text).toContain(`Closing balance (owed to us) ${rupees(DUES)}`);
    expect(text).toContain(
      `Debits (invoices, bounced cheques, refunds) ${rupees(OPENING + BILL1 + BILL2 + CHEQUE)}`,
    );
    expect(text).toContain(
      `Credits (payments, credit notes, cancellations) ${rupees(UPI + CHEQUE)}`,
    );

    // Share on WhatsApp: the statement's closing balance and the reminder's dues, each with a
    // signed link anyone can open for the PDF.
    for (const [button, expected] of [
      ['Share statement on WhatsApp', `Closing balance: ${rupees(DUES)}`],
      ['Send reminder on WhatsApp', rupees(DUES)],
    ] as const) {
      const [tab] = await Promise.all([
        admin.waitForEvent('page'),
        page.getByRole('button', { name: button, exact: true }).click(),
      ]);
      await tab.waitForURL(/^https:\/\/wa\.me\//, { timeout: 15_000 });
      const url = new URL(tab.url());
      await tab.close();
      expect(url.pathname).toBe(`/91${mobile}`);
      const message = url.searchParams.get('text') ?? '';
      expect(message).toContain(expected);
      const link = /https?:\/\/\S+\/api\/shared\/\S+\.pdf/.exec(message)?.[0];
      expect(link, message).toBeDefined();
      const shared = await fetch(new URL(new URL(link!).pathname, page.url()));
      expect(shared.status).toBe(200);
      expect(shared.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await shared.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await pdfText(bytes)).toContain(`Closing balance (owed to us) ${rupees(DUES)}`);
    }
  });

  test('the customer signs in with its generated password and sees the same bills and dues', async () => {
    const own = await newContext(browser);
    const phone = await own.newPage();
    try {
      await logIn(phone, 'customer', email, password);
      await phone.goto('/MyBills');
      const tiles = phone.getByLabel('My account with the business');
      await tiles.waitFor({ timeout: 15_000 });
      await expect.poll(() => tiles.locator('[data-tile="Dues"]').textContent()).toBe(rupees(DUES));
      await expect
        .poll(() => tiles.locator('[data-tile="Ledger balance"]').textContent())
        .toBe(rupees(DUES));
      // The ₹10,000 from the paper book was paid by the UPI payment.
      await expect
        .poll(() => tiles.locator('[data-tile="Opening balance due"]').textContent())
        .toBe(rupees(0));
      const table = phone.getByRole('table', { name: 'My bills' });
      await table.waitFor();
      for (const bill of bills) await table.getByText(bill.billNumber, { exact: true }).waitFor();
      expect(await table.locator('tbody tr').count()).toBe(2);
      await snap(phone, 'my-bills-1280');
      await phone.getByRole('tab', { name: 'Ledger and statement' }).click();
      const ledger = phone.getByRole('table', { name: 'My ledger' });
      await ledger.waitFor({ timeout: 10_000 });
      expect(await ledger.locator('tbody tr td:last-child').allTextContents()).toEqual(
        BALANCES_NEWEST_FIRST.map(rupees),
      );
      // The customer's own statement PDF is the admin's.
      const href = await phone.getByRole('link', { name: 'Statement PDF' }).getAttribute('href');
      const pdf = await phone.request.get(href!);
      expect(pdf.status()).toBe(200);
      expect(await pdfText(await pdf.body())).toContain(
        `Closing balance (owed to us) ${rupees(DUES)}`,
      );
      await snap(phone, 'my-ledger-1280');
    } finally {
      await own.close();
    }
  });
});
