import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, RazorpayCheckout } from '@bazaar/shared';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/client.js';
import { orders, outbox, shipments, users } from '../../../src/db/schema/index.js';
import { createLocalStorage, type FileStorage } from '../../../src/platform/storage.js';
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
import { createStaff, type TestStaff } from '../fulfilment/shop-office-test-support.js';
import { addToCart, callAs, createCustomer, placeOrder } from './orders-test-support.js';

/*
 * docs/notifications.md: the customer is mailed when an order is placed, when an online payment
 * arrives and when they cancel; each shop's seller and support admins when a new order reaches
 * the shop and when a return is asked for. Read from the outbox (no mail server here): every
 * mail has a text and an HTML part, each goes once, and nobody else gets one.
 */

const PUBLIC_URL = 'https://bazaar.example.in';
const WEBHOOK_SECRET = 'notifications-webhook-secret';

let database: Database;
let storage: FileStorage;
let uploads: string;
let double: RazorpayDouble;
let app: FastifyInstance;
let shopA: number;
let shopB: number;
let sellerA: TestStaff;
let supportA: TestStaff;
let sellerB: TestStaff;
let disabledSupportB: TestStaff;

const db = () => database.db;

/** The id of the newest outbox row: mails after it belong to the step under test. */
async function outboxMark(): Promise<number> {
  // The mails of earlier steps first: they are composed after their answers.
  await backgroundJobsDone(db());
  const [row] = await db().select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
  return row?.id ?? 0;
}

/** The mails written after `mark`, oldest first, once every recorded order event is mailed. */
async function mailsSince(mark: number) {
  await backgroundJobsDone(db());
  return db()
    .select({
      to: outbox.toAddress,
      subject: outbox.subject,
      text: outbox.textBody,
      html: outbox.htmlBody,
    })
    .from(outbox)
    .where(gt(outbox.id, mark))
    .orderBy(outbox.id);
}

beforeAll(async () => {
  database = await openTestDatabase();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-test-uploads-'));
  storage = createLocalStorage(uploads);
  double = await startRazorpayDouble();
  app = await buildApp({
    database,
    storage,
    logger: false,
    catalogSummaryTtlMs: 0,
    accounts: {
      publicUrl: PUBLIC_URL,
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
  supportA = await createStaff(app, db(), 'support_admin', shopA);
  sellerB = await createStaff(app, db(), 'seller', shopB);
  disabledSupportB = await createStaff(app, db(), 'support_admin', shopB);
  await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabledSupportB.id));
});

afterAll(async () => {
  await app?.close();
  await double?.close();
  await database?.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe('a cash-on-delivery order from two shops', () => {
  it('mails the customer once and each enabled seller and support admin of each shop once', async () => {
    const customer = await createCustomer(app, db());
    const [customerRow] = await db().select().from(users).where(eq(users.id, customer.id));
    // A name with markup: the HTML part must show it as text.
    const kurta = await insertProduct(db(), { shopId: shopA, name: 'Kurta <b>Lucknowi</b>' });
    const saree = await insertProduct(db(), { shopId: shopB, name: 'Banarasi Saree' });
    await addToCart(app, customer, kurta, 2);
    await addToCart(app, customer, saree, 1);
    const mark = await outboxMark();

    const placed = await placeOrder(app, customer);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const mails = await mailsSince(mark);

    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [customerRow!.email, sellerA.email, supportA.email, sellerB.email].sort(),
    );
    const toCustomer = mails.find((mail) => mail.to === customerRow!.email)!;
    expect(toCustomer.subject).toBe(`Your order ${order.orderNumber} is placed`);
    expect(toCustomer.text).toContain('2 x Kurta <b>Lucknowi</b>');
    expect(toCustomer.text).toContain('Cash on delivery');
    expect(toCustomer.text).toContain(`${PUBLIC_URL}/MyOrders/${order.id}`);
    expect(toCustomer.html).toContain('Kurta &lt;b&gt;Lucknowi&lt;/b&gt;');
    expect(toCustomer.html).not.toContain('<b>Lucknowi</b>');
    expect(toCustomer.html).toContain(`href="${PUBLIC_URL}/MyOrders/${order.id}"`);

    const toSellerA = mails.find((mail) => mail.to === sellerA.email)!;
    expect(toSellerA.subject).toBe(`New order ${order.orderNumber} for Patna Fashion House`);
    expect(toSellerA.text).toContain(`${PUBLIC_URL}/NewOrder`);
    // Each shop sees only its own part.
    expect(toSellerA.text).toContain('Kurta');
    expect(toSellerA.text).not.toContain('Banarasi Saree');
    const toSupportA = mails.find((mail) => mail.to === supportA.email)!;
    expect(toSupportA.text).toContain(`${PUBLIC_URL}/SupportAdminNewOrder`);
    const toSellerB = mails.find((mail) => mail.to === sellerB.email)!;
    expect(toSellerB.subject).toBe(`New order ${order.orderNumber} for Gaya Silk & Sons`);
    expect(toSellerB.html).toContain('Gaya Silk &amp; Sons');
    expect(toSellerB.text).toContain('Banarasi Saree');
    expect(toSellerB.text).not.toContain('Kurta');
    for (const mail of mails) expect(mail.html).toContain('<html');
  });

  it('mails the customer when they cancel it, with the reason, and nobody else', async () => {
    const customer = await createCustomer(app, db());
    const [customerRow] = await db().select().from(users).where(eq(users.id, customer.id));
    await addToCart(
      app,
      customer,
      await insertProduct(db(), { shopId: shopA, name: 'Cotton Shirt' }),
      1,
    );
    const order = (await placeOrder(app, customer)).json<Order>();
    const mark = await outboxMark();

    const cancelled = await callAs(app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: { reason: 'Ordered the wrong size' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const mails = await mailsSince(mark);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(customerRow!.email);
    expect(mails[0]!.subject).toBe(`Your order ${order.orderNumber} is cancelled`);
    expect(mails[0]!.text).toContain('reason: Ordered the wrong size');
  });

  it("mails the shop's enabled staff when a return is asked for, with the reason", async () => {
    const customer = await createCustomer(app, db());
    await addToCart(
      app,
      customer,
      await insertProduct(db(), { shopId: shopB, name: 'Silk Dupatta' }),
      1,
    );
    const order = (await placeOrder(app, customer)).json<Order>();
    const shipmentId = order.shipments[0]!.id;
    await db()
      .update(shipments)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(eq(shipments.id, shipmentId));
    await db().update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
    const mark = await outboxMark();

    const asked = await callAs(app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/shipments/${shipmentId}/return`,
      payload: { reason: 'The colour is not as shown' },
    });
    expect(asked.statusCode, asked.body).toBe(200);

    const mails = await mailsSince(mark);
    expect(mails.map((mail) => mail.to)).toEqual([sellerB.email]);
    expect(mails[0]!.subject).toBe(`Return requested for order ${order.orderNumber}`);
    expect(mails[0]!.text).toContain('Reason: The colour is not as shown');
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/OrderStatus`);
  });
});

describe('an online order', () => {
  it('mails nothing while unpaid, then once on payment however many confirmations arrive', async () => {
    const customer = await createCustomer(app, db());
    const [customerRow] = await db().select().from(users).where(eq(users.id, customer.id));
    await addToCart(
      app,
      customer,
      await insertProduct(db(), { shopId: shopA, name: 'Linen Trousers' }),
      1,
    );
    const mark = await outboxMark();
    const started = await callAs(app, customer, {
      method: 'POST',
      url: '/api/orders/razorpay',
      payload: { addressId: customer.addressId },
    });
    expect(started.statusCode, started.body).toBe(201);
    const checkout = started.json<RazorpayCheckout>();
    expect(await mailsSince(mark)).toEqual([]);

    // The browser's confirmation, then Razorpay's webhook for the same payment, then a repeat.
    const paymentId = razorpayId('pay');
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
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: paymentId,
            order_id: checkout.razorpay.orderId,
            amount: checkout.razorpay.amountPaise,
          },
        },
      },
    });
    for (const eventId of ['evt_notify_1', 'evt_notify_2']) {
      const hooked = await app.inject({
        method: 'POST',
        url: '/api/webhooks/razorpay',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signWebhook(raw, WEBHOOK_SECRET),
          'x-razorpay-event-id': eventId,
        },
        payload: raw,
      });
      expect(hooked.statusCode, hooked.body).toBe(200);
    }

    const mails = await mailsSince(mark);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [customerRow!.email, sellerA.email, supportA.email].sort(),
    );
    const toCustomer = mails.find((mail) => mail.to === customerRow!.email)!;
    expect(toCustomer.subject).toBe(`Payment received for your order ${order.orderNumber}`);
    expect(toCustomer.text).toContain('Amount paid');
  });
});

describe("the customer's choice of order mails", () => {
  it('turned off in the profile: no customer mail, while the shop is still told', async () => {
    const customer = await createCustomer(app, db());
    const [customerRow] = await db().select().from(users).where(eq(users.id, customer.id));
    const off = await callAs(app, customer, {
      method: 'PATCH',
      url: '/api/account/profile',
      payload: { orderMails: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ orderMails: boolean }>().orderMails).toBe(false);

    await addToCart(
      app,
      customer,
      await insertProduct(db(), { shopId: shopA, name: 'Quiet Kurta' }),
      1,
    );
    const mark = await outboxMark();
    const order = (await placeOrder(app, customer)).json<Order>();
    await callAs(app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: { reason: 'Changed my mind' },
    });

    const mails = await mailsSince(mark);
    expect(mails.map((mail) => mail.to)).not.toContain(customerRow!.email);
    expect(mails.map((mail) => mail.to).sort()).toEqual([sellerA.email, supportA.email].sort());
  });

  it('is a customer setting only: a seller cannot set it', async () => {
    const refused = await app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie: sellerA.cookie },
      payload: { orderMails: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      orderMails: 'This field cannot be changed here',
    });
  });

  it('refuses a value that is not true or false with a clear message', async () => {
    const customer = await createCustomer(app, db());
    const refused = await callAs(app, customer, {
      method: 'PATCH',
      url: '/api/account/profile',
      payload: { orderMails: 'no' },
    });
    expect(refused.statusCode).toBe(400);
    expect(
      refused.json<{ error: { fields: Record<string, string> } }>().error.fields.orderMails,
    ).toBe('Choose whether to get order mails');
  });
});
