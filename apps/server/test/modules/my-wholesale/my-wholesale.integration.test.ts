import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MY_WHOLESALE_MESSAGES,
  addDays,
  billInvoiceDocument,
  indianDateOf,
  issuedDocumentDefinition,
  paymentReceiptDocument,
  type BillDetail,
  type BillInvoiceData,
  type BillPage,
  type CreatedCustomer,
  type CreditNoteDocument,
  type CustomerStatement,
  type IssuedTaxDocument,
  type LedgerPage,
  type MyWholesaleSummary,
  type PaymentReceiptData,
} from '@bazaar/shared';
import { signIn } from '../../support/accounts.js';
import { pdfBytesTextOf, pdfTextOf } from '../../support/pdf-text.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  signInEveryRole,
  type StaffCookies,
} from '../bills/bills-test-support.js';
import { customerInput } from '../customers/people-test-support.js';

/*
 * docs/back-office-ledger.md "The customer's own view": a wholesale customer signed in with its
 * own account sees its bills, payments, dues, invoice and statement, the same figures the admin
 * sees for it, and never another customer's; a plain marketplace customer gets the empty state.
 */

let ctx: TestContext;
let as: StaffCookies;
const today = indianDateOf(new Date());

// Shop A: opening ₹1,000; bill 1 of 10 pieces at ₹500 + 5 % GST (₹5,250); bill 2 of 8 pieces,
// bill of supply (₹4,000) with ₹1,000 received; ₹2,000 UPI on account, chosen for bill 1.
const OPENING = 100_000;
const BILL1 = 525_000;
const BILL2 = 400_000;
const PAID = 100_000 + 200_000;

let shopA: { id: number; cookie: string };
let shopB: { id: number; cookie: string };
let bill1: BillDetail;
let billOfB: BillDetail;

function call(cookie: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) {
  return callWith(ctx.app, cookie, { method, url, ...(payload ? { payload } : {}) });
}

/** A customer made by the admin (decision 10: with its own account), signed in. */
async function customerSignedIn(extra: object = {}): Promise<{ id: number; cookie: string }> {
  const created = await call(as.admin, '/api/customers', 'POST', { ...customerInput(), ...extra });
  expect(created.statusCode, created.body).toBe(201);
  const { customer, generatedPassword } = created.json<CreatedCustomer>();
  return {
    id: customer.id,
    cookie: await signIn(ctx.app, 'customer', customer.email, generatedPassword),
  };
}

async function newBill(customerId: number, pieces: number, gstApplied: boolean, receivedPaise = 0) {
  const response = await call(as.employee, `/api/customers/${customerId}/bills`, 'POST', {
    lines: [
      {
        item: 'Shirt-Box',
        category: 'Silver',
        type: "Men's",
        size: 'M',
        quantity: pieces,
        ratePaise: 50_000,
      },
    ],
    gstApplied,
    receivedPaise,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BillDetail>();
}

async function json<T>(cookie: string, url: string): Promise<T> {
  const response = await call(cookie, url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, ctx.database.db);
  await insertStockRow(ctx.database.db, {
    item: 'Shirt-Box',
    category: 'Silver',
    type: "Men's",
    quantity: 10_000,
  });
  shopA = await customerSignedIn({ openingBalancePaise: OPENING });
  shopB = await customerSignedIn();
  bill1 = await newBill(shopA.id, 10, true);
  await newBill(shopA.id, 8, false, 100_000);
  const upi = await call(as.employee, `/api/customers/${shopA.id}/payments`, 'POST', {
    amountPaise: 200_000,
    mode: 'upi',
    reference: '612345678901',
    allocation: 'chosen',
    bills: [{ billId: bill1.id, amountPaise: 200_000 }],
  });
  expect(upi.statusCode, upi.body).toBe(201);
  billOfB = await newBill(shopB.id, 2, false);
});

afterAll(async () => {
  await ctx?.close();
});

describe('the wholesale customer sees its own account', () => {
  it('answers the totals the admin sees: billed, paid, credit notes, dues and the ledger balance', async () => {
    const summary = await json<MyWholesaleSummary>(shopA.cookie, '/api/my/wholesale');
    expect(summary).toMatchObject({
      customer: { id: shopA.id },
      billCount: 2,
      billedPaise: BILL1 + BILL2,
      paidPaise: PAID,
      creditNotesPaise: 0,
      duesPaise: BILL1 + BILL2 - PAID,
      openingBalancePaise: OPENING,
      openingDuesPaise: OPENING,
      balancePaise: OPENING + BILL1 + BILL2 - PAID,
    });
    const admin = await json<BillPage>(as.admin, `/api/customers/${shopA.id}/bills?status=all`);
    expect(summary.duesPaise).toBe(admin.totals.duesPaise);
    const ledger = await json<LedgerPage>(as.admin, `/api/customers/${shopA.id}/ledger`);
    expect(summary.balancePaise).toBe(ledger.balancePaise);
  });

  it("lists the same bills as the admin's transaction screen, newest first", async () => {
    const mine = await json<BillPage>(shopA.cookie, '/api/my/wholesale/bills?status=all');
    const admin = await json<BillPage>(as.admin, `/api/customers/${shopA.id}/bills?status=all`);
    expect(mine).toEqual(admin);
    expect(mine.items.map((bill) => bill.totalPaise)).toEqual([BILL2, BILL1]);
    expect(mine.items.map((bill) => bill.duesPaise)).toEqual([BILL2 - 100_000, BILL1 - 200_000]);
  });

  it("shows one of its bills with its payments, and 404 for another customer's or an unknown bill", async () => {
    const detail = await json<BillDetail>(shopA.cookie, `/api/my/wholesale/bills/${bill1.id}`);
    expect(detail.payments).toEqual([
      expect.objectContaining({ amountPaise: 200_000, mode: 'upi', reference: '612345678901' }),
    ]);
    expect(detail.duesPaise).toBe(BILL1 - 200_000);
    for (const url of [
      `/api/my/wholesale/bills/${billOfB.id}`,
      `/api/my/wholesale/bills/${billOfB.id}/invoice`,
      '/api/my/wholesale/bills/999999',
    ]) {
      const response = await call(shopA.cookie, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ error: { message: string } }>().error.message).toBe('Bill not found');
    }
    // And B sees its own, never A's.
    expect((await call(shopB.cookie, `/api/my/wholesale/bills/${billOfB.id}`)).statusCode).toBe(
      200,
    );
    expect((await call(shopB.cookie, `/api/my/wholesale/bills/${bill1.id}`)).statusCode).toBe(404);
  });

  it("downloads the invoice drawn by the back office's invoice document, with its figures", async () => {
    const data = await json<BillInvoiceData>(
      shopA.cookie,
      `/api/my/wholesale/bills/${bill1.id}/invoice`,
    );
    expect(data).toEqual(
      await json<BillInvoiceData>(as.admin, `/api/documents/bills/${bill1.id}/invoice`),
    );
    const text = await pdfTextOf(billInvoiceDocument(data));
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(data.document.snapshot.number);
    expect(text).toContain('₹5,250.00'); // total
    expect(text).toContain('₹3,250.00'); // dues after the ₹2,000 UPI
  });

  it('shows its ledger and downloads the statement as PDF and CSV', async () => {
    const ledger = await json<LedgerPage>(shopA.cookie, '/api/my/wholesale/ledger');
    expect(ledger).toEqual(await json<LedgerPage>(as.admin, `/api/customers/${shopA.id}/ledger`));
    expect(ledger.items).toHaveLength(5); // opening, two invoices, ₹1,000 with bill 2, UPI

    const range = `from=${addDays(today, -30)}&to=${today}`;
    const statement = await json<CustomerStatement>(
      shopA.cookie,
      `/api/my/wholesale/statement?${range}`,
    );
    expect(statement.customer.id).toBe(shopA.id);
    expect(statement.closingBalancePaise).toBe(OPENING + BILL1 + BILL2 - PAID);
    const pdf = await call(shopA.cookie, `/api/my/wholesale/statement/pdf?${range}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfBytesTextOf(pdf.rawPayload);
    // The same PDF the admin downloads for this customer (but for the print time).
    const adminPdf = await callWith(ctx.app, as.admin, {
      method: 'GET',
      url: `/api/customers/${shopA.id}/statement/pdf?${range}`,
    });
    const withoutPrintTime = (value: string) => value.replace(/printed \w+ \d+, \d+/, '');
    expect(withoutPrintTime(await pdfBytesTextOf(adminPdf.rawPayload))).toBe(
      withoutPrintTime(text),
    );
    expect(text).toContain('Statement of Account');
    expect(text).toContain('₹7,250.00'); // closing balance
    expect(text).toContain('₹10,250.00'); // debits: opening + both invoices
    expect(text).toContain('₹3,000.00'); // credits: ₹1,000 with bill 2 + the UPI
    expect(text).toContain('UPI 612345678901');

    const csv = await call(shopA.cookie, `/api/my/wholesale/statement/csv?${range}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trimEnd().split('\r\n').at(-1)).toBe(
      `${today},Closing balance,,,,10250.00,3000.00,7250.00`,
    );
    const bad = await call(
      shopA.cookie,
      `/api/my/wholesale/statement?from=${today}&to=${addDays(today, -1)}`,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('a plain marketplace customer', () => {
  it('gets the empty state from the summary and 404 with the reason elsewhere', async () => {
    const summary = await json<MyWholesaleSummary>(as.customer, '/api/my/wholesale');
    expect(summary).toEqual({
      customer: null,
      billCount: 0,
      billedPaise: 0,
      paidPaise: 0,
      creditNotesPaise: 0,
      duesPaise: 0,
      openingBalancePaise: 0,
      openingDuesPaise: 0,
      balancePaise: 0,
    });
    for (const url of [
      '/api/my/wholesale/bills',
      '/api/my/wholesale/ledger',
      `/api/my/wholesale/statement?from=${today}&to=${today}`,
      `/api/my/wholesale/bills/${bill1.id}`,
    ]) {
      const response = await call(as.customer, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(
        MY_WHOLESALE_MESSAGES.noWholesaleAccount,
      );
    }
  });

  it('refuses staff: the admin has its own routes', async () => {
    expect((await call(as.admin, '/api/my/wholesale')).statusCode).toBe(403);
  });
});

describe('its receipts and credit notes', () => {
  it("downloads its own payments' receipts and credit notes, never another customer's", async () => {
    const [payment] = (await json<BillDetail>(shopA.cookie, `/api/my/wholesale/bills/${bill1.id}`))
      .payments;
    expect(payment).toBeDefined();
    // The receipt's data is the back office's, and its PDF says what the admin's says.
    const mine = await json<PaymentReceiptData>(
      shopA.cookie,
      `/api/my/wholesale/payments/${payment!.paymentId}/receipt`,
    );
    const admins = await json<PaymentReceiptData>(
      as.admin,
      `/api/documents/payments/${payment!.paymentId}/receipt`,
    );
    expect({ ...mine, generatedAt: '' }).toEqual({ ...admins, generatedAt: '' });
    const receiptText = await pdfTextOf(paymentReceiptDocument(mine));
    expect(receiptText).toContain(payment!.receiptNumber);
    expect(receiptText).toContain('₹2,000.00');
    // Another customer's payment, or none: 404 as an unknown one.
    for (const [cookie, id] of [
      [shopB.cookie, payment!.paymentId],
      [shopA.cookie, 999_999],
    ] as const) {
      const refused = await call(cookie, `/api/my/wholesale/payments/${id}/receipt`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ error: { message: 'Payment not found' } });
    }

    const issued = await call(as.admin, `/api/bills/${bill1.id}/credit-notes`, 'POST', {
      reason: 'price_correction',
      lines: [{ lineNumber: 1, quantity: 1, amountPaise: 10_000 }],
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const note = issued.json<IssuedTaxDocument>();
    const detail = await json<BillDetail>(shopA.cookie, `/api/my/wholesale/bills/${bill1.id}`);
    expect(detail.creditNotes.map((each) => each.id)).toEqual([note.id]);
    const fetched = await json<CreditNoteDocument>(
      shopA.cookie,
      `/api/my/wholesale/credit-notes/${note.id}`,
    );
    expect(fetched).toEqual(
      await json<CreditNoteDocument>(as.admin, `/api/credit-notes/${note.id}`),
    );
    const noteText = await pdfTextOf(issuedDocumentDefinition(fetched.document));
    expect(noteText).toContain(note.snapshot.number);
    // Shop B, an invoice's id (not a credit note) and an unknown id: 404.
    const invoiceId = detail.invoice!.id;
    for (const [cookie, id] of [
      [shopB.cookie, note.id],
      [shopA.cookie, invoiceId],
      [shopA.cookie, 999_999],
    ] as const) {
      const refused = await call(cookie, `/api/my/wholesale/credit-notes/${id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ error: { message: 'Credit note not found' } });
    }
    // Staff and plain customers: 403 and 404 as for the other routes.
    expect((await call(as.admin, `/api/my/wholesale/credit-notes/${note.id}`)).statusCode).toBe(
      403,
    );
    expect((await call(as.customer, `/api/my/wholesale/credit-notes/${note.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/my/wholesale/credit-notes/${note.id}` }))
        .statusCode,
    ).toBe(401);
  });
});
