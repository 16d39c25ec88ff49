import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACK_OFFICE_MESSAGES,
  type BillDetail,
  type BillPage,
  type CreateBillInput,
  type CustomerPayments,
} from '@bazaar/shared';
import {
  auditLog,
  billItems,
  billPayments,
  bills,
  stockItems,
  stockMovements,
  users,
} from '../../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from './bills-test-support.js';

/*
 * docs/back-office-bills.md: purchases with stock taken in the same
 * transaction, payments up to the total including GST, close, cancel with stock restored,
 * the all-payments history, permissions and audit rows.
 */

let ctx: TestContext;
let as: StaffCookies;
let customerId: number;
let shirtId: number;
let shortsId: number;

const shirt = { item: 'Shirt-Box', category: 'Silver', type: "Men's" } as const;
const shorts = { item: 'Shorts-Loose', category: 'Golden', type: 'Kids(Boy)' } as const;

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, ctx.database.db);
  customerId = await insertWholesaleCustomer(ctx.database.db);
  shirtId = await insertStockRow(ctx.database.db, { ...shirt, quantity: 100 });
  shortsId = await insertStockRow(ctx.database.db, { ...shorts, quantity: 20 });
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

async function countOf(
  table: typeof bills | typeof billItems | typeof billPayments | typeof auditLog,
) {
  const [row] = await db().select({ n: count() }).from(table);
  return row!.n;
}

function createBill(cookie: string, body: unknown, customer = customerId) {
  return callWith(ctx.app, cookie, {
    method: 'POST',
    url: `/api/customers/${customer}/bills`,
    payload: body as object,
  });
}

async function newBill(body: CreateBillInput, cookie = as.admin): Promise<BillDetail> {
  const response = await createBill(cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BillDetail>();
}

const line = (quantity: number, ratePaise: number, key: typeof shirt | typeof shorts = shirt) => ({
  ...key,
  size: 'M' as const,
  quantity,
  ratePaise,
});

describe('POST /api/customers/{id}/bills', () => {
  it('saves a purchase with GST: totals from the server, stock down, first payment, audit rows', async () => {
    const before = await quantityOf(shirtId);
    const auditBefore = await countOf(auditLog);
    const bill = await newBill({
      lines: [line(3, 50_000), line(2, 12_345, shorts)],
      gstApplied: true,
      receivedPaise: 10_000,
    });
    expect(bill).toMatchObject({
      customerId,
      billNumber: `00${bill.id}`,
      amountPaise: 174_690,
      // 5 % by line: ₹1,500 -> 3,750 + 3,750; ₹246.90 -> 617 + 617 (each half rounded).
      gstPaise: 8_734,
      totalPaise: 183_424,
      receivedPaise: 10_000,
      duesPaise: 173_424,
      status: 'open',
      sellerLabel: 'admin',
      // Sell by names the admin who recorded it, not the label 'admin'.
      sellerName: 'Anil Sinha',
      gstApplied: true,
      canClose: false,
      maxPaymentPaise: 173_424,
    });
    expect(bill).toMatchObject({ cgstPaise: 4_367, sgstPaise: 4_367, igstPaise: 0 });
    expect(bill.invoice?.snapshot).toMatchObject({ kind: 'tax_invoice' });
    expect(bill.items.map((item) => [item.item, item.quantity, item.amountPaise])).toEqual([
      ['Shirt-Box', 3, 150_000],
      ['Shorts-Loose', 2, 24_690],
    ]);
    expect(bill.payments).toHaveLength(1);
    expect(bill.payments[0]).toMatchObject({ amountPaise: 10_000, receivedByName: 'Anil Sinha' });
    expect(await quantityOf(shirtId)).toBe(before - 3);
    const sales = await db()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.billId, bill.id), eq(stockMovements.kind, 'sale')));
    expect(sales.map((row) => row.change).sort()).toEqual([-2, -3]);
    expect(await countOf(auditLog)).toBe(auditBefore + 2);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(bill.id)));
    expect(audits.some((row) => row.entity === 'bill' && row.action === 'create')).toBe(true);
  });

  it('records an employee as employee_{name}_{id} and shows the name', async () => {
    const [employee] = await db()
      .select()
      .from(users)
      .where(eq(users.email, 'employee@bazaar.test'));
    const bill = await newBill(
      { lines: [line(1, 1_000)], gstApplied: false, receivedPaise: 0 },
      as.employee,
    );
    expect(bill.sellerLabel).toBe(`employee_Rakesh Paswan_${employee!.id}`);
    expect(bill.sellerName).toBe('Rakesh Paswan');
    expect(bill.payments).toEqual([]);
    expect(bill.gstPaise).toBe(0);
  });

  it('sums lines of the same item, category, type and size against the stock', async () => {
    const before = await quantityOf(shortsId);
    const response = await createBill(as.admin, {
      lines: [line(before, 100, shorts), line(1, 100, shorts)],
      gstApplied: false,
      receivedPaise: 0,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      `Only ${before} pieces of Shorts-Loose Golden Kids(Boy) size M in stock`,
    );
  });

  it('refuses not enough stock with 409 and writes nothing (bill, lines, payments, ledger, audit)', async () => {
    const counts = async () => [
      await countOf(bills),
      await countOf(billItems),
      await countOf(billPayments),
      await countOf(auditLog),
      (await db().select({ n: count() }).from(stockMovements))[0]!.n,
      await quantityOf(shirtId),
    ];
    const before = await counts();
    const available = await quantityOf(shortsId);
    const response = await createBill(as.admin, {
      lines: [line(1, 100), line(available + 1, 100, shorts)],
      gstApplied: true,
      receivedPaise: 50,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      `Only ${available} pieces of Shorts-Loose Golden Kids(Boy) size M in stock`,
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses an item without a stock row with 409 "Only 0 pieces"', async () => {
    const response = await createBill(as.admin, {
      lines: [
        {
          item: 'Trouser-Sports',
          category: 'Diamond',
          type: "Men's",
          size: '32',
          quantity: 1,
          ratePaise: 100,
        },
      ],
      gstApplied: false,
      receivedPaise: 0,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      "Only 0 pieces of Trouser-Sports Diamond Men's size 32 in stock",
    );
  });

  it.each([
    [
      'no lines',
      { lines: [], gstApplied: false, receivedPaise: 0 },
      'lines',
      'Add at least one item',
    ],
    [
      'zero quantity',
      { lines: [line(0, 100)], gstApplied: false, receivedPaise: 0 },
      'lines.0.quantity',
      undefined,
    ],
    [
      'zero rate',
      { lines: [line(1, 0)], gstApplied: false, receivedPaise: 0 },
      'lines.0.ratePaise',
      undefined,
    ],
    [
      'unknown item',
      { lines: [{ ...line(1, 100), item: 'Saree' }], gstApplied: false, receivedPaise: 0 },
      'lines.0.item',
      'Choose an item',
    ],
    [
      'unknown size',
      { lines: [{ ...line(1, 100), size: 'XXXL' }], gstApplied: false, receivedPaise: 0 },
      'lines.0.size',
      'Choose a size',
    ],
    [
      'client totals',
      { lines: [line(1, 100)], gstApplied: false, receivedPaise: 0, totalPaise: 1 },
      undefined,
      undefined,
    ],
    [
      // The schema lets a paisa a line through (an IGST total may be that much above the
      // intra-state one); the server then checks the issued total (next test).
      'received above the total',
      { lines: [line(1, 1_000)], gstApplied: true, receivedPaise: 1_052 },
      'receivedPaise',
      BACK_OFFICE_MESSAGES.paymentTooLarge,
    ],
  ])('refuses %s with 400 and writes nothing', async (_name, body, field, message) => {
    const before = [await countOf(bills), await quantityOf(shirtId)];
    const response = await createBill(as.admin, body);
    expect(response.statusCode, response.body).toBe(400);
    if (field) expect(response.json().error.fields[field]).toBeDefined();
    if (field && message) expect(response.json().error.fields[field]).toBe(message);
    expect([await countOf(bills), await quantityOf(shirtId)]).toEqual(before);
  });

  it('refuses received a paisa above the invoice total with 422 and writes nothing', async () => {
    const before = [await countOf(bills), await quantityOf(shirtId)];
    const response = await createBill(as.admin, {
      lines: [line(1, 1_000)],
      gstApplied: true,
      receivedPaise: 1_051,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error).toMatchObject({
      reason: 'PAYMENT_EXCEEDS_DUES',
      fields: { receivedPaise: BACK_OFFICE_MESSAGES.paymentTooLarge },
    });
    expect([await countOf(bills), await quantityOf(shirtId)]).toEqual(before);
  });

  it('takes received up to the total including GST', async () => {
    const bill = await newBill({ lines: [line(1, 1_000)], gstApplied: true, receivedPaise: 1_050 });
    expect(bill).toMatchObject({ totalPaise: 1_050, duesPaise: 0, canClose: true });
  });

  it('answers 404 for an unknown customer', async () => {
    const response = await createBill(
      as.admin,
      { lines: [line(1, 100)], gstApplied: false, receivedPaise: 0 },
      999_999,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Customer not found');
  });
});

describe('payments and closing', () => {
  it('adds part payments up to the dues, refuses more, then closes with the spec texts', async () => {
    const bill = await newBill({ lines: [line(2, 50_000)], gstApplied: true, receivedPaise: 0 });
    expect(bill.totalPaise).toBe(105_000);
    const pay = (amountPaise: number, cookie = as.admin) =>
      callWith(ctx.app, cookie, {
        method: 'POST',
        url: `/api/bills/${bill.id}/payments`,
        payload: { amountPaise },
      });

    const refusedClose = await callWith(ctx.app, as.employee, {
      method: 'POST',
      url: `/api/bills/${bill.id}/close`,
    });
    expect(refusedClose.statusCode).toBe(422);
    expect(refusedClose.json().error.message).toBe(
      "You can't close this bill because bill amount ₹1,050.00 greater than received amount ₹0.00.",
    );

    const first = await pay(40_000, as.employee);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<BillDetail>()).toMatchObject({ receivedPaise: 40_000, duesPaise: 65_000 });

    const auditBefore = await countOf(auditLog);
    const tooMuch = await pay(65_001);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toBe('Receive amount less than or equal to amount');
    expect(await countOf(auditLog)).toBe(auditBefore);

    const zero = await pay(0);
    expect(zero.statusCode).toBe(400);

    const second = await pay(65_000);
    expect(second.json<BillDetail>()).toMatchObject({
      receivedPaise: 105_000,
      duesPaise: 0,
      canClose: true,
      maxPaymentPaise: 0,
    });
    expect(second.json<BillDetail>().payments.map((payment) => payment.amountPaise)).toEqual([
      40_000, 65_000,
    ]);

    const closed = await callWith(ctx.app, as.employee, {
      method: 'POST',
      url: `/api/bills/${bill.id}/close`,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<BillDetail>()).toMatchObject({ status: 'closed' });
    expect(closed.json<BillDetail>().closedAt).not.toBeNull();
    const [closeAudit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'bill'),
          eq(auditLog.action, 'close'),
          eq(auditLog.entityId, String(bill.id)),
        ),
      );
    expect(closeAudit).toBeDefined();

    const afterClose = await pay(1);
    expect(afterClose.statusCode).toBe(422);
    expect(afterClose.json().error.message).toBe('This bill is closed');
    const again = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/bills/${bill.id}/close`,
    });
    expect(again.statusCode).toBe(422);
  });

  it('lets concurrent payments take received to the total and no further', async () => {
    const bill = await newBill({ lines: [line(1, 10_000)], gstApplied: false, receivedPaise: 0 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        callWith(ctx.app, as.admin, {
          method: 'POST',
          url: `/api/bills/${bill.id}/payments`,
          payload: { amountPaise: 3_000 },
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 422)).toHaveLength(5);
    const [row] = await db().select().from(bills).where(eq(bills.id, bill.id));
    expect(row!.receivedPaise).toBe(9_000);
  });

  it('answers 404 for payments and close of an unknown bill', async () => {
    for (const url of ['/api/bills/999999/payments', '/api/bills/999999/close']) {
      const response = await callWith(ctx.app, as.admin, {
        method: 'POST',
        url,
        payload: url.endsWith('payments') ? { amountPaise: 1 } : undefined,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('reading bills', () => {
  it('lists open bills by default, filters by status and search, with totals over all bills', async () => {
    const customer = await insertWholesaleCustomer(db(), 'Gupta Readymade');
    const made: BillDetail[] = [];
    for (let index = 0; index < 12; index += 1) {
      const response = await createBill(
        as.admin,
        {
          lines: [line(1, 1_000 * (index + 1))],
          gstApplied: index % 2 === 0,
          receivedPaise: index === 0 ? 1_050 : 0,
        },
        customer,
      );
      made.push(response.json<BillDetail>());
    }
    await callWith(ctx.app, as.admin, { method: 'POST', url: `/api/bills/${made[0]!.id}/close` });
    const list = (query: string) =>
      callWith(ctx.app, as.employee, {
        method: 'GET',
        url: `/api/customers/${customer}/bills${query}`,
      });

    const open = (await list('')).json<BillPage>();
    expect(open.total).toBe(11);
    expect(open.items).toHaveLength(10);
    expect(open.totalPages).toBe(2);
    expect(open.items.every((row) => row.status === 'open')).toBe(true);
    expect(open.items[0]!.id).toBe(made[11]!.id);
    // Sell by: the admin who recorded them, by name.
    expect(new Set(open.items.map((row) => row.sellerName))).toEqual(new Set(['Anil Sinha']));
    const amount = made.reduce((sum, bill) => sum + bill.amountPaise, 0);
    const gst = made.reduce((sum, bill) => sum + bill.gstPaise, 0);
    expect(open.totals).toEqual({
      amountPaise: amount,
      gstPaise: gst,
      totalPaise: amount + gst,
      receivedPaise: 1_050,
      duesPaise: amount + gst - 1_050,
      billCount: 12,
    });

    expect((await list('?page=2')).json<BillPage>().items).toHaveLength(1);
    expect((await list('?status=closed')).json<BillPage>().items.map((row) => row.id)).toEqual([
      made[0]!.id,
    ]);
    expect((await list('?status=all')).json<BillPage>().total).toBe(12);
    const byNumberResponse = await list(`?status=all&search=00${made[3]!.id}`);
    expect(byNumberResponse.statusCode, byNumberResponse.body).toBe(200);
    const byNumber = byNumberResponse.json<BillPage>();
    expect(byNumber.items.map((row) => row.id)).toEqual([made[3]!.id]);
    expect((await list('?status=all&search=shirt-b')).json<BillPage>().total).toBe(12);
    expect((await list('?status=all&search=trouser')).json<BillPage>().total).toBe(0);
    expect((await list('?status=maybe')).statusCode).toBe(400);

    const payments = await callWith(ctx.app, as.employee, {
      method: 'GET',
      url: `/api/customers/${customer}/payments`,
    });
    expect(payments.json<CustomerPayments>()).toMatchObject({
      items: [{ billId: made[0]!.id, billNumber: `00${made[0]!.id}`, amountPaise: 1_050 }],
      totalPaise: 1_050,
    });

    const detail = await callWith(ctx.app, as.employee, {
      method: 'GET',
      url: `/api/bills/${made[1]!.id}`,
    });
    expect(detail.json<BillDetail>()).toMatchObject({ id: made[1]!.id, items: [{ quantity: 1 }] });
  });

  it('answers 404 for an unknown customer or bill', async () => {
    for (const url of [
      '/api/customers/999999/bills',
      '/api/customers/999999/payments',
      '/api/bills/999999',
    ]) {
      expect((await callWith(ctx.app, as.admin, { method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('POST /api/bills/{id}/cancel', () => {
  it('puts the stock back, keeps the bill and its payments, records the refund and audits', async () => {
    const before = await quantityOf(shirtId);
    const bill = await newBill({
      lines: [line(4, 1_000), line(1, 2_000)],
      gstApplied: true,
      receivedPaise: 2_000,
    });
    await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/bills/${bill.id}/payments`,
      payload: { amountPaise: 500 },
    });
    expect(await quantityOf(shirtId)).toBe(before - 5);
    const cancel = (cookie: string, reason: unknown = 'Customer returned the whole lot') =>
      callWith(ctx.app, cookie, {
        method: 'POST',
        url: `/api/bills/${bill.id}/cancel`,
        payload: { reason },
      });

    expect((await cancel(as.employee)).statusCode).toBe(403);
    const short = await cancel(as.admin, 'no');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toBe(
      'Give the reason for cancelling (at least 5 characters)',
    );

    const response = await cancel(as.admin);
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = response.json<BillDetail>();
    expect(cancelled).toMatchObject({
      id: bill.id,
      status: 'cancelled',
      cancelReason: 'Customer returned the whole lot',
      refundedPaise: 2_500,
      receivedPaise: 2_500,
      duesPaise: 0,
      maxPaymentPaise: 0,
      canClose: false,
    });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(cancelled.invoice).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Customer returned the whole lot',
      snapshot: { number: bill.invoice!.snapshot.number },
    });
    expect(cancelled.payments).toHaveLength(2);
    expect(await quantityOf(shirtId)).toBe(before);
    const restores = await db()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.billId, bill.id), eq(stockMovements.kind, 'restore')));
    expect(restores.map((row) => row.change)).toEqual([5]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'bill'),
          eq(auditLog.action, 'cancel'),
          eq(auditLog.entityId, String(bill.id)),
        ),
      );
    expect(audit!.before).toMatchObject({ status: 'open', receivedPaise: 2_500 });
    expect(audit!.after).toMatchObject({ status: 'cancelled', refundedPaise: 2_500 });

    const again = await cancel(as.admin);
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toMatchObject({
      reason: 'BILL_CANCELLED',
      message: 'This bill is cancelled',
    });
    for (const [url, payload] of [
      [`/api/bills/${bill.id}/payments`, { amountPaise: 1 }],
      [`/api/bills/${bill.id}/close`, undefined],
    ] as const) {
      const refused = await callWith(ctx.app, as.admin, { method: 'POST', url, payload });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.reason).toBe('BILL_CANCELLED');
    }
    expect(await quantityOf(shirtId)).toBe(before);
  });

  it('leaves cancelled bills out of the dues and totals, and lists them under cancelled', async () => {
    const customer = await insertWholesaleCustomer(db(), 'Cancel Shop');
    const create = (ratePaise: number) =>
      createBill(as.admin, { lines: [line(1, ratePaise)], receivedPaise: 100 }, customer).then(
        (response) => response.json<BillDetail>(),
      );
    const kept = await create(1_000);
    const gone = await create(5_000);
    await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/bills/${gone.id}/cancel`,
      payload: { reason: 'Entered twice' },
    });
    const list = (query: string) =>
      callWith(ctx.app, as.admin, {
        method: 'GET',
        url: `/api/customers/${customer}/bills${query}`,
      }).then((response) => response.json<BillPage>());
    const all = await list('?status=all');
    expect(all.totals).toEqual({
      amountPaise: 1_000,
      gstPaise: 0,
      totalPaise: 1_000,
      receivedPaise: 100,
      duesPaise: 900,
      billCount: 1,
    });
    expect((await list('?status=cancelled')).items.map((row) => row.id)).toEqual([gone.id]);
    expect((await list('')).items.map((row) => row.id)).toEqual([kept.id]);
  });

  it('answers 404 for an unknown bill', async () => {
    const response = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: '/api/bills/999999/cancel',
      payload: { reason: 'Entered twice' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('access', () => {
  const routes = () =>
    [
      { method: 'GET', url: `/api/customers/${customerId}/bills` },
      {
        method: 'POST',
        url: `/api/customers/${customerId}/bills`,
        payload: { lines: [line(1, 100)] },
      },
      { method: 'GET', url: `/api/customers/${customerId}/payments` },
      { method: 'GET', url: '/api/bills/1' },
      { method: 'POST', url: '/api/bills/1/payments', payload: { amountPaise: 1 } },
      { method: 'POST', url: '/api/bills/1/close' },
      { method: 'POST', url: '/api/bills/1/cancel', payload: { reason: 'Entered twice' } },
    ] as const;

  it('answers 401 without a session and 403 to customers, sellers, support admins and delivery', async () => {
    for (const route of routes()) {
      const anonymous = await ctx.app.inject({ ...route });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      for (const cookie of [as.customer, as.seller, as.supportAdmin, as.delivery]) {
        const response = await callWith(ctx.app, cookie, { ...route });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    }
  });
});
