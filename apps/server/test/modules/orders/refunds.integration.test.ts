import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, RazorpayCheckout, ShopOrderDetail } from '@bazaar/shared';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/client.js';
import {
  auditLog,
  backgroundJobs,
  outbox,
  refunds,
  shipments,
  users,
} from '../../../src/db/schema/index.js';
import { createMailer } from '../../../src/platform/mail.js';
import { createRazorpayGateway } from '../../../src/platform/payments.js';
import { createLocalStorage } from '../../../src/platform/storage.js';
import {
  createRefundJobs,
  REFUND_RECONCILE_AFTER_MINUTES,
} from '../../../src/modules/orders/orders.service.js';
import { backgroundJobsDone } from '../../support/background-jobs.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import {
  razorpayId,
  signPayment,
  signWebhook,
  startRazorpayDouble,
  type RazorpayDouble,
} from '../../support/razorpay-double.js';
import { openTestDatabase, TEST_CAPTCHA_CODE } from '../../support/test-app.js';
import { asStaff, createStaff, type TestStaff } from '../fulfilment/shop-office-test-support.js';
import {
  addToCart,
  callAs,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from './orders-test-support.js';

/*
 * docs/refunds.md: a paid shipment cancelled, or a return received, opens one refund of the
 * shipment's value; an online one goes to Razorpay (retried without paying twice) and is settled
 * once by its webhook or the reconciler; a cash-on-delivery one goes to the UPI id or bank account
 * the customer gave, the shop records the UTR; the customer sees it and is mailed.
 */

const WEBHOOK_SECRET = 'refunds-webhook-secret';

let database: Database;
let uploads: string;
let double: RazorpayDouble;
let app: FastifyInstance;
let shopA: number;
let shopB: number;
let sellerA: TestStaff;
let sellerB: TestStaff;
let supportA: TestStaff;
let admin: TestStaff;
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-test-uploads-'));
  double = await startRazorpayDouble();
  app = await buildApp({
    database,
    storage: createLocalStorage(uploads),
    logger: false,
    catalogSummaryTtlMs: 0,
    jobRoundIntervalMs: 0,
    accounts: {
      publicUrl: 'https://bazaar.example.in',
      captchaTestCode: TEST_CAPTCHA_CODE,
      authRateLimitPerMinute: 10_000,
      mailRetryIntervalMs: 0,
    },
    payments: {
      razorpayKeyId: double.keyId,
      razorpayKeySecret: double.keySecret,
      razorpayWebhookSecret: WEBHOOK_SECRET,
      razorpayApiBase: double.apiBase,
    },
  });
  await app.ready();
  shopA = await insertShop(db(), { name: 'Patna Fashion House' });
  shopB = await insertShop(db(), { name: 'Gaya Silk & Sons' });
  sellerA = await createStaff(app, db(), 'seller', shopA);
  sellerB = await createStaff(app, db(), 'seller', shopB);
  supportA = await createStaff(app, db(), 'support_admin', shopA);
  admin = await createStaff(app, db(), 'admin');
});

afterAll(async () => {
  await app?.close();
  await double?.close();
  await database?.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

/** An online order of a kurta (shop A, 2 x Rs 999) and a saree (shop B, Rs 2,499), paid. */
async function paidOnlineOrder(customer: TestCustomer) {
  const kurta = await insertProduct(db(), { shopId: shopA, name: 'Kurta', pricePaise: 99_900 });
  const saree = await insertProduct(db(), { shopId: shopB, name: 'Saree', pricePaise: 249_900 });
  await addToCart(app, customer, kurta, 2);
  await addToCart(app, customer, saree, 1);
  const started = await callAs(app, customer, {
    method: 'POST',
    url: '/api/orders/razorpay',
    payload: { addressId: customer.addressId },
  });
  expect(started.statusCode, started.body).toBe(201);
  const checkout = started.json<RazorpayCheckout>();
  const paymentId = razorpayId('pay');
  double.capture(paymentId, checkout.razorpay.amountPaise);
  const confirmed = await callAs(app, customer, {
    method: 'POST',
    url: '/api/orders/razorpay/confirm',
    payload: {
      razorpayOrderId: checkout.razorpay.orderId,
      razorpayPaymentId: paymentId,
      razorpaySignature: signPayment(checkout.razorpay.orderId, paymentId, double.keySecret),
    },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const order = confirmed.json<Order>();
  const [partA, partB] = [shopA, shopB].map((shopId) =>
    order.shipments.find((shipment) => shipment.shop.id === shopId)!,
  );
  return { order, paymentId, partA: partA!, partB: partB! };
}

async function readOrder(customer: TestCustomer, orderId: number): Promise<Order> {
  const response = await callAs(app, customer, { method: 'GET', url: `/api/orders/${orderId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Order>();
}

function deliverWebhook(
  raw: string,
  eventId: string,
  signature = signWebhook(raw, WEBHOOK_SECRET),
) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/razorpay',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': eventId,
    },
    payload: raw,
  });
}

async function deliverAndReturn(
  customer: TestCustomer,
  orderId: number,
  shipmentId: number,
  seller: TestStaff,
  refundTo?: unknown,
) {
  await db()
    .update(shipments)
    .set({ status: 'delivered', deliveredAt: new Date() })
    .where(eq(shipments.id, shipmentId));
  const asked = await callAs(app, customer, {
    method: 'POST',
    url: `/api/orders/${orderId}/shipments/${shipmentId}/return`,
    payload: { reason: 'The size does not fit', ...(refundTo ? { refundTo } : {}) },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  for (const step of ['approve', 'receive']) {
    const moved = await asStaff(app, seller, {
      method: 'POST',
      url: `/api/shop/orders/${shipmentId}/return/${step}`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

async function mailsTo(customerId: string, subject: string) {
  await backgroundJobsDone(db());
  const [customer] = await db().select().from(users).where(eq(users.id, customerId));
  return db()
    .select({ subject: outbox.subject, text: outbox.textBody })
    .from(outbox)
    .where(and(eq(outbox.toAddress, customer!.email), like(outbox.subject, `${subject}%`)));
}

describe('an online order of two shops', () => {
  it('cancels one shipment, refunds exactly its value through Razorpay, settles once by webhook', async () => {
    const customer = await createCustomer(app, db());
    const { order, paymentId, partA, partB } = await paidOnlineOrder(customer);
    expect(partA.cancellable).toBe(true);

    const cancelled = await callAs(app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/shipments/${partA.id}/cancel`,
      payload: { reason: 'Ordered the wrong colour' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = cancelled.json<Order>();
    const shipmentA = after.shipments.find((shipment) => shipment.id === partA.id)!;
    const shipmentB = after.shipments.find((shipment) => shipment.id === partB.id)!;
    expect(shipmentA.status).toBe('cancelled');
    expect(shipmentA.refund).toMatchObject({
      amountPaise: 199_800,
      method: 'razorpay',
      status: 'pending',
      reason: 'cancelled',
      payTo: 'To the original payment method',
    });
    expect(shipmentB.status).toBe('placed');
    expect(shipmentB.refund).toBeNull();
    expect(after.status).not.toBe('cancelled');

    // The background job asked Razorpay for that amount, at normal speed, once.
    await backgroundJobsDone(db());
    const asked = double.refunds.filter((refund) => refund.payment_id === paymentId);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ amount: 199_800, speed_requested: 'normal' });
    const rfnd = asked[0]!.id;
    expect((await readOrder(customer, order.id)).shipments[0]!.refund?.reference).toBe(rfnd);

    // refund.processed three times (shuffled ids are the same event) plus a tampered copy.
    const raw = double.refundEvent(rfnd, 'refund.processed');
    expect((await deliverWebhook(raw, 'evt_rf_1')).statusCode).toBe(200);
    expect((await deliverWebhook(raw, 'evt_rf_1')).statusCode).toBe(200);
    const tampered = raw.replace('"amount":199800', '"amount":1');
    expect(
      (await deliverWebhook(tampered, 'evt_rf_2', signWebhook(raw, WEBHOOK_SECRET))).statusCode,
    ).toBe(400);
    // A late `failed` for the same refund changes nothing once processed.
    expect(
      (await deliverWebhook(double.refundEvent(rfnd, 'refund.failed'), 'evt_rf_3')).statusCode,
    ).toBe(200);

    const settled = (await readOrder(customer, order.id)).shipments.find((s) => s.id === partA.id)!;
    expect(settled.refund).toMatchObject({ status: 'processed', reference: rfnd });
    expect(settled.refund!.processedAt).not.toBeNull();
    const mails = await mailsTo(customer.id, 'Refund of');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Refund of ₹1,998 for order ${order.orderNumber}`);
    expect(mails[0]!.text).toContain(`Reference: ${rfnd}`);

    // The other shipment is delivered, returned and received: its refund too, never over the
    // captured amount.
    await db()
      .update(shipments)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(eq(shipments.id, partB.id));
    const refused = await callAs(app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/shipments/${partB.id}/return`,
      payload: { reason: 'Colour differs', refundTo: { method: 'upi', upiId: 'priya@okaxis' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      fields: { refundTo: expect.stringContaining('paid online') },
    });
    await deliverAndReturn(customer, order.id, partB.id, sellerB);
    await backgroundJobsDone(db());
    const both = double.refunds.filter((refund) => refund.payment_id === paymentId);
    expect(both.map((refund) => refund.amount)).toEqual([199_800, 249_900]);
    const returned = (await readOrder(customer, order.id)).shipments.find(
      (s) => s.id === partB.id,
    )!;
    expect(returned.refund).toMatchObject({
      amountPaise: 249_900,
      reason: 'returned',
      status: 'pending',
    });
  });

  it('asks Razorpay again after it was down, finding the refund it had already made instead of paying twice', async () => {
    const customer = await createCustomer(app, db());
    const { order, paymentId, partA } = await paidOnlineOrder(customer);
    double.failRefunds(1);
    const cancelled = await callAs(app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Both shipments refunded, one job each; the first call to Razorpay failed.
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((row) => row.amountPaise).sort()).toEqual([199_800, 249_900]);
    for (;;) {
      const [left] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(backgroundJobs)
        .where(sql`claimed_until is null or last_error is null`);
      if (Number(left!.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [failed] = await db().select().from(backgroundJobs);
    expect(failed).toMatchObject({ kind: 'refund_start', attempts: 1 });
    expect(failed!.lastError).toContain('Razorpay refund failed');

    // As though Razorpay had made that refund before the answer was lost: the retry finds it.
    const refundId = Number((failed!.payload as { refundId: number }).refundId);
    const lost = rows.find((row) => row.id === refundId)!;
    double.refunds.push({
      id: razorpayId('rfnd'),
      entity: 'refund',
      payment_id: paymentId,
      amount: lost.amountPaise,
      currency: 'INR',
      receipt: `refund-${refundId}`,
      notes: { bazaar_refund_id: String(refundId) },
      status: 'pending',
      speed_requested: 'normal',
      created_at: Math.floor(Date.now() / 1000),
    });
    await db()
      .update(backgroundJobs)
      .set({ claimedUntil: sql`now() - interval '1 second'` });
    // A new order's wake runs the due job too.
    await callAs(app, customer, { method: 'GET', url: `/api/orders/${order.id}` });
    const other = await createCustomer(app, db());
    const next = await insertProduct(db(), { shopId: shopA, name: 'Dupatta' });
    await addToCart(app, other, next, 1);
    expect((await placeOrder(app, other)).statusCode).toBe(201);
    await backgroundJobsDone(db());

    const made = double.refunds.filter((refund) => refund.payment_id === paymentId);
    expect(made.map((refund) => refund.amount).sort()).toEqual([199_800, 249_900]);
    const [recorded] = await db().select().from(refunds).where(eq(refunds.id, refundId));
    expect(recorded!.razorpayRefundId).toBe(
      made.find((r) => r.receipt === `refund-${refundId}`)!.id,
    );
    expect(partA.id).toBeGreaterThan(0);
  });

  it('refuses to cancel a shipment handed to delivery, and a cash-on-delivery cancel opens no refund', async () => {
    const customer = await createCustomer(app, db());
    const kurta = await insertProduct(db(), { shopId: shopA, name: 'Kurta cod' });
    const saree = await insertProduct(db(), { shopId: shopB, name: 'Saree cod' });
    await addToCart(app, customer, kurta, 1);
    await addToCart(app, customer, saree, 1);
    const placed = await placeOrder(app, customer);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const [first, second] = order.shipments;
    await db().update(shipments).set({ status: 'assigned' }).where(eq(shipments.id, second!.id));
    const late = await callAs(app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/shipments/${second!.id}/cancel`,
      payload: {},
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().error).toMatchObject({ reason: 'ORDER_NOT_CANCELLABLE' });

    const ok = await callAs(app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/shipments/${first!.id}/cancel`,
      payload: { reason: 'Found it cheaper' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = ok.json<Order>();
    expect(after.shipments.map((shipment) => [shipment.status, shipment.refund])).toEqual([
      ['cancelled', null],
      ['assigned', null],
    ]);
    expect(after.cancellable).toBe(false);
    const twice = await callAs(app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/shipments/${first!.id}/cancel`,
      payload: {},
    });
    expect(twice.statusCode).toBe(422);
  });
});

describe('a cash-on-delivery return', () => {
  it('validates the refund account, and the shop records the UTR the customer then sees', async () => {
    const customer = await createCustomer(app, db());
    const kurta = await insertProduct(db(), {
      shopId: shopA,
      name: 'Kurta return',
      pricePaise: 129_900,
    });
    await addToCart(app, customer, kurta, 1);
    const order = (await placeOrder(app, customer)).json<Order>();
    const shipmentId = order.shipments[0]!.id;
    await db()
      .update(shipments)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(eq(shipments.id, shipmentId));

    const badPayees = [
      [{ method: 'upi', upiId: 'priya' }, 'UPI id'],
      [
        {
          method: 'bank_transfer',
          accountNumber: '1234',
          ifsc: 'SBIN0001234',
          accountName: 'Priya',
        },
        '9 to 18 digits',
      ],
      [
        {
          method: 'bank_transfer',
          accountNumber: '123456789012',
          ifsc: 'SBIN1001234',
          accountName: 'Priya',
        },
        'IFSC',
      ],
    ] as const;
    for (const [refundTo, words] of badPayees) {
      const refused = await callAs(app, customer, {
        method: 'POST',
        url: `/api/orders/${order.id}/shipments/${shipmentId}/return`,
        payload: { reason: 'Too small', refundTo },
      });
      expect(refused.statusCode, JSON.stringify(refundTo)).toBe(400);
      expect(refused.body).toContain(words);
    }
    const [still] = await db().select().from(shipments).where(eq(shipments.id, shipmentId));
    expect(still!.status).toBe('delivered');

    await db().update(shipments).set({ status: 'placed' }).where(eq(shipments.id, shipmentId));
    await deliverAndReturn(customer, order.id, shipmentId, sellerA, {
      method: 'bank_transfer',
      accountNumber: '123456784321',
      ifsc: 'sbin0001234',
      accountName: 'Priya Kumari',
    });
    const mine = (await readOrder(customer, order.id)).shipments[0]!;
    expect(mine.refund).toMatchObject({
      amountPaise: 129_900,
      method: 'bank_transfer',
      status: 'pending',
      payTo: 'Priya Kumari, A/c ending 4321, IFSC SBIN0001234',
      reference: null,
    });

    const drawer = await asStaff(app, sellerA, {
      method: 'GET',
      url: `/api/shop/orders/${shipmentId}`,
    });
    expect(drawer.json<ShopOrderDetail>().refund?.payTo).toBe(
      'Priya Kumari, A/c 123456784321, IFSC SBIN0001234',
    );

    const url = `/api/shop/orders/${shipmentId}/refund/paid`;
    const badUtr = await asStaff(app, sellerA, {
      method: 'POST',
      url,
      payload: { reference: 'UTR-1' },
    });
    expect(badUtr.statusCode).toBe(400);
    const otherShop = await asStaff(app, sellerB, {
      method: 'POST',
      url,
      payload: { reference: 'SBIN526123456789' },
    });
    expect(otherShop.statusCode).toBe(404);
    const paid = await asStaff(app, sellerA, {
      method: 'POST',
      url,
      payload: { reference: 'sbin526123456789' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<ShopOrderDetail>().refund).toMatchObject({
      status: 'processed',
      reference: 'SBIN526123456789',
    });
    const again = await asStaff(app, sellerA, {
      method: 'POST',
      url,
      payload: { reference: 'SBIN526123456789' },
    });
    expect(again.statusCode).toBe(409);

    const seen = (await readOrder(customer, order.id)).shipments[0]!.refund;
    expect(seen).toMatchObject({ status: 'processed', reference: 'SBIN526123456789' });
    const mails = await mailsTo(customer.id, 'Refund of');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('A/c ending 4321');
    expect(mails[0]!.text).toContain('SBIN526123456789');
  });

  it('a Razorpay refund cannot be marked paid by hand', async () => {
    const customer = await createCustomer(app, db());
    const { order, partA } = await paidOnlineOrder(customer);
    await callAs(app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/shipments/${partA.id}/cancel`,
      payload: {},
    });
    const refused = await asStaff(app, sellerA, {
      method: 'POST',
      url: `/api/shop/orders/${partA.id}/refund/paid`,
      payload: { reference: 'SBIN526123456789' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ reason: 'REFUND_NOT_MANUAL' });
  });
});

describe('the reconciler', () => {
  it('settles a refund whose webhook never came, from the answer Razorpay gives, once', async () => {
    const customer = await createCustomer(app, db());
    const { order, partA } = await paidOnlineOrder(customer);
    await callAs(app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/shipments/${partA.id}/cancel`,
      payload: {},
    });
    await backgroundJobsDone(db());
    const [refund] = await db().select().from(refunds).where(eq(refunds.shipmentId, partA.id));
    expect(refund).toMatchObject({ status: 'pending' });
    double.setRefundStatus(refund!.razorpayRefundId!, 'processed');

    const reconciler = createRefundJobs({
      db: db(),
      gateway: createRazorpayGateway({
        keyId: double.keyId,
        keySecret: double.keySecret,
        apiBase: double.apiBase,
      }),
      mailer: createMailer({ db: db(), from: 'test@bazaar.local', log: pino({ level: 'silent' }) }),
      publicUrl: 'https://bazaar.example.in',
      log: pino({ level: 'silent' }),
    });
    // Too young: the webhook may still come.
    expect(await reconciler.reconcile()).toBe(0);
    await db()
      .update(refunds)
      .set({ createdAt: new Date(Date.now() - (REFUND_RECONCILE_AFTER_MINUTES + 1) * 60_000) })
      .where(eq(refunds.id, refund!.id));
    expect(await reconciler.reconcile()).toBe(1);
    expect(await reconciler.reconcile()).toBe(0);
    const seen = (await readOrder(customer, order.id)).shipments.find((s) => s.id === partA.id)!;
    expect(seen.refund).toMatchObject({ status: 'processed', reference: refund!.razorpayRefundId });
  });
});

describe('retrying a failed Razorpay refund', () => {
  /** A cancelled paid shipment of shop A whose Razorpay refund failed (by webhook). */
  async function failedRefund() {
    const customer = await createCustomer(app, db());
    const { order, paymentId, partA } = await paidOnlineOrder(customer);
    const cancelled = await callAs(app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/shipments/${partA.id}/cancel`,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await backgroundJobsDone(db());
    const [first] = double.refunds.filter((refund) => refund.payment_id === paymentId);
    double.setRefundStatus(first!.id, 'failed');
    const failedEvent = double.refundEvent(first!.id, 'refund.failed');
    expect((await deliverWebhook(failedEvent, `evt_${first!.id}_failed`)).statusCode).toBe(200);
    const seen = (await readOrder(customer, order.id)).shipments.find((s) => s.id === partA.id)!;
    expect(seen.refund).toMatchObject({ status: 'failed', attempt: 1, reference: first!.id });
    return { customer, order, paymentId, partA, first: first!, failedEvent };
  }

  it('the shop asks again under a new receipt, pays once, and a late event of the failed try changes nothing', async () => {
    const { customer, order, paymentId, partA, first, failedEvent } = await failedRefund();
    expect(first.receipt).toBe(`refund-${(await refundOf(partA.id)).id}`);
    expect(customer.id).toBeTruthy();

    // Another shop cannot see it; the shop's support admin retries it.
    const url = `/api/shop/orders/${partA.id}/refund/retry`;
    expect((await asStaff(app, sellerB, { method: 'POST', url })).statusCode).toBe(404);
    const retried = await asStaff(app, supportA, { method: 'POST', url });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<ShopOrderDetail>().refund).toMatchObject({
      status: 'pending',
      attempt: 2,
      reference: null,
      failureReason: null,
    });
    // Twice is refused with the reason, and changes nothing.
    const twice = await asStaff(app, sellerA, { method: 'POST', url });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatchObject({
      reason: 'REFUND_NOT_FAILED',
      message: expect.stringContaining('only a failed refund can be retried'),
    });

    await backgroundJobsDone(db());
    const made = double.refunds.filter((refund) => refund.payment_id === paymentId);
    expect(made).toHaveLength(2);
    const refund = await refundOf(partA.id);
    expect(made[1]).toMatchObject({
      amount: 199_800,
      receipt: `refund-${refund.id}-2`,
      notes: { bazaar_refund_id: String(refund.id), bazaar_refund_attempt: '2' },
    });
    expect(refund).toMatchObject({ status: 'pending', razorpayRefundId: made[1]!.id, attempt: 2 });

    // The failed try's webhook again (a new event id): not the new attempt's.
    expect((await deliverWebhook(failedEvent, `evt_${first.id}_failed_again`)).statusCode).toBe(
      200,
    );
    expect(await refundOf(partA.id)).toMatchObject({ status: 'pending' });

    // The job running once more (a crash after Razorpay answered) finds the refund by receipt.
    await db().update(refunds).set({ razorpayRefundId: null }).where(eq(refunds.id, refund.id));
    const jobs = createRefundJobs({
      db: db(),
      gateway: createRazorpayGateway({
        keyId: double.keyId,
        keySecret: double.keySecret,
        apiBase: double.apiBase,
      }),
      mailer: createMailer({ db: db(), from: 'test@bazaar.local', log: pino({ level: 'silent' }) }),
      publicUrl: 'https://bazaar.example.in',
      log: pino({ level: 'silent' }),
    });
    await jobs.handlers.refund_start({ refundId: refund.id, attempt: 2 });
    // A stale job of the first attempt asks nothing.
    await jobs.handlers.refund_start({ refundId: refund.id, attempt: 1 });
    expect(double.refunds.filter((each) => each.payment_id === paymentId)).toHaveLength(2);
    expect(await refundOf(partA.id)).toMatchObject({ razorpayRefundId: made[1]!.id });

    const processed = double.refundEvent(made[1]!.id, 'refund.processed');
    expect((await deliverWebhook(processed, `evt_${made[1]!.id}_processed`)).statusCode).toBe(200);
    const seen = (await readOrder(customer, order.id)).shipments.find((s) => s.id === partA.id)!;
    expect(seen.refund).toMatchObject({ status: 'processed', attempt: 2, reference: made[1]!.id });
    expect(await mailsTo(customer.id, 'Refund of')).toHaveLength(1);

    const trail = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'refund'), eq(auditLog.entityId, String(refund.id))));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'retry',
      actorId: supportA.id,
      before: { status: 'failed', attempt: 1, razorpayRefundId: first.id },
      after: { status: 'pending', attempt: 2, amountPaise: 199_800 },
    });
  });

  it('the admin lists failed refunds and retries one; a pending, processed or cash refund is 409', async () => {
    const { partA, order } = await failedRefund();
    const refund = await refundOf(partA.id);
    const list = await asStaff(app, admin, { method: 'GET', url: '/api/refunds/failed' });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<{ items: Array<Record<string, unknown>> }>().items;
    expect(listed.find((item) => item.id === refund.id)).toMatchObject({
      orderNumber: order.orderNumber,
      shopName: 'Patna Fashion House',
      status: 'failed',
      amountPaise: 199_800,
    });
    expect(
      (await asStaff(app, sellerA, { method: 'GET', url: '/api/refunds/failed' })).statusCode,
    ).toBe(403);
    expect(
      (await asStaff(app, sellerA, { method: 'POST', url: `/api/refunds/${refund.id}/retry` }))
        .statusCode,
    ).toBe(403);

    const retried = await asStaff(app, admin, {
      method: 'POST',
      url: `/api/refunds/${refund.id}/retry`,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: refund.id, status: 'pending', attempt: 2 });
    const again = await asStaff(app, admin, {
      method: 'POST',
      url: `/api/refunds/${refund.id}/retry`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('under way');
    const afterList = (
      await asStaff(app, admin, { method: 'GET', url: '/api/refunds/failed' })
    ).json<{ items: Array<{ id: number }> }>().items;
    expect(afterList.some((item) => item.id === refund.id)).toBe(false);

    await backgroundJobsDone(db());
    await db()
      .update(refunds)
      .set({ status: 'processed', processedAt: new Date() })
      .where(eq(refunds.id, refund.id));
    const processed = await asStaff(app, admin, {
      method: 'POST',
      url: `/api/refunds/${refund.id}/retry`,
    });
    expect(processed.statusCode).toBe(409);
    expect(processed.json().error.message).toContain('already processed');
    expect(
      (await asStaff(app, admin, { method: 'POST', url: '/api/refunds/999999/retry' })).statusCode,
    ).toBe(404);
    expect(
      (await asStaff(app, admin, { method: 'POST', url: '/api/refunds/abc/retry' })).statusCode,
    ).toBe(400);
  });

  it('a cash-on-delivery refund cannot be retried', async () => {
    const customer = await createCustomer(app, db());
    const kurta = await insertProduct(db(), { shopId: shopA, name: 'Kurta retry cod' });
    await addToCart(app, customer, kurta, 1);
    const order = (await placeOrder(app, customer)).json<Order>();
    const shipmentId = order.shipments[0]!.id;
    await deliverAndReturn(customer, order.id, shipmentId, sellerA, {
      method: 'upi',
      upiId: 'priya@okaxis',
    });
    const refused = await asStaff(app, sellerA, {
      method: 'POST',
      url: `/api/shop/orders/${shipmentId}/refund/retry`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      reason: 'REFUND_NOT_FAILED',
      message: expect.stringContaining('paid by the shop'),
    });
  });
});

async function refundOf(shipmentId: number) {
  const [row] = await db().select().from(refunds).where(eq(refunds.shipmentId, shipmentId));
  return row!;
}
