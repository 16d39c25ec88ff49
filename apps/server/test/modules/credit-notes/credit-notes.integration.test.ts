import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  financialYearOf,
  indianDateOf,
  type BillDetail,
  type CreateBillInput,
  type CreditNoteDocument,
  type ErrorBody,
  type IssuedTaxDocument,
} from '@bazaar/shared';
import { auditLog, bills, stockItems, stockMovements } from '../../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from '../bills/bills-test-support.js';

/*
 * docs/gst.md "Credit notes": goods returned and price corrections against a wholesale bill's
 * invoice, at the invoice's rates, numbered consecutively in the CN series, stock back, dues
 * lowered, never more than was sold.
 */

let ctx: TestContext;
let as: StaffCookies;
let customerId: number;
let shirtId: number;
let shortsId: number;

const shirt = { item: 'Shirt-Box', category: 'Silver', type: "Men's" } as const;
const shorts = { item: 'Shorts-Loose', category: 'Golden', type: 'Kids(Boy)' } as const;
const year = financialYearOf(indianDateOf(new Date()));

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, ctx.database.db);
  customerId = await insertWholesaleCustomer(ctx.database.db);
  shirtId = await insertStockRow(ctx.database.db, { ...shirt, quantity: 100 });
  shortsId = await insertStockRow(ctx.database.db, { ...shorts, quantity: 50 });
});

afterAll(async () => {
  await ctx.close();
});

const db = () => ctx.database.db;

async function quantityOf(stockItemId: number): Promise<number> {
  const [row] = await db()
    .select({ quantity: stockItems.quantity })
    .from(stockItems)
    .where(eq(stockItems.id, stockItemId));
  return row!.quantity;
}

async function newBill(body: CreateBillInput): Promise<BillDetail> {
  const response = await callWith(ctx.app, as.admin, {
    method: 'POST',
    url: `/api/customers/${customerId}/bills`,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BillDetail>();
}

async function getBill(billId: number): Promise<BillDetail> {
  const response = await callWith(ctx.app, as.admin, {
    method: 'GET',
    url: `/api/bills/${billId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BillDetail>();
}

function issue(billId: number, body: unknown, cookie = as.admin) {
  return callWith(ctx.app, cookie, {
    method: 'POST',
    url: `/api/bills/${billId}/credit-notes`,
    payload: body as object,
  });
}

async function issued(billId: number, body: unknown): Promise<IssuedTaxDocument> {
  const response = await issue(billId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<IssuedTaxDocument>();
}

/** 10 shirts at ₹500 (5 %) and 4 shorts at ₹3,000 (18 %: above ₹2,500 a piece), with GST. */
const mixedBill = (): CreateBillInput => ({
  lines: [
    { ...shirt, size: 'M', quantity: 10, ratePaise: 50_000 },
    { ...shorts, size: 'M', quantity: 4, ratePaise: 300_000 },
  ],
  gstApplied: true,
  receivedPaise: 0,
});

describe('POST /api/bills/{billId}/credit-notes', () => {
  let bill: BillDetail;
  let invoiceNumber: string;

  beforeAll(async () => {
    bill = await newBill(mixedBill());
    const detail = await getBill(bill.id);
    expect(detail.invoice, 'the bill has its invoice').not.toBeNull();
    invoiceNumber = detail.invoice!.snapshot.number;
    expect(detail.invoice!.snapshot.lines.map((line) => line.ratePercent)).toEqual([5, 18]);
  });

  it('goods returned: each line keeps its invoice rate, stock back, dues down, linked to the invoice', async () => {
    const shirtsBefore = await quantityOf(shirtId);
    const shortsBefore = await quantityOf(shortsId);
    const duesBefore = (await getBill(bill.id)).duesPaise;

    const note = await issued(bill.id, {
      reason: 'goods_returned',
      note: 'Torn seams',
      lines: [
        { lineNumber: 1, quantity: 3 },
        { lineNumber: 2, quantity: 1 },
      ],
    });

    expect(note.snapshot.kind).toBe('credit_note');
    expect(note.snapshot.title).toBe('Credit Note');
    expect(note.snapshot.number).toBe(`CN/${year}/00001`);
    expect(note.snapshot.documentDate).toBe(indianDateOf(new Date()));
    expect(note.snapshot.original).toEqual({
      number: invoiceNumber,
      documentDate: expect.any(String),
    });
    expect(note.snapshot.reason).toBe('Goods returned: Torn seams');
    expect(
      note.snapshot.lines.map((line) => [
        line.originalLineNumber,
        line.quantity,
        line.unitPricePaise,
        line.taxableValuePaise,
        line.ratePercent,
        line.cgstPaise + line.sgstPaise + line.igstPaise,
      ]),
    ).toEqual([
      [1, 3, 50_000, 150_000, 5, 7_500],
      [2, 1, 300_000, 300_000, 18, 54_000],
    ]);
    expect(note.snapshot.totals).toMatchObject({
      taxableValuePaise: 450_000,
      taxPaise: 61_500,
      totalPaise: 511_500,
    });

    expect(await quantityOf(shirtId)).toBe(shirtsBefore + 3);
    expect(await quantityOf(shortsId)).toBe(shortsBefore + 1);
    const returns = await db()
      .select({ change: stockMovements.change })
      .from(stockMovements)
      .where(and(eq(stockMovements.billId, bill.id), eq(stockMovements.kind, 'return')));
    expect(returns.map((row) => row.change).sort()).toEqual([1, 3]);

    const after = await getBill(bill.id);
    expect(after.duesPaise).toBe(duesBefore - 511_500);
    expect(after.creditedPaise).toBe(511_500);
    expect(after.creditNotes.map((doc) => doc.snapshot.number)).toEqual([`CN/${year}/00001`]);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bill'), eq(auditLog.entityId, String(bill.id))));
    expect(audits.some((row) => JSON.stringify(row.after).includes(`CN/${year}/00001`))).toBe(true);
  });

  it('cannot return more pieces than were sold over several notes; a refused one uses no number', async () => {
    const shirtsBefore = await quantityOf(shirtId);
    const refused = await issue(bill.id, {
      reason: 'goods_returned',
      lines: [{ lineNumber: 1, quantity: 8 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error.fields).toEqual({
      'lines.0.quantity': 'At most 7 pieces can be returned',
    });
    expect(await quantityOf(shirtId)).toBe(shirtsBefore);

    const second = await issued(bill.id, {
      reason: 'goods_returned',
      lines: [{ lineNumber: 1, quantity: 7 }],
    });
    expect(second.snapshot.number).toBe(`CN/${year}/00002`);
    expect(await quantityOf(shirtId)).toBe(shirtsBefore + 7);

    const none = await issue(bill.id, {
      reason: 'goods_returned',
      lines: [
        { lineNumber: 2, quantity: 1 },
        { lineNumber: 1, quantity: 1 },
      ],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<ErrorBody>().error.fields).toEqual({
      'lines.1.quantity': 'Nothing of this line is left to credit',
    });
  });

  it('price correction credits taxable value and tax at the original rate, never more than is left', async () => {
    const duesBefore = (await getBill(bill.id)).duesPaise;
    const shortsBefore = await quantityOf(shortsId);
    const note = await issued(bill.id, {
      reason: 'price_correction',
      lines: [{ lineNumber: 2, quantity: 1, amountPaise: 10_000 }],
    });
    expect(note.snapshot.number).toBe(`CN/${year}/00003`);
    expect(note.snapshot.reason).toBe('Price correction');
    expect(note.snapshot.lines[0]).toMatchObject({
      originalLineNumber: 2,
      quantity: 1,
      taxableValuePaise: 10_000,
      ratePercent: 18,
    });
    expect(note.snapshot.totals).toMatchObject({ taxPaise: 1_800, totalPaise: 11_800 });
    expect(await quantityOf(shortsId)).toBe(shortsBefore);
    expect((await getBill(bill.id)).duesPaise).toBe(duesBefore - 11_800);

    // Line 2: 4 x ₹3,000 = ₹12,000; ₹3,000 returned and ₹100 corrected leave ₹8,900.
    const tooMuch = await issue(bill.id, {
      reason: 'price_correction',
      lines: [{ lineNumber: 2, quantity: 1, amountPaise: 890_001 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<ErrorBody>().error.fields).toEqual({
      'lines.0.amountPaise': 'At most ₹8,900 can be credited',
    });
  });

  it('answers 400 with fields for bad input', async () => {
    const cases: [unknown, string[]][] = [
      [{ reason: 'gift', lines: [{ lineNumber: 1, quantity: 1 }] }, ['reason']],
      [{ reason: 'goods_returned', lines: [] }, ['lines']],
      [{ reason: 'goods_returned', lines: [{ lineNumber: 1, quantity: 0 }] }, ['lines.0.quantity']],
      [
        { reason: 'goods_returned', lines: [{ lineNumber: 99, quantity: 1 }] },
        ['lines.0.lineNumber'],
      ],
      [
        { reason: 'price_correction', lines: [{ lineNumber: 2, quantity: 1 }] },
        ['lines.0.amountPaise'],
      ],
      [
        { reason: 'price_correction', lines: [{ lineNumber: 2, quantity: 1, amountPaise: -5 }] },
        ['lines.0.amountPaise'],
      ],
      [
        {
          reason: 'goods_returned',
          lines: [
            { lineNumber: 2, quantity: 1 },
            { lineNumber: 2, quantity: 1 },
          ],
        },
        ['lines.1.lineNumber'],
      ],
      [
        {
          reason: 'goods_returned',
          note: 'x'.repeat(301),
          lines: [{ lineNumber: 2, quantity: 1 }],
        },
        ['note'],
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await issue(bill.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        Object.keys(response.json<ErrorBody>().error.fields ?? {}),
        JSON.stringify(body),
      ).toEqual(fields);
    }
    expect((await getBill(bill.id)).creditNotes).toHaveLength(3);
  });

  it('is refused to employees and customers (403) and without a session (401); 404 for no bill', async () => {
    const body = { reason: 'goods_returned', lines: [{ lineNumber: 2, quantity: 1 }] };
    expect((await issue(bill.id, body, as.employee)).statusCode).toBe(403);
    expect((await issue(bill.id, body, as.customer)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/bills/${bill.id}/credit-notes`,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await issue(999_999, body)).statusCode).toBe(404);
    expect((await getBill(bill.id)).creditNotes).toHaveLength(3);
  });

  it('a bill of supply gets a credit note without tax', async () => {
    const supply = await newBill({ ...mixedBill(), gstApplied: false });
    const note = await issued(supply.id, {
      reason: 'goods_returned',
      lines: [{ lineNumber: 2, quantity: 2 }],
    });
    expect(note.snapshot.kind).toBe('credit_note');
    expect(note.snapshot.number).toBe(`CN/${year}/00004`);
    expect(note.snapshot.lines[0]!.ratePercent).toBe(0);
    expect(note.snapshot.totals).toMatchObject({
      taxableValuePaise: 600_000,
      taxPaise: 0,
      totalPaise: 600_000,
    });
  });
});

describe('a cancelled bill', () => {
  it('gets no credit note (422 BILL_CANCELLED) and uses no number', async () => {
    const bill = await newBill(mixedBill());
    await db().update(bills).set({ status: 'cancelled' }).where(eq(bills.id, bill.id));
    const response = await issue(bill.id, {
      reason: 'goods_returned',
      lines: [{ lineNumber: 1, quantity: 1 }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().error.reason).toBe('BILL_CANCELLED');
    await db().update(bills).set({ status: 'open' }).where(eq(bills.id, bill.id));
    const next = await issued(bill.id, {
      reason: 'goods_returned',
      lines: [{ lineNumber: 1, quantity: 1 }],
    });
    expect(next.snapshot.number).toBe(`CN/${year}/00005`);
  });
});

describe('GET /api/credit-notes/{documentId}', () => {
  it('answers a credit note to admins and employees, 404 for an invoice or no document', async () => {
    const bill = await newBill(mixedBill());
    const note = await issued(bill.id, {
      reason: 'goods_returned',
      lines: [{ lineNumber: 1, quantity: 1 }],
    });
    for (const cookie of [as.admin, as.employee]) {
      const response = await callWith(ctx.app, cookie, {
        method: 'GET',
        url: `/api/credit-notes/${note.id}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<CreditNoteDocument>().document).toEqual(note);
    }
    const invoiceId = (await getBill(bill.id)).invoice!.id;
    for (const id of [invoiceId, 999_999]) {
      const response = await callWith(ctx.app, as.admin, {
        method: 'GET',
        url: `/api/credit-notes/${id}`,
      });
      expect(response.statusCode).toBe(404);
    }
    const customer = await callWith(ctx.app, as.customer, {
      method: 'GET',
      url: `/api/credit-notes/${note.id}`,
    });
    expect(customer.statusCode).toBe(403);
  });
});
