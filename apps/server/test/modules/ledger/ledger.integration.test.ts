import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  indianDateOf,
  type AgeingSummary,
  type BillDetail,
  type CreatedCustomer,
  type CreditCheck,
  type CustomerStatement,
  type IssuedTaxDocument,
  type LedgerPage,
  type Payment,
} from '@bazaar/shared';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { pdfBytesTextOf } from '../../support/pdf-text.js';
import {
  callWith,
  insertStockRow,
  signInEveryRole,
  type StaffCookies,
} from '../bills/bills-test-support.js';
import { customerInput } from '../customers/people-test-support.js';

/*
 * docs/back-office-ledger.md: the customer ledger (khata) through HTTP. A scripted history
 * (opening balance ₹10,000, two bills, a UPI payment, a cheque that bounces, a credit note, a
 * cash payment and a cancellation with its refund) gives rows and running balances equal to the
 * figures computed here; the statement as PDF text and CSV; pages with the balance brought
 * forward; ageing buckets of bills with chosen dates; the credit-limit warning; access.
 */

let ctx: TestContext;
let as: StaffCookies;
const today = indianDateOf(new Date());

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, ctx.database.db);
  // Shirt-Box Silver Men's at ₹500 a piece: 5 % GST (up to ₹2,500 a piece).
  await insertStockRow(ctx.database.db, {
    item: 'Shirt-Box',
    category: 'Silver',
    type: "Men's",
    quantity: 10_000,
  });
});

afterAll(async () => {
  await ctx?.close();
});

function call(cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return callWith(ctx.app, cookie, { method, url, ...(payload ? { payload } : {}) });
}

async function createCustomer(extra: object): Promise<CreatedCustomer> {
  const response = await call(as.admin, 'POST', '/api/customers', {
    ...customerInput(),
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedCustomer>();
}

async function newBill(
  customerId: number,
  pieces: number,
  options: { gstApplied?: boolean; billDate?: string; receivedPaise?: number } = {},
): Promise<BillDetail> {
  const response = await call(as.employee, 'POST', `/api/customers/${customerId}/bills`, {
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
    gstApplied: options.gstApplied ?? false,
    receivedPaise: options.receivedPaise ?? 0,
    ...(options.billDate ? { billDate: options.billDate } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BillDetail>();
}

async function ledgerOf(customerId: number, before?: string): Promise<LedgerPage> {
  const response = await call(
    as.admin,
    'GET',
    `/api/customers/${customerId}/ledger${before ? `?before=${before}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LedgerPage>();
}

describe('a scripted history', () => {
  let customerId: number;
  let bill1: BillDetail;
  let bill2: BillDetail;
  let chequeId: number;
  let creditNote: IssuedTaxDocument;

  // The figures the rows must show, computed here (paise).
  const OPENING = 1_000_000; // ₹10,000
  const BILL1 = 10 * 50_000 + 25_000; // ₹5,000 + 5 % GST
  const BILL2 = 8 * 50_000; // ₹4,000, bill of supply
  const UPI = 300_000;
  const CHEQUE = 200_000;
  const CREDIT = 10_000 + 500; // ₹100 price correction + its 5 %
  const CASH = 50_000;

  beforeAll(async () => {
    const created = await createCustomer({
      openingBalancePaise: OPENING,
      creditLimitPaise: 1_500_000,
    });
    customerId = created.customer.id;
    expect(created.customer).toMatchObject({
      openingBalancePaise: OPENING,
      creditLimitPaise: 1_500_000,
    });

    bill1 = await newBill(customerId, 10, { gstApplied: true });
    bill2 = await newBill(customerId, 8);
    expect([bill1.totalPaise, bill2.totalPaise]).toEqual([BILL1, BILL2]);

    const upi = await call(as.employee, 'POST', `/api/customers/${customerId}/payments`, {
      amountPaise: UPI,
      mode: 'upi',
      reference: '612345678901',
      allocation: 'oldest_first',
    });
    expect(upi.statusCode, upi.body).toBe(201);
    // Oldest first: the opening balance is the oldest debt, so the UPI payment goes to it.
    expect(upi.json<Payment>()).toMatchObject({ openingPaise: UPI, allocations: [] });

    const cheque = await call(as.employee, 'POST', `/api/bills/${bill2.id}/payments`, {
      amountPaise: CHEQUE,
      mode: 'cheque',
      chequeNumber: '004521',
      chequeBank: 'State Bank of India',
      chequeDate: today,
    });
    expect(cheque.statusCode, cheque.body).toBe(200);
    chequeId = cheque.json<BillDetail>().payments.at(-1)!.paymentId;
    const bounced = await call(as.admin, 'POST', `/api/payments/${chequeId}/bounce`, {
      reason: 'Insufficient funds',
    });
    expect(bounced.statusCode, bounced.body).toBe(200);

    const note = await call(as.admin, 'POST', `/api/bills/${bill1.id}/credit-notes`, {
      reason: 'price_correction',
      lines: [{ lineNumber: 1, quantity: 1, amountPaise: 10_000 }],
    });
    expect(note.statusCode, note.body).toBe(201);
    creditNote = note.json<IssuedTaxDocument>();
    expect(creditNote.snapshot.totals.totalPaise).toBe(CREDIT);

    const cash = await call(as.employee, 'POST', `/api/bills/${bill2.id}/payments`, {
      amountPaise: CASH,
    });
    expect(cash.statusCode, cash.body).toBe(200);
    const cancelled = await call(as.admin, 'POST', `/api/bills/${bill2.id}/cancel`, {
      reason: 'Order withdrawn',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('lists every event newest first with the running balance the test computes', async () => {
    const page = await ledgerOf(customerId);
    // Oldest first: [kind, debit, credit]; balances are the running sums.
    const expected: [string, number, number][] = [
      ['opening', OPENING, 0],
      ['invoice', BILL1, 0],
      ['invoice', BILL2, 0],
      ['payment', 0, UPI],
      ['payment', 0, CHEQUE],
      ['bounce', CHEQUE, 0],
      ['credit_note', 0, CREDIT],
      ['payment', 0, CASH],
      ['cancellation', 0, BILL2],
      ['refund', CASH, 0],
    ];
    let balance = 0;
    const withBalance = expected.map(([kind, debit, credit]) => {
      balance += debit - credit;
      return { kind, debitPaise: debit, creditPaise: credit, balancePaise: balance };
    });
    expect(
      page.items.map(({ kind, debitPaise, creditPaise, balancePaise }) => ({
        kind,
        debitPaise,
        creditPaise,
        balancePaise,
      })),
    ).toEqual(withBalance.reverse());
    const closing = OPENING + BILL1 - UPI - CREDIT; // bill 2 is cancelled: it owes nothing
    expect(closing).toBe(1_214_500);
    expect(page.balancePaise).toBe(closing);
    expect(page.nextCursor).toBeNull();
    expect(page).toMatchObject({ openingBalancePaise: OPENING, creditLimitPaise: 1_500_000 });

    const byKind = (kind: string) => page.items.filter((row) => row.kind === kind);
    expect(byKind('payment').map((row) => [row.mode, row.detail])).toEqual([
      ['cash', null],
      ['cheque', 'Cheque 004521, State Bank of India'],
      ['upi', '612345678901'],
    ]);
    expect(byKind('bounce')[0]).toMatchObject({
      paymentId: chequeId,
      detail: 'Insufficient funds',
    });
    expect(byKind('credit_note')[0]!.reference).toBe(creditNote.snapshot.number);
    expect(byKind('cancellation')[0]).toMatchObject({
      billId: bill2.id,
      reference: `00${bill2.id}`,
      detail: 'Order withdrawn',
    });
    expect(page.items.every((row) => row.date === today)).toBe(true);
    // The ageing of these dues: all from today (opening balance and bill 1).
    expect(page.ageing).toEqual({
      days0To30Paise: closing,
      days31To60Paise: 0,
      days61To90Paise: 0,
      over90Paise: 0,
      totalPaise: closing,
    });
  });

  it('prints the statement for a range as PDF text and CSV with opening and closing balances', async () => {
    const response = await call(
      as.employee,
      'GET',
      `/api/customers/${customerId}/statement?from=${addDays(today, -30)}&to=${today}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json<CustomerStatement>();
    expect(statement.openingBalancePaise).toBe(0);
    expect(statement.rows).toHaveLength(10);
    expect(statement.closingBalancePaise).toBe(1_214_500);
    expect(statement.totals).toEqual({
      debitPaise: OPENING + BILL1 + BILL2 + CHEQUE + CASH,
      creditPaise: UPI + CHEQUE + CREDIT + CASH + BILL2,
    });

    const pdf = await call(
      as.employee,
      'GET',
      `/api/customers/${customerId}/statement/pdf?from=${addDays(today, -30)}&to=${today}`,
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="Statement ${statement.customer.shopName.replace(/[^A-Za-z0-9 ._-]+/g, '_').trim()} ${addDays(today, -30)} to ${today}.pdf"`,
    );
    const text = await pdfBytesTextOf(pdf.rawPayload);
    expect(text).toContain('Statement of Account');
    expect(text).toContain(statement.customer.shopName);
    expect(text).toContain('Opening balance');
    expect(text).toContain('Debit (₹) Credit (₹) Balance (₹)');
    expect(text).toContain('Closing balance (owed to us) ₹12,145.00'); // the totals, en-IN
    // The rows: the opening balance's debit and its running balance, the closing line.
    expect(text).toMatch(/Opening balance 10,000\.00 10,000\.00/);
    expect(text).toMatch(/Closing balance 12,145\.00/);
    expect(text).toContain('Insufficient'); // the bounce row's reason (its particulars wrap)
    expect(text).toContain('UPI 612345678901');
    expect(text).toContain(creditNote.snapshot.number);
    expect(text).toContain('Closing balance');

    const csv = await call(
      as.admin,
      'GET',
      `/api/customers/${customerId}/statement/csv?from=${addDays(today, -30)}&to=${today}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="statement-.*\.csv"/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,Type,Reference,Mode,Details,Debit,Credit,Balance');
    expect(lines[1]).toBe(`${addDays(today, -30)},Opening balance,,,,,,0.00`);
    expect(lines[2]).toBe(`${today},Opening balance,,,,10000.00,,10000.00`);
    expect(lines.some((line) => line.startsWith(`${today},Cheque bounced,`))).toBe(true);
    expect(lines.at(-1)).toBe(`${today},Closing balance,,,,21750.00,9605.00,12145.00`);
    expect(lines).toHaveLength(13);

    // A range after today: everything is brought forward, no rows.
    const later = (
      await call(
        as.admin,
        'GET',
        `/api/customers/${customerId}/statement?from=${addDays(today, 1)}&to=${addDays(today, 2)}`,
      )
    ).json<CustomerStatement>();
    expect(later).toMatchObject({
      openingBalancePaise: 1_214_500,
      rows: [],
      closingBalancePaise: 1_214_500,
    });
  });

  it('warns at Add New Purchase when dues and the new bill exceed the credit limit', async () => {
    const within = (
      await call(as.employee, 'GET', `/api/customers/${customerId}/credit-check?amountPaise=285500`)
    ).json<CreditCheck>();
    expect(within).toEqual({
      creditLimitPaise: 1_500_000,
      duesPaise: 1_214_500,
      newBillPaise: 285_500,
      duesAfterPaise: 1_500_000,
      exceeds: false,
      message: null,
    });
    const above = (
      await call(as.employee, 'GET', `/api/customers/${customerId}/credit-check?amountPaise=285501`)
    ).json<CreditCheck>();
    expect(above.exceeds).toBe(true);
    expect(above.message).toBe(
      'Credit limit ₹15,000.00 exceeded: dues ₹12,145.00 + this bill ₹2,855.01 = ₹15,000.01',
    );
    // A warning, never a refusal: a bill above the limit is still saved.
    const bill = await newBill(customerId, 6);
    const after = (
      await call(as.employee, 'GET', `/api/customers/${customerId}/credit-check?amountPaise=0`)
    ).json<CreditCheck>();
    expect(after.duesPaise).toBe(1_214_500 + bill.totalPaise);
    expect(after.exceeds).toBe(true);

    // The limit is changed (or removed) through the Edit modal, audited as a customer update.
    const customer = (await call(as.admin, 'GET', `/api/customers/${customerId}`)).json<
      CreatedCustomer['customer']
    >();
    // Only the admin changes it: an employee's edit that changes it is refused.
    const byEmployee = await call(as.employee, 'PATCH', `/api/customers/${customerId}`, {
      name: customer.name,
      email: customer.email,
      mobile: customer.mobile,
      altMobile: '',
      shopName: customer.shopName,
      creditLimitPaise: 9_900_000,
    });
    expect(byEmployee.statusCode).toBe(403);
    expect(byEmployee.json()).toMatchObject({
      error: { message: 'Only the admin sets a credit limit' },
    });
    const patched = await call(as.admin, 'PATCH', `/api/customers/${customerId}`, {
      name: customer.name,
      email: customer.email,
      mobile: customer.mobile,
      altMobile: '',
      shopName: customer.shopName,
      creditLimitPaise: null,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const none = (
      await call(
        as.employee,
        'GET',
        `/api/customers/${customerId}/credit-check?amountPaise=99999999`,
      )
    ).json<CreditCheck>();
    expect(none).toMatchObject({ creditLimitPaise: null, exceeds: false, message: null });
  });
});

describe('pages', () => {
  it('pages newest first by keyset with the balance brought forward across pages', async () => {
    const { customer } = await createCustomer({ openingBalancePaise: 123_400 });
    const totals: number[] = [];
    for (let index = 1; index <= 24; index += 1) {
      totals.push((await newBill(customer.id, (index % 5) + 1)).totalPaise);
    }
    const first = await ledgerOf(customer.id);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await ledgerOf(customer.id, first.nextCursor!);
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const rows = [...first.items, ...second.items].reverse();
    const amounts = [123_400, ...totals];
    let balance = 0;
    rows.forEach((row, index) => {
      balance += amounts[index]!;
      expect(row.debitPaise).toBe(amounts[index]);
      expect(row.balancePaise).toBe(balance);
    });
    expect(second.balancePaise).toBe(balance);
    expect(rows[0]!.kind).toBe('opening');

    const foreign = await call(as.admin, 'GET', `/api/customers/${customer.id}/ledger?before=1`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: { fields: { before: 'Invalid page cursor' } } });
  });
});

describe('ageing of dues', () => {
  it('buckets each bill by days since its bill date, per customer and in total', async () => {
    const { customer } = await createCustomer({});
    const ages = [10, 30, 31, 60, 61, 90, 91, 110];
    const fyStart =
      today.slice(5) >= '04-01'
        ? `${today.slice(0, 4)}-04-01`
        : `${Number(today.slice(0, 4)) - 1}-04-01`;
    const bills: { age: number; dues: number }[] = [];
    for (const [index, age] of ages.entries()) {
      const billDate = addDays(today, -age);
      if (billDate < fyStart) continue; // the bill date must be in this financial year
      const bill = await newBill(customer.id, index + 1, { billDate, receivedPaise: 10_000 });
      bills.push({ age, dues: bill.totalPaise - 10_000 });
    }
    expect(bills.length).toBeGreaterThanOrEqual(4);
    const sumOf = (low: number, high: number) =>
      bills.filter((b) => b.age >= low && b.age <= high).reduce((sum, b) => sum + b.dues, 0);
    const expected = {
      days0To30Paise: sumOf(0, 30),
      days31To60Paise: sumOf(31, 60),
      days61To90Paise: sumOf(61, 90),
      over90Paise: sumOf(91, 10_000),
      totalPaise: sumOf(0, 10_000),
    };
    expect((await ledgerOf(customer.id)).ageing).toEqual(expected);

    const total = await call(as.admin, 'GET', '/api/ledger/ageing');
    expect(total.statusCode).toBe(200);
    const summary = total.json<AgeingSummary>();
    expect(summary.asOf).toBe(today);
    // Every customer of this file: the sum of their own ageing.
    const ids = (
      (await ctx.database.db.execute(
        (await import('drizzle-orm')).sql`select id from wholesale_customers`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((row) => row.id);
    const perCustomer = await Promise.all(ids.map(async (id) => (await ledgerOf(id)).ageing));
    for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
      expect(summary.total[key], key).toBe(perCustomer.reduce((sum, a) => sum + a[key], 0));
    }
  });
});

describe('paying off an opening balance', () => {
  it('pays the opening balance first, then bills; chosen parts; a bounce owes it again', async () => {
    const OPENING = 1_000_000; // ₹10,000 carried from the paper book
    const { customer } = await createCustomer({ openingBalancePaise: OPENING });
    const bill = await newBill(customer.id, 10); // ₹5,000, bill of supply
    const BILL = 500_000;
    expect(bill.totalPaise).toBe(BILL);
    const pay = (body: object) =>
      call(as.employee, 'POST', `/api/customers/${customer.id}/payments`, body);

    // Oldest first: ₹12,000 pays the whole opening balance and ₹2,000 of the bill.
    const fifo = await pay({ amountPaise: 1_200_000, mode: 'upi', reference: '712345678901' });
    expect(fifo.statusCode, fifo.body).toBe(201);
    expect(fifo.json<Payment>()).toMatchObject({
      amountPaise: 1_200_000,
      openingPaise: OPENING,
      allocations: [{ billId: bill.id, amountPaise: 200_000 }],
    });
    let page = await ledgerOf(customer.id);
    expect(page).toMatchObject({
      openingBalancePaise: OPENING,
      openingDuesPaise: 0,
      balancePaise: BILL - 200_000,
    });
    expect(page.ageing.totalPaise).toBe(BILL - 200_000);
    // Nothing is left of the opening balance: choosing it is refused with its own field.
    const over = await pay({ amountPaise: 100, allocation: 'chosen', openingPaise: 100 });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json()).toMatchObject({
      error: { fields: { openingPaise: 'The opening balance owes only ₹0.00' } },
    });

    // A second customer: the cheque chosen for the opening balance (and part of a bill) bounces.
    const second = (await createCustomer({ openingBalancePaise: OPENING })).customer;
    const secondBill = await newBill(second.id, 4); // ₹2,000
    const cheque = await call(as.employee, 'POST', `/api/customers/${second.id}/payments`, {
      amountPaise: 400_000,
      mode: 'cheque',
      chequeNumber: '123456',
      chequeBank: 'Canara Bank',
      chequeDate: today,
      allocation: 'chosen',
      openingPaise: 300_000,
      bills: [{ billId: secondBill.id, amountPaise: 100_000 }],
    });
    expect(cheque.statusCode, cheque.body).toBe(201);
    const chequePayment = cheque.json<Payment>();
    expect(chequePayment).toMatchObject({ openingPaise: 300_000, amountPaise: 400_000 });
    page = await ledgerOf(second.id);
    expect(page).toMatchObject({ openingDuesPaise: 700_000, balancePaise: 700_000 + 100_000 });
    // The opening balance is dated the customer's creation (today): in the 0-30 days bucket.
    expect(page.ageing).toMatchObject({ days0To30Paise: 800_000, totalPaise: 800_000 });
    // The chosen parts must add up to the payment; more than the opening owes is refused.
    const mismatch = await call(as.employee, 'POST', `/api/customers/${second.id}/payments`, {
      amountPaise: 1_000,
      allocation: 'chosen',
      openingPaise: 500,
    });
    expect(mismatch.statusCode).toBe(400);
    const tooMuch = await call(as.employee, 'POST', `/api/customers/${second.id}/payments`, {
      amountPaise: 700_001,
      allocation: 'chosen',
      openingPaise: 700_001,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      error: { fields: { openingPaise: 'The opening balance owes only ₹7,000.00' } },
    });
    // Oldest first takes no more than the opening balance and the bills owe together.
    const fifoOver = await call(as.employee, 'POST', `/api/customers/${second.id}/payments`, {
      amountPaise: 800_001,
    });
    expect(fifoOver.statusCode).toBe(422);

    const bounced = await call(
      as.admin,
      'POST',
      `/api/payments/${chequePayment.paymentId}/bounce`,
      {
        reason: 'Insufficient funds',
      },
    );
    expect(bounced.statusCode, bounced.body).toBe(200);
    page = await ledgerOf(second.id);
    expect(page).toMatchObject({
      openingDuesPaise: OPENING,
      balancePaise: OPENING + 200_000,
      ageing: { totalPaise: OPENING + 200_000 },
    });
    // The ledger: opening, invoice, payment, bounce, newest first, with the running balance.
    expect(
      page.items.map((row) => [row.kind, row.debitPaise, row.creditPaise, row.balancePaise]),
    ).toEqual([
      ['bounce', 400_000, 0, OPENING + 200_000],
      ['payment', 0, 400_000, OPENING + 200_000 - 400_000],
      ['invoice', 200_000, 0, OPENING + 200_000],
      ['opening', OPENING, 0, OPENING],
    ]);

    // The receipt names the opening balance's part.
    const receipt = await call(
      as.admin,
      'GET',
      `/api/documents/payments/${chequePayment.paymentId}/receipt`,
    );
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({ payment: { openingPaise: 300_000 } });

    // The payment history lists the opening balance's part as its own row, before the bill's
    // part of the same payment; the bounced cheque counts for nothing in the total.
    const history = await call(as.admin, 'GET', `/api/customers/${second.id}/payments`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toEqual({
      items: [
        expect.objectContaining({
          id: null,
          billId: null,
          billNumber: null,
          amountPaise: 300_000,
          receiptNumber: chequePayment.receiptNumber,
          status: 'bounced',
        }),
        expect.objectContaining({
          billId: secondBill.id,
          billNumber: `00${secondBill.id}`,
          amountPaise: 100_000,
          receiptNumber: chequePayment.receiptNumber,
          status: 'bounced',
        }),
      ],
      totalPaise: 0,
    });
    // The first customer's UPI payment went wholly to the opening balance: it is listed too.
    const firstHistory = await call(as.admin, 'GET', `/api/customers/${customer.id}/payments`);
    expect(
      firstHistory.json<{ items: Array<{ billId: number | null; amountPaise: number }> }>().items,
    ).toEqual([
      expect.objectContaining({ billId: null, amountPaise: OPENING }),
      expect.objectContaining({ billId: bill.id, amountPaise: 200_000 }),
    ]);
    const historyPdfData = await call(
      as.admin,
      'GET',
      `/api/documents/customers/${customer.id}/payments`,
    );
    expect(historyPdfData.statusCode, historyPdfData.body).toBe(200);
    expect(historyPdfData.json()).toMatchObject({
      payments: [
        { billId: null, amountPaise: OPENING },
        { billId: bill.id, amountPaise: 200_000 },
      ],
    });
  });
});

describe('access', () => {
  it('lets only the admin and employees read ledgers; the total ageing is the admin’s', async () => {
    const { customer } = await createCustomer({});
    const paths = [
      `/api/customers/${customer.id}/ledger`,
      `/api/customers/${customer.id}/statement?from=${today}&to=${today}`,
      `/api/customers/${customer.id}/statement/csv?from=${today}&to=${today}`,
      `/api/customers/${customer.id}/credit-check?amountPaise=100`,
    ];
    for (const path of paths) {
      expect((await call(as.admin, 'GET', path)).statusCode, path).toBe(200);
      expect((await call(as.employee, 'GET', path)).statusCode, path).toBe(200);
      for (const cookie of [as.customer, as.seller, as.delivery, as.supportAdmin]) {
        expect((await call(cookie, 'GET', path)).statusCode, path).toBe(403);
      }
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(401);
    }
    expect((await call(as.employee, 'GET', '/api/ledger/ageing')).statusCode).toBe(403);
    expect((await call(as.admin, 'GET', '/api/customers/999999/ledger')).statusCode).toBe(404);
    const bad = await call(
      as.admin,
      'GET',
      `/api/customers/${customer.id}/statement?from=${today}&to=${addDays(today, -1)}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { fields: { to: 'The start date must be on or before the end date' } },
    });
    const negative = await call(as.admin, 'POST', '/api/customers', {
      ...customerInput(),
      openingBalancePaise: -1,
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({
      error: { fields: { openingBalancePaise: 'Enter the opening balance in rupees, 0 or more' } },
    });
  });
});
