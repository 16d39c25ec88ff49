import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeliveryCashReport,
  DeliveryShipmentDetail,
  DeliveryShipmentPage,
  DeliverySummary,
  Order,
  Role,
} from '@bazaar/shared';
import { authAccounts, outbox, shipments, users } from '../../../src/db/schema/index.js';
import { hashPassword } from '../../../src/platform/auth.js';
import { signIn } from '../../support/accounts.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { moveShipment } from '../../../src/modules/orders/index.js';
import {
  addToCart,
  callAs,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from '../orders/orders-test-support.js';
import { indianDayOf } from '../../../src/modules/delivery/delivery.service.js';

/*
 * docs/delivery.md: the delivery staff area. A delivery person sees and moves
 * only the shipments handed to them; delivery needs the customer's 4-digit code, which the
 * customer alone sees in My Orders while the shipment is with delivery.
 */

const PASSWORD = 'Bazaar@123';
let ctx: TestContext;
let shopId: number;
let customer: TestCustomer;
let other: TestCustomer;
let staffA: { id: string; cookie: string };
let staffB: { id: string; cookie: string };
let seller: { id: string; cookie: string };
let support: { id: string; cookie: string };
let staffCounter = 0;

function db() {
  return ctx.database.db;
}

/** Inserts a verified staff account of `role` and signs it in through the API. */
async function createStaff(role: Role, shop?: number): Promise<{ id: string; cookie: string }> {
  staffCounter += 1;
  const id = crypto.randomUUID();
  const email = `${role}${staffCounter}-${Date.now()}@example.in`;
  await db()
    .insert(users)
    .values({
      id,
      name: `${role === 'delivery' ? 'Rider' : 'Staff'} ${staffCounter}`,
      email,
      emailVerified: true,
      role,
      mobile: `97${String(staffCounter).padStart(8, '0')}`,
      gender: 'Male',
      shopId: shop ?? null,
    });
  await db()
    .insert(authAccounts)
    .values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hashPassword(PASSWORD),
    });
  return { id, cookie: await signIn(ctx.app, role, email, PASSWORD) };
}

function as(user: { cookie: string }, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie: user.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function errorOf(response: { json(): unknown }) {
  return (response.json() as { error: { code: string; message: string } }).error;
}

/**
 * A COD order of one product (`pricePaise` × 2) by `buyer`, accepted, packed and handed to
 * `staffId` with `code` (through moveShipment, as the shop office does). Answers the ids.
 */
async function assignedShipment(
  buyer: TestCustomer,
  staffId: string,
  code: string,
  pricePaise = 50_000,
): Promise<{ orderId: number; shipmentId: number; orderNumber: string }> {
  const productId = await insertProduct(db(), {
    shopId,
    name: `Cotton Kurta ${Math.random().toString(36).slice(2, 7)}`,
    pricePaise,
  });
  await addToCart(ctx.app, buyer, productId, 2);
  const placed = await placeOrder(ctx.app, buyer);
  expect(placed.statusCode).toBe(201);
  const order = placed.json<Order>();
  const shipmentId = order.shipments[0]!.id;
  await db().transaction(async (tx) => {
    await moveShipment(tx, { shipmentId, allowedFrom: ['placed'], to: 'confirmed' });
    await moveShipment(tx, { shipmentId, allowedFrom: ['confirmed'], to: 'packed' });
    await moveShipment(tx, {
      shipmentId,
      allowedFrom: ['packed'],
      to: 'assigned',
      patch: { deliveryStaffId: staffId, assignedAt: new Date(), deliveryCode: code },
    });
  });
  return { orderId: order.id, shipmentId, orderNumber: order.orderNumber };
}

async function customerOrder(buyer: TestCustomer, orderId: number) {
  return callAs(ctx.app, buyer, { method: 'GET', url: `/api/orders/${orderId}` });
}

beforeAll(async () => {
  ctx = await createTestApp();
  shopId = await insertShop(db(), { name: 'Patna Fashion House' });
  customer = await createCustomer(ctx.app, db());
  other = await createCustomer(ctx.app, db());
  staffA = await createStaff('delivery');
  staffB = await createStaff('delivery');
  seller = await createStaff('seller', shopId);
  support = await createStaff('support_admin', shopId);
});

afterAll(async () => {
  await ctx.close();
});

describe('delivery staff area', () => {
  it('takes a COD shipment from assigned to delivered with the customer code', async () => {
    const { orderId, shipmentId, orderNumber } = await assignedShipment(
      customer,
      staffA.id,
      '4821',
    );

    // The customer sees the code and the delivery person while it is with delivery.
    const seen = (await customerOrder(customer, orderId)).json<Order>();
    expect(seen.shipments[0]!.deliveryCode).toBe('4821');
    expect(seen.shipments[0]!.deliveryStaff?.name).toMatch(/^Rider/);

    const active = (
      await as(staffA, 'GET', '/api/delivery/shipments?view=active')
    ).json<DeliveryShipmentPage>();
    const row = active.items.find((item) => item.id === shipmentId)!;
    expect(row).toMatchObject({
      orderNumber,
      status: 'assigned',
      paymentMethod: 'cod',
      amountToCollectPaise: 100_000,
      subtotalPaise: 100_000,
      customer: { mobile: expect.stringMatching(/^98/) },
    });
    expect(row.items).toHaveLength(1);
    expect(row.items[0]).toMatchObject({ quantity: 2, size: 'M', colour: 'White' });
    expect(row.address.city).toBe('Patna');

    const pickedUp = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/pick-up`);
    expect(pickedUp.statusCode).toBe(200);
    expect(pickedUp.json<DeliveryShipmentDetail>().status).toBe('shipped');
    // A second pick-up is refused by the transition table.
    const again = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/pick-up`);
    expect(again.statusCode).toBe(422);

    const out = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/out-for-delivery`);
    expect(out.statusCode).toBe(200);
    expect(out.json<DeliveryShipmentDetail>().status).toBe('out_for_delivery');

    const delivered = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
      code: '4821',
    });
    expect(delivered.statusCode).toBe(200);
    const detail = delivered.json<DeliveryShipmentDetail>();
    expect(detail).toMatchObject({
      status: 'delivered',
      cashCollectedPaise: 100_000,
      amountToCollectPaise: 0,
    });
    expect(detail.deliveredAt).not.toBeNull();
    expect(detail.history.map((event) => event.status)).toEqual([
      'placed',
      'confirmed',
      'packed',
      'assigned',
      'shipped',
      'out_for_delivery',
      'delivered',
    ]);

    // The order is delivered and paid; the code is no longer shown.
    const after = (await customerOrder(customer, orderId)).json<Order>();
    expect(after.status).toBe('delivered');
    expect(after.paymentStatus).toBe('paid');
    expect(after.shipments[0]!.deliveryCode).toBeUndefined();
    expect(after.shipments[0]!.deliveryStaff).toBeUndefined();

    // It moved to history, with today's numbers and cash.
    const history = (
      await as(staffA, 'GET', `/api/delivery/shipments?view=history&search=${orderNumber}`)
    ).json<DeliveryShipmentPage>();
    expect(history.items.map((item) => item.id)).toEqual([shipmentId]);
    const summary = (await as(staffA, 'GET', '/api/delivery/summary')).json<DeliverySummary>();
    expect(summary.day).toBe(indianDayOf(new Date()));
    expect(summary.deliveredToday).toBeGreaterThanOrEqual(1);
    expect(summary.cashTodayPaise).toBeGreaterThanOrEqual(100_000);

    // The customer was mailed at every step.
    const mails = await db()
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(and(like(outbox.subject, `%${orderNumber}%`)));
    const subjects = mails.map((mail) => mail.subject);
    expect(subjects).toContain(`Your order ${orderNumber} is picked up`);
    expect(subjects).toContain(`Your order ${orderNumber} is out for delivery`);
    expect(subjects).toContain(`Your order ${orderNumber} is delivered`);
  });

  it('refuses a wrong code without changing anything, and locks after five', async () => {
    const { shipmentId } = await assignedShipment(customer, staffA.id, '1357');
    await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/pick-up`);
    await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/out-for-delivery`);

    const badFormat = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
      code: '12a4',
    });
    expect(badFormat.statusCode).toBe(400);

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
        code: '0000',
      });
      expect(wrong.statusCode).toBe(422);
      expect(errorOf(wrong).message).toBe('The delivery code does not match');
    }
    const [row] = await db()
      .select({ status: shipments.status, deliveredAt: shipments.deliveredAt })
      .from(shipments)
      .where(eq(shipments.id, shipmentId));
    expect(row).toEqual({ status: 'out_for_delivery', deliveredAt: null });

    // Locked: even the right code is refused for now.
    const locked = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
      code: '1357',
    });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).message).toBe('Too many wrong codes. Try again in 15 minutes');
  });

  it('counts wrong codes sent at the same moment one by one, in the database', async () => {
    const { shipmentId } = await assignedShipment(customer, staffA.id, '8642');
    await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/pick-up`);
    await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/out-for-delivery`);

    // Nine wrong codes at once: exactly five are counted (422), the rest meet the lock (429).
    const answers = await Promise.all(
      Array.from({ length: 9 }, () =>
        as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, { code: '0001' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429, 429, 429]);
    const [row] = await db()
      .select({
        tries: shipments.deliveryCodeWrongTries,
        lockedUntil: shipments.deliveryCodeLockedUntil,
      })
      .from(shipments)
      .where(eq(shipments.id, shipmentId));
    expect(row!.tries).toBe(5);
    // Locked for 15 minutes from the fifth wrong code (give or take the test's own time).
    const lockMs = row!.lockedUntil!.getTime() - Date.now();
    expect(lockMs).toBeGreaterThan(14 * 60_000);
    expect(lockMs).toBeLessThanOrEqual(15 * 60_000 + 5_000);

    // Once the lock has run out, the count starts again from the next wrong code.
    await db()
      .update(shipments)
      .set({ deliveryCodeLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(shipments.id, shipmentId));
    const again = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
      code: '0002',
    });
    expect(again.statusCode).toBe(422);
    const [after] = await db()
      .select({
        tries: shipments.deliveryCodeWrongTries,
        lockedUntil: shipments.deliveryCodeLockedUntil,
      })
      .from(shipments)
      .where(eq(shipments.id, shipmentId));
    expect(after).toEqual({ tries: 1, lockedUntil: null });
  });

  it('clears the wrong-code count when the right code is given', async () => {
    const { shipmentId } = await assignedShipment(customer, staffA.id, '9753');
    await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/pick-up`);
    await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/out-for-delivery`);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
        code: '1111',
      });
      expect(wrong.statusCode).toBe(422);
    }
    // Another staff member's try on it is a 404 and counts nothing.
    const foreign = await as(staffB, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
      code: '1111',
    });
    expect(foreign.statusCode).toBe(404);
    const right = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
      code: '9753',
    });
    expect(right.statusCode).toBe(200);
    const [row] = await db()
      .select({
        status: shipments.status,
        tries: shipments.deliveryCodeWrongTries,
        lockedUntil: shipments.deliveryCodeLockedUntil,
      })
      .from(shipments)
      .where(eq(shipments.id, shipmentId));
    expect(row).toEqual({ status: 'delivered', tries: 0, lockedUntil: null });
  });

  it('fails a delivery with a reason', async () => {
    const { shipmentId, orderId } = await assignedShipment(customer, staffA.id, '2468');
    const early = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/fail`, {
      reason: 'Customer not at home',
    });
    expect(early.statusCode).toBe(422);
    await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/pick-up`);
    const short = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/fail`, {
      reason: 'no',
    });
    expect(short.statusCode).toBe(400);
    const failed = await as(staffA, 'POST', `/api/delivery/shipments/${shipmentId}/fail`, {
      reason: 'Customer not at home, phone switched off',
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json<DeliveryShipmentDetail>()).toMatchObject({
      status: 'delivery_failed',
      deliveryFailedReason: 'Customer not at home, phone switched off',
    });
    const order = (await customerOrder(customer, orderId)).json<Order>();
    expect(order.shipments[0]!.deliveryCode).toBeUndefined();
    expect(order.shipments[0]!.history.at(-1)).toMatchObject({
      status: 'delivery_failed',
      note: 'Customer not at home, phone switched off',
    });
    const summary = (await as(staffA, 'GET', '/api/delivery/summary')).json<DeliverySummary>();
    expect(summary.failedToday).toBeGreaterThanOrEqual(1);
  });

  it("hides one delivery person's shipments from another", async () => {
    const { shipmentId, orderId } = await assignedShipment(other, staffA.id, '9753');
    for (const action of ['pick-up', 'out-for-delivery', 'fail']) {
      const response = await as(staffB, 'POST', `/api/delivery/shipments/${shipmentId}/${action}`, {
        reason: 'Not mine to deliver',
      });
      expect(response.statusCode).toBe(404);
    }
    const deliver = await as(staffB, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
      code: '9753',
    });
    expect(deliver.statusCode).toBe(404);
    expect((await as(staffB, 'GET', `/api/delivery/shipments/${shipmentId}`)).statusCode).toBe(404);
    for (const view of ['active', 'history']) {
      const page = (
        await as(staffB, 'GET', `/api/delivery/shipments?view=${view}`)
      ).json<DeliveryShipmentPage>();
      expect(page.items.map((item) => item.id)).not.toContain(shipmentId);
    }
    // Only the owner sees the code; another customer does not even see the order.
    expect((await customerOrder(customer, orderId)).statusCode).toBe(404);
    expect((await customerOrder(other, orderId)).json<Order>().shipments[0]!.deliveryCode).toBe(
      '9753',
    );
  });

  it('does not show the code before the shipment is handed over', async () => {
    const productId = await insertProduct(db(), { shopId, name: 'Plain Shirt' });
    await addToCart(ctx.app, customer, productId, 1);
    const order = (await placeOrder(ctx.app, customer)).json<Order>();
    expect(order.shipments[0]!.deliveryCode).toBeUndefined();
    expect(order.shipments[0]!.deliveryStaff).toBeUndefined();
  });

  it('refuses other roles', async () => {
    for (const user of [seller, support, customer]) {
      for (const url of [
        '/api/delivery/summary',
        '/api/delivery/shipments',
        '/api/delivery/cash',
        '/api/delivery/shipments/1',
      ]) {
        expect((await as(user, 'GET', url)).statusCode).toBe(403);
      }
      expect((await as(user, 'POST', '/api/delivery/shipments/1/pick-up')).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/delivery/summary' })).statusCode).toBe(
      401,
    );
  });

  it('sums cash per day, and filters history by date', async () => {
    const rider = await createStaff('delivery');
    for (const [code, price] of [
      ['1111', 30_000],
      ['2222', 45_000],
    ] as const) {
      const { shipmentId } = await assignedShipment(customer, rider.id, code, price);
      await as(rider, 'POST', `/api/delivery/shipments/${shipmentId}/pick-up`);
      await as(rider, 'POST', `/api/delivery/shipments/${shipmentId}/out-for-delivery`);
      const done = await as(rider, 'POST', `/api/delivery/shipments/${shipmentId}/deliver`, {
        code,
      });
      expect(done.statusCode).toBe(200);
    }
    const today = indianDayOf(new Date());
    const cash = (
      await as(rider, 'GET', `/api/delivery/cash?from=${today}&to=${today}`)
    ).json<DeliveryCashReport>();
    expect(cash).toEqual({
      from: today,
      to: today,
      days: [{ day: today, shipments: 2, cashPaise: 150_000 }],
      totalShipments: 2,
      totalCashPaise: 150_000,
    });
    const byDefault = (await as(rider, 'GET', '/api/delivery/cash')).json<DeliveryCashReport>();
    expect(byDefault.totalCashPaise).toBe(150_000);
    const summary = (await as(rider, 'GET', '/api/delivery/summary')).json<DeliverySummary>();
    expect(summary).toMatchObject({
      active: 0,
      deliveredToday: 2,
      failedToday: 0,
      cashTodayPaise: 150_000,
    });

    const todays = (
      await as(rider, 'GET', `/api/delivery/shipments?view=history&from=${today}&to=${today}`)
    ).json<DeliveryShipmentPage>();
    expect(todays.total).toBe(2);
    const older = (
      await as(rider, 'GET', '/api/delivery/shipments?view=history&from=2020-01-01&to=2020-01-31')
    ).json<DeliveryShipmentPage>();
    expect(older.total).toBe(0);
    const backwards = await as(
      rider,
      'GET',
      '/api/delivery/shipments?view=history&from=2020-02-01&to=2020-01-01',
    );
    expect(backwards.statusCode).toBe(400);
    const empty = (
      await as(rider, 'GET', '/api/delivery/cash?from=2020-01-01&to=2020-01-31')
    ).json<DeliveryCashReport>();
    expect(empty).toMatchObject({ days: [], totalShipments: 0, totalCashPaise: 0 });
  });
});
