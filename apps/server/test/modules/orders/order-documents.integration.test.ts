import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderInvoiceDataSchema,
  financialYearOf,
  indianDateOf,
  orderInvoiceDocument,
  type Order,
  type OrderInvoiceData,
} from '@bazaar/shared';
import { orderItems, products, shipments, taxDocuments } from '../../../src/db/schema/index.js';
import { issueMissingShipmentDocuments, moveShipment } from '../../../src/modules/orders/index.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { asStaff, createStaff, type TestStaff } from '../fulfilment/shop-office-test-support.js';
import {
  addToCart,
  callAs,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from './orders-test-support.js';

/*
 * docs/gst.md "Marketplace": placing an order copies each product's HSN class; delivery issues
 * the shop's tax invoice (its own series, rates from the engine on prices including GST); a
 * received return issues a credit note against it; an older delivery gets its invoice on the
 * first request, once.
 */

let ctx: TestContext;
let customer: TestCustomer;
let rider: TestStaff;
let shopA: number;
let shopB: number;
let sellerA: TestStaff;
const fy = financialYearOf(indianDateOf(new Date()));

function db() {
  return ctx.database.db;
}

beforeAll(async () => {
  ctx = await createTestApp();
  shopA = await insertShop(db(), { name: 'Patna Fashion Hub', gstin: '10AAGFP5678L1Z2' });
  shopB = await insertShop(db(), { name: 'Gaya Garments', gstin: '10ABCDE1234F1ZF' });
  sellerA = await createStaff(ctx.app, db(), 'seller', shopA);
  rider = await createStaff(ctx.app, db(), 'delivery');
  customer = await createCustomer(ctx.app, db());
});

afterAll(async () => {
  await ctx.close();
});

/** A product of `shopId` with an HSN class. */
async function product(shopId: number, name: string, pricePaise: number, hsnClass: string) {
  const id = await insertProduct(db(), { shopId, name, pricePaise, stockQuantity: 20 });
  await db().update(products).set({ hsnClass }).where(eq(products.id, id));
  return id;
}

/** Places a COD order of the given products (id, quantity); answers the order. */
async function order(lines: Array<[number, number]>): Promise<Order> {
  for (const [productId, quantity] of lines) {
    await addToCart(ctx.app, customer, productId, quantity);
  }
  const placed = await placeOrder(ctx.app, customer);
  expect(placed.statusCode).toBe(201);
  return placed.json<Order>();
}

/** Accepts, packs and hands over a shipment, then delivers it through the delivery API. */
async function deliver(shipmentId: number) {
  await db().transaction(async (tx) => {
    await moveShipment(tx, { shipmentId, allowedFrom: ['placed'], to: 'confirmed' });
    await moveShipment(tx, { shipmentId, allowedFrom: ['confirmed'], to: 'packed' });
    await moveShipment(tx, {
      shipmentId,
      allowedFrom: ['packed'],
      to: 'assigned',
      patch: { deliveryStaffId: rider.id, assignedAt: new Date(), deliveryCode: '4821' },
    });
  });
  const base = `/api/delivery/shipments/${shipmentId}`;
  for (const step of ['pick-up', 'out-for-delivery']) {
    expect(
      (await asStaff(ctx.app, rider, { method: 'POST', url: `${base}/${step}` })).statusCode,
    ).toBe(200);
  }
  const delivered = await asStaff(ctx.app, rider, {
    method: 'POST',
    url: `${base}/deliver`,
    payload: { code: '4821' },
  });
  expect(delivered.statusCode).toBe(200);
}

async function invoiceOf(orderId: number, shipmentId: number): Promise<OrderInvoiceData> {
  const response = await callAs(ctx.app, customer, {
    method: 'GET',
    url: `/api/documents/orders/${orderId}/shipments/${shipmentId}/invoice`,
  });
  expect(response.statusCode).toBe(200);
  return OrderInvoiceDataSchema.parse(response.json());
}

describe('order placement', () => {
  it("copies each product's HSN class to its order line", async () => {
    const frock = await product(shopA, 'Girls Party Frock', 99_900, 'womens-dress');
    const placed = await order([[frock, 1]]);
    const [line] = await db()
      .select({ hsnClass: orderItems.hsnClass })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.id));
    expect(line!.hsnClass).toBe('womens-dress');
    // Changing the product afterwards does not change what was ordered.
    await db().update(products).set({ hsnClass: 't-shirt' }).where(eq(products.id, frock));
    const [after] = await db()
      .select({ hsnClass: orderItems.hsnClass })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.id));
    expect(after!.hsnClass).toBe('womens-dress');
  });
});

describe('the tax invoice issued at delivery', () => {
  let data: OrderInvoiceData;
  let firstOrder: Order;

  beforeAll(async () => {
    const frock = await product(shopA, 'Girls Party Frock', 99_900, 'womens-dress');
    const kurta = await product(shopA, 'Silk Kurta', 300_000, 'mens-shirt');
    firstOrder = await order([
      [frock, 1],
      [kurta, 1],
    ]);
    const shipmentId = firstOrder.shipments[0]!.id;
    await deliver(shipmentId);
    data = await invoiceOf(firstOrder.id, shipmentId);
  });

  it("is the shop's first invoice of the year, INV/{fy}/00001, dated the delivery day", () => {
    expect(data.document.snapshot.kind).toBe('tax_invoice');
    expect(data.document.snapshot.number).toBe(`INV/${fy}/00001`);
    expect(data.document.snapshot.documentDate).toBe(indianDateOf(new Date(data.deliveredAt!)));
    expect(data.document.snapshot.supplier).toMatchObject({
      name: 'Patna Fashion Hub',
      gstin: '10AAGFP5678L1Z2',
      state: 'Bihar',
      stateCode: '10',
    });
    expect(data.document.snapshot.recipient).toMatchObject({ gstin: null, state: 'Bihar' });
    expect(data.document.snapshot.paymentTerms).toBe('Cash on delivery');
    expect(data.document.snapshot.reference.orderNumber).toBe(firstOrder.orderNumber);
  });

  it('prints a frock under HSN 6204 at 5 % (₹999 a piece)', () => {
    const frock = data.document.snapshot.lines.find((line) => line.description.includes('Frock'));
    expect(frock).toMatchObject({ hsn: '6204', ratePercent: 5, totalPaise: 99_900 });
    // ₹999 including 5 %: taxable ₹951.43, CGST = SGST = ₹23.79 (2.5 % each, to the paisa).
    expect(frock).toMatchObject({ cgstPaise: 2379, sgstPaise: 2379, taxableValuePaise: 95_142 });
  });

  it('taxes a ₹3,000 kurta at 18 % and keeps its total what the customer paid', () => {
    const kurta = data.document.snapshot.lines.find((line) => line.description.includes('Kurta'));
    expect(kurta).toMatchObject({ hsn: '6205', ratePercent: 18, totalPaise: 300_000 });
    expect(kurta!.taxableValuePaise + kurta!.cgstPaise + kurta!.sgstPaise).toBe(300_000);
    expect(data.document.snapshot.totals.totalPaise).toBe(399_900);
    expect(orderInvoiceDocument(data).content).toBeDefined();
  });

  it('numbers each shop its own consecutive series', async () => {
    const shirt = await product(shopA, 'Cotton Shirt', 49_900, 'mens-shirt');
    const tee = await product(shopB, 'Printed T-Shirt', 39_900, 't-shirt');
    const second = await order([
      [shirt, 1],
      [tee, 1],
    ]);
    const ofShop = (shopId: number) => second.shipments.find((s) => s.shop.id === shopId)!.id;
    await deliver(ofShop(shopB));
    await deliver(ofShop(shopA));
    const a = await invoiceOf(second.id, ofShop(shopA));
    const b = await invoiceOf(second.id, ofShop(shopB));
    expect(a.document.snapshot.number).toBe(`INV/${fy}/00002`);
    expect(b.document.snapshot.number).toBe(`INV/${fy}/00001`);
    expect(b.document.snapshot.lines[0]).toMatchObject({ hsn: '6109', ratePercent: 5 });
  });

  it('issues a credit note CN/... against the invoice when the return is received', async () => {
    const shipmentId = firstOrder.shipments[0]!.id;
    const requested = await callAs(ctx.app, customer, {
      method: 'POST',
      url: `/api/orders/${firstOrder.id}/shipments/${shipmentId}/return`,
      payload: { reason: 'The size does not fit' },
    });
    expect(requested.statusCode).toBe(200);
    const url = `/api/shop/orders/${shipmentId}/return`;
    expect(
      (await asStaff(ctx.app, sellerA, { method: 'POST', url: `${url}/approve` })).statusCode,
    ).toBe(200);
    // Approval alone issues nothing: the goods are not back yet.
    expect((await invoiceOf(firstOrder.id, shipmentId)).creditNotes).toEqual([]);
    expect(
      (await asStaff(ctx.app, sellerA, { method: 'POST', url: `${url}/receive` })).statusCode,
    ).toBe(200);
    const after = await invoiceOf(firstOrder.id, shipmentId);
    expect(after.creditNotes).toHaveLength(1);
    const note = after.creditNotes[0]!.snapshot;
    expect(note.kind).toBe('credit_note');
    expect(note.number).toBe(`CN/${fy}/00001`);
    expect(note.original).toEqual({
      number: data.document.snapshot.number,
      documentDate: data.document.snapshot.documentDate,
    });
    expect(note.reason).toContain('The size does not fit');
    // Every line back at its invoice's rate, for what was paid.
    expect(note.lines.map((line) => [line.hsn, line.ratePercent, line.totalPaise])).toEqual([
      ['6204', 5, 99_900],
      ['6205', 18, 300_000],
    ]);
    expect(note.totals.totalPaise).toBe(399_900);
    const [row] = await db()
      .select({ original: taxDocuments.originalDocumentId })
      .from(taxDocuments)
      .where(eq(taxDocuments.number, note.number));
    expect(row!.original).toBe(data.document.id);
  });
});

describe('a shipment delivered before invoices were issued', () => {
  it('issues older deliveries their invoice at start-up, once, and never from a download', async () => {
    const shop = await insertShop(db(), { name: 'Old Delivery Shop', gstin: '10AAGFP5678L1Z2' });
    const shirt = await product(shop, 'Cotton Shirt', 49_900, 'mens-shirt');
    const placed = await order([[shirt, 2]]);
    const shipmentId = placed.shipments[0]!.id;
    // Delivered by an older version of the app: no document.
    await db()
      .update(shipments)
      .set({ status: 'delivered', deliveredAt: new Date('2026-10-05T10:00:00Z') })
      .where(eq(shipments.id, shipmentId));
    // A download before the start-up backfill writes nothing and says the invoice is not ready.
    const early = await callAs(ctx.app, customer, {
      method: 'GET',
      url: `/api/documents/orders/${placed.id}/shipments/${shipmentId}/invoice`,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.reason).toBe('INVOICE_NOT_READY');
    // Two start-ups at once (two instances) still issue one document.
    await Promise.all([issueMissingShipmentDocuments(db()), issueMissingShipmentDocuments(db())]);
    expect((await issueMissingShipmentDocuments(db())).issued).toBe(0);
    const answer = await invoiceOf(placed.id, shipmentId);
    expect(answer.document.snapshot).toMatchObject({
      number: `INV/26-27/00001`,
      documentDate: '2026-10-05',
    });
    const rows = await db()
      .select({ id: taxDocuments.id })
      .from(taxDocuments)
      .where(eq(taxDocuments.shipmentId, shipmentId));
    expect(rows).toHaveLength(1);
  });

  it('is a bill of supply from a shop without a GSTIN', async () => {
    const shop = await insertShop(db(), { name: 'Unregistered Shop' });
    const shirt = await product(shop, 'Cotton Shirt', 49_900, 'mens-shirt');
    const placed = await order([[shirt, 1]]);
    const shipmentId = placed.shipments[0]!.id;
    await deliver(shipmentId);
    const data = await invoiceOf(placed.id, shipmentId);
    expect(data.document.snapshot).toMatchObject({
      kind: 'bill_of_supply',
      number: `BOS/${fy}/00001`,
    });
    expect(data.document.snapshot.totals).toMatchObject({ taxPaise: 0, totalPaise: 49_900 });
  });
});
