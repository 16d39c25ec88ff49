import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderNumberOf, type Order, type OrderPage } from '@bazaar/shared';
import {
  cartItems,
  orderItems,
  orderStatusEvents,
  orders,
  products,
  shipments,
} from '../../../src/db/schema/index.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  addToCart,
  callAs,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from './orders-test-support.js';
import {
  deliveryDateFrom,
  markOrderPaid,
  releaseUnpaidOrders,
  reserveAndCreateOrder,
} from '../../../src/modules/orders/orders.service.js';

/*
 * docs/orders.md: placing an order paid on delivery, one shipment per shop,
 * stock reserved atomically, My Orders, cancelling before shipping and returns within 7 days.
 */

let ctx: TestContext;
let shopA: number;
let shopB: number;
let customer: TestCustomer;
let other: TestCustomer;

beforeAll(async () => {
  ctx = await createTestApp();
  shopA = await insertShop(ctx.database.db, { name: 'Patna Fashion House' });
  shopB = await insertShop(ctx.database.db, { name: 'Gaya Garments' });
  customer = await createCustomer(ctx.app, ctx.database.db);
  other = await createCustomer(ctx.app, ctx.database.db);
});

afterAll(async () => {
  await ctx.close();
});

afterEach(async () => {
  await db().delete(cartItems).where(eq(cartItems.userId, customer.id));
});

function db() {
  return ctx.database.db;
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await db()
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

async function cartOf(userId: string) {
  return db()
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
}

async function orderCount(): Promise<number> {
  const [row] = await db().select({ value: count() }).from(orders);
  return row!.value;
}

function errorOf(response: { json(): unknown }) {
  return (response.json() as { error: { code: string; message: string } }).error;
}

/** Places an order of one product (quantity 1) for `buyer`; answers the Order. */
async function orderOne(buyer: TestCustomer, productId: number, quantity = 1): Promise<Order> {
  await addToCart(ctx.app, buyer, productId, quantity);
  const response = await placeOrder(ctx.app, buyer);
  expect(response.statusCode).toBe(201);
  return response.json<Order>();
}

async function setShipment(shipmentId: number, values: Partial<typeof shipments.$inferInsert>) {
  await db().update(shipments).set(values).where(eq(shipments.id, shipmentId));
}

describe('placing an order with cash on delivery', () => {
  it('splits a two-shop cart into two shipments with exact totals, reserves stock and empties the ordered lines', async () => {
    const kurta = await insertProduct(db(), {
      shopId: shopA,
      name: 'Cotton Kurta',
      pricePaise: 80_000,
      mrpPaise: 96_000,
      stockQuantity: 5,
    });
    const saree = await insertProduct(db(), {
      shopId: shopB,
      name: 'Silk Saree',
      pricePaise: 50_000,
      stockQuantity: 5,
    });
    const soldOut = await insertProduct(db(), {
      shopId: shopB,
      name: 'Denim Jacket',
      stockQuantity: 1,
    });
    await addToCart(ctx.app, customer, kurta, 1);
    await addToCart(ctx.app, customer, saree, 2);
    await addToCart(ctx.app, customer, soldOut, 1);
    await db().update(products).set({ stockQuantity: 0 }).where(eq(products.id, soldOut));

    const response = await placeOrder(ctx.app, customer);

    expect(response.statusCode).toBe(201);
    const order = response.json<Order>();
    expect(order.orderNumber).toBe(orderNumberOf(order.id));
    expect(order.orderNumber).toMatch(/^BZ\d{8}$/);
    expect(order.status).toBe('placed');
    expect(order.paymentMethod).toBe('cod');
    expect(order.paymentStatus).toBe('pending');
    expect(order.cancellable).toBe(true);
    expect(order.totals).toEqual({
      itemCount: 3,
      mrpPaise: 196_000,
      discountPaise: 16_000,
      totalPaise: 180_000,
      // The engine's GST, line by line at 5 % (docs/gst.md "Marketplace"): 3810 + 4762.
      gstIncludedPaise: 8_572,
      deliveryPaise: 0,
    });
    expect(order.deliveryDate).toBe(deliveryDateFrom(new Date(order.placedAt)));
    expect(order.address).toMatchObject({
      locality: 'Boring Road',
      city: 'Patna',
      state: 'Bihar',
      pincode: '800001',
      country: 'India',
    });
    expect(order.address.recipientName).toMatch(/^Buyer /);
    expect(order.shipments).toHaveLength(2);
    const [first, second] = order.shipments;
    expect(first!.shop).toEqual({ id: shopA, name: 'Patna Fashion House' });
    expect(first!.items).toEqual([
      expect.objectContaining({
        productId: kurta,
        name: 'Cotton Kurta',
        pricePaise: 80_000,
        mrpPaise: 96_000,
        quantity: 1,
        lineTotalPaise: 80_000,
      }),
    ]);
    expect(first!.subtotalPaise).toBe(80_000);
    expect(second!.shop).toEqual({ id: shopB, name: 'Gaya Garments' });
    expect(second!.items.map((item) => [item.productId, item.quantity])).toEqual([[saree, 2]]);
    expect(second!.subtotalPaise).toBe(100_000);
    expect(second!.items[0]!.imageUrl).toMatch(/-thumb\.webp$/);
    for (const shipment of order.shipments) {
      expect(shipment.status).toBe('placed');
      expect(shipment.history).toEqual([{ status: 'placed', at: expect.any(String), note: null }]);
      expect(shipment.returnable).toBe(false);
    }

    expect(await stockOf(kurta)).toBe(4);
    expect(await stockOf(saree)).toBe(3);
    // The sold-out line was not ordered, so it stays in the cart for the customer to remove.
    expect(await cartOf(customer.id)).toEqual([{ productId: soldOut, quantity: 1 }]);
    await db().delete(cartItems).where(eq(cartItems.userId, customer.id));

    const read = await callAs(ctx.app, customer, { method: 'GET', url: `/api/orders/${order.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(order);
  });

  it('refuses with 409 when stock ran short and writes nothing', async () => {
    const shirt = await insertProduct(db(), {
      shopId: shopA,
      name: 'Linen Shirt',
      stockQuantity: 5,
    });
    const trousers = await insertProduct(db(), {
      shopId: shopB,
      name: 'Formal Trousers',
      stockQuantity: 3,
    });
    await addToCart(ctx.app, customer, shirt, 2);
    await addToCart(ctx.app, customer, trousers, 3);
    // Someone else bought one pair after it went into the cart; the shirt (lower id) is
    // reserved first, so the refusal must also undo that reservation.
    await db().update(products).set({ stockQuantity: 2 }).where(eq(products.id, trousers));
    const before = await orderCount();

    const response = await placeOrder(ctx.app, customer);

    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'CONFLICT',
      reason: 'OUT_OF_STOCK',
      message: 'Only 2 left of Formal Trousers',
    });
    expect(await stockOf(shirt)).toBe(5);
    expect(await stockOf(trousers)).toBe(2);
    expect(await orderCount()).toBe(before);
    const [items] = await db()
      .select({ value: count() })
      .from(orderItems)
      .where(inArray(orderItems.productId, [shirt, trousers]));
    expect(items!.value).toBe(0);
    expect(await cartOf(customer.id)).toHaveLength(2);
    await db().delete(cartItems).where(eq(cartItems.userId, customer.id));
  });

  it("says '{name} is out of stock' when every line left is sold out", async () => {
    const cap = await insertProduct(db(), { shopId: shopA, name: 'Woollen Cap', stockQuantity: 2 });
    await addToCart(ctx.app, customer, cap, 1);
    await db().update(products).set({ stockQuantity: 0 }).where(eq(products.id, cap));
    const response = await placeOrder(ctx.app, customer);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe('Woollen Cap is out of stock');
    await db().delete(cartItems).where(eq(cartItems.userId, customer.id));
  });

  it("answers 400 'Your cart is empty' for an empty cart or one with only archived lines", async () => {
    const empty = await placeOrder(ctx.app, customer);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toEqual({
      code: 'VALIDATION_FAILED',
      reason: 'CART_EMPTY',
      message: 'Your cart is empty',
    });

    const archived = await insertProduct(db(), { shopId: shopA, name: 'Old Stock Kurta' });
    await addToCart(ctx.app, customer, archived, 1);
    await db().update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived));
    const unavailable = await placeOrder(ctx.app, customer);
    expect(unavailable.statusCode).toBe(400);
    expect(errorOf(unavailable).message).toBe('Your cart is empty');
    expect(await cartOf(customer.id)).toHaveLength(1);
    await db().delete(cartItems).where(eq(cartItems.userId, customer.id));
  });

  it("refuses another customer's address with 404 and keeps the cart", async () => {
    const tee = await insertProduct(db(), { shopId: shopA, name: 'Graphic Tee', stockQuantity: 4 });
    await addToCart(ctx.app, customer, tee, 1);
    const response = await placeOrder(ctx.app, customer, other.addressId);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe('Address not found');
    expect(await stockOf(tee)).toBe(4);
    expect(await cartOf(customer.id)).toHaveLength(1);
    await db().delete(cartItems).where(eq(cartItems.userId, customer.id));
  });

  it('validates the body: a payment method other than cod is refused', async () => {
    const response = await callAs(ctx.app, customer, {
      method: 'POST',
      url: '/api/orders',
      payload: { addressId: customer.addressId, paymentMethod: 'razorpay' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('reading orders', () => {
  it("answers 404 for another customer's order, to read, cancel or return", async () => {
    const product = await insertProduct(db(), { shopId: shopA, name: 'Private Kurta' });
    const order = await orderOne(customer, product);
    const shipmentId = order.shipments[0]!.id;
    for (const request of [
      { method: 'GET' as const, url: `/api/orders/${order.id}` },
      { method: 'POST' as const, url: `/api/orders/${order.id}/cancel`, payload: {} },
      {
        method: 'POST' as const,
        url: `/api/orders/${order.id}/shipments/${shipmentId}/return`,
        payload: { reason: 'Does not fit' },
      },
    ]) {
      const response = await callAs(ctx.app, other, request);
      expect(response.statusCode, request.url).toBe(404);
      expect(errorOf(response).message).toBe('Order not found');
    }
    const missing = await callAs(ctx.app, customer, { method: 'GET', url: '/api/orders/999999' });
    expect(missing.statusCode).toBe(404);
    const bad = await callAs(ctx.app, customer, { method: 'GET', url: '/api/orders/abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists My Orders newest first, 10 a page, an order awaiting payment included', async () => {
    const buyer = await createCustomer(ctx.app, db());
    const product = await insertProduct(db(), {
      shopId: shopB,
      name: 'Everyday Tee',
      stockQuantity: 100,
    });
    const placed: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      placed.push((await orderOne(buyer, product)).id);
    }
    // An unpaid Razorpay order is one of My Orders (docs/security.md): it holds stock.
    await addToCart(ctx.app, buyer, product, 1);
    const unpaid = await db().transaction((tx) =>
      reserveAndCreateOrder(tx, {
        userId: buyer.id,
        addressId: buyer.addressId,
        paymentMethod: 'razorpay',
        initialStatus: 'payment_pending',
      }),
    );

    const first = await callAs(ctx.app, buyer, { method: 'GET', url: '/api/orders' });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<OrderPage>();
    expect(page1).toMatchObject({ page: 1, pageSize: 10, total: 13, totalPages: 2 });
    const newestFirst = [unpaid.id, ...[...placed].reverse()];
    expect(page1.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 10));
    expect(page1.items[0]).toMatchObject({ status: 'payment_pending', paymentStatus: 'pending' });
    expect(page1.items[1]).toMatchObject({
      status: 'placed',
      paymentMethod: 'cod',
      itemCount: 1,
      totalPaise: 99_900,
      shipmentCount: 1,
      items: [{ productId: product, name: 'Everyday Tee', quantity: 1 }],
    });

    const second = await callAs(ctx.app, buyer, { method: 'GET', url: '/api/orders?page=2' });
    expect(second.json<OrderPage>().items.map((item) => item.id)).toEqual(newestFirst.slice(10));
    const beyond = await callAs(ctx.app, buyer, { method: 'GET', url: '/api/orders?page=3' });
    expect(beyond.json<OrderPage>().items).toEqual([]);
    const invalid = await callAs(ctx.app, buyer, { method: 'GET', url: '/api/orders?page=0' });
    expect(invalid.statusCode).toBe(400);

    // Another customer sees none of them.
    const others = await callAs(ctx.app, other, { method: 'GET', url: '/api/orders' });
    expect(others.json<OrderPage>().items.map((item) => item.id)).not.toContain(placed[0]);
  });
});

describe('cancelling', () => {
  it('cancels before shipping: stock back, a cancelled history row per shipment with the reason', async () => {
    const kurta = await insertProduct(db(), {
      shopId: shopA,
      name: 'Festive Kurta',
      stockQuantity: 6,
    });
    const dupatta = await insertProduct(db(), {
      shopId: shopB,
      name: 'Chiffon Dupatta',
      stockQuantity: 6,
    });
    await addToCart(ctx.app, customer, kurta, 2);
    await addToCart(ctx.app, customer, dupatta, 3);
    const order = (await placeOrder(ctx.app, customer)).json<Order>();
    expect(await stockOf(kurta)).toBe(4);
    expect(await stockOf(dupatta)).toBe(3);
    // The first shop has already packed its part: still before shipping.
    await setShipment(order.shipments[0]!.id, { status: 'packed' });

    const response = await callAs(ctx.app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: { reason: 'Ordered by mistake' },
    });

    expect(response.statusCode).toBe(200);
    const cancelled = response.json<Order>();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancellable).toBe(false);
    expect(cancelled.paymentStatus).toBe('pending');
    for (const shipment of cancelled.shipments) {
      expect(shipment.status).toBe('cancelled');
      expect(shipment.history.at(-1)).toEqual({
        status: 'cancelled',
        at: expect.any(String),
        note: 'Ordered by mistake',
      });
    }
    expect(await stockOf(kurta)).toBe(6);
    expect(await stockOf(dupatta)).toBe(6);

    const again = await callAs(ctx.app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: {},
    });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).message).toBe('This order is already cancelled');
    expect(await stockOf(kurta)).toBe(6);
  });

  it('refuses (422) once any shipment is shipped, and changes nothing', async () => {
    const kurta = await insertProduct(db(), {
      shopId: shopA,
      name: 'Shipped Kurta',
      stockQuantity: 6,
    });
    const scarf = await insertProduct(db(), {
      shopId: shopB,
      name: 'Placed Scarf',
      stockQuantity: 6,
    });
    await addToCart(ctx.app, customer, kurta, 1);
    await addToCart(ctx.app, customer, scarf, 1);
    const order = (await placeOrder(ctx.app, customer)).json<Order>();
    await setShipment(order.shipments[0]!.id, { status: 'shipped' });

    const response = await callAs(ctx.app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: {},
    });

    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toEqual({
      code: 'BUSINESS_RULE',
      reason: 'ORDER_NOT_CANCELLABLE',
      message: 'This order has been shipped and can no longer be cancelled',
    });
    expect(await stockOf(kurta)).toBe(5);
    expect(await stockOf(scarf)).toBe(5);
    const statuses = await db()
      .select({ status: shipments.status })
      .from(shipments)
      .where(eq(shipments.orderId, order.id));
    expect(statuses.map((row) => row.status).sort()).toEqual(['placed', 'shipped']);
  });

  it('refunds the payment status of a paid online order', async () => {
    const product = await insertProduct(db(), {
      shopId: shopA,
      name: 'Paid Kurta',
      stockQuantity: 3,
    });
    await addToCart(ctx.app, customer, product, 1);
    const created = await db().transaction((tx) =>
      reserveAndCreateOrder(tx, {
        userId: customer.id,
        addressId: customer.addressId,
        paymentMethod: 'razorpay',
        initialStatus: 'payment_pending',
      }),
    );
    await db().transaction((tx) => markOrderPaid(tx, created.id, { razorpayPaymentId: 'pay_A1' }));
    const response = await callAs(ctx.app, customer, {
      method: 'POST',
      url: `/api/orders/${created.id}/cancel`,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    expect(await stockOf(product)).toBe(3);
  });
});

describe('returns', () => {
  async function deliveredOrder(name: string, deliveredDaysAgo: number) {
    const product = await insertProduct(db(), { shopId: shopA, name, stockQuantity: 5 });
    const order = await orderOne(customer, product);
    const shipmentId = order.shipments[0]!.id;
    await setShipment(shipmentId, {
      status: 'delivered',
      deliveredAt: new Date(Date.now() - deliveredDaysAgo * 24 * 60 * 60 * 1000),
    });
    await db().update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
    return { order, shipmentId, product };
  }

  function requestReturn(orderId: number, shipmentId: number, reason: string) {
    return callAs(ctx.app, customer, {
      method: 'POST',
      url: `/api/orders/${orderId}/shipments/${shipmentId}/return`,
      payload: { reason },
    });
  }

  it('accepts a return request within 7 days of delivery, keeping the reason', async () => {
    const { order, shipmentId, product } = await deliveredOrder('Returnable Kurta', 6);
    const before = await callAs(ctx.app, customer, {
      method: 'GET',
      url: `/api/orders/${order.id}`,
    });
    expect(before.json<Order>().shipments[0]!.returnable).toBe(true);

    const response = await requestReturn(order.id, shipmentId, '  Size too small  ');

    expect(response.statusCode).toBe(200);
    const returned = response.json<Order>();
    expect(returned.status).toBe('return_requested');
    const shipment = returned.shipments[0]!;
    expect(shipment.status).toBe('return_requested');
    expect(shipment.returnReason).toBe('Size too small');
    expect(shipment.returnable).toBe(false);
    expect(shipment.history.at(-1)).toEqual({
      status: 'return_requested',
      at: expect.any(String),
      note: 'Size too small',
    });
    // Stock comes back only when the shop office receives the return.
    expect(await stockOf(product)).toBe(4);
    const again = await requestReturn(order.id, shipmentId, 'Size too small');
    expect(again.statusCode).toBe(422);
  });

  it('refuses a return after 7 days (422)', async () => {
    const { order, shipmentId } = await deliveredOrder('Old Kurta', 8);
    const response = await requestReturn(order.id, shipmentId, 'Colour faded');
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toEqual({
      code: 'BUSINESS_RULE',
      reason: 'RETURN_NOT_ALLOWED',
      message: 'The 7-day return window for this shipment is over',
    });
  });

  it('refuses a return of a shipment not delivered (422) and a short reason (400)', async () => {
    const product = await insertProduct(db(), { shopId: shopA, name: 'Travelling Kurta' });
    const order = await orderOne(customer, product);
    const shipmentId = order.shipments[0]!.id;
    await setShipment(shipmentId, { status: 'out_for_delivery' });
    const notDelivered = await requestReturn(order.id, shipmentId, 'Changed my mind');
    expect(notDelivered.statusCode).toBe(422);
    expect(errorOf(notDelivered).message).toBe(
      'A return can be requested only for a delivered shipment',
    );
    const short = await requestReturn(order.id, shipmentId, 'bad');
    expect(short.statusCode).toBe(400);
    const unknownShipment = await requestReturn(order.id, 999_999, 'Changed my mind');
    expect(unknownShipment.statusCode).toBe(404);
  });
});

describe('online payment functions for the payments module', () => {
  async function pendingOrder(name: string, stock: number) {
    const product = await insertProduct(db(), { shopId: shopB, name, stockQuantity: stock });
    await addToCart(ctx.app, customer, product, 2);
    const created = await db().transaction((tx) =>
      reserveAndCreateOrder(tx, {
        userId: customer.id,
        addressId: customer.addressId,
        paymentMethod: 'razorpay',
        initialStatus: 'payment_pending',
      }),
    );
    return { product, created };
  }

  it('creates a payment_pending order, then marks it paid exactly once', async () => {
    const { product, created } = await pendingOrder('Online Kurta', 5);
    expect(created.totalPaise).toBe(199_800);
    expect(created.orderNumber).toBe(orderNumberOf(created.id));
    expect(await stockOf(product)).toBe(3);

    const paid = await db().transaction((tx) =>
      markOrderPaid(tx, created.id, { razorpayPaymentId: 'pay_B1' }),
    );
    expect(paid).toMatchObject({ status: 'placed', paymentStatus: 'paid' });
    const again = await db().transaction((tx) =>
      markOrderPaid(tx, created.id, { razorpayPaymentId: 'pay_B1' }),
    );
    expect(again).toMatchObject({ status: 'placed', paymentStatus: 'paid' });

    const events = await db()
      .select({ status: orderStatusEvents.status })
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.orderId, created.id));
    expect(events.map((event) => event.status)).toEqual(['payment_pending', 'placed']);
    const read = await callAs(ctx.app, customer, {
      method: 'GET',
      url: `/api/orders/${created.id}`,
    });
    expect(read.json<Order>()).toMatchObject({ status: 'placed', paymentStatus: 'paid' });
  });

  it('releases unpaid orders older than the limit: stock back, cancelled, payment failed, lines back in the cart', async () => {
    const { product, created } = await pendingOrder('Abandoned Kurta', 4);
    expect(await cartOf(customer.id)).not.toContainEqual({ productId: product, quantity: 2 });
    expect(await releaseUnpaidOrders(db(), 30)).toBe(0);
    await db()
      .update(orders)
      .set({ placedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.id, created.id));

    expect(await releaseUnpaidOrders(db(), 30)).toBe(1);

    expect(await stockOf(product)).toBe(4);
    const [row] = await db().select().from(orders).where(eq(orders.id, created.id));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await cartOf(customer.id)).toContainEqual({ productId: product, quantity: 2 });
    expect(await releaseUnpaidOrders(db(), 30)).toBe(0);
    // A late payment never moves the order backwards out of cancelled.
    const late = await db().transaction((tx) =>
      markOrderPaid(tx, created.id, { razorpayPaymentId: 'pay_C1' }),
    );
    expect(late).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect(await stockOf(product)).toBe(4);
  });
});
