import {
  BACK_OFFICE_MESSAGES,
  type BillDetail,
  type BillPage,
  type StockRow,
} from '@bazaar/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EMAILS, logIn, messageOnScreen, unique } from '../accounts/helpers.js';
import { launchBrowser, newContext } from '../support/browser.js';
import {
  apiCall,
  billRow,
  choose,
  createCustomer,
  ensureStock,
  eventually,
  findStock,
  rupees,
  snap,
  stockRow,
} from './helpers.js';

/** The two stock rows the purchases take from. */
const SHIRT = { item: 'Shirt-Box', category: 'Silver', type: "Men's" } as const;
const TROUSER = { item: 'Trouser-Loose', category: 'Golden', type: 'Kids(Boy)' } as const;
const nameOf = (line: { item: string; category: string; type: string }) =>
  `${line.item} ${line.category} ${line.type}`;

interface LineEntry {
  line: { item: string; category: string; type: string };
  size: string;
  quantity: number;
  rate: string;
}

/**
 * Fills the open Add New Purchase dialog: each line (adding lines as needed), GST, received;
 * returns the dialog.
 */
async function fillPurchase(
  page: Page,
  lines: LineEntry[],
  { gst, received }: { gst: boolean; received?: string },
): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Add New Purchase' });
  await dialog.waitFor();
  for (const [index, entry] of lines.entries()) {
    if (index > 0) await dialog.getByRole('button', { name: 'Add item' }).click();
    const line = dialog.getByRole('group', { name: `Item line ${index + 1}` });
    const label = `item ${index + 1}`;
    await choose(page, line, `Item of ${label}`, entry.line.item);
    await choose(page, line, `Category of ${label}`, entry.line.category);
    await choose(page, line, `Type of ${label}`, entry.line.type);
    await choose(page, line, `Size of ${label}`, entry.size);
    await line.getByLabel(`Quantity of ${label}`, { exact: true }).fill(String(entry.quantity));
    await line.getByLabel(`Rate of ${label}`, { exact: true }).fill(entry.rate);
  }
  if (gst) await dialog.getByRole('button', { name: 'Apply 5% GST' }).click();
  if (received) await dialog.getByLabel('Amount received (₹)').fill(received);
  return dialog;
}

/** Presses Submit in the purchase dialog and returns the saved bill the server answered. */
async function submitPurchase(page: Page, dialog: Locator): Promise<BillDetail> {
  const answer = page.waitForResponse(
    (response) =>
      /\/api\/customers\/\d+\/bills$/.test(new URL(response.url()).pathname) &&
      response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  await messageOnScreen(page, BACK_OFFICE_MESSAGES.purchased).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  return (await response.json()) as BillDetail;
}

/** Types an amount into a bill's inline received edit (opening it first). */
async function editReceived(page: Page, billNumber: string, amount: string): Promise<Locator> {
  const row = billRow(page, billNumber);
  await row.getByRole('button', { name: `Edit received of bill ${billNumber}` }).click();
  const field = row.getByLabel(`Add amount to bill ${billNumber}`);
  await field.fill(amount);
  return row;
}

/** Saves the open inline edit of a row and waits for the server's answer. */
async function saveReceived(page: Page, row: Locator): Promise<void> {
  const answer = page.waitForResponse(
    (response) =>
      /\/api\/bills\/\d+\/payments$/.test(new URL(response.url()).pathname) &&
      response.request().method() === 'POST',
  );
  await row.getByRole('button', { name: 'Save' }).click();
  expect((await answer).status()).toBe(200);
  await row.getByRole('button', { name: 'Save' }).waitFor({ state: 'detached' });
}

/** Picks All, Open or Closed in the bill status filter. */
async function statusFilter(page: Page, label: 'All' | 'Open' | 'Closed'): Promise<void> {
  await page
    .getByRole('radiogroup', { name: 'Bill status' })
    .getByText(label, { exact: true })
    .click();
}

/** The quantity a stock row shows on /ProductStock, found with the page's search box. */
async function stockOnScreen(page: Page, line: { item: string }, name: string): Promise<number> {
  const search = page.getByRole('textbox', { name: 'Search stock' });
  if ((await search.inputValue()) !== line.item) await search.fill(line.item);
  const row = stockRow(page, name);
  await row.waitFor();
  return Number(await row.getByRole('cell').nth(4).innerText());
}

describe('back office bills and stock', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let adminPage: Page;
  const stamp = unique();
  /** The admin test's customer, whose bills the 390 px test shows. */
  let adminCustomerId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newContext(browser, 'desktop');
    admin.setDefaultTimeout(15_000);
    adminPage = await admin.newPage();
    await logIn(adminPage, 'admin', DEMO_EMAILS.admin);
  });

  afterAll(async () => {
    await admin?.close();
    await browser?.close();
  });

  test('admin: purchase with GST, part payments, close, stock down, delete puts stock back', async () => {
    const page = adminPage;
    const request = admin.request;
    const customer = await createCustomer(request, stamp, 'Admin Bills');
    adminCustomerId = customer.id;
    const shirtBefore = (await ensureStock(request, SHIRT, 50)).quantity;
    const trouserBefore = (await ensureStock(request, TROUSER, 50)).quantity;

    await page.goto(`/TransactionDetails/${customer.id}`);
    await page.getByRole('heading', { level: 1, name: 'Transaction details' }).waitFor();
    await page.getByRole('heading', { name: customer.name }).waitFor();
    await page.getByText('No purchases yet: add one with the plus button').waitFor();
    await snap(page, 'admin-empty');

    // Add New Purchase: two lines, 5 % GST: 3 x ₹500 + 2 x ₹250.50 = ₹2,001.00; GST ₹100.05.
    await page.getByRole('button', { name: 'Add New Purchase' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Purchase' });
    expect(await dialog.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    dialog = await fillPurchase(
      page,
      [
        { line: SHIRT, size: 'M', quantity: 3, rate: '500' },
        { line: TROUSER, size: '32', quantity: 2, rate: '250.50' },
      ],
      { gst: true },
    );
    await dialog.getByRole('button', { name: 'Remove GST' }).waitFor();
    const preview = dialog.getByRole('table', { name: 'Purchase preview' });
    expect(await preview.getByRole('row').count()).toBe(3);
    const totals = dialog.getByLabel('Purchase totals');
    expect(await totals.locator('[data-money="Amount"]').innerText()).toBe(rupees(200_100));
    expect(await totals.locator('[data-money="GST"]').innerText()).toBe(rupees(10_005));
    expect(await totals.locator('[data-money="Total"]').innerText()).toBe(rupees(210_105));
    expect(await totals.locator('[data-money="Dues"]').innerText()).toBe(rupees(210_105));
    await snap(page, 'admin-purchase-modal', { fullPage: false });
    const first = await submitPurchase(page, dialog);
    expect(first.totalPaise).toBe(210_105);
    expect(first.gstPaise).toBe(10_005);

    // A second bill, without GST, to delete later: 4 shirts at ₹100.
    await page.getByRole('button', { name: 'Add New Purchase' }).click();
    dialog = await fillPurchase(page, [{ line: SHIRT, size: 'L', quantity: 4, rate: '100' }], {
      gst: false,
    });
    const second = await submitPurchase(page, dialog);
    expect(second.totalPaise).toBe(40_000);

    // More pieces than the stock holds: 'Purchase not done' with the server's reason.
    const shirtNow = ((await findStock(request, SHIRT)) as StockRow).quantity;
    await page.getByRole('button', { name: 'Add New Purchase' }).click();
    dialog = await fillPurchase(
      page,
      [{ line: SHIRT, size: 'XL', quantity: shirtNow + 1, rate: '10' }],
      { gst: false },
    );
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const notDone = page.getByRole('dialog', { name: 'Confirmed' });
    await notDone.getByText(BACK_OFFICE_MESSAGES.purchaseNotDone).waitFor();
    await notDone.getByText(`Only ${shirtNow} pieces of ${nameOf(SHIRT)} in stock`).waitFor();
    await snap(page, 'admin-purchase-not-done', { fullPage: false });
    await notDone.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(((await findStock(request, SHIRT)) as StockRow).quantity).toBe(shirtNow);

    // The table (Open by default) lists both, newest first, with Bill-No 00{id}.
    const firstRow = billRow(page, `00${first.id}`);
    await firstRow.waitFor();
    expect(await firstRow.getByRole('cell').nth(2).innerText()).toBe(rupees(200_100));
    expect(await firstRow.getByRole('cell').nth(3).innerText()).toBe(rupees(10_005));
    expect(await firstRow.getByRole('button', { name: /^Open/ }).isVisible()).toBe(true);
    await snap(page, 'admin-list');

    // Bill Status of an unpaid bill: the refusal text and only Cancel.
    await firstRow.getByRole('button', { name: /^Open/ }).click();
    let status = page.getByRole('dialog', { name: /^Bill Status/ });
    await status
      .getByText(BACK_OFFICE_MESSAGES.closeBillRefused(rupees(210_105), rupees(0)))
      .waitFor();
    expect(await status.getByRole('button', { name: 'Close bill' }).count()).toBe(0);
    await snap(page, 'admin-close-refused', { fullPage: false });
    await status.getByRole('button', { name: 'Cancel' }).click();
    await status.waitFor({ state: 'hidden' });

    // First part payment ₹1,000.
    let row = await editReceived(page, `00${first.id}`, '1000');
    // Another row's edit is ignored while this one is open.
    await billRow(page, `00${second.id}`)
      .getByRole('button', { name: `Edit received of bill 00${second.id}` })
      .click();
    expect(await page.getByLabel(`Add amount to bill 00${second.id}`).count()).toBe(0);
    await saveReceived(page, row);
    await eventually(() => firstRow.getByRole('cell').nth(4).innerText(), rupees(100_000));
    await eventually(() => firstRow.getByRole('cell').nth(5).innerText(), rupees(110_105));

    // Second payment too large (₹1,200 > dues ₹1,101.05): refused with the message, no Save.
    row = await editReceived(page, `00${first.id}`, '1200');
    await row.getByText(BACK_OFFICE_MESSAGES.paymentTooLarge).waitFor();
    expect(await row.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await snap(page, 'admin-payment-refused');
    // Cancel clears it; the exact dues are accepted.
    await row.getByRole('button', { name: 'Cancel' }).click();
    expect(await row.getByText(BACK_OFFICE_MESSAGES.paymentTooLarge).count()).toBe(0);
    row = await editReceived(page, `00${first.id}`, '1101.05');
    await saveReceived(page, row);
    await eventually(() => firstRow.getByRole('cell').nth(5).innerText(), rupees(0));

    // Payment details of the bill: two payments and the bill's money.
    await firstRow.getByRole('button', { name: `Payment details of bill 00${first.id}` }).click();
    const details = page.getByRole('dialog', { name: /^Payment details/ });
    const paymentsTable = details.getByRole('table', { name: 'Payments of the bill' });
    await eventually(() => paymentsTable.getByRole('row').count(), 3);
    await details.getByRole('button', { name: 'Print Details' }).waitFor();
    await snap(page, 'admin-payment-details', { fullPage: false });
    await details.getByRole('button', { name: 'Cancel' }).click();
    await details.waitFor({ state: 'hidden' });

    // Close the paid bill.
    await firstRow.getByRole('button', { name: /^Open/ }).click();
    status = page.getByRole('dialog', { name: /^Bill Status/ });
    await status.getByText(BACK_OFFICE_MESSAGES.closeBillAllowed).waitFor();
    await snap(page, 'admin-close-allowed', { fullPage: false });
    await status.getByRole('button', { name: 'Close bill' }).click();
    await status.waitFor({ state: 'hidden' });
    // Open filter: the closed bill leaves the list; Closed filter: it shows in green.
    await firstRow.waitFor({ state: 'detached' });
    await statusFilter(page, 'Closed');
    await billRow(page, `00${first.id}`).getByText('Closed', { exact: true }).waitFor();
    await statusFilter(page, 'All');
    await billRow(page, `00${second.id}`).waitFor();
    await snap(page, 'admin-list-all');

    // Search: a Bill-No keeps that bill; the customer's own name keeps every bill.
    const search = page.getByRole('textbox', { name: 'Search bills' });
    await search.fill(`00${first.id}`);
    await billRow(page, `00${second.id}`).waitFor({ state: 'detached' });
    expect(await billRow(page, `00${first.id}`).count()).toBe(1);
    await search.fill(customer.name.split(' ')[0]!);
    await billRow(page, `00${second.id}`).waitFor();
    expect(await billRow(page, `00${first.id}`).count()).toBe(1);
    await search.fill('');

    // Footer totals over both bills.
    const footer = page.getByRole('region', { name: 'Totals' });
    expect(await footer.locator('[data-total="Total amount"]').innerText()).toBe(
      rupees(200_100 + 40_000),
    );
    expect(await footer.locator('[data-total="Amount received"]').innerText()).toBe(
      rupees(210_105),
    );
    expect(await footer.locator('[data-total="Dues amount"]').innerText()).toBe(rupees(40_000));
    expect(await footer.locator('[data-total="GST amount"]').innerText()).toBe(rupees(10_005));

    // All-payments history.
    await page.getByRole('button', { name: 'Payment history' }).click();
    const history = page.getByRole('dialog', { name: 'Payment history' });
    await eventually(
      () => history.getByRole('table', { name: 'All payments' }).getByRole('row').count(),
      3,
    );
    await history.getByRole('button', { name: 'Download' }).waitFor();
    await snap(page, 'admin-payment-history', { fullPage: false });
    await history.getByRole('button', { name: 'Cancel' }).click();
    await history.waitFor({ state: 'hidden' });

    // More Details: the items mode with the two lines, Back to the list.
    await billRow(page, `00${first.id}`)
      .getByRole('button', { name: `More details of bill 00${first.id}` })
      .click();
    const items = page.getByRole('table', { name: 'Items of the bill' });
    await eventually(() => items.getByRole('row').count(), 3);
    await page.getByRole('button', { name: 'Print Invoice' }).waitFor();
    await snap(page, 'admin-items');
    await page.getByRole('button', { name: 'Back' }).click();
    await billRow(page, `00${second.id}`).waitFor();

    // Product Stock: the sold pieces are gone (3 + 4 shirts, 2 trousers).
    await page.goto('/ProductStock');
    await page.getByRole('heading', { level: 1, name: 'Product Stock' }).waitFor();
    await page.getByRole('table', { name: 'Stock' }).waitFor();
    expect(await stockOnScreen(page, SHIRT, nameOf(SHIRT))).toBe(shirtBefore - 7);
    expect(await stockOnScreen(page, TROUSER, nameOf(TROUSER))).toBe(trouserBefore - 2);
    await snap(page, 'admin-stock');

    // Delete the second bill: confirmation, toast, stock back.
    await page.goto(`/TransactionDetails/${customer.id}`);
    const secondRow = billRow(page, `00${second.id}`);
    await secondRow.getByRole('button', { name: `Delete bill 00${second.id}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Confirmation' });
    await confirm.getByText(BACK_OFFICE_MESSAGES.deletePurchaseConfirm).waitFor();
    await snap(page, 'admin-delete-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Submit' }).click();
    await messageOnScreen(page, BACK_OFFICE_MESSAGES.purchaseRemoved).waitFor();
    await secondRow.waitFor({ state: 'detached' });
    const shirtAfter = (await findStock(request, SHIRT)) as StockRow;
    expect(shirtAfter.quantity).toBe(shirtBefore - 3);

    await page.goto('/ProductStock');
    await page.getByRole('table', { name: 'Stock' }).waitFor();
    expect(await stockOnScreen(page, SHIRT, nameOf(SHIRT))).toBe(shirtBefore - 3);

    // Stock history of the shirts: the sale and the restore, newest first.
    await stockRow(page, nameOf(SHIRT))
      .getByRole('button', { name: `Stock history of ${nameOf(SHIRT)}` })
      .click();
    await page
      .getByRole('heading', { level: 1, name: `Product Stock : ${nameOf(SHIRT)}` })
      .waitFor();
    const ledger = page.getByRole('table', { name: 'Stock history' });
    await ledger.getByRole('row').nth(1).waitFor();
    expect((await ledger.getByRole('row').nth(1).innerText()).toLowerCase()).toContain('restore');
    expect(await ledger.getByText('sale', { exact: true }).count()).toBeGreaterThanOrEqual(2);
    await snap(page, 'admin-stock-history');
    await page.getByRole('button', { name: 'Back' }).click();

    // Inline stock edit: minus more than there is is refused; add 5 works.
    const shirtRow = stockRow(page, nameOf(SHIRT));
    await stockOnScreen(page, SHIRT, nameOf(SHIRT));
    await shirtRow.getByRole('button', { name: `Minus stock of ${nameOf(SHIRT)}` }).click();
    await shirtRow.getByLabel(`Minus pieces of ${nameOf(SHIRT)}`).fill(String(shirtBefore - 3 + 1));
    await shirtRow.getByText('Stock cannot go below zero').waitFor();
    await snap(page, 'admin-stock-minus-refused');
    await shirtRow.getByRole('button', { name: 'Cancel' }).click();
    await shirtRow.getByRole('button', { name: `Add stock of ${nameOf(SHIRT)}` }).click();
    await shirtRow.getByLabel(`Add pieces of ${nameOf(SHIRT)}`).fill('5');
    await shirtRow.getByRole('button', { name: 'Save' }).click();
    await eventually(() => stockOnScreen(page, SHIRT, nameOf(SHIRT)), shirtBefore - 3 + 5);

    // Add stock item: a row that exists already is refused with the server's message.
    await page.getByRole('button', { name: 'Add stock item' }).click();
    const addStock = page.getByRole('dialog', { name: 'Add stock item' });
    await choose(page, addStock, /^Item/, SHIRT.item);
    await choose(page, addStock, /^Category/, SHIRT.category);
    await choose(page, addStock, /^Type/, SHIRT.type);
    await addStock.getByLabel('Opening quantity').fill('10');
    await addStock.getByRole('button', { name: 'Save' }).click();
    await addStock.getByText('This item, category and type is already in stock').waitFor();
    await snap(page, 'admin-add-stock-exists', { fullPage: false });
    await addStock.getByRole('button', { name: 'Cancel' }).click();
    await addStock.waitFor({ state: 'hidden' });
  });

  test('admin at 390 px: the screen, the purchase dialog, items and stock scroll sideways', async () => {
    const mobile = await newContext(browser, 'mobile');
    mobile.setDefaultTimeout(15_000);
    try {
      const page = await mobile.newPage();
      await logIn(page, 'admin', DEMO_EMAILS.admin);
      expect(adminCustomerId).toBeGreaterThan(0);
      await page.goto(`/TransactionDetails/${adminCustomerId}`);
      await statusFilter(page, 'All');
      await page.getByRole('table', { name: 'Bills' }).waitFor();
      await snap(page, 'mobile-list');
      await page.getByRole('button', { name: 'Add New Purchase' }).click();
      await fillPurchase(page, [{ line: SHIRT, size: 'S', quantity: 1, rate: '99' }], {
        gst: true,
      });
      await snap(page, 'mobile-purchase-modal', { fullPage: false });
      await page.keyboard.press('Escape');
      const bills = await apiCall<BillPage>(
        mobile.request,
        'GET',
        `/api/customers/${adminCustomerId}/bills?status=all`,
      );
      const bill = bills.items[0]!;
      await billRow(page, bill.billNumber)
        .getByRole('button', { name: `More details of bill ${bill.billNumber}` })
        .click();
      await page.getByRole('table', { name: 'Items of the bill' }).waitFor();
      await snap(page, 'mobile-items');
      await page.goto('/ProductStock');
      await page.getByRole('table', { name: 'Stock' }).waitFor();
      await snap(page, 'mobile-stock');
      await stockOnScreen(page, SHIRT, nameOf(SHIRT));
      await stockRow(page, nameOf(SHIRT))
        .getByRole('button', { name: `Stock history of ${nameOf(SHIRT)}` })
        .click();
      await page.getByRole('table', { name: 'Stock history' }).waitFor();
      await snap(page, 'mobile-stock-history');
    } finally {
      await mobile.close();
    }
  });

  test('employee: opens a customer, adds a purchase and a payment, has no Delete or stock', async () => {
    const customer = await createCustomer(admin.request, stamp, 'Employee Bills');
    await ensureStock(admin.request, TROUSER, 20);
    const context = await newContext(browser, 'desktop');
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      await logIn(page, 'employee', DEMO_EMAILS.employee);
      // From the employee's customer list: search, then the customer's details icon.
      await page.goto('/employeeTotalCustomer');
      await page.getByRole('textbox', { name: 'Search Customer' }).fill(customer.name);
      await page.getByRole('link', { name: `Details of ${customer.name}` }).click();
      await page.waitForURL((url) => url.pathname === `/employeeTransaction/${customer.id}`);
      await page.getByRole('heading', { name: customer.name }).waitFor();

      await page.getByRole('button', { name: 'Add New Purchase' }).click();
      const dialog = await fillPurchase(
        page,
        [{ line: TROUSER, size: '34', quantity: 2, rate: '300' }],
        { gst: true, received: '100' },
      );
      const bill = await submitPurchase(page, dialog);
      expect(bill.sellerLabel).toMatch(/^employee_.+_.+$/);
      const row = billRow(page, bill.billNumber);
      await row.waitFor();
      // The employee's Amount column shows amount + GST.
      expect(await row.getByRole('cell').nth(2).innerText()).toBe(rupees(63_000));
      expect(await page.getByRole('button', { name: /^Delete bill/ }).count()).toBe(0);
      expect(
        await page.getByRole('table', { name: 'Bills' }).getByRole('columnheader').allInnerTexts(),
      ).not.toContain('Delete');

      const edit = await editReceived(page, bill.billNumber, '200');
      await saveReceived(page, edit);
      await eventually(() => row.getByRole('cell').nth(4).innerText(), rupees(30_000));
      // The footer's Total amount reads like the employee's Amount column: with GST.
      const footer = page.getByRole('region', { name: 'Totals' });
      expect(await footer.locator('[data-total="Total amount"]').innerText()).toBe(rupees(63_000));
      await snap(page, 'employee-list');

      // No stock page for employees.
      await page.goto('/ProductStock');
      await page
        .getByRole('heading', { level: 1, name: /do not have access|not found/i })
        .waitFor();
      // Back goes to the employee's customer list.
      await page.goto(`/employeeTransaction/${customer.id}`);
      await page.getByRole('link', { name: 'Back' }).click();
      await page.waitForURL((url) => url.pathname === '/employeeTotalCustomer');
    } finally {
      await context.close();
    }
  });
});
