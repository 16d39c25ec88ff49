import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, OrderPage, RazorpayCheckout, ShopOrderPage } from '@bazaar/shared';
import { buildApp, type PaymentsOptions } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import type { Database } from '../../../src/db/client.js';
import { cartItems, orders, products } from '../../../src/db/schema/index.js';
import { createLocalStorage, type FileStorage } from '../../../src/platform/storage.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { startRazorpayDouble, type RazorpayDouble } from '../../support/razorpay-double.js';
import { openTestDatabase, TEST_CAPTCHA_CODE } from '../../support/test-app.js';
import { createStaff, type TestStaff } from '../fulfilment/shop-office-test-support.js';
import { createCustomer, type TestCustomer } from './orders-test-support.js';

/*
 * docs/security.md "Unpaid online orders holding stock": one customer's unpaid Razorpay orders
 * are capped (2 orders, 10 units of one product), hold their stock ONLINE_PAYMENT_HOLD_MINUTES
 * (15 by default), show in My Orders with Pay now / Cancel and in the shop's order list as
 * awaiting payment.
 */

let database: Database;
let storage: FileStorage;
let uploads: string;
let double: RazorpayDouble;
let app: FastifyInstance;
let shopId: number;
let seller: TestStaff;

/** Builds an app over the shared test database with Razorpay pointed at the double. */
async function appWith(payments: Partial<PaymentsOptions> = {}): Promise<FastifyInstance> {
  const built = await buildApp({
    database,
    storage,
    logger: false,
    catalogSummaryTtlMs: 0,
    accounts: {
      captchaTestCode: TEST_CAPTCHA_CODE,
      authRateLimitPerMinute: 10_000,
      mailRetryIntervalMs: 0,
    },
    payments: {
      razorpayKeyId: double.keyId,
      razorpayKeySecret: double.keySecret,
      razorpayApiBase: double.apiBase,
      ...payments,
    },
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  database = await openTestDatabase();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-test-uploads-'));
  storage = createLocalStorage(uploads);
  double = await startRazorpayDouble();
  app = await appWith();
  shopId = await insertShop(database.db, { name: 'Patna Fashion House' });
  seller = await createStaff(app, database.db, 'seller', shopId);
});

afterAll(async () => {
  await app?.close();
  await double?.close();
  await database?.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

function callAs(customer: TestCustomer, options: InjectOptions, on: FastifyInstance = app) {
  return on.inject({ ...options, headers: { ...options.headers, cookie: customer.cookie } });
}

function errorOf(response: { json(): unknown }) {
  return (response.json() as { error: { code: string; reason?: string; message: string } }).error;
}

function newProduct(stock: number) {
  return insertProduct(database.db, {
    shopId,
    name: `Kurta ${crypto.randomUUID().slice(0, 6)}`,
    pricePaise: 129_950,
    stockQuantity: stock,
  });
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await database.db
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

async function orderRow(orderId: number) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/** Puts `quantity` of the product in the cart and starts online payment: the raw answer. */
async function startCheckout(
  customer: TestCustomer,
  productId: number,
  quantity = 1,
  on: FastifyInstance = app,
) {
  const added = await callAs(
    customer,
    { method: 'POST', url: '/api/cart/items', payload: { productId, quantity } },
    on,
  );
  expect(added.statusCode, added.body).toBe(200);
  return callAs(
    customer,
    { method: 'POST', url: '/api/orders/razorpay', payload: { addressId: customer.addressId } },
    on,
  );
}

async function checkout(
  customer: TestCustomer,
  productId: number,
  quantity = 1,
  on: FastifyInstance = app,
): Promise<RazorpayCheckout> {
  const response = await startCheckout(customer, productId, quantity, on);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<RazorpayCheckout>();
}

/** Moves an order's placing `minutes` into the past (the time control of the release tests). */
async function placedMinutesAgo(orderId: number, minutes: number) {
  await database.db
    .update(orders)
    .set({ placedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(orders.id, orderId));
}

describe('limits on unpaid online orders', () => {
  it('refuses a third order waiting for payment with a clear message', async () => {
    const customer = await createCustomer(app, database.db);
    await checkout(customer, await newProduct(5));
    await checkout(customer, await newProduct(5));
    const third = await newProduct(5);
    const refused = await startCheckout(customer, third);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'CONFLICT',
      reason: 'PENDING_PAYMENTS_LIMIT',
      message: 'You have 2 orders waiting for payment. Pay or cancel one first.',
    });
    expect(await stockOf(third)).toBe(5);
  });

  it('refuses more than 10 units of one product across the orders waiting for payment', async () => {
    const customer = await createCustomer(app, database.db);
    const product = await newProduct(30);
    await checkout(customer, product, 10);
    const refused = await startCheckout(customer, product, 1);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).reason).toBe('PENDING_UNITS_LIMIT');
    expect(errorOf(refused).message).toMatch(/at most 10 of Kurta .+\. Pay or cancel one first\.$/);
    expect(await stockOf(product)).toBe(20);
  });
});

describe('My Orders and the shop see orders waiting for payment', () => {
  it('lists the pending order in My Orders and cancels it, stock back at once', async () => {
    const customer = await createCustomer(app, database.db);
    const product = await newProduct(5);
    const { order } = await checkout(customer, product, 3);
    expect(await stockOf(product)).toBe(2);

    const list = await callAs(customer, { method: 'GET', url: '/api/orders' });
    expect(list.statusCode).toBe(200);
    expect(list.json<OrderPage>().items).toEqual([
      expect.objectContaining({
        id: order.id,
        status: 'payment_pending',
        paymentStatus: 'pending',
      }),
    ]);

    const cancelled = await callAs(customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/cancel-payment`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Order>()).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stockOf(product)).toBe(5);
    // The lines go back to the cart, as when the hold runs out.
    const cart = await database.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, customer.id));
    expect(cart).toEqual([{ quantity: 3 }]);

    const again = await callAs(customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/cancel-payment`,
    });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).reason).toBe('ORDER_NOT_AWAITING_PAYMENT');
  });

  it("answers 404 to another customer's cancel or pay now, and keeps the stock held", async () => {
    const owner = await createCustomer(app, database.db);
    const other = await createCustomer(app, database.db);
    const product = await newProduct(4);
    const { order } = await checkout(owner, product, 2);
    const cancel = await callAs(other, {
      method: 'POST',
      url: `/api/orders/${order.id}/cancel-payment`,
    });
    expect(cancel.statusCode).toBe(404);
    expect(errorOf(cancel).message).toBe('Order not found');
    const pay = await callAs(other, { method: 'POST', url: `/api/orders/${order.id}/razorpay` });
    expect(pay.statusCode).toBe(404);
    expect(await stockOf(product)).toBe(2);
    expect((await orderRow(order.id)).status).toBe('payment_pending');
  });

  it('reopens checkout with the same Razorpay order on Pay now', async () => {
    const customer = await createCustomer(app, database.db);
    const { order, razorpay } = await checkout(customer, await newProduct(5));
    const created = double.orderRequests.length;
    const pay = await callAs(customer, { method: 'POST', url: `/api/orders/${order.id}/razorpay` });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json<RazorpayCheckout>()).toMatchObject({
      order: { id: order.id, status: 'payment_pending' },
      razorpay: { orderId: razorpay.orderId, amountPaise: razorpay.amountPaise, currency: 'INR' },
    });
    expect(double.orderRequests.length).toBe(created);

    // Past its hold the order is about to be released: Pay now says so.
    await placedMinutesAgo(order.id, 16);
    const late = await callAs(customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/razorpay`,
    });
    expect(late.statusCode).toBe(422);
    expect(errorOf(late).message).toBe('Payment not received in time');
  });

  it("shows the shop the pending shipment as awaiting payment in its new orders' list", async () => {
    const customer = await createCustomer(app, database.db);
    const { order } = await checkout(customer, await newProduct(5));
    const list = await app.inject({
      method: 'GET',
      url: '/api/shop/orders?view=new',
      headers: { cookie: seller.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<ShopOrderPage>().items).toContainEqual(
      expect.objectContaining({
        orderId: order.id,
        status: 'payment_pending',
        paymentStatus: 'pending',
      }),
    );
  });
});

describe('the hold of an unpaid online order', () => {
  it('releases unpaid orders after ONLINE_PAYMENT_HOLD_MINUTES, not before', async () => {
    const sweeping = await appWith({ onlineHoldMinutes: 15, unpaidSweepIntervalMs: 20 });
    try {
      const first = await createCustomer(app, database.db);
      const second = await createCustomer(app, database.db);
      const product = await newProduct(6);
      const expired = await checkout(first, product, 2);
      const fresh = await checkout(second, product, 2);
      await placedMinutesAgo(expired.order.id, 16);
      await placedMinutesAgo(fresh.order.id, 14);
      await vi.waitFor(
        async () => expect((await orderRow(expired.order.id)).status).toBe('cancelled'),
        { timeout: 5_000, interval: 50 },
      );
      expect(await orderRow(expired.order.id)).toMatchObject({ paymentStatus: 'failed' });
      expect((await orderRow(fresh.order.id)).status).toBe('payment_pending');
      expect(await stockOf(product)).toBe(4);
    } finally {
      await sweeping.close();
    }
  });
});

describe('ONLINE_PAYMENT_HOLD_MINUTES', () => {
  it('defaults to 15 minutes and accepts 5 to 60', () => {
    expect(loadConfig({}).ONLINE_PAYMENT_HOLD_MINUTES).toBe(15);
    expect(loadConfig({ ONLINE_PAYMENT_HOLD_MINUTES: '20' }).ONLINE_PAYMENT_HOLD_MINUTES).toBe(20);
    for (const value of ['4', '61', '15.5', 'ten']) {
      expect(() => loadConfig({ ONLINE_PAYMENT_HOLD_MINUTES: value }), value).toThrow(
        /ONLINE_PAYMENT_HOLD_MINUTES=.*must be/,
      );
    }
  });
});
