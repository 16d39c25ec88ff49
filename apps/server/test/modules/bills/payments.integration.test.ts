import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMonths,
  amountInWords,
  formatRupees,
  indianDateOf,
  PAYMENT_MESSAGES,
  paymentReceiptDocument,
  type BillDetail,
  type CustomerPayments,
  type Payment,
  type PaymentReceiptData,
} from '@bazaar/shared';
import { auditLog, bills } from '../../../src/db/schema/index.js';
import { pdfTextOf } from '../../support/pdf-text.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from './bills-test-support.js';

/*
 * docs/back-office-bills.md "Payments": every payment has a mode (cash, UPI, bank transfer with a
 * UTR, cheque with number, bank and date) and a receipt in the business's gap-free series; a
 * payment on the customer's account is shared oldest bill first or over chosen bills; a bounced
 * cheque takes exactly its parts off its bills again, audited; the receipt PDF says it all.
 */

let ctx: TestContext;
let as: StaffCookies;
const db = () => ctx.database.db;
const today = () => indianDateOf(new Date());
const shirt = { item: 'Shirt-Box', category: 'Silver', type: "Men's", size: 'M' } as const;

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, db());
  await insertStockRow(db(), { ...shirt, quantity: 10_000 });
});

afterAll(async () => {
  await ctx.close();
});

/** A bill of `quantity` shirts at ₹100 without GST (total = quantity x 10,000 paise). */
async function newBill(customerId: number, quantity: number, received = 0): Promise<BillDetail> {
  const response = await callWith(ctx.app, as.admin, {
    method: 'POST',
    url: `/api/customers/${customerId}/bills`,
    payload: { lines: [{ ...shirt, quantity, ratePaise: 10_000 }], receivedPaise: received },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BillDetail>();
}

/** Sets a bill's date (so which bill is oldest does not depend on the clock). */
async function dateBill(billId: number, day: string) {
  await db()
    .update(bills)
    .set({ purchasedAt: new Date(`${day}T11:00:00+05:30`) })
    .where(eq(bills.id, billId));
}

async function getBill(billId: number): Promise<BillDetail> {
  const response = await callWith(ctx.app, as.admin, {
    method: 'GET',
    url: `/api/bills/${billId}`,
  });
  return response.json<BillDetail>();
}

function pay(billId: number, body: object, cookie = as.admin) {
  return callWith(ctx.app, cookie, {
    method: 'POST',
    url: `/api/bills/${billId}/payments`,
    payload: body,
  });
}

function take(customerId: number, body: object, cookie = as.admin) {
  return callWith(ctx.app, cookie, {
    method: 'POST',
    url: `/api/customers/${customerId}/payments`,
    payload: body,
  });
}

function bounce(paymentId: number, reason: string, cookie = as.admin) {
  return callWith(ctx.app, cookie, {
    method: 'POST',
    url: `/api/payments/${paymentId}/bounce`,
    payload: { reason },
  });
}

/** The receipt number's serial: 'RC/26-27/00012' -> 12. */
const serialOf = (receiptNumber: string) => Number(receiptNumber.split('/')[2]);

describe('the mode of a payment on a bill', () => {
  let customerId: number;
  let bill: BillDetail;

  beforeAll(async () => {
    customerId = await insertWholesaleCustomer(db(), 'Mode Textiles');
    bill = await newBill(customerId, 50);
  });

  it.each([
    ['UPI without a reference', { mode: 'upi' }, { reference: PAYMENT_MESSAGES.referenceRequired }],
    [
      'a UTR of 11 characters',
      { mode: 'upi', reference: '41234567890' },
      { reference: PAYMENT_MESSAGES.referenceInvalid },
    ],
    [
      'a UTR of 23 characters',
      { mode: 'bank_transfer', reference: 'SBIN0000000000000000001' },
      { reference: PAYMENT_MESSAGES.referenceInvalid },
    ],
    [
      'a UTR with a dash',
      { mode: 'bank_transfer', reference: 'SBIN-00000000012' },
      { reference: PAYMENT_MESSAGES.referenceInvalid },
    ],
    [
      'a cheque without its details',
      { mode: 'cheque' },
      {
        chequeNumber: PAYMENT_MESSAGES.chequeNumberInvalid,
        chequeBank: PAYMENT_MESSAGES.chequeBankRequired,
        chequeDate: PAYMENT_MESSAGES.chequeDateInvalid,
      },
    ],
    [
      'a cheque number of 5 digits',
      { mode: 'cheque', chequeNumber: '12345', chequeBank: 'SBI', chequeDate: today() },
      { chequeNumber: PAYMENT_MESSAGES.chequeNumberInvalid },
    ],
    [
      'a post-dated cheque',
      {
        mode: 'cheque',
        chequeNumber: '123456',
        chequeBank: 'SBI',
        chequeDate: addMonths(today(), 1),
      },
      { chequeDate: PAYMENT_MESSAGES.chequePostDated },
    ],
    [
      'a cheque older than three months',
      {
        mode: 'cheque',
        chequeNumber: '123456',
        chequeBank: 'SBI',
        chequeDate: addMonths(today(), -4),
      },
      { chequeDate: PAYMENT_MESSAGES.chequeStale },
    ],
    [
      'a cheque date that does not exist',
      { mode: 'cheque', chequeNumber: '123456', chequeBank: 'SBI', chequeDate: '2026-02-30' },
      { chequeDate: PAYMENT_MESSAGES.chequeDateInvalid },
    ],
    [
      'cash with a reference',
      { mode: 'cash', reference: '412345678901' },
      { reference: PAYMENT_MESSAGES.notForMode('cash', 'reference') },
    ],
    [
      'UPI with a cheque number',
      { mode: 'upi', reference: '412345678901', chequeNumber: '123456' },
      { chequeNumber: PAYMENT_MESSAGES.notForMode('upi', 'cheque number') },
    ],
    ['a card', { mode: 'card' }, { mode: PAYMENT_MESSAGES.chooseMode }],
  ])('refuses %s with 400 and the field messages', async (_what, method, fields) => {
    const response = await pay(bill.id, { amountPaise: 1_000, ...method });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toEqual(fields);
    expect((await getBill(bill.id)).receivedPaise).toBe(0);
  });

  it('takes each mode with its details and numbers the receipts one after another', async () => {
    const chequeDate = addMonths(today(), -2);
    const bodies = [
      { amountPaise: 1_000 },
      { amountPaise: 2_000, mode: 'upi', reference: ' axis41234567 ' },
      { amountPaise: 3_000, mode: 'bank_transfer', reference: 'SBIN0000123456789012' },
      {
        amountPaise: 4_000,
        mode: 'cheque',
        chequeNumber: '004512',
        chequeBank: 'State Bank of India',
        chequeDate,
      },
    ];
    for (const body of bodies) expect((await pay(bill.id, body)).statusCode).toBe(200);
    const saved = await getBill(bill.id);
    expect(saved.receivedPaise).toBe(10_000);
    expect(
      saved.payments.map(({ mode, reference, chequeNumber, chequeBank, chequeDate, status }) => ({
        mode,
        reference,
        chequeNumber,
        chequeBank,
        chequeDate,
        status,
      })),
    ).toEqual([
      {
        mode: 'cash',
        reference: null,
        chequeNumber: null,
        chequeBank: null,
        chequeDate: null,
        status: 'received',
      },
      {
        mode: 'upi',
        reference: 'AXIS41234567',
        chequeNumber: null,
        chequeBank: null,
        chequeDate: null,
        status: 'received',
      },
      {
        mode: 'bank_transfer',
        reference: 'SBIN0000123456789012',
        chequeNumber: null,
        chequeBank: null,
        chequeDate: null,
        status: 'received',
      },
      {
        mode: 'cheque',
        reference: null,
        chequeNumber: '004512',
        chequeBank: 'State Bank of India',
        chequeDate,
        status: 'received',
      },
    ]);
    const numbers = saved.payments.map((payment) => payment.receiptNumber);
    for (const number of numbers) expect(number).toMatch(/^RC\/\d{2}-\d{2}\/\d{5}$/);
    const serials = numbers.map(serialOf);
    expect(serials).toEqual(serials.map((_, index) => serials[0]! + index));
  });

  it('gives a refused payment its receipt number back (the series has no gaps)', async () => {
    const before = (await getBill(bill.id)).payments.at(-1)!.receiptNumber;
    const tooMuch = await pay(bill.id, { amountPaise: 10_000_000 });
    expect(tooMuch.statusCode).toBe(422);
    expect((await pay(bill.id, { amountPaise: 500 })).statusCode).toBe(200);
    const after = (await getBill(bill.id)).payments.at(-1)!.receiptNumber;
    expect(serialOf(after)).toBe(serialOf(before) + 1);
  });

  it('takes the mode with the first payment of a purchase', async () => {
    const response = await callWith(ctx.app, as.employee, {
      method: 'POST',
      url: `/api/customers/${customerId}/bills`,
      payload: {
        lines: [{ ...shirt, quantity: 1, ratePaise: 10_000 }],
        receivedPaise: 10_000,
        mode: 'upi',
        reference: '512345678901',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<BillDetail>().payments[0]).toMatchObject({
      mode: 'upi',
      reference: '512345678901',
      receiptNumber: expect.stringMatching(/^RC\//),
    });
    const refused = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/customers/${customerId}/bills`,
      payload: {
        lines: [{ ...shirt, quantity: 1, ratePaise: 10_000 }],
        receivedPaise: 10_000,
        mode: 'cheque',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ error: { fields: object } }>().error.fields)).toEqual([
      'chequeNumber',
      'chequeBank',
      'chequeDate',
    ]);
  });
});

describe("a payment on the customer's account", () => {
  let customerId: number;
  let oldest: BillDetail;
  let middle: BillDetail;
  let newest: BillDetail;

  beforeAll(async () => {
    customerId = await insertWholesaleCustomer(db(), 'Fifo Garments');
    // Created in another order than their dates: FIFO follows the bill date.
    newest = await newBill(customerId, 30, 5_000); // dues 295,000
    oldest = await newBill(customerId, 10, 20_000); // dues 80,000
    middle = await newBill(customerId, 20); // dues 200,000
    await dateBill(oldest.id, addMonths(today(), -2));
    await dateBill(middle.id, addMonths(today(), -1));
  });

  it('shares an amount over the oldest bills first, each up to its dues', async () => {
    const response = await take(
      customerId,
      { amountPaise: 330_000, mode: 'upi', reference: '612345678901' },
      as.employee,
    );
    expect(response.statusCode, response.body).toBe(201);
    const payment = response.json<Payment>();
    expect(payment).toMatchObject({
      customerId,
      amountPaise: 330_000,
      mode: 'upi',
      reference: '612345678901',
      status: 'received',
      receivedByName: expect.any(String),
    });
    expect(payment.allocations).toEqual([
      { billId: oldest.id, billNumber: `00${oldest.id}`, amountPaise: 80_000 },
      { billId: middle.id, billNumber: `00${middle.id}`, amountPaise: 200_000 },
      { billId: newest.id, billNumber: `00${newest.id}`, amountPaise: 50_000 },
    ]);
    expect((await getBill(oldest.id)).duesPaise).toBe(0);
    expect((await getBill(middle.id)).duesPaise).toBe(0);
    expect((await getBill(newest.id)).duesPaise).toBe(245_000);
    // The payment is one receipt over three bills in the history.
    const history = (
      await callWith(ctx.app, as.admin, {
        method: 'GET',
        url: `/api/customers/${customerId}/payments`,
      })
    ).json<CustomerPayments>();
    const parts = history.items.filter((item) => item.paymentId === payment.paymentId);
    expect(parts.map((item) => item.receiptNumber)).toEqual(Array(3).fill(payment.receiptNumber));
  });

  it('refuses more than the open bills owe together, writing nothing', async () => {
    const response = await take(customerId, { amountPaise: 245_001 });
    expect(response.statusCode).toBe(422);
    const { error } = response.json<{
      error: { reason: string; message: string; fields: object };
    }>();
    expect(error.reason).toBe('PAYMENT_EXCEEDS_DUES');
    expect(error.message).toBe(PAYMENT_MESSAGES.moreThanDues(245_000));
    expect(error.message).toContain(formatRupees(245_000));
    expect(error.fields).toEqual({ amountPaise: error.message });
    expect((await getBill(newest.id)).duesPaise).toBe(245_000);
  });

  it('shares over chosen bills with the amounts given', async () => {
    const other = await newBill(customerId, 5); // dues 50,000
    const response = await take(customerId, {
      amountPaise: 70_000,
      mode: 'bank_transfer',
      reference: 'HDFC00001234567',
      allocation: 'chosen',
      bills: [
        { billId: other.id, amountPaise: 30_000 },
        { billId: newest.id, amountPaise: 40_000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const payment = response.json<Payment>();
    // Listed oldest first, as on the receipt.
    expect(payment.allocations.map((part) => [part.billId, part.amountPaise])).toEqual([
      [newest.id, 40_000],
      [other.id, 30_000],
    ]);
    expect((await getBill(other.id)).duesPaise).toBe(20_000);
    expect((await getBill(newest.id)).duesPaise).toBe(205_000);
  });

  it('refuses chosen amounts that do not add up, a bill owing less, and a bill not open', async () => {
    const mismatch = await take(customerId, {
      amountPaise: 10_000,
      allocation: 'chosen',
      bills: [{ billId: newest.id, amountPaise: 9_000 }],
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<{ error: { fields: object } }>().error.fields).toEqual({
      bills: PAYMENT_MESSAGES.allocationMismatch,
    });
    const none = await take(customerId, { amountPaise: 10_000, allocation: 'chosen' });
    expect(none.json<{ error: { fields: object } }>().error.fields).toEqual({
      bills: PAYMENT_MESSAGES.chooseBills,
    });
    const over = await take(customerId, {
      amountPaise: 205_001,
      allocation: 'chosen',
      bills: [{ billId: newest.id, amountPaise: 205_001 }],
    });
    expect(over.statusCode).toBe(422);
    expect(over.json<{ error: { message: string } }>().error.message).toBe(
      PAYMENT_MESSAGES.billDuesExceeded(`00${newest.id}`, 205_000),
    );
    const elsewhere = await newBill(await insertWholesaleCustomer(db(), 'Other Shop'), 1);
    const notOpen = await take(customerId, {
      amountPaise: 100,
      allocation: 'chosen',
      bills: [{ billId: elsewhere.id, amountPaise: 100 }],
    });
    expect(notOpen.statusCode).toBe(422);
    expect(notOpen.json<{ error: { reason: string; message: string } }>().error).toMatchObject({
      reason: 'BILL_NOT_OPEN',
      message: PAYMENT_MESSAGES.billNotOpen(`00${elsewhere.id}`),
    });
  });

  it('refuses a customer without open dues, an unknown customer and other roles', async () => {
    const empty = await insertWholesaleCustomer(db(), 'Paid Up Store');
    const response = await take(empty, { amountPaise: 100 });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      PAYMENT_MESSAGES.noOpenBills,
    );
    expect((await take(999_999, { amountPaise: 100 })).statusCode).toBe(404);
    expect((await take(customerId, { amountPaise: 100 }, as.customer)).statusCode).toBe(403);
    expect((await take(customerId, { amountPaise: 100 }, as.seller)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/customers/${customerId}/payments`,
      payload: { amountPaise: 100 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a bounced cheque', () => {
  let customerId: number;
  let first: BillDetail;
  let second: BillDetail;
  let cheque: Payment;

  beforeAll(async () => {
    customerId = await insertWholesaleCustomer(db(), 'Bounce Cloth House');
    first = await newBill(customerId, 10, 10_000); // total 100,000, dues 90,000
    second = await newBill(customerId, 10); // dues 100,000
    await dateBill(first.id, addMonths(today(), -1));
    const response = await take(customerId, {
      amountPaise: 120_000,
      mode: 'cheque',
      chequeNumber: '778899',
      chequeBank: 'Punjab National Bank',
      chequeDate: today(),
    });
    expect(response.statusCode, response.body).toBe(201);
    cheque = response.json<Payment>();
    // The first bill is paid in full and closed before the cheque bounces.
    const closed = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/bills/${first.id}/close`,
    });
    expect(closed.statusCode).toBe(200);
  });

  it('may be marked bounced by the admin only, with a reason', async () => {
    expect((await bounce(cheque.paymentId, 'Insufficient funds', as.employee)).statusCode).toBe(
      403,
    );
    const short = await bounce(cheque.paymentId, 'no');
    expect(short.statusCode).toBe(400);
    expect(short.json<{ error: { fields: object } }>().error.fields).toEqual({
      reason: PAYMENT_MESSAGES.bounceReasonRequired,
    });
    expect((await bounce(999_999, 'Insufficient funds')).statusCode).toBe(404);
  });

  it('puts exactly its parts back on the dues, opens the closed bill and is audited', async () => {
    const before = await Promise.all([getBill(first.id), getBill(second.id)]);
    expect(before.map((bill) => bill.duesPaise)).toEqual([0, 70_000]);
    const response = await bounce(cheque.paymentId, 'Insufficient funds');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Payment>()).toMatchObject({
      status: 'bounced',
      bounceReason: 'Insufficient funds',
      bouncedAt: expect.any(String),
      receiptNumber: cheque.receiptNumber,
    });
    const [one, two] = await Promise.all([getBill(first.id), getBill(second.id)]);
    expect(one).toMatchObject({ duesPaise: 90_000, receivedPaise: 10_000, status: 'open' });
    expect(two).toMatchObject({ duesPaise: 100_000, receivedPaise: 0, status: 'open' });
    // Listed as bounced on the bill and in the history, and left out of the total received.
    expect(one.payments.find((p) => p.paymentId === cheque.paymentId)?.status).toBe('bounced');
    const history = (
      await callWith(ctx.app, as.admin, {
        method: 'GET',
        url: `/api/customers/${customerId}/payments`,
      })
    ).json<CustomerPayments>();
    expect(history.totalPaise).toBe(10_000);
    expect(history.items.filter((item) => item.status === 'bounced')).toHaveLength(2);
    // Received stays the plain sum of the rows (the reversal rows are negative).
    const [sums] = (
      (await db().execute(
        sql`select count(*)::int as off from bills b where b.customer_id = ${customerId} and b.received_paise <> (select coalesce(sum(p.amount_paise), 0) from bill_payments p where p.bill_id = b.id)`,
      )) as unknown as { rows: { off: number }[] }
    ).rows;
    expect(Number(sums!.off)).toBe(0);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'payment'),
          eq(auditLog.entityId, String(cheque.paymentId)),
          eq(auditLog.action, 'bounce'),
        ),
      );
    expect(audit).toBeDefined();
    expect(audit!.after).toMatchObject({
      status: 'bounced',
      bounceReason: 'Insufficient funds',
      bills: [
        { billId: first.id, receivedPaise: 10_000, status: 'open' },
        { billId: second.id, receivedPaise: 0, status: 'open' },
      ],
    });
    expect(audit!.before).toMatchObject({
      bills: [
        { billId: first.id, receivedPaise: 100_000, status: 'closed' },
        { billId: second.id, receivedPaise: 30_000, status: 'open' },
      ],
    });
  });

  it('refuses a second bounce and a payment that was not a cheque', async () => {
    const again = await bounce(cheque.paymentId, 'Insufficient funds');
    expect(again.statusCode).toBe(422);
    expect(again.json<{ error: { reason: string } }>().error.reason).toBe('PAYMENT_BOUNCED');
    const cash = (await getBill(first.id)).payments.find((p) => p.mode === 'cash')!;
    const notCheque = await bounce(cash.paymentId, 'Insufficient funds');
    expect(notCheque.statusCode).toBe(422);
    expect(notCheque.json<{ error: { reason: string } }>().error.reason).toBe('PAYMENT_NOT_CHEQUE');
  });
});

describe('the payment receipt', () => {
  it('holds the receipt number, amount in figures and words, the mode and the bills paid', async () => {
    const customerId = await insertWholesaleCustomer(db(), 'Receipt Emporium');
    const bill = await newBill(customerId, 130);
    const paid = await take(customerId, {
      amountPaise: 1_234_550,
      mode: 'upi',
      reference: '712345678901',
    });
    const payment = paid.json<Payment>();
    const response = await callWith(ctx.app, as.employee, {
      method: 'GET',
      url: `/api/documents/payments/${payment.paymentId}/receipt`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<PaymentReceiptData>();
    expect(data.bills).toEqual([
      expect.objectContaining({
        billId: bill.id,
        billNumber: `00${bill.id}`,
        invoiceNumber: bill.invoice!.snapshot.number,
        amountPaise: 1_234_550,
      }),
    ]);
    const text = await pdfTextOf(paymentReceiptDocument(data));
    expect(text).toContain('Payment Receipt');
    expect(text).toContain(payment.receiptNumber);
    expect(text).toContain('Receipt Emporium');
    expect(text).toContain(formatRupees(1_234_550));
    expect(amountInWords(1_234_550)).toBe(
      'Rupees Twelve Thousand Three Hundred Forty Five And Fifty Paise Only',
    );
    expect(text).toContain(amountInWords(1_234_550));
    expect(text).toContain('UPI');
    expect(text).toContain('712345678901');
    expect(text).toContain(`00${bill.id}`);
    expect(text).toContain(bill.invoice!.snapshot.number);
    expect(text).not.toContain('BOUNCED');
  });

  it('prints a cheque with its details, and BOUNCED with the reason once it bounced', async () => {
    const customerId = await insertWholesaleCustomer(db(), 'Cheque Corner');
    await newBill(customerId, 10);
    const payment = (
      await take(customerId, {
        amountPaise: 50_000,
        mode: 'cheque',
        chequeNumber: '001122',
        chequeBank: 'Bank of Baroda',
        chequeDate: today(),
      })
    ).json<Payment>();
    expect((await bounce(payment.paymentId, 'Signature differs')).statusCode).toBe(200);
    const data = (
      await callWith(ctx.app, as.admin, {
        method: 'GET',
        url: `/api/documents/payments/${payment.paymentId}/receipt`,
      })
    ).json<PaymentReceiptData>();
    const text = await pdfTextOf(paymentReceiptDocument(data));
    expect(text).toContain('Cheque');
    expect(text).toContain('001122');
    expect(text).toContain('Bank of Baroda');
    expect(text).toContain('Rupees Five Hundred Only');
    expect(text).toContain('BOUNCED');
    expect(text).toContain('Signature differs');
  });

  it('is 404 for an unknown payment and 403 for a customer', async () => {
    const unknown = await callWith(ctx.app, as.admin, {
      method: 'GET',
      url: '/api/documents/payments/999999/receipt',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { message: string } }>().error.message).toBe(
      PAYMENT_MESSAGES.paymentNotFound,
    );
    const customer = await callWith(ctx.app, as.customer, {
      method: 'GET',
      url: '/api/documents/payments/1/receipt',
    });
    expect(customer.statusCode).toBe(403);
  });
});
