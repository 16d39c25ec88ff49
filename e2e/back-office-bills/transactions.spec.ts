import {
  BACK_OFFICE_MESSAGES,
  BILLING_MESSAGES,
  type BillDetail,
  type BillPage,
  notEnoughStockMessage,
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
  expectWholeOnScreen,
  findStock,
  rupees,
  snap,
  stockRow,
} from './helpers.js';

/** The two stock rows the purchases take from. */
// Stock is kept per size: every line of a key below uses the size of its stock row.
const SHIRT = { item: 'Shirt-Box', category: 'Silver', type: "Men's", size: 'M' } as const;
const TROUSER = {
  item: 'Trouser-Loose',
  category: 'Golden',
  type: 'Kids(Boy)',
  size: '32',
} as const;
const nameOf = (line: { item: string; category: string; type: string; size: string }) =>
  `${line.item} ${line.category} ${line.type} ${line.size}`;

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
  if (gst) await dialog.getByRole('button', { name: 'Apply GST' }).click();
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

/** Picks All, Open, Closed or Cancelled in the bill status filter. */
async function statusFilter(
  page: Page,
  label: 'All' | 'Open' | 'Closed' | 'Cancelled',
): Promise<void> {
  await page
    .getByRole('radiogroup', { name: 'Bill status' })
    .getByText(label, { exact: true })
    .click();
}

/** The quantity a stock row shows on /ProductStock, found with the page's search box. */
async function stockOnScreen(page: Page, name: string): Promise<number> {
  const search = page.getByRole('textbox', { name: 'Search stock' });
  // Item and size: the item alone lists every category, type and size of it (demo stock is kept
  // per size), more than one page.
  if ((await search.inputValue()) !== name) await search.fill(name);
  const row = stockRow(page, name);
  await row.waitFor();
  // Columns: Sl. No, Item, Category, Type, Size, SKU, Quantity (after a 'Low' badge when low).
  const quantity = (await row.getByRole('cell').nth(6).innerText()).trim();
  return Number(/\d+$/.exec(quantity)?.[0]);
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

  test('admin: purchase with GST by value per piece, part payments, close, stock down, cancel puts stock back', async () => {
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

    // Add New Purchase, GST on: the rate goes by the value of one piece (up to ₹2,500: 5 %, above:
    // 18 %), CGST + SGST at half the rate each (the customer is in Bihar, like the business), each
    // rounded to the paisa on its line:
    //   3 shirts x ₹500      = ₹1,500.00 at 5 %:  CGST ₹37.50, SGST ₹37.50
    //   2 trousers x ₹250.50 = ₹501.00   at 5 %:  CGST ₹12.53 (12.525), SGST ₹12.53
    //   1 shirt x ₹3,000     = ₹3,000.00 at 18 %: CGST ₹270.00, SGST ₹270.00
    // Amount ₹5,001.00, GST ₹640.06, total ₹5,641.06.
    await page.getByRole('button', { name: 'Add New Purchase' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Purchase' });
    expect(await dialog.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    await dialog.getByText('Bill of Supply — no GST').waitFor();
    dialog = await fillPurchase(
      page,
      [
        { line: SHIRT, size: 'M', quantity: 3, rate: '500' },
        { line: TROUSER, size: '32', quantity: 2, rate: '250.50' },
        { line: SHIRT, size: 'M', quantity: 1, rate: '3000' },
      ],
      { gst: true },
    );
    await dialog.getByRole('button', { name: 'Remove GST' }).waitFor();
    await dialog.getByText(/^Tax Invoice — CGST \+ SGST/).waitFor();
    expect(await dialog.getByText('Bill of Supply — no GST').count()).toBe(0);
    const preview = dialog.getByRole('table', { name: 'Purchase preview' });
    expect(await preview.getByRole('row').count()).toBe(4);
    expect(await preview.locator('[data-line-rate]').allInnerTexts()).toEqual([
      '5 %',
      '5 %',
      '18 %',
    ]);
    const totals = dialog.getByLabel('Purchase totals');
    const money = (label: string) => totals.locator(`[data-money="${label}"]`).innerText();
    expect(await money('Amount')).toBe(rupees(500_100));
    expect(await money('CGST 2.5 %')).toBe(rupees(5_003));
    expect(await money('SGST 2.5 %')).toBe(rupees(5_003));
    expect(await money('CGST 9 %')).toBe(rupees(27_000));
    expect(await money('SGST 9 %')).toBe(rupees(27_000));
    expect(await money('GST')).toBe(rupees(64_006));
    expect(await money('Total')).toBe(rupees(564_106));
    expect(await money('Dues')).toBe(rupees(564_106));
    await snap(page, 'admin-purchase-modal', { fullPage: false });
    const first = await submitPurchase(page, dialog);
    expect(first.totalPaise).toBe(564_106);
    expect(first.gstPaise).toBe(64_006);
    expect(first.cgstPaise).toBe(32_003);
    expect(first.sgstPaise).toBe(32_003);
    expect(first.igstPaise).toBe(0);
    expect(first.invoice?.snapshot.kind).toBe('tax_invoice');
    expect(first.invoice?.snapshot.number).toMatch(/^BZ\/\d{2}-\d{2}\/\d{5}$/);

    // A second bill, without GST (a Bill of Supply), to cancel later: 4 shirts at ₹100.
    await page.getByRole('button', { name: 'Add New Purchase' }).click();
    dialog = await fillPurchase(page, [{ line: SHIRT, size: 'M', quantity: 4, rate: '100' }], {
      gst: false,
    });
    await dialog.getByText('Bill of Supply — no GST').waitFor();
    const second = await submitPurchase(page, dialog);
    expect(second.totalPaise).toBe(40_000);
    expect(second.gstPaise).toBe(0);
    expect(second.invoice?.snapshot.kind).toBe('bill_of_supply');

    // More pieces than the stock holds: 'Purchase not done' with the server's reason.
    const shirtNow = ((await findStock(request, SHIRT)) as StockRow).quantity;
    await page.getByRole('button', { name: 'Add New Purchase' }).click();
    dialog = await fillPurchase(
      page,
      [{ line: SHIRT, size: 'M', quantity: shirtNow + 1, rate: '10' }],
      { gst: false },
    );
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const notDone = page.getByRole('dialog', { name: 'Confirmed' });
    await notDone.getByText(BACK_OFFICE_MESSAGES.purchaseNotDone).waitFor();
    await notDone.getByText(notEnoughStockMessage(shirtNow, SHIRT)).waitFor();
    await snap(page, 'admin-purchase-not-done', { fullPage: false });
    await notDone.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(((await findStock(request, SHIRT)) as StockRow).quantity).toBe(shirtNow);

    // The table (Open by default) lists both, newest first, with Bill-No 00{id}.
    const firstRow = billRow(page, `00${first.id}`);
    await firstRow.waitFor();
    expect(await firstRow.getByRole('cell').nth(2).innerText()).toBe(rupees(500_100));
    expect(await firstRow.getByRole('cell').nth(3).innerText()).toBe(rupees(64_006));
    expect(await firstRow.getByRole('button', { name: /^Open/ }).isVisible()).toBe(true);
    await snap(page, 'admin-list');

    // Bill Status of an unpaid bill: the refusal text and only Cancel.
    await firstRow.getByRole('button', { name: /^Open/ }).click();
    let status = page.getByRole('dialog', { name: /^Bill Status/ });
    await status
      .getByText(BACK_OFFICE_MESSAGES.closeBillRefused(rupees(564_106), rupees(0)))
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
    await eventually(() => firstRow.getByRole('cell').nth(5).innerText(), rupees(464_106));

    // Second payment too large (₹5,000 > dues ₹4,641.06): refused with the message, no Save.
    row = await editReceived(page, `00${first.id}`, '5000');
    // At 1280 px the inline edit's Save and Cancel are whole on screen, not cut off at the
    // table's right edge.
    for (const name of ['Save', 'Cancel']) {
      await expectWholeOnScreen(
        page,
        row.getByRole('button', { name, exact: true }),
        `${name} of the inline payment edit at 1280 px`,
      );
    }
    await row.getByText(BACK_OFFICE_MESSAGES.paymentTooLarge).waitFor();
    expect(await row.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await snap(page, 'admin-payment-refused');
    // Cancel clears it; the exact dues are accepted.
    await row.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await row.getByText(BACK_OFFICE_MESSAGES.paymentTooLarge).count()).toBe(0);
    row = await editReceived(page, `00${first.id}`, '4641.06');
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
      rupees(500_100 + 40_000),
    );
    expect(await footer.locator('[data-total="Amount received"]').innerText()).toBe(
      rupees(564_106),
    );
    expect(await footer.locator('[data-total="Dues amount"]').innerText()).toBe(rupees(40_000));
    expect(await footer.locator('[data-total="GST amount"]').innerText()).toBe(rupees(64_006));

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

    // More Details: the items mode with the three lines and the legal invoice number, Back.
    await billRow(page, `00${first.id}`)
      .getByRole('button', { name: `More details of bill 00${first.id}` })
      .click();
    const items = page.getByRole('table', { name: 'Items of the bill' });
    await eventually(() => items.getByRole('row').count(), 4);
    expect(await page.getByTestId('invoice-number').innerText()).toContain(
      `Tax Invoice ${first.invoice?.snapshot.number}`,
    );
    // Sell by names the demo admin who recorded the bill, not the label 'admin'.
    await page.getByText(/Sell by Anil Sinha$/).waitFor();
    await page.getByRole('button', { name: 'Print Invoice' }).waitFor();
    await snap(page, 'admin-items');
    await page.getByRole('button', { name: 'Back' }).click();
    await billRow(page, `00${second.id}`).waitFor();

    // Product Stock: the sold pieces are gone (3 + 1 + 4 shirts, 2 trousers).
    await page.goto('/ProductStock');
    await page.getByRole('heading', { level: 1, name: 'Product Stock' }).waitFor();
    await page.getByRole('table', { name: 'Stock' }).waitFor();
    expect(await stockOnScreen(page, nameOf(SHIRT))).toBe(shirtBefore - 8);
    expect(await stockOnScreen(page, nameOf(TROUSER))).toBe(trouserBefore - 2);
    await snap(page, 'admin-stock');

    // Cancel the second bill (a bill is never deleted: its invoice keeps its number): the dialog
    // asks for a reason of at least 5 characters, then the toast, the Cancelled status, stock back.
    await page.goto(`/TransactionDetails/${customer.id}`);
    const secondRow = billRow(page, `00${second.id}`);
    expect(await page.getByRole('button', { name: /^Delete bill/ }).count()).toBe(0);
    await secondRow.getByRole('button', { name: `Cancel bill 00${second.id}` }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel bill 00${second.id}` });
    await confirm.getByText('The invoice keeps its number and is marked CANCELLED').waitFor();
    const reasonField = confirm.getByLabel('Reason for cancelling');
    // Too short a reason is refused in the dialog, before any request.
    let cancelRequests = 0;
    const countCancels = (request: { url: () => string; method: () => string }) => {
      if (/\/api\/bills\/\d+\/cancel$/.test(new URL(request.url()).pathname)) cancelRequests += 1;
    };
    page.on('request', countCancels);
    await reasonField.fill('Oops');
    await confirm.getByRole('button', { name: 'Cancel bill' }).click();
    await confirm.getByText(BILLING_MESSAGES.cancelReasonRequired).waitFor();
    expect(cancelRequests).toBe(0);
    expect(((await findStock(request, SHIRT)) as StockRow).quantity).toBe(shirtBefore - 8);
    const reason = 'Customer returned the goods on the same day';
    await reasonField.fill(reason);
    await snap(page, 'admin-cancel-confirm', { fullPage: false });
    const cancelAnswer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/bills/${second.id}/cancel` &&
        response.request().method() === 'POST',
    );
    await confirm.getByRole('button', { name: 'Cancel bill' }).click();
    const cancelResponse = await cancelAnswer;
    page.off('request', countCancels);
    expect(cancelResponse.status()).toBe(200);
    expect(JSON.parse(cancelResponse.request().postData() ?? '{}')).toEqual({ reason });
    const cancelled = (await cancelResponse.json()) as BillDetail;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelReason).toBe(reason);
    expect(cancelled.invoice?.status).toBe('cancelled');
    expect(cancelled.invoice?.snapshot.number).toBe(second.invoice?.snapshot.number);
    await messageOnScreen(page, 'Bill cancelled').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    // It leaves the Open list; All still lists it, as Cancelled, its Cancel button off.
    await secondRow.waitFor({ state: 'detached' });
    await statusFilter(page, 'All');
    await billRow(page, `00${second.id}`).getByText('Cancelled', { exact: true }).waitFor();
    expect(
      await billRow(page, `00${second.id}`)
        .getByRole('button', { name: `Cancel bill 00${second.id}` })
        .isDisabled(),
    ).toBe(true);
    await statusFilter(page, 'Cancelled');
    // The cancelled bill was on the All list too: wait for the open one to leave, then look.
    await billRow(page, `00${first.id}`).waitFor({ state: 'detached' });
    await billRow(page, `00${second.id}`).waitFor();
    expect(await billRow(page, `00${first.id}`).count()).toBe(0);
    await snap(page, 'admin-list-cancelled');
    // Its detail: the Cancelled notice with the reason, and no Cancel bill button any more.
    await billRow(page, `00${second.id}`)
      .getByRole('button', { name: `More details of bill 00${second.id}` })
      .click();
    const notice = page.getByRole('status').filter({ hasText: `Reason: ${reason}` });
    await notice.waitFor();
    expect(await page.getByRole('button', { name: 'Cancel bill' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back' }).click();
    const shirtAfter = (await findStock(request, SHIRT)) as StockRow;
    expect(shirtAfter.quantity).toBe(shirtBefore - 4);

    await page.goto('/ProductStock');
    await page.getByRole('table', { name: 'Stock' }).waitFor();
    expect(await stockOnScreen(page, nameOf(SHIRT))).toBe(shirtBefore - 4);

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
    await stockOnScreen(page, nameOf(SHIRT));
    await shirtRow.getByRole('button', { name: `Minus stock of ${nameOf(SHIRT)}` }).click();
    await shirtRow.getByLabel(`Minus pieces of ${nameOf(SHIRT)}`).fill(String(shirtBefore - 4 + 1));
    await shirtRow.getByText('Stock cannot go below zero').waitFor();
    await snap(page, 'admin-stock-minus-refused');
    await shirtRow.getByRole('button', { name: 'Cancel', exact: true }).click();
    await shirtRow.getByRole('button', { name: `Add stock of ${nameOf(SHIRT)}` }).click();
    await shirtRow.getByLabel(`Add pieces of ${nameOf(SHIRT)}`).fill('5');
    await shirtRow.getByRole('button', { name: 'Save' }).click();
    await eventually(() => stockOnScreen(page, nameOf(SHIRT)), shirtBefore - 4 + 5);

    // Add stock item: a row that exists already is refused with the server's message.
    await page.getByRole('button', { name: 'Add stock item' }).click();
    const addStock = page.getByRole('dialog', { name: 'Add stock item' });
    await choose(page, addStock, /^Item/, SHIRT.item);
    await choose(page, addStock, /^Category/, SHIRT.category);
    await choose(page, addStock, /^Type/, SHIRT.type);
    await choose(page, addStock, /^Size/, SHIRT.size);
    await addStock.getByLabel('Opening quantity').fill('10');
    await addStock.getByRole('button', { name: 'Save' }).click();
    await addStock.getByText(BILLING_MESSAGES.stockExists).waitFor();
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
      await fillPurchase(page, [{ line: SHIRT, size: 'M', quantity: 1, rate: '99' }], {
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
      await stockOnScreen(page, nameOf(SHIRT));
      // The inline stock edit at 390 px: the table scrolls sideways to the pieces field, Save and
      // Cancel, and none of them is cut off at the screen's edge.
      const shirt = stockRow(page, nameOf(SHIRT));
      await shirt.getByRole('button', { name: `Add stock of ${nameOf(SHIRT)}` }).click();
      await expectWholeOnScreen(
        page,
        shirt.getByLabel(`Add pieces of ${nameOf(SHIRT)}`),
        'the pieces field of the stock edit at 390 px',
      );
      for (const name of ['Save', 'Cancel']) {
        await expectWholeOnScreen(
          page,
          shirt.getByRole('button', { name, exact: true }),
          `${name} of the stock edit at 390 px`,
        );
      }
      await snap(page, 'mobile-stock-edit');
      await shirt.getByRole('button', { name: 'Cancel', exact: true }).click();
      await stockRow(page, nameOf(SHIRT))
        .getByRole('button', { name: `Stock history of ${nameOf(SHIRT)}` })
        .click();
      await page.getByRole('table', { name: 'Stock history' }).waitFor();
      await snap(page, 'mobile-stock-history');
    } finally {
      await mobile.close();
    }
  });

  test('employee: opens a customer, adds a purchase and a payment, cannot cancel, has no stock', async () => {
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
        [{ line: TROUSER, size: '32', quantity: 2, rate: '300' }],
        { gst: true, received: '100' },
      );
      const bill = await submitPurchase(page, dialog);
      expect(bill.sellerLabel).toMatch(/^employee_.+_.+$/);
      const row = billRow(page, bill.billNumber);
      await row.waitFor();
      // The employee's Amount column shows amount + GST.
      expect(await row.getByRole('cell').nth(2).innerText()).toBe(rupees(63_000));
      // 5 % by value per piece (₹300), CGST ₹15.00 + SGST ₹15.00.
      expect(bill.gstPaise).toBe(3_000);
      // No Cancel bill: the employee may only ask the admin to cancel (docs/back-office-bills.md
      // "Cancel requests"), not in the bill's detail either, and the server refuses a direct cancel.
      expect(await page.getByRole('button', { name: /^Cancel bill/ }).count()).toBe(0);
      await row.getByRole('button', { name: `Ask to cancel bill ${bill.billNumber}` }).waitFor();
      await row.getByRole('button', { name: `More details of bill ${bill.billNumber}` }).click();
      await page.getByRole('table', { name: 'Items of the bill' }).waitFor();
      await page.getByText(/Sell by Rakesh Paswan$/).waitFor();
      await page.getByRole('button', { name: 'Print Invoice' }).waitFor();
      expect(await page.getByRole('button', { name: /^Cancel bill/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Back' }).click();
      await row.waitFor();
      const refused = await context.request.post(`/api/bills/${bill.id}/cancel`, {
        data: { reason: 'The employee tries to cancel' },
        headers: { 'content-type': 'application/json' },
      });
      expect(refused.status()).toBe(403);
      expect(
        (await apiCall<BillDetail>(admin.request, 'GET', `/api/bills/${bill.id}`)).status,
      ).toBe('open');

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
