import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_PAYMENT_ORDERS_MAX, type Order } from '@bazaar/shared';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/client.js';
import { cartItems, products } from '../../../src/db/schema/index.js';
import { createLocalStorage } from '../../../src/platform/storage.js';
import { createRandom, type Random } from '../../../src/seed/prng.js';
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
import { createCustomer, type TestCustomer } from '../orders/orders-test-support.js';
import {
  releaseUnpaidOrders,
  reserveAndCreateOrder,
} from '../../../src/modules/orders/orders.service.js';
import { setRazorpayOrderId } from '../../../src/modules/payments/payments.repo.js';

/*
 * Payments exactly once (docs/orders.md "Razorpay"). ORDERS online checkouts
 * (payment_pending, stock reserved) are paid. Each order's paid event (payment.captured or
 * order.paid, alternately) is delivered 3 times through the real HTTP webhook route (a listening
 * server, real HMAC-SHA256 signatures over the raw body); all deliveries are shuffled and sent
 * CONCURRENCY at a time, and 5 % of them are tampered in transit (body changed after signing,
 * or signed with the wrong secret, or unsigned). Racing them, the browser confirms a random
 * third of the orders with checkout.js's signature (a few with a forged one), and failed
 * attempts (`payment.failed`) arrive in between; a quarter of the orders arrive as bursts (all
 * their deliveries and confirmation side by side, so they are in flight together). Afterwards
 * a late wave sends more `payment.failed` events, second payments for paid orders and
 * redeliveries while the unpaid-order sweep runs.
 *
 * Sizes: PAYMENTS_EXACTLY_ONCE_ORDERS (default 1,000 on PostgreSQL, where up to
 * PAYMENTS_EXACTLY_ONCE_CONCURRENCY = 24 transactions really run at once on a pool of 24
 * connections; 150 on PGlite, which has one connection, so there the deliveries queue rather
 * than race and the full size would only repeat the same serial path for minutes).
 */

const isPostgres = Boolean(process.env.DATABASE_URL);
const ORDERS = Number(process.env.PAYMENTS_EXACTLY_ONCE_ORDERS ?? (isPostgres ? 1_000 : 150));
const CONCURRENCY = Number(process.env.PAYMENTS_EXACTLY_ONCE_CONCURRENCY ?? 24);
const DELIVERIES = 3;
const TAMPER_RATE = 0.05;
const CONFIRM_RATE = 1 / 3;
const FORGED_CONFIRM_RATE = 0.02;
const FAILED_ATTEMPT_RATE = 0.1;
const SECOND_PAYMENT_RATE = 0.02;
const BURST_RATE = 0.25;
/**
 * Enough customers that none holds more than PENDING_PAYMENT_ORDERS_MAX (2) orders waiting for
 * payment at once, the cap checkout enforces (docs/security.md).
 */
const CUSTOMERS = Math.ceil(ORDERS / PENDING_PAYMENT_ORDERS_MAX);
const INITIAL_STOCK = 100_000;
const SEED = 20_261_123;

const WEBHOOK_SECRET = 'exactly-once-webhook-secret';
/** Prices of the products ordered, paise (odd amounts so a lost or doubled paisa shows). */
const PRICES = [49_950, 129_950, 2_345, 99_999, 17_501, 250_000, 3_333, 81_019];

type Tamper = 'body-payment-id' | 'body-amount' | 'wrong-secret' | 'unsigned';
const TAMPERS: readonly Tamper[] = ['body-payment-id', 'body-amount', 'wrong-secret', 'unsigned'];

/** One checkout made for the test, with the payment Razorpay will report for it. */
interface Checkout {
  orderId: number;
  customer: TestCustomer;
  totalPaise: number;
  razorpayOrderId: string;
  paymentId: string;
  eventType: 'payment.captured' | 'order.paid';
  eventId: string;
  body: string;
  /** Units reserved per product id. */
  units: Map<number, number>;
}

/** A webhook delivery as it reaches our server. */
interface Delivery {
  kind: 'delivery';
  checkout: Checkout;
  eventId: string;
  body: string;
  signature: string | null;
  tamper: Tamper | null;
}

interface Confirmation {
  kind: 'confirm';
  checkout: Checkout;
  forged: boolean;
}

type Task = Delivery | Confirmation;

interface Answer {
  status: number;
  body: unknown;
}

/** A Razorpay webhook body in Razorpay's shape for `type` about one payment of one order. */
function eventBody(
  type: 'payment.captured' | 'order.paid' | 'payment.failed',
  razorpayOrderId: string,
  paymentId: string,
  amount: number,
): string {
  const failed = type === 'payment.failed';
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_ExactlyOnce01',
    event: type,
    contains: type === 'order.paid' ? ['payment', 'order'] : ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount,
          currency: 'INR',
          status: failed ? 'failed' : 'captured',
          order_id: razorpayOrderId,
          method: 'upi',
          captured: !failed,
          ...(failed ? { error_code: 'BAD_REQUEST_ERROR', error_reason: 'payment_failed' } : {}),
        },
      },
      ...(type === 'order.paid'
        ? { order: { entity: { id: razorpayOrderId, entity: 'order', amount, status: 'paid' } } }
        : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

describe(`payments exactly once (${isPostgres ? 'PostgreSQL' : 'PGlite'}, ${ORDERS} orders)`, () => {
  let database: Database;
  let double: RazorpayDouble;
  let app: FastifyInstance;
  let uploads: string;
  let base: string;
  const productIds: number[] = [];
  const checkouts: Checkout[] = [];

  beforeAll(async () => {
    database = await openTestDatabase({ poolMax: CONCURRENCY });
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-test-uploads-'));
    double = await startRazorpayDouble();
    app = await buildApp({
      database,
      storage: createLocalStorage(uploads),
      logger: process.env.PAYMENTS_EXACTLY_ONCE_LOG ? { level: 'error' } : false,
      catalogSummaryTtlMs: 0,
      accounts: {
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
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const shopId = await insertShop(database.db, { name: 'Exactly Once Textiles' });
    for (const [index, pricePaise] of PRICES.entries()) {
      productIds.push(
        await insertProduct(database.db, {
          shopId,
          name: `Exactly Once Kurta ${index}`,
          pricePaise,
          stockQuantity: INITIAL_STOCK,
        }),
      );
    }
    const customers: TestCustomer[] = [];
    for (let index = 0; index < CUSTOMERS; index += 1) {
      customers.push(await createCustomer(app, database.db));
    }

    // The checkouts through the orders service (the same transaction as POST
    // /api/orders/razorpay: stock reserved, payment_pending), each customer's one after another,
    // the customers side by side. Their Razorpay orders are stored as startCheckout stores them.
    const random = createRandom(SEED);
    const plans = Array.from({ length: ORDERS }, (_, index) => ({
      customer: customers[index % CUSTOMERS]!,
      // In product id order, like every lock on products (the cart rows' foreign-key checks
      // lock them too, so another order would deadlock with the checkouts running meanwhile).
      lines: random
        .sample(productIds, random.int(1, 2))
        .sort((a, b) => a - b)
        .map((productId) => ({ productId, quantity: random.int(1, 3) })),
      eventType: index % 2 === 0 ? ('payment.captured' as const) : ('order.paid' as const),
    }));
    const byCustomer = customers.map((customer) =>
      plans.filter((plan) => plan.customer === customer),
    );
    // CONCURRENCY customers at a time: more would queue on the pool of CONCURRENCY connections
    // past its 5 s connection timeout, a test artefact rather than a product one.
    const created: Checkout[][] = [];
    let nextCustomer = 0;
    const checkoutAll = async (own: (typeof byCustomer)[number]) => {
      const done: Checkout[] = [];
      for (const plan of own) {
        await database.db
          .insert(cartItems)
          .values(plan.lines.map((line) => ({ userId: plan.customer.id, ...line })));
        const order = await database.db.transaction((tx) =>
          reserveAndCreateOrder(tx, {
            userId: plan.customer.id,
            addressId: plan.customer.addressId,
            paymentMethod: 'razorpay',
            initialStatus: 'payment_pending',
          }),
        );
        const razorpayOrderId = razorpayId('order');
        await setRazorpayOrderId(database.db, order.id, razorpayOrderId);
        const paymentId = razorpayId('pay');
        done.push({
          orderId: order.id,
          customer: plan.customer,
          totalPaise: order.totalPaise,
          razorpayOrderId,
          paymentId,
          eventType: plan.eventType,
          eventId: `evt_${razorpayId('pay').slice(4)}`,
          body: eventBody(plan.eventType, razorpayOrderId, paymentId, order.totalPaise),
          units: new Map(plan.lines.map((line) => [line.productId, line.quantity])),
        });
      }
      return done;
    };
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (nextCustomer < byCustomer.length) {
          const own = byCustomer[nextCustomer]!;
          nextCustomer += 1;
          created.push(await checkoutAll(own));
        }
      }),
    );
    checkouts.push(...created.flat().sort((a, b) => a.orderId - b.orderId));
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await double?.close();
    await database?.close();
    if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
  });

  async function rowsOf<T>(query: SQL): Promise<T[]> {
    return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  async function stockByProduct(): Promise<Map<number, number>> {
    const rows = await database.db
      .select({ id: products.id, stock: products.stockQuantity })
      .from(products)
      .where(inArray(products.id, productIds));
    return new Map(rows.map((row) => [row.id, row.stock]));
  }

  /** POSTs a raw webhook body to the listening server with the given headers. */
  async function deliver(body: string, signature: string | null, eventId: string) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-razorpay-event-id': eventId,
    };
    if (signature !== null) headers['x-razorpay-signature'] = signature;
    const response = await fetch(`${base}/api/webhooks/razorpay`, {
      method: 'POST',
      headers,
      body,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  /** A tampered copy of a genuine delivery: what an attacker or a broken proxy would send. */
  function tampered(checkout: Checkout, tamper: Tamper): Delivery {
    const genuineSignature = signWebhook(checkout.body, WEBHOOK_SECRET);
    let body = checkout.body;
    let signature: string | null = genuineSignature;
    if (tamper === 'body-payment-id') {
      // Redirects the payment to a forged id; the signature is still the genuine body's.
      body = body.replace(checkout.paymentId, `pay_forged${checkout.paymentId.slice(4, 14)}`);
    } else if (tamper === 'body-amount') {
      body = eventBody(checkout.eventType, checkout.razorpayOrderId, checkout.paymentId, 100);
    } else if (tamper === 'wrong-secret') {
      signature = signWebhook(body, 'not-the-webhook-secret');
    } else {
      signature = null;
    }
    return { kind: 'delivery', checkout, eventId: checkout.eventId, body, signature, tamper };
  }

  async function run(task: Task): Promise<Answer> {
    if (task.kind === 'delivery') return deliver(task.body, task.signature, task.eventId);
    const { checkout } = task;
    const paymentId = checkout.paymentId;
    const response = await fetch(`${base}/api/orders/razorpay/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: checkout.customer.cookie },
      body: JSON.stringify({
        razorpayOrderId: checkout.razorpayOrderId,
        razorpayPaymentId: paymentId,
        razorpaySignature: task.forged
          ? signPayment(checkout.razorpayOrderId, paymentId, 'not-the-key-secret')
          : signPayment(checkout.razorpayOrderId, paymentId, double.keySecret),
      }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  function expectRefused(answer: Answer, what: string) {
    expect(answer.status, what).toBe(400);
    expect(answer.body, what).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: expect.any(String) },
    });
  }

  it('records every payment once, pays every order once, and never moves a paid order back', async () => {
    const started = Date.now();
    const random: Random = createRandom(SEED + 1);
    expect(checkouts).toHaveLength(ORDERS);
    const stockBefore = await stockByProduct();
    const reserved = new Map<number, number>();
    for (const checkout of checkouts) {
      for (const [productId, quantity] of checkout.units) {
        reserved.set(productId, (reserved.get(productId) ?? 0) + quantity);
      }
    }
    // Stock was reserved once per order, at checkout.
    for (const productId of productIds) {
      expect(stockBefore.get(productId)).toBe(INITIAL_STOCK - (reserved.get(productId) ?? 0));
    }

    // --- the main wave: 3 deliveries per event, 5 % tampered, confirmations racing them ---
    const deliveries: Delivery[] = checkouts.flatMap((checkout) =>
      Array.from({ length: DELIVERIES }, () => ({
        kind: 'delivery' as const,
        checkout,
        eventId: checkout.eventId,
        body: checkout.body,
        signature: signWebhook(checkout.body, WEBHOOK_SECRET),
        tamper: null,
      })),
    );
    // Tamper with copies 2 and 3 only, so every event still has one genuine delivery.
    const tamperable = deliveries.map((_, index) => index).filter((index) => index % 3 !== 0);
    const tamperCount = Math.round(deliveries.length * TAMPER_RATE);
    for (const [n, index] of random.sample(tamperable, tamperCount).entries()) {
      deliveries[index] = tampered(deliveries[index]!.checkout, TAMPERS[n % TAMPERS.length]!);
    }
    const confirmed = random.sample(checkouts, Math.round(ORDERS * CONFIRM_RATE));
    const confirmations: Confirmation[] = confirmed.map((checkout) => ({
      kind: 'confirm',
      checkout,
      forged: false,
    }));
    const forgedConfirmations: Confirmation[] = random
      .sample(checkouts, Math.max(1, Math.round(ORDERS * FORGED_CONFIRM_RATE)))
      .map((checkout) => ({ kind: 'confirm', checkout, forged: true }));
    // Failed attempts before the successful one (another payment id), in the same mix.
    const failedAttempts: Delivery[] = random
      .sample(checkouts, Math.round(ORDERS * FAILED_ATTEMPT_RATE))
      .map((checkout) => {
        const body = eventBody(
          'payment.failed',
          checkout.razorpayOrderId,
          razorpayId('pay'),
          checkout.totalPaise,
        );
        return {
          kind: 'delivery',
          checkout,
          eventId: `evt_failed_${razorpayId('pay').slice(4)}`,
          body,
          signature: signWebhook(body, WEBHOOK_SECRET),
          tamper: null,
        };
      });
    const shuffled: Task[] = random.shuffle([
      ...deliveries,
      ...confirmations,
      ...forgedConfirmations,
      ...failedAttempts,
    ]);
    // A quarter of the orders arrive in bursts: all their deliveries and their confirmation
    // next to each other, so they are in flight at the same moment (twins racing on the event
    // id and the order's row lock), not just somewhere in the same run.
    const bursting = new Set(random.sample(checkouts, Math.round(ORDERS * BURST_RATE)));
    const tasks: Task[] = shuffled.filter((task) => !bursting.has(task.checkout));
    for (const checkout of bursting) {
      const burst = shuffled.filter((task) => task.checkout === checkout);
      tasks.splice(random.int(0, tasks.length), 0, ...burst);
    }
    const answers = await inPool(tasks, CONCURRENCY, run);
    const mainWaveMs = Date.now() - started;

    const processed = new Map<string, number>();
    let refused = 0;
    for (const [index, task] of tasks.entries()) {
      const answer = answers[index]!;
      const what = `${task.kind} ${task.checkout.razorpayOrderId}: ${JSON.stringify(answer.body)}`;
      if (task.kind === 'confirm') {
        if (task.forged) {
          expectRefused(answer, what);
          refused += 1;
        } else {
          expect(answer.status, what).toBe(200);
          expect(answer.body, what).toMatchObject({ status: 'placed', paymentStatus: 'paid' });
          expect((answer.body as Order).id).toBe(task.checkout.orderId);
        }
      } else if (task.tamper) {
        expectRefused(answer, `${task.tamper} ${what}`);
        refused += 1;
      } else {
        expect(answer.status, what).toBe(200);
        const status = (answer.body as { status: string }).status;
        expect(['processed', 'duplicate'], what).toContain(status);
        if (status === 'processed') {
          processed.set(task.eventId, (processed.get(task.eventId) ?? 0) + 1);
        }
      }
    }
    // Each genuine event was processed by exactly one of its deliveries; the others were dupes.
    for (const checkout of checkouts)
      expect(processed.get(checkout.eventId), checkout.eventId).toBe(1);
    for (const attempt of failedAttempts) expect(processed.get(attempt.eventId)).toBe(1);
    expect(refused).toBe(tamperCount + forgedConfirmations.length);

    // --- the late wave: failed attempts, second payments and redeliveries after payment ---
    const lateFailed: Delivery[] = random
      .sample(checkouts, Math.round(ORDERS * FAILED_ATTEMPT_RATE))
      .map((checkout) => {
        const body = eventBody(
          'payment.failed',
          checkout.razorpayOrderId,
          razorpayId('pay'),
          checkout.totalPaise,
        );
        return {
          kind: 'delivery',
          checkout,
          eventId: `evt_late_failed_${razorpayId('pay').slice(4)}`,
          body,
          signature: signWebhook(body, WEBHOOK_SECRET),
          tamper: null,
        };
      });
    const secondPayments: Delivery[] = random
      .sample(checkouts, Math.max(1, Math.round(ORDERS * SECOND_PAYMENT_RATE)))
      .map((checkout) => {
        const body = eventBody(
          'payment.captured',
          checkout.razorpayOrderId,
          razorpayId('pay'),
          checkout.totalPaise,
        );
        return {
          kind: 'delivery',
          checkout,
          eventId: `evt_second_${razorpayId('pay').slice(4)}`,
          body,
          signature: signWebhook(body, WEBHOOK_SECRET),
          tamper: null,
        };
      });
    const redeliveries: Delivery[] = random
      .sample(checkouts, Math.round(ORDERS * 0.05))
      .map((checkout) => ({
        kind: 'delivery',
        checkout,
        eventId: checkout.eventId,
        body: checkout.body,
        signature: signWebhook(checkout.body, WEBHOOK_SECRET),
        tamper: null,
      }));
    const lateTasks = random.shuffle([...lateFailed, ...secondPayments, ...redeliveries]);
    // The unpaid-order sweep runs meanwhile, told that every order is overdue: a paid order is
    // not unpaid, so it releases none (stock and status stay).
    const [lateAnswers, released] = await Promise.all([
      inPool(lateTasks, CONCURRENCY, run),
      releaseUnpaidOrders(database.db, -60),
    ]);
    expect(released).toBe(0);
    for (const [index, task] of lateTasks.entries()) {
      const expected = redeliveries.includes(task) ? 'duplicate' : 'processed';
      expect(lateAnswers[index], task.eventId).toEqual({ status: 200, body: { status: expected } });
    }
    const totalMs = Date.now() - started;

    // --- what the database holds ---
    const orderIds = checkouts.map((checkout) => checkout.orderId);
    const orderRows = await rowsOf<{
      id: number;
      status: string;
      payment_status: string;
      total_paise: number;
      razorpay_payment_id: string | null;
    }>(sql`select id, status, payment_status, total_paise::float8 as total_paise, razorpay_payment_id
      from orders where id in ${orderIds}`);
    expect(orderRows).toHaveLength(ORDERS);
    const byId = new Map(orderRows.map((row) => [row.id, row]));
    for (const checkout of checkouts) {
      // Paid with its one payment, placed: neither the late failure nor a second payment moved it.
      expect(byId.get(checkout.orderId), checkout.razorpayOrderId).toMatchObject({
        status: 'placed',
        payment_status: 'paid',
        total_paise: checkout.totalPaise,
        razorpay_payment_id: checkout.paymentId,
      });
    }
    // One order (payment row) per Razorpay payment id over the whole table (unique index).
    const reused = await rowsOf<{ n: number }>(sql`select count(*)::int as n from (
      select razorpay_payment_id from orders where razorpay_payment_id is not null
      group by razorpay_payment_id having count(*) > 1) as twice`);
    expect(reused[0]!.n).toBe(0);
    // Nothing forged or from a second payment reached an order.
    const strays = await rowsOf<{ n: number }>(sql`select count(*)::int as n from orders
      where razorpay_payment_id like 'pay_forged%'
        or razorpay_payment_id in ${secondPayments.map((task) => JSON.parse(task.body).payload.payment.entity.id as string)}`);
    expect(strays[0]!.n).toBe(0);

    // Paise: what was captured equals what the orders total, to the paisa.
    const capturedPaise = checkouts.reduce((sum, checkout) => sum + checkout.totalPaise, 0);
    const paid = await rowsOf<{ paise: string; n: number }>(sql`
      select coalesce(sum(total_paise), 0)::bigint::text as paise, count(*)::int as n
      from orders where id in ${orderIds} and payment_status = 'paid'`);
    expect(paid[0]).toEqual({ paise: String(capturedPaise), n: ORDERS });
    const lines = await rowsOf<{ paise: string }>(sql`
      select coalesce(sum(line_total_paise), 0)::bigint::text as paise from order_items
      where order_id in ${orderIds}`);
    expect(lines[0]!.paise).toBe(String(capturedPaise));

    // Paid once: each shipment's history is payment_pending then placed, once each.
    const history = await rowsOf<{ order_id: number; statuses: string }>(sql`
      select e.order_id, string_agg(e.status, ',' order by e.id) as statuses
      from order_status_events e where e.order_id in ${orderIds}
      group by e.order_id, e.shipment_id`);
    expect(history).toHaveLength(ORDERS);
    for (const row of history)
      expect(row.statuses, String(row.order_id)).toBe('payment_pending,placed');

    // The event log: each genuine event id once, with what it did; no tampered body stored.
    const events = await rowsOf<{
      event_id: string;
      outcome: string;
      payment_id: string | null;
      amount: number | null;
    }>(sql`select event_id, outcome,
        payload #>> '{payload,payment,entity,id}' as payment_id,
        (payload #>> '{payload,payment,entity,amount}')::int as amount
      from payment_events where razorpay_order_id in ${checkouts.map((checkout) => checkout.razorpayOrderId)}`);
    const expectedEvents =
      ORDERS + failedAttempts.length + lateFailed.length + secondPayments.length;
    expect(events).toHaveLength(expectedEvents);
    expect(new Set(events.map((event) => event.event_id)).size).toBe(expectedEvents);
    const eventById = new Map(events.map((event) => [event.event_id, event]));
    const confirmedIds = new Set(confirmed.map((checkout) => checkout.orderId));
    let paidByWebhook = 0;
    for (const checkout of checkouts) {
      const event = eventById.get(checkout.eventId)!;
      expect(event.payment_id).toBe(checkout.paymentId);
      expect(event.amount).toBe(checkout.totalPaise);
      if (event.outcome === 'paid') paidByWebhook += 1;
      // Without a confirmation the webhook paid it; with one, whichever came first did.
      expect(confirmedIds.has(checkout.orderId) ? ['paid', 'already_paid'] : ['paid']).toContain(
        event.outcome,
      );
    }
    expect(paidByWebhook).toBeGreaterThanOrEqual(ORDERS - confirmedIds.size);
    for (const attempt of [...failedAttempts, ...lateFailed]) {
      expect(eventById.get(attempt.eventId)?.outcome).toBe('ignored');
    }
    for (const second of secondPayments) {
      expect(eventById.get(second.eventId)?.outcome).toBe('already_paid');
    }

    // Stock: reserved once at checkout; paying (many times over) did not touch it.
    expect(await stockByProduct()).toEqual(stockBefore);

    console.info(
      `payments exactly once (${isPostgres ? 'PostgreSQL' : 'PGlite'}): ${ORDERS} orders, ` +
        `${deliveries.length} deliveries (${tamperCount} tampered), ${confirmations.length} ` +
        `confirmations (+${forgedConfirmations.length} forged), ${failedAttempts.length} failed ` +
        `attempts; late: ${lateTasks.length}; ${CONCURRENCY} in flight; paid by webhook ` +
        `${paidByWebhook}, by the browser ${ORDERS - paidByWebhook}; main wave ${mainWaveMs} ms, ` +
        `total ${totalMs} ms`,
    );
  }, 600_000);
});
