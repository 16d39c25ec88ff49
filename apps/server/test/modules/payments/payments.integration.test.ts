import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, RazorpayCheckout } from '@bazaar/shared';
import { buildApp, type PaymentsOptions } from '../../../src/app.js';
import type { Database } from '../../../src/db/client.js';
import {
  addresses,
  authAccounts,
  cartItems,
  orderStatusEvents,
  orders,
  paymentEvents,
  products,
  users,
} from '../../../src/db/schema/index.js';
import { hashPassword } from '../../../src/platform/auth.js';
import { createLocalStorage, type FileStorage } from '../../../src/platform/storage.js';
import { signIn } from '../../support/accounts.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import {
  razorpayId,
  signPayment,
  signWebhook,
  startRazorpayDouble,
  type RazorpayDouble,
} from '../../support/razorpay-double.js';
import { openTestDatabase, TEST_CAPTCHA_CODE } from '../../support/test-app.js';
import { releaseUnpaidOrders } from '../../../src/modules/orders/orders.service.js';

/*
 * docs/orders.md "Razorpay": both payment steps through the API
 * against a loopback double of Razorpay's Orders API; signatures are checked by the official
 * package, the double (playing Razorpay) signs with node:crypto.
 */

const WEBHOOK_SECRET = 'test-webhook-secret-0001';
const PASSWORD = 'Bazaar@123';

let database: Database;
let storage: FileStorage;
let uploads: string;
let double: RazorpayDouble;
let app: FastifyInstance;
let shopId: number;
let passwordHash: Promise<string> | undefined;
let customerCounter = 0;

/** Builds an app over the shared test database with the given payment settings. */
async function appWith(payments: PaymentsOptions): Promise<FastifyInstance> {
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
    payments,
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  database = await openTestDatabase();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-test-uploads-'));
  storage = createLocalStorage(uploads);
  double = await startRazorpayDouble();
  app = await appWith({
    razorpayKeyId: double.keyId,
    razorpayKeySecret: double.keySecret,
    razorpayWebhookSecret: WEBHOOK_SECRET,
    razorpayApiBase: double.apiBase,
  });
  shopId = await insertShop(database.db, { name: 'Patna Fashion House' });
});

afterAll(async () => {
  await app?.close();
  await double?.close();
  await database?.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

interface Customer {
  id: string;
  cookie: string;
  addressId: number;
}

/** A verified customer with a Patna address, signed in. */
async function newCustomer(on: FastifyInstance = app): Promise<Customer> {
  customerCounter += 1;
  passwordHash ??= hashPassword(PASSWORD);
  const id = crypto.randomUUID();
  const email = `payer${customerCounter}-${Date.now()}@example.in`;
  await database.db.insert(users).values({
    id,
    name: `Payer ${customerCounter}`,
    email,
    emailVerified: true,
    role: 'customer',
    mobile: `97${String(customerCounter).padStart(8, '0')}`,
  });
  await database.db.insert(authAccounts).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await passwordHash,
  });
  const [address] = await database.db
    .insert(addresses)
    .values({
      userId: id,
      locality: 'Boring Road',
      city: 'Patna',
      pincode: '800001',
      isDefault: true,
    })
    .returning({ id: addresses.id });
  const cookie = await signIn(on, 'customer', email, PASSWORD);
  return { id, cookie, addressId: address!.id };
}

function callAs(customer: Customer, options: InjectOptions, on: FastifyInstance = app) {
  return on.inject({ ...options, headers: { ...options.headers, cookie: customer.cookie } });
}

function errorOf(response: { json(): unknown }) {
  return (response.json() as { error: { code: string; message: string } }).error;
}

/** A product of ₹1,299.50 (exact paise) with `stock` units. */
function newProduct(stock = 5, pricePaise = 129_950) {
  return insertProduct(database.db, {
    shopId,
    name: `Kurta ${crypto.randomUUID().slice(0, 6)}`,
    pricePaise,
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

async function historyOf(orderId: number): Promise<string[]> {
  const rows = await database.db
    .select({ status: orderStatusEvents.status })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.id));
  return rows.map((row) => row.status);
}

/** Puts `quantity` of the product in the cart and starts online payment: the raw response. */
async function startCheckout(customer: Customer, productId: number, quantity = 1) {
  const added = await callAs(customer, {
    method: 'POST',
    url: '/api/cart/items',
    payload: { productId, quantity },
  });
  expect(added.statusCode, added.body).toBe(200);
  return callAs(customer, {
    method: 'POST',
    url: '/api/orders/razorpay',
    payload: { addressId: customer.addressId },
  });
}

/** A started checkout (201), with its order and Razorpay order. */
async function checkout(customer: Customer, productId?: number): Promise<RazorpayCheckout> {
  const response = await startCheckout(customer, productId ?? (await newProduct()));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<RazorpayCheckout>();
}

function confirm(
  customer: Customer,
  body: { razorpayOrderId: string; razorpayPaymentId: string; razorpaySignature: string },
) {
  return callAs(customer, { method: 'POST', url: '/api/orders/razorpay/confirm', payload: body });
}

/** What checkout.js hands the browser after a successful payment of `razorpayOrderId`. */
function paidBody(razorpayOrderId: string, paymentId = razorpayId('pay')) {
  return {
    razorpayOrderId,
    razorpayPaymentId: paymentId,
    razorpaySignature: signPayment(razorpayOrderId, paymentId, double.keySecret),
  };
}

/** A Razorpay webhook body for a paid event, in Razorpay's shape. */
function paidEvent(
  type: 'payment.captured' | 'order.paid',
  razorpayOrderId: string,
  paymentId: string,
  amount: number,
) {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_TestAccount01',
    event: type,
    contains: type === 'order.paid' ? ['payment', 'order'] : ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount,
          currency: 'INR',
          status: 'captured',
          order_id: razorpayOrderId,
          method: 'upi',
          captured: true,
        },
      },
      ...(type === 'order.paid'
        ? { order: { entity: { id: razorpayOrderId, entity: 'order', amount, status: 'paid' } } }
        : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

function webhook(
  rawBody: string,
  headers: { signature?: string | null; eventId?: string | null } = {},
  on: FastifyInstance = app,
) {
  const sent: Record<string, string> = { 'content-type': 'application/json' };
  const signature =
    headers.signature === undefined ? signWebhook(rawBody, WEBHOOK_SECRET) : headers.signature;
  if (signature !== null) sent['x-razorpay-signature'] = signature;
  const eventId = headers.eventId === undefined ? razorpayId('order') : headers.eventId;
  if (eventId !== null) sent['x-razorpay-event-id'] = eventId;
  return on.inject({
    method: 'POST',
    url: '/api/webhooks/razorpay',
    headers: sent,
    payload: rawBody,
  });
}

describe('GET /api/payments/config', () => {
  it('offers Razorpay with the key id when the keys are set', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ razorpayEnabled: true, keyId: double.keyId });
  });

  it('offers only cash on delivery without keys, and refuses online payment with 503', async () => {
    const withoutKeys = await appWith({});
    try {
      const config = await withoutKeys.inject({ method: 'GET', url: '/api/payments/config' });
      expect(config.json()).toEqual({ razorpayEnabled: false, keyId: null });
      const customer = await newCustomer(withoutKeys);
      const product = await newProduct(3);
      await callAs(
        customer,
        { method: 'POST', url: '/api/cart/items', payload: { productId: product, quantity: 1 } },
        withoutKeys,
      );
      const before = double.orderRequests.length;
      const response = await callAs(
        customer,
        { method: 'POST', url: '/api/orders/razorpay', payload: { addressId: customer.addressId } },
        withoutKeys,
      );
      expect(response.statusCode).toBe(503);
      expect(errorOf(response)).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        reason: 'ONLINE_PAYMENT_UNAVAILABLE',
        message: 'Online payment is not available right now',
      });
      expect(await stockOf(product)).toBe(3);
      expect(double.orderRequests.length).toBe(before);
    } finally {
      await withoutKeys.close();
    }
  });
});

describe('POST /api/orders/razorpay', () => {
  it('reserves the stock in a payment_pending order and asks Razorpay for the exact paise', async () => {
    const customer = await newCustomer();
    const product = await newProduct(5);
    const response = await startCheckout(customer, product, 2);
    expect(response.statusCode, response.body).toBe(201);
    const { order, razorpay } = response.json<RazorpayCheckout>();
    expect(order).toMatchObject({
      status: 'payment_pending',
      paymentMethod: 'razorpay',
      paymentStatus: 'pending',
      totals: { totalPaise: 259_900 },
    });
    // ₹2,599.00 for two of ₹1,299.50: never rounded to rupees.
    expect(razorpay).toEqual({
      keyId: double.keyId,
      orderId: expect.stringMatching(/^order_/),
      amountPaise: 259_900,
      currency: 'INR',
    });
    expect(double.orderRequests.at(-1)).toEqual({
      auth: { keyId: double.keyId, keySecret: double.keySecret },
      body: { amount: 259_900, currency: 'INR', receipt: order.orderNumber },
    });
    expect(await stockOf(product)).toBe(3);
    expect((await orderRow(order.id)).razorpayOrderId).toBe(razorpay.orderId);
  });

  it('sends ₹1,299.50 as 129950 paise', async () => {
    const { razorpay } = await checkout(await newCustomer());
    expect(razorpay.amountPaise).toBe(129_950);
    expect(double.orderRequests.at(-1)!.body.amount).toBe(129_950);
  });

  it('takes no amount from the browser (an amount in the body is refused)', async () => {
    const customer = await newCustomer();
    const product = await newProduct(2);
    await callAs(customer, {
      method: 'POST',
      url: '/api/cart/items',
      payload: { productId: product, quantity: 1 },
    });
    const before = double.orderRequests.length;
    const response = await callAs(customer, {
      method: 'POST',
      url: '/api/orders/razorpay',
      payload: { addressId: customer.addressId, amountPaise: 100 },
    });
    expect(response.statusCode).toBe(400);
    expect(double.orderRequests.length).toBe(before);
    expect(await stockOf(product)).toBe(2);
  });

  it('releases the order and restores stock and cart with 503 when Razorpay is down', async () => {
    const down = await startRazorpayDouble();
    await down.close();
    const downApp = await appWith({
      razorpayKeyId: down.keyId,
      razorpayKeySecret: down.keySecret,
      razorpayApiBase: down.apiBase,
    });
    try {
      const customer = await newCustomer(downApp);
      const product = await newProduct(4);
      await callAs(
        customer,
        { method: 'POST', url: '/api/cart/items', payload: { productId: product, quantity: 3 } },
        downApp,
      );
      const response = await callAs(
        customer,
        { method: 'POST', url: '/api/orders/razorpay', payload: { addressId: customer.addressId } },
        downApp,
      );
      expect(response.statusCode).toBe(503);
      expect(errorOf(response)).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        reason: 'ONLINE_PAYMENT_UNAVAILABLE',
        message: expect.stringMatching(/technical/i),
      });
      expect(await stockOf(product)).toBe(4);
      const [order] = await database.db.select().from(orders).where(eq(orders.userId, customer.id));
      expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
      const cart = await database.db
        .select({ productId: cartItems.productId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(eq(cartItems.userId, customer.id));
      expect(cart).toEqual([{ productId: product, quantity: 3 }]);
    } finally {
      await downApp.close();
    }
  });
});

describe('POST /api/orders/razorpay/confirm', () => {
  it('marks the order paid and placed after a correct signature', async () => {
    const customer = await newCustomer();
    const { order, razorpay } = await checkout(customer);
    const body = paidBody(razorpay.orderId);
    const response = await confirm(customer, body);
    expect(response.statusCode, response.body).toBe(200);
    const paid = response.json<Order>();
    expect(paid).toMatchObject({
      id: order.id,
      status: 'placed',
      paymentStatus: 'paid',
      paymentMethod: 'razorpay',
    });
    expect(paid.shipments[0]!.history.map((event) => event.status)).toEqual([
      'payment_pending',
      'placed',
    ]);
    expect((await orderRow(order.id)).razorpayPaymentId).toBe(body.razorpayPaymentId);
  });

  it('refuses a tampered signature with 400 and changes nothing', async () => {
    const customer = await newCustomer();
    const { order, razorpay } = await checkout(customer);
    const body = paidBody(razorpay.orderId);
    const tampered = `${body.razorpaySignature.slice(0, -1)}${body.razorpaySignature.endsWith('0') ? '1' : '0'}`;
    const response = await confirm(customer, { ...body, razorpaySignature: tampered });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'VALIDATION_FAILED',
      reason: 'PAYMENT_NOT_VERIFIED',
      message: 'Payment could not be verified',
    });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'payment_pending',
      paymentStatus: 'pending',
      razorpayPaymentId: null,
    });
  });

  it("refuses a signature made for another order's id", async () => {
    const customer = await newCustomer();
    const first = await checkout(customer);
    const second = await checkout(customer);
    const paymentId = razorpayId('pay');
    const response = await confirm(customer, {
      razorpayOrderId: first.razorpay.orderId,
      razorpayPaymentId: paymentId,
      razorpaySignature: signPayment(second.razorpay.orderId, paymentId, double.keySecret),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('Payment could not be verified');
    expect((await orderRow(first.order.id)).status).toBe('payment_pending');
    expect((await orderRow(second.order.id)).status).toBe('payment_pending');
  });

  it('is idempotent: confirming twice answers the same order and records one payment', async () => {
    const customer = await newCustomer();
    const { order, razorpay } = await checkout(customer);
    const body = paidBody(razorpay.orderId);
    const first = await confirm(customer, body);
    const second = await confirm(customer, body);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const mine = await database.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(mine).toHaveLength(1);
    expect(await historyOf(order.id)).toEqual(['payment_pending', 'placed']);
  });

  it('refuses a payment id replayed on a second order with 409', async () => {
    const customer = await newCustomer();
    const first = await checkout(customer);
    const second = await checkout(customer);
    const paymentId = razorpayId('pay');
    expect((await confirm(customer, paidBody(first.razorpay.orderId, paymentId))).statusCode).toBe(
      200,
    );
    const replay = await confirm(customer, paidBody(second.razorpay.orderId, paymentId));
    expect(replay.statusCode).toBe(409);
    expect(errorOf(replay).code).toBe('CONFLICT');
    expect(await orderRow(second.order.id)).toMatchObject({
      status: 'payment_pending',
      paymentStatus: 'pending',
      razorpayPaymentId: null,
    });
  });

  it('answers 404 for an unknown Razorpay order', async () => {
    const customer = await newCustomer();
    const response = await confirm(customer, paidBody(razorpayId('order')));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Order not found' });
  });

  it("answers 404 for another customer's order and leaves it unpaid", async () => {
    const owner = await newCustomer();
    const intruder = await newCustomer();
    const { order, razorpay } = await checkout(owner);
    const response = await confirm(intruder, paidBody(razorpay.orderId));
    expect(response.statusCode).toBe(404);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
  });
});

describe('POST /api/webhooks/razorpay', () => {
  async function eventsOf(razorpayOrderId: string) {
    return database.db
      .select({ eventId: paymentEvents.eventId, outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(eq(paymentEvents.razorpayOrderId, razorpayOrderId))
      .orderBy(asc(paymentEvents.id));
  }

  it('marks the order paid for a payment.captured signed over the raw body', async () => {
    const customer = await newCustomer();
    const { order, razorpay } = await checkout(customer);
    // Odd spacing: the signature covers these exact bytes, not a re-serialised object.
    const raw = paidEvent('payment.captured', razorpay.orderId, razorpayId('pay'), 129_950).replace(
      '{"entity"',
      '{  "entity"',
    );
    const response = await webhook(raw);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'processed' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'placed', paymentStatus: 'paid' });
    expect(await eventsOf(razorpay.orderId)).toEqual([
      { eventId: expect.any(String), outcome: 'paid' },
    ]);
  });

  it('confirms with order.paid too', async () => {
    const customer = await newCustomer();
    const { order, razorpay } = await checkout(customer);
    const response = await webhook(
      paidEvent('order.paid', razorpay.orderId, razorpayId('pay'), 129_950),
    );
    expect(response.statusCode).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
  });

  it('refuses a missing or wrong signature with 400 and records nothing', async () => {
    const customer = await newCustomer();
    const { order, razorpay } = await checkout(customer);
    const raw = paidEvent('payment.captured', razorpay.orderId, razorpayId('pay'), 129_950);
    const attempts = [
      null,
      'not-a-signature',
      signWebhook(raw, double.keySecret), // the key secret is not the webhook secret
      signWebhook(`${raw} `, WEBHOOK_SECRET),
    ];
    for (const signature of attempts) {
      const response = await webhook(raw, { signature });
      expect(response.statusCode, String(signature)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    expect(await eventsOf(razorpay.orderId)).toEqual([]);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
  });

  it('processes the same event id once, however often it is delivered', async () => {
    const customer = await newCustomer();
    const { order, razorpay } = await checkout(customer);
    const raw = paidEvent('payment.captured', razorpay.orderId, razorpayId('pay'), 129_950);
    const eventId = 'evt_SameEvent0001';
    const answers = [];
    for (let delivery = 0; delivery < 3; delivery += 1) {
      const response = await webhook(raw, { eventId });
      expect(response.statusCode).toBe(200);
      answers.push(response.json<{ status: string }>().status);
    }
    expect(answers).toEqual(['processed', 'duplicate', 'duplicate']);
    expect(await eventsOf(razorpay.orderId)).toEqual([{ eventId, outcome: 'paid' }]);
    expect(await historyOf(order.id)).toEqual(['payment_pending', 'placed']);
  });

  it('processes one of three parallel deliveries of the same event', async () => {
    const customer = await newCustomer();
    const { order, razorpay } = await checkout(customer);
    const raw = paidEvent('order.paid', razorpay.orderId, razorpayId('pay'), 129_950);
    const eventId = 'evt_ParallelEvent01';
    const responses = await Promise.all([1, 2, 3].map(() => webhook(raw, { eventId })));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const statuses = responses.map((response) => response.json<{ status: string }>().status);
    expect(statuses.sort()).toEqual(['duplicate', 'duplicate', 'processed']);
    expect(await eventsOf(razorpay.orderId)).toEqual([{ eventId, outcome: 'paid' }]);
    expect(await historyOf(order.id)).toEqual(['payment_pending', 'placed']);
  });

  it('keeps an order confirmed by the browser paid, without a second history row', async () => {
    const customer = await newCustomer();
    const { order, razorpay } = await checkout(customer);
    const body = paidBody(razorpay.orderId);
    expect((await confirm(customer, body)).statusCode).toBe(200);
    const response = await webhook(
      paidEvent('payment.captured', razorpay.orderId, body.razorpayPaymentId, 129_950),
    );
    expect(response.statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'placed',
      paymentStatus: 'paid',
      razorpayPaymentId: body.razorpayPaymentId,
    });
    expect(await historyOf(order.id)).toEqual(['payment_pending', 'placed']);
    expect(await eventsOf(razorpay.orderId)).toEqual([
      { eventId: expect.any(String), outcome: 'already_paid' },
    ]);
    // And the browser's confirm after the webhook still answers the same paid order.
    expect((await confirm(customer, body)).json<Order>().status).toBe('placed');
  });

  it('records an event for an order we do not know and answers 200', async () => {
    const unknown = razorpayId('order');
    const response = await webhook(
      paidEvent('payment.captured', unknown, razorpayId('pay'), 50_000),
    );
    expect(response.statusCode).toBe(200);
    expect(await eventsOf(unknown)).toEqual([
      { eventId: expect.any(String), outcome: 'unknown_order' },
    ]);
  });

  it('does not mark an order paid when the captured amount differs from its total', async () => {
    const customer = await newCustomer();
    const { order, razorpay } = await checkout(customer);
    const response = await webhook(
      paidEvent('payment.captured', razorpay.orderId, razorpayId('pay'), 129_900),
    );
    expect(response.statusCode).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
    expect((await eventsOf(razorpay.orderId))[0]!.outcome).toBe('amount_mismatch');
  });

  it('keeps a released order cancelled when its payment arrives late (kept for a refund)', async () => {
    const customer = await newCustomer();
    const product = await newProduct(2);
    const { order, razorpay } = await checkout(customer, product);
    await database.db
      .update(orders)
      .set({ placedAt: sql`now() - interval '31 minutes'` })
      .where(eq(orders.id, order.id));
    expect(await releaseUnpaidOrders(database.db, 30)).toBeGreaterThanOrEqual(1);
    const paymentId = razorpayId('pay');
    const response = await webhook(
      paidEvent('payment.captured', razorpay.orderId, paymentId, 129_950),
    );
    expect(response.statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(product)).toBe(2);
    expect((await eventsOf(razorpay.orderId))[0]!.outcome).toBe('order_cancelled');
    // The browser's late confirm is told the order was released.
    const late = await confirm(customer, paidBody(razorpay.orderId, paymentId));
    expect(late.statusCode).toBe(422);
    expect(errorOf(late).message).toBe('Payment not received in time');
  });

  it('ignores other events and keeps JSON parsing on every other route', async () => {
    const response = await webhook(JSON.stringify({ event: 'payment.failed', payload: {} }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'processed' });
    const customer = await newCustomer();
    const cart = await callAs(customer, {
      method: 'POST',
      url: '/api/cart/items',
      payload: { productId: await newProduct(), quantity: 1 },
    });
    expect(cart.statusCode).toBe(200);
  });

  it('refuses every webhook when no webhook secret is configured', async () => {
    const noSecret = await appWith({
      razorpayKeyId: double.keyId,
      razorpayKeySecret: double.keySecret,
    });
    try {
      const raw = JSON.stringify({ event: 'payment.failed', payload: {} });
      const response = await webhook(raw, {}, noSecret);
      expect(response.statusCode).toBe(400);
    } finally {
      await noSecret.close();
    }
  });
});

describe('releasing unpaid orders', () => {
  it('releases a pending order older than 30 minutes and gives its stock back', async () => {
    const customer = await newCustomer();
    const staleProduct = await newProduct(3);
    const freshProduct = await newProduct(3);
    const stale = await checkout(customer, staleProduct);
    const fresh = await checkout(customer, freshProduct);
    await database.db
      .update(orders)
      .set({ placedAt: sql`now() - interval '31 minutes'` })
      .where(eq(orders.id, stale.order.id));
    expect(await stockOf(staleProduct)).toBe(2);
    expect(await releaseUnpaidOrders(database.db, 30)).toBe(1);
    expect(await orderRow(stale.order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
    });
    expect(await stockOf(staleProduct)).toBe(3);
    expect(await orderRow(fresh.order.id)).toMatchObject({ status: 'payment_pending' });
    expect(await stockOf(freshProduct)).toBe(2);
    // A payment confirmed after the release is not turned into a placed order.
    const late = await confirm(customer, paidBody(stale.razorpay.orderId));
    expect(late.statusCode).toBe(422);
    const stillCancelled = await database.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, stale.order.id), eq(orders.status, 'cancelled')));
    expect(stillCancelled).toHaveLength(1);
  });
});
