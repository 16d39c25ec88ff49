import { eq } from 'drizzle-orm';
import {
  billInvoiceDocument,
  BillInvoiceDataSchema,
  customerSummaryDocument,
  CustomerSummaryDataSchema,
  DOCUMENT_MESSAGES,
  OrderInvoiceDataSchema,
  orderInvoiceDocument,
  PaymentHistoryDataSchema,
  SELLER_OF_RECORD,
  purchaseItemHsnClass,
} from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/client.js';
import {
  billItems,
  bills,
  products,
  shipments,
  wholesaleCustomers,
} from '../../../src/db/schema/index.js';
import { insertCashPayments, insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from '../bills/bills-test-support.js';
import {
  addToCart,
  callAs,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from '../orders/orders-test-support.js';
import { loadBusinessConfig } from '../../../src/config.js';
import { issueMissingBillDocuments } from '../../../src/modules/bills/index.js';
import { issueMissingShipmentDocuments } from '../../../src/modules/orders/index.js';

/**
 * Document data endpoints (docs/documents.md): wholesale documents for admins and
 * employees only, the order invoice for the order's own customer once delivered; the answers
 * feed the pure definitions without error.
 */

let context: TestContext;
let db: Db;
let cookies: StaffCookies;
let customerId: number;
let billId: number;
let emptyCustomerId: number;
let secondBillId: number;

/** A bill as saved before documents existed: flat 5 % GST on the amount, no invoice. */
async function insertBill(
  forCustomer: number,
  lines: Array<{ item: string; quantity: number; ratePaise: number }>,
  payments: number[],
): Promise<number> {
  const amountPaise = lines.reduce((sum, line) => sum + line.quantity * line.ratePaise, 0);
  const gstPaise = Math.round(amountPaise * 0.05);
  const receivedPaise = payments.reduce((sum, paise) => sum + paise, 0);
  const [bill] = await db
    .insert(bills)
    .values({ customerId: forCustomer, amountPaise, gstPaise, receivedPaise, sellerLabel: 'admin' })
    .returning({ id: bills.id });
  await db.insert(billItems).values(
    lines.map((line) => ({
      billId: bill!.id,
      item: line.item,
      category: 'Silver',
      type: "Men's",
      size: 'S,M,L',
      hsnClass: purchaseItemHsnClass(line.item),
      quantity: line.quantity,
      ratePaise: line.ratePaise,
      amountPaise: line.quantity * line.ratePaise,
    })),
  );
  await insertCashPayments(
    db,
    bill!.id,
    payments.map((amountPaise) => ({ amountPaise })),
  );
  return bill!.id;
}

beforeAll(async () => {
  context = await createTestApp();
  db = context.database.db;
  cookies = await signInEveryRole(context.app, db);
  customerId = await insertWholesaleCustomer(db, 'Ravi Cloth House');
  emptyCustomerId = await insertWholesaleCustomer(db, 'Empty Shop');
  billId = await insertBill(
    customerId,
    [
      { item: 'Shirt-Box', quantity: 10, ratePaise: 50_000 },
      { item: 'Trouser-Loose', quantity: 20, ratePaise: 300_000 },
      { item: 'T-Shirt-Collar', quantity: 30, ratePaise: 250_000 },
    ],
    [5_000_000, 2_000_000],
  );
  secondBillId = await insertBill(
    customerId,
    [{ item: 'Shorts-Sports', quantity: 5, ratePaise: 30_000 }],
    [],
  );
});

afterAll(async () => {
  await context.close();
});

describe('GET /api/documents/bills/:billId/invoice', () => {
  it('has no document for a bill saved before documents until the backfill issues one', async () => {
    const before = await callWith(context.app, cookies.admin, {
      method: 'GET',
      url: `/api/documents/bills/${billId}/invoice`,
    });
    expect(before.statusCode).toBe(404);
    expect(before.json().error.message).toBe('The invoice of this bill is not issued yet');
    expect(await issueMissingBillDocuments(db, loadBusinessConfig())).toEqual({ issued: 2 });
    expect(await issueMissingBillDocuments(db, loadBusinessConfig())).toEqual({ issued: 0 });
  });

  it('answers the issued document for admin and employee, with HSN by class, the bill and payments', async () => {
    for (const cookie of [cookies.admin, cookies.employee]) {
      const response = await callWith(context.app, cookie, {
        method: 'GET',
        url: `/api/documents/bills/${billId}/invoice`,
      });
      expect(response.statusCode).toBe(200);
      const data = BillInvoiceDataSchema.parse(response.json());
      const { snapshot } = data.document;
      expect(snapshot).toMatchObject({
        kind: 'tax_invoice',
        title: 'Tax Invoice',
        reference: { billId, billNumber: `00${billId}` },
      });
      expect(snapshot.supplier).toMatchObject({
        name: SELLER_OF_RECORD.name,
        gstin: SELLER_OF_RECORD.gstin,
      });
      expect(snapshot.recipient.shopName).toBe('Ravi Cloth House');
      // Bills numbered in bill order: the older bill has the lower serial.
      expect(snapshot.number.endsWith('/00001')).toBe(true);
      expect(data.bill).toMatchObject({
        id: billId,
        amountPaise: 14_000_000,
        gstPaise: 700_000,
        receivedPaise: 7_000_000,
        creditedPaise: 0,
        status: 'open',
      });
      expect(snapshot.lines.map((line) => [line.description, line.hsn])).toEqual([
        ["Shirt-Box Silver Men's", '6205'],
        ["Trouser-Loose Silver Men's", '6203'],
        ["T-Shirt-Collar Silver Men's", '6109'],
      ]);
      // The old bill charged a flat 5 %, also on the ₹3,000 trousers; its document says so.
      expect(snapshot.lines.map((line) => line.ratePercent)).toEqual([5, 5, 5]);
      expect(snapshot.totals).toMatchObject({ taxableValuePaise: 14_000_000, taxPaise: 700_000 });
      expect(data.payments.map((payment) => payment.amountPaise)).toEqual([5_000_000, 2_000_000]);
      expect(billInvoiceDocument(data).content).toBeDefined();
    }
  });

  it('is refused to customers, sellers, support admins and delivery staff (403), and signed-out (401)', async () => {
    for (const cookie of [
      cookies.customer,
      cookies.seller,
      cookies.supportAdmin,
      cookies.delivery,
    ]) {
      const response = await callWith(context.app, cookie, {
        method: 'GET',
        url: `/api/documents/bills/${billId}/invoice`,
      });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await context.app.inject({
      method: 'GET',
      url: `/api/documents/bills/${billId}/invoice`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for an unknown bill and 400 for a bad id', async () => {
    const missing = await callWith(context.app, cookies.admin, {
      method: 'GET',
      url: '/api/documents/bills/999999/invoice',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Bill not found');
    const bad = await callWith(context.app, cookies.admin, {
      method: 'GET',
      url: '/api/documents/bills/abc/invoice',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('uses the BUSINESS_* and document prefix overrides', () => {
    const business = loadBusinessConfig({ BUSINESS_NAME: 'Sinha Textiles', INVOICE_PREFIX: 'ST' });
    expect(business.seller.name).toBe('Sinha Textiles');
    expect(business.seller.gstin).toBe(SELLER_OF_RECORD.gstin);
    expect(business.prefixes).toEqual({
      tax_invoice: 'ST',
      bill_of_supply: 'BS',
      credit_note: 'CN',
    });
    expect(() => loadBusinessConfig({ BUSINESS_GSTIN: 'nope' })).toThrow(/BUSINESS_GSTIN/);
    expect(() => loadBusinessConfig({ CREDIT_NOTE_PREFIX: 'cn/1' })).toThrow(/CREDIT_NOTE_PREFIX/);
  });
});

describe('bill payments, customer summary and payment history', () => {
  it("answers one bill's payments", async () => {
    const response = await callWith(context.app, cookies.employee, {
      method: 'GET',
      url: `/api/documents/bills/${billId}/payments`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().payments).toHaveLength(2);
    expect(response.json().bill.id).toBe(billId);
  });

  it('answers every bill of the customer, and an empty list for a customer without bills', async () => {
    const response = await callWith(context.app, cookies.admin, {
      method: 'GET',
      url: `/api/documents/customers/${customerId}/summary`,
    });
    expect(response.statusCode).toBe(200);
    const data = CustomerSummaryDataSchema.parse(response.json());
    expect(data.bills).toHaveLength(2);
    expect(customerSummaryDocument(data).content).toBeDefined();
    const empty = await callWith(context.app, cookies.admin, {
      method: 'GET',
      url: `/api/documents/customers/${emptyCustomerId}/summary`,
    });
    expect(empty.json().bills).toEqual([]);
  });

  it('answers every payment of the customer with its bill', async () => {
    const response = await callWith(context.app, cookies.employee, {
      method: 'GET',
      url: `/api/documents/customers/${customerId}/payments`,
    });
    expect(response.statusCode).toBe(200);
    const data = PaymentHistoryDataSchema.parse(response.json());
    expect(data.payments.map((payment) => payment.billId)).toEqual([billId, billId]);
  });

  it('answers 404 for an unknown customer and 403 for other roles', async () => {
    for (const path of ['summary', 'payments']) {
      const missing = await callWith(context.app, cookies.admin, {
        method: 'GET',
        url: `/api/documents/customers/999999/${path}`,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Customer not found');
      const refused = await callWith(context.app, cookies.delivery, {
        method: 'GET',
        url: `/api/documents/customers/${customerId}/${path}`,
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('shows a cancelled bill as cancelled with no dues in the summary', async () => {
    const cancel = await callWith(context.app, cookies.admin, {
      method: 'POST',
      url: `/api/bills/${secondBillId}/cancel`,
      payload: { reason: 'Entered by mistake' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const response = await callWith(context.app, cookies.admin, {
      method: 'GET',
      url: `/api/documents/customers/${customerId}/summary`,
    });
    const data = CustomerSummaryDataSchema.parse(response.json());
    expect(data.bills.find((bill) => bill.id === secondBillId)?.status).toBe('cancelled');
    expect(customerSummaryDocument(data).content).toBeDefined();
  });

  it('shows the customer GSTIN as it is now on summaries, and as issued on the invoice', async () => {
    await db
      .update(wholesaleCustomers)
      .set({ gstin: '09AAFPV1234K1ZQ', state: 'Uttar Pradesh' })
      .where(eq(wholesaleCustomers.id, customerId));
    const summary = await callWith(context.app, cookies.admin, {
      method: 'GET',
      url: `/api/documents/customers/${customerId}/summary`,
    });
    expect(summary.json().customer).toMatchObject({
      gstin: '09AAFPV1234K1ZQ',
      state: 'Uttar Pradesh',
    });
    const invoice = await callWith(context.app, cookies.admin, {
      method: 'GET',
      url: `/api/documents/bills/${billId}/invoice`,
    });
    expect(invoice.json().document.snapshot.recipient).toMatchObject({
      gstin: null,
      state: 'Bihar',
    });
  });
});

describe('GET /api/documents/orders/:orderId/shipments/:shipmentId/invoice', () => {
  let buyer: TestCustomer;
  let other: TestCustomer;
  let orderId: number;
  let shipmentId: number;
  const url = () => `/api/documents/orders/${orderId}/shipments/${shipmentId}/invoice`;

  beforeAll(async () => {
    const shopId = await insertShop(db, { name: 'Patna Fashion Hub', gstin: '10AAGFP5678L1Z2' });
    const productId = await insertProduct(db, {
      shopId,
      name: 'Cotton Formal Shirt',
      pricePaise: 105_000,
      stockQuantity: 10,
    });
    await db.update(products).set({ hsnClass: 'mens-shirt' }).where(eq(products.id, productId));
    buyer = await createCustomer(context.app, db);
    other = await createCustomer(context.app, db);
    await addToCart(context.app, buyer, productId, 2);
    const placed = await placeOrder(context.app, buyer);
    expect(placed.statusCode).toBe(201);
    orderId = placed.json().id;
    shipmentId = placed.json().shipments[0].id;
  });

  it('answers 422 while the shipment is not delivered', async () => {
    const response = await callAs(context.app, buyer, { method: 'GET', url: url() });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(DOCUMENT_MESSAGES.invoiceNotDelivered);
  });

  it("answers the shop's issued invoice once delivered, HSN from the product's class", async () => {
    await db
      .update(shipments)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(eq(shipments.id, shipmentId));
    // Delivered behind the app's back: the start-up backfill issues its invoice.
    expect((await issueMissingShipmentDocuments(db)).issued).toBe(1);
    const response = await callAs(context.app, buyer, { method: 'GET', url: url() });
    expect(response.statusCode).toBe(200);
    const data = OrderInvoiceDataSchema.parse(response.json());
    const { snapshot } = data.document;
    expect(snapshot.supplier).toMatchObject({
      name: 'Patna Fashion Hub',
      gstin: '10AAGFP5678L1Z2',
    });
    expect(snapshot.lines).toEqual([
      expect.objectContaining({ quantity: 2, hsn: '6205', ratePercent: 5, totalPaise: 210_000 }),
    ]);
    expect(snapshot.lines[0]!.description).toContain('Cotton Formal Shirt');
    expect(snapshot.totals.totalPaise).toBe(210_000);
    expect(data.deliveredAt).not.toBeNull();
    expect(orderInvoiceDocument(data).content).toBeDefined();
  });

  it("answers 404 for another customer's order or a shipment of another order", async () => {
    const foreign = await callAs(context.app, other, { method: 'GET', url: url() });
    expect(foreign.statusCode).toBe(404);
    const wrong = await callAs(context.app, buyer, {
      method: 'GET',
      url: `/api/documents/orders/${orderId}/shipments/${shipmentId + 1000}/invoice`,
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('is refused to delivery staff, sellers and admins (403)', async () => {
    for (const cookie of [cookies.delivery, cookies.seller, cookies.admin]) {
      const response = await callWith(context.app, cookie, { method: 'GET', url: url() });
      expect(response.statusCode).toBe(403);
    }
  });

  it('stays available in a return status', async () => {
    await db
      .update(shipments)
      .set({ status: 'return_requested' })
      .where(eq(shipments.id, shipmentId));
    const response = await callAs(context.app, buyer, { method: 'GET', url: url() });
    expect(response.statusCode).toBe(200);
  });
});
