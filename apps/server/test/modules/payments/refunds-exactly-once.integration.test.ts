import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, RazorpayCheckout } from '@bazaar/shared';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/client.js';
import { outbox, paymentEvents, refunds } from '../../../src/db/schema/index.js';
import { createLocalStorage } from '../../../src/platform/storage.js';
import { createRandom } from '../../../src/seed/prng.js';
import { backgroundJobsDone } from '../../support/background-jobs.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { inPool } from '../../support/in-pool.js';
import {
  razorpayId,
  signPayment,
  signWebhook,
  startRazorpayDouble,
  type RazorpayDouble,
} from '../../support/razorpay-double.js';
import { openTestDatabase, TEST_CAPTCHA_CODE } from '../../support/test-app.js';
import {
  addToCart,
  callAs,
  createCustomer,
  type TestCustomer,
} from '../orders/orders-test-support.js';

/*
 * Refunds exactly once (docs/refunds.md). REFUNDS paid online orders are cancelled, each opening
 * one Razorpay refund (asked of the test double by the background job). Each refund's
 * `refund.processed` event is delivered 3 times through the real HTTP webhook route; for 15 % of
 * the refunds a contradicting `refund.failed` event (another event id) is delivered 3 times too,
 * so the two race out of order; 5 % of all deliveries are tampered (body changed after signing,
 * or signed with another secret). Every delivery is shuffled and sent CONCURRENCY at a time.
 * Afterwards each refund has left `pending` exactly once (one event did it, every other was a
 * duplicate or changed nothing), Razorpay was asked once per refund, and the customer got one
 * refund mail per processed refund and none for a failed one.
 *
 * Sizes: REFUNDS_EXACTLY_ONCE_REFUNDS (default 500 on PostgreSQL, 100 on PGlite, whose single
 * connection makes the deliveries queue rather than race).
 */

const isPostgres = Boolean(process.env.DATABASE_URL);
const REFUNDS = Number(process.env.REFUNDS_EXACTLY_ONCE_REFUNDS ?? (isPostgres ? 500 : 100));
const CONCURRENCY = 24;
const DELIVERIES = 3;
const CONTRADICTED_RATE = 0.15;
const TAMPER_RATE = 0.05;
const CUSTOMERS = 10;
const SEED = 20_261_128;
const WEBHOOK_SECRET = 'refunds-exactly-once-secret';

interface Delivery {
  refundId: string;
  eventId: string;
  body: string;
  signature: string;
  tampered: boolean;
}

describe(`refunds exactly once (${isPostgres ? 'PostgreSQL' : 'PGlite'}, ${REFUNDS} refunds)`, () => {
  let database: Database;
  let double: RazorpayDouble;
  let app: FastifyInstance;
  let uploads: string;
  let base: string;
  const orders: { order: Order; customer: TestCustomer; paymentId: string }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase({ poolMax: CONCURRENCY });
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-test-uploads-'));
    double = await startRazorpayDouble();
    app = await buildApp({
      database,
      storage: createLocalStorage(uploads),
      logger: false,
      catalogSummaryTtlMs: 0,
      jobRoundIntervalMs: 0,
      accounts: {
        captchaTestCode: TEST_CAPTCHA_CODE,
        authRateLimitPerMinute: 100_000,
        mailRetryIntervalMs: 0,
      },
      payments: {
        razorpayKeyId: double.keyId,
        razorpayKeySecret: double.keySecret,
        razorpayWebhookSecret: WEBHOOK_SECRET,
        razorpayApiBase: double.apiBase,
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const shopId = await insertShop(database.db, { name: 'Refunds Exactly Once Textiles' });
    const productId = await insertProduct(database.db, {
      shopId,
      name: 'Refund Kurta',
      pricePaise: 123_457,
      stockQuantity: 100_000,
    });
    const customers: TestCustomer[] = [];
    for (let index = 0; index < CUSTOMERS; index += 1) {
      customers.push(await createCustomer(app, database.db));
    }
    // Each customer's orders one after another (checkout, payment, cancel), customers side by side.
    const perCustomer = customers.map((customer, index) =>
      Array.from({ length: Math.ceil((REFUNDS - index) / CUSTOMERS) }, (_, n) =>
        n % 3 === 0 ? 2 : 1,
      ).map((quantity) => ({ customer, quantity })),
    );
    await Promise.all(
      perCustomer.map(async (plans) => {
        for (const { customer, quantity } of plans) {
          await addToCart(app, customer, productId, quantity);
          const started = await callAs(app, customer, {
            method: 'POST',
            url: '/api/orders/razorpay',
            payload: { addressId: customer.addressId },
          });
          if (started.statusCode !== 201) throw new Error(started.body);
          const checkout = started.json<RazorpayCheckout>();
          const paymentId = razorpayId('pay');
          double.capture(paymentId, checkout.razorpay.amountPaise);
          const paid = await callAs(app, customer, {
            method: 'POST',
            url: '/api/orders/razorpay/confirm',
            payload: {
              razorpayOrderId: checkout.razorpay.orderId,
              razorpayPaymentId: paymentId,
              razorpaySignature: signPayment(
                checkout.razorpay.orderId,
                paymentId,
                double.keySecret,
              ),
            },
          });
          if (paid.statusCode !== 200) throw new Error(paid.body);
          const cancelled = await callAs(app, customer, {
            method: 'POST',
            url: `/api/orders/${checkout.order.id}/cancel`,
            payload: { reason: 'Changed my mind' },
          });
          if (cancelled.statusCode !== 200) throw new Error(cancelled.body);
          orders.push({ order: cancelled.json<Order>(), customer, paymentId });
        }
      }),
    );
    // Every refund asked of Razorpay by the background jobs.
    await backgroundJobsDone(database.db, 120_000);
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await double?.close();
    await database?.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it('settles every refund once, asks Razorpay once per refund and mails once per processed refund', async () => {
    const db = database.db;
    const rows = await db.select().from(refunds);
    expect(rows).toHaveLength(REFUNDS);
    expect(rows.every((row) => row.status === 'pending' && row.razorpayRefundId !== null)).toBe(
      true,
    );
    // Razorpay was asked exactly once per refund, for the order's amount.
    expect(double.refunds).toHaveLength(REFUNDS);
    for (const { order, paymentId } of orders) {
      const made = double.refunds.filter((refund) => refund.payment_id === paymentId);
      expect(made.map((refund) => refund.amount)).toEqual([order.totals.totalPaise]);
    }

    const random = createRandom(SEED);
    const contradicted = new Set<string>();
    const deliveries: Delivery[] = [];
    for (const refund of double.refunds) {
      const events: ('refund.processed' | 'refund.failed')[] = ['refund.processed'];
      if (random.chance(CONTRADICTED_RATE)) {
        contradicted.add(refund.id);
        events.push('refund.failed');
      }
      for (const event of events) {
        const body = double.refundEvent(refund.id, event);
        const eventId = `evt_${event === 'refund.processed' ? 'p' : 'f'}_${refund.id}`;
        for (let copy = 0; copy < DELIVERIES; copy += 1) {
          const signature = signWebhook(body, WEBHOOK_SECRET);
          // At most one copy of an event is tampered, so every event also arrives genuine.
          if (copy === 0 && random.chance(TAMPER_RATE * DELIVERIES)) {
            const tamperedBody = random.chance(0.5)
              ? body.replace(`"amount":${refund.amount}`, '"amount":100')
              : body;
            const tamperedSignature =
              tamperedBody === body ? signWebhook(body, 'another-secret') : signature;
            deliveries.push({
              refundId: refund.id,
              eventId,
              body: tamperedBody,
              signature: tamperedSignature,
              tampered: true,
            });
          } else {
            deliveries.push({ refundId: refund.id, eventId, body, signature, tampered: false });
          }
        }
      }
    }
    const shuffled = random.shuffle(deliveries);
    const answers = await inPool(shuffled, CONCURRENCY, async (delivery) => {
      const response = await fetch(`${base}/api/webhooks/razorpay`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': delivery.signature,
          'x-razorpay-event-id': delivery.eventId,
        },
        body: delivery.body,
      });
      await response.text();
      return response.status;
    });
    shuffled.forEach((delivery, index) => {
      expect(answers[index], `${delivery.eventId} tampered=${delivery.tampered}`).toBe(
        delivery.tampered ? 400 : 200,
      );
    });
    await backgroundJobsDone(db, 120_000);

    const settled = await db.select().from(refunds);
    const events = await db
      .select({ eventId: paymentEvents.eventId, outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(like(paymentEvents.type, 'refund.%'));
    // One row per distinct genuine event: redeliveries were recognised by their id.
    expect(events).toHaveLength(REFUNDS + contradicted.size);
    for (const refund of settled) {
      const rfnd = refund.razorpayRefundId!;
      const mine = events.filter((event) => event.eventId.endsWith(`_${rfnd}`));
      const moves = mine.filter(
        (event) => event.outcome === 'refund_processed' || event.outcome === 'refund_failed',
      );
      // Out of pending exactly once, by the event that recorded it.
      expect(moves, rfnd).toHaveLength(1);
      expect(refund.status).toBe(moves[0]!.outcome === 'refund_processed' ? 'processed' : 'failed');
      if (!contradicted.has(rfnd)) expect(refund.status).toBe('processed');
      expect(mine.filter((event) => !moves.includes(event)).map((event) => event.outcome)).toEqual(
        contradicted.has(rfnd) ? ['refund_unchanged'] : [],
      );
    }

    // One refund mail per processed refund, none for a failed one.
    const mails = await db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(like(outbox.subject, 'Refund of %'));
    const processedOrders = settled.filter((refund) => refund.status === 'processed');
    expect(mails).toHaveLength(processedOrders.length);
    const numbers = new Map(orders.map(({ order }) => [order.id, order.orderNumber]));
    const subjects = new Set(mails.map((mail) => mail.subject.replace(/^.* for order /, '')));
    expect(subjects.size).toBe(processedOrders.length);
    for (const refund of processedOrders)
      expect(subjects.has(numbers.get(refund.orderId)!)).toBe(true);
    const failedIds = settled.filter((r) => r.status === 'failed').map((r) => r.id);
    if (failedIds.length > 0) {
      const failed = await db.select().from(refunds).where(inArray(refunds.id, failedIds));
      expect(failed.every((row) => row.processedAt === null)).toBe(true);
    }
    expect(await db.select().from(refunds).where(eq(refunds.status, 'pending'))).toEqual([]);
  });
});
