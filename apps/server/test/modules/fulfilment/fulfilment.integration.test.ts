import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Order,
  ShopCustomerPage,
  ShopOrderDetail,
  ShopOrderPage,
  ShopSummary,
} from '@bazaar/shared';
import {
  orderStatusEvents,
  orders,
  outbox,
  products,
  shipments,
  users,
} from '../../../src/db/schema/index.js';
import { backgroundJobsDone } from '../../support/background-jobs.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  addToCart,
  callAs,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from '../orders/orders-test-support.js';
import { asStaff, createStaff, type TestStaff } from './shop-office-test-support.js';
import { SHIPMENT_TRANSITIONS, canMoveShipment } from '../../../src/modules/orders/index.js';

/*
 * docs/shop-office.md: the shop office moves its shipments through
 * accept, pack, hand over, cancel and the return steps; every step in the wrong order is a 422,
 * another shop's shipment a 404; stock comes back exactly once; history rows and customer mail.
 */

let ctx: TestContext;
let shopA: number;
let shopB: number;
let seller: TestStaff;
let support: TestStaff;
let seller2: TestStaff;
let support2: TestStaff;
let rider: TestStaff;
let customer: TestCustomer;
let customerEmail: string;

function db() {
  return ctx.database.db;
}

beforeAll(async () => {
  ctx = await createTestApp();
  shopA = await insertShop(db(), { name: 'Patna Fashion House' });
  shopB = await insertShop(db(), { name: 'Gaya Garments' });
  seller = await createStaff(ctx.app, db(), 'seller', shopA);
  support = await createStaff(ctx.app, db(), 'support_admin', shopA);
  seller2 = await createStaff(ctx.app, db(), 'seller', shopB);
  support2 = await createStaff(ctx.app, db(), 'support_admin', shopB);
  rider = await createStaff(ctx.app, db(), 'delivery');
  customer = await createCustomer(ctx.app, db());
  const [row] = await db()
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, customer.id));
  customerEmail = row!.email;
});

afterAll(async () => {
  await ctx.close();
});

async function stockOf(productId: number): Promise<number> {
  const [row] = await db()
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

/** Places a COD order of `quantity` of a new product of `shopId`; answers shipment and product. */
async function orderFrom(shopId: number, quantity = 2, stock = 10) {
  const productId = await insertProduct(db(), {
    shopId,
    name: 'Cotton Kurta',
    stockQuantity: stock,
  });
  await addToCart(ctx.app, customer, productId, quantity);
  const response = await placeOrder(ctx.app, customer);
  expect(response.statusCode).toBe(201);
  const order = response.json<Order>();
  // The order mail is a background job: let it land so later mail counts start after it.
  await backgroundJobsDone(db());
  return { order, shipmentId: order.shipments[0]!.id, productId };
}

function post(staff: TestStaff, url: string, payload?: object) {
  return asStaff(ctx.app, staff, { method: 'POST', url, ...(payload ? { payload } : {}) });
}

function get(staff: TestStaff, url: string) {
  return asStaff(ctx.app, staff, { method: 'GET', url });
}

async function statusOf(shipmentId: number) {
  const [row] = await db()
    .select({ status: shipments.status })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  return row!.status;
}

async function historyOf(shipmentId: number) {
  return db()
    .select({ status: orderStatusEvents.status, note: orderStatusEvents.note })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.shipmentId, shipmentId))
    .orderBy(asc(orderStatusEvents.id));
}

async function mailsTo(email: string) {
  await backgroundJobsDone(db());
  return db()
    .select({ subject: outbox.subject, text: outbox.textBody })
    .from(outbox)
    .where(eq(outbox.toAddress, email))
    .orderBy(asc(outbox.id));
}

/** Sets a shipment delivered now (the delivery module's job) and asks for its return. */
async function deliverAndRequestReturn(orderId: number, shipmentId: number) {
  await db()
    .update(shipments)
    .set({ status: 'delivered', deliveredAt: new Date() })
    .where(eq(shipments.id, shipmentId));
  const response = await callAs(ctx.app, customer, {
    method: 'POST',
    url: `/api/orders/${orderId}/shipments/${shipmentId}/return`,
    payload: { reason: 'The size does not fit' },
  });
  expect(response.statusCode).toBe(200);
  await backgroundJobsDone(db());
}

describe('transition table', () => {
  it('allows only the documented arrows', () => {
    expect(canMoveShipment('placed', 'confirmed')).toBe(true);
    expect(canMoveShipment('placed', 'packed')).toBe(false);
    expect(canMoveShipment('delivery_failed', 'assigned')).toBe(true);
    expect(canMoveShipment('returned', 'return_approved')).toBe(false);
    expect(SHIPMENT_TRANSITIONS.cancelled).toEqual([]);
  });
});

describe('forward flow: accept, pack, hand over', () => {
  it('moves placed -> confirmed -> packed -> assigned with history, mail and a delivery code', async () => {
    const { order, shipmentId } = await orderFrom(shopA);
    const mailsBefore = (await mailsTo(customerEmail)).length;

    const accepted = await post(support, `/api/shop/orders/${shipmentId}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<ShopOrderDetail>()).toMatchObject({
      status: 'confirmed',
      actions: ['pack', 'cancel'],
    });

    const packed = await post(seller, `/api/shop/orders/${shipmentId}/pack`);
    expect(packed.json<ShopOrderDetail>().status).toBe('packed');

    const assigned = await post(support, `/api/shop/orders/${shipmentId}/assign`, {
      deliveryStaffId: rider.id,
    });
    expect(assigned.statusCode).toBe(200);
    const detail = assigned.json<ShopOrderDetail>();
    expect(detail.status).toBe('assigned');
    expect(detail.deliveryStaff).toMatchObject({ id: rider.id, name: rider.name });
    expect(detail.history.map((event) => event.status)).toEqual([
      'placed',
      'confirmed',
      'packed',
      'assigned',
    ]);
    expect(detail.history[3]!.note).toBe(`Handed to ${rider.name}`);

    const [row] = await db().select().from(shipments).where(eq(shipments.id, shipmentId));
    expect(row!.deliveryCode).toMatch(/^\d{4}$/);
    expect(row!.assignedAt).not.toBeNull();
    const [orderRow] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow!.status).toBe('assigned');

    const mails = (await mailsTo(customerEmail)).slice(mailsBefore);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your order ${order.orderNumber} is confirmed`,
      `Your order ${order.orderNumber} is packed`,
      `Your order ${order.orderNumber} is handed to delivery`,
    ]);
    expect(mails[2]!.text).toContain(`/MyOrders/${order.id}`);
    // Handed to delivery: the mail gives the customer the delivery code; earlier ones do not.
    expect(mails[2]!.text).toContain(`Your delivery code is ${row!.deliveryCode}`);
    expect(mails[1]!.text).not.toContain('delivery code');

    // The customer sees the step in My Orders.
    const mine = await callAs(ctx.app, customer, { method: 'GET', url: `/api/orders/${order.id}` });
    expect(mine.json<Order>().shipments[0]!.status).toBe('assigned');
  });

  it('refuses steps out of order with 422 and changes nothing', async () => {
    const { shipmentId } = await orderFrom(shopA);
    const pack = await post(seller, `/api/shop/orders/${shipmentId}/pack`);
    expect(pack.statusCode).toBe(422);
    expect(pack.json<{ error: { message: string } }>().error.message).toBe(
      'This order is placed and cannot be packed',
    );
    expect(
      (await post(seller, `/api/shop/orders/${shipmentId}/assign`, { deliveryStaffId: rider.id }))
        .statusCode,
    ).toBe(422);
    expect((await post(seller, `/api/shop/orders/${shipmentId}/return/approve`)).statusCode).toBe(
      422,
    );
    expect((await post(seller, `/api/shop/orders/${shipmentId}/return/receive`)).statusCode).toBe(
      422,
    );
    await post(seller, `/api/shop/orders/${shipmentId}/accept`);
    const again = await post(seller, `/api/shop/orders/${shipmentId}/accept`);
    expect(again.statusCode).toBe(422);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(
      'This order is confirmed and cannot be accepted',
    );
    expect(await statusOf(shipmentId)).toBe('confirmed');
    expect((await historyOf(shipmentId)).map((event) => event.status)).toEqual([
      'placed',
      'confirmed',
    ]);
  });

  it('hands over only to an active delivery account', async () => {
    const { shipmentId } = await orderFrom(shopA);
    await post(seller, `/api/shop/orders/${shipmentId}/accept`);
    await post(seller, `/api/shop/orders/${shipmentId}/pack`);
    const toSeller = await post(seller, `/api/shop/orders/${shipmentId}/assign`, {
      deliveryStaffId: seller2.id,
    });
    expect(toSeller.statusCode).toBe(400);
    expect(toSeller.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      deliveryStaffId: 'This delivery staff member is not available',
    });
    const staff = await get(seller, '/api/shop/delivery-staff');
    expect(staff.statusCode).toBe(200);
    expect(staff.json<{ id: string }[]>().some((entry) => entry.id === rider.id)).toBe(true);
    expect(await statusOf(shipmentId)).toBe('packed');
  });

  it('after a failed delivery assigns again with a new code, or cancels', async () => {
    const { shipmentId } = await orderFrom(shopA);
    await post(seller, `/api/shop/orders/${shipmentId}/accept`);
    await post(seller, `/api/shop/orders/${shipmentId}/pack`);
    await post(seller, `/api/shop/orders/${shipmentId}/assign`, { deliveryStaffId: rider.id });
    await db()
      .update(shipments)
      .set({ status: 'delivery_failed', deliveryFailedReason: 'Door locked' })
      .where(eq(shipments.id, shipmentId));
    const again = await post(support, `/api/shop/orders/${shipmentId}/assign`, {
      deliveryStaffId: rider.id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<ShopOrderDetail>().status).toBe('assigned');
  });
});

describe('cancel', () => {
  it('cancels with the reason, restores stock exactly once and records the cancellation', async () => {
    const { order, shipmentId, productId } = await orderFrom(shopA, 3, 10);
    expect(await stockOf(productId)).toBe(7);
    await post(seller, `/api/shop/orders/${shipmentId}/accept`);
    const cancelled = await post(seller, `/api/shop/orders/${shipmentId}/cancel`, {
      reason: 'Out of this colour',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<ShopOrderDetail>()).toMatchObject({ status: 'cancelled', actions: [] });
    expect(await stockOf(productId)).toBe(10);

    const twice = await post(seller, `/api/shop/orders/${shipmentId}/cancel`, {
      reason: 'Out of this colour',
    });
    expect(twice.statusCode).toBe(422);
    expect(await stockOf(productId)).toBe(10);

    const [orderRow] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow).toMatchObject({ status: 'cancelled', cancelReason: 'Out of this colour' });
    expect((await historyOf(shipmentId)).at(-1)).toEqual({
      status: 'cancelled',
      note: 'Out of this colour',
    });
  });

  it('two cancels at once: one wins, the stock comes back once', async () => {
    const { shipmentId, productId } = await orderFrom(shopA, 2, 6);
    const answers = await Promise.all([
      post(seller, `/api/shop/orders/${shipmentId}/cancel`, { reason: 'Seller cancelled it' }),
      post(support, `/api/shop/orders/${shipmentId}/cancel`, { reason: 'Support cancelled it' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(await stockOf(productId)).toBe(6);
    expect(
      (await historyOf(shipmentId)).filter((event) => event.status === 'cancelled'),
    ).toHaveLength(1);
  });

  it('refunds a paid online order when the shop cancels it', async () => {
    const { order, shipmentId } = await orderFrom(shopA);
    await db()
      .update(orders)
      .set({ paymentMethod: 'razorpay', paymentStatus: 'paid' })
      .where(eq(orders.id, order.id));
    await post(seller, `/api/shop/orders/${shipmentId}/cancel`, { reason: 'Cannot source it' });
    const [orderRow] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow!.paymentStatus).toBe('refunded');
  });

  it('needs a reason and refuses once handed to delivery', async () => {
    const { shipmentId } = await orderFrom(shopA);
    const noReason = await post(seller, `/api/shop/orders/${shipmentId}/cancel`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    await post(seller, `/api/shop/orders/${shipmentId}/accept`);
    await post(seller, `/api/shop/orders/${shipmentId}/pack`);
    await post(seller, `/api/shop/orders/${shipmentId}/assign`, { deliveryStaffId: rider.id });
    const late = await post(seller, `/api/shop/orders/${shipmentId}/cancel`, {
      reason: 'Changed our mind',
    });
    expect(late.statusCode).toBe(422);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(
      'This order is handed to delivery and cannot be cancelled',
    );
  });
});

describe('returns', () => {
  it('approve then receive restores stock exactly once', async () => {
    const { order, shipmentId, productId } = await orderFrom(shopA, 2, 5);
    await deliverAndRequestReturn(order.id, shipmentId);
    expect(await stockOf(productId)).toBe(3);

    const early = await post(seller, `/api/shop/orders/${shipmentId}/return/receive`);
    expect(early.statusCode).toBe(422);

    const approved = await post(support, `/api/shop/orders/${shipmentId}/return/approve`);
    expect(approved.json<ShopOrderDetail>()).toMatchObject({
      status: 'return_approved',
      actions: ['receiveReturn'],
    });
    expect(await stockOf(productId)).toBe(3);

    const received = await post(support, `/api/shop/orders/${shipmentId}/return/receive`);
    expect(received.json<ShopOrderDetail>().status).toBe('returned');
    expect(await stockOf(productId)).toBe(5);
    expect((await post(support, `/api/shop/orders/${shipmentId}/return/receive`)).statusCode).toBe(
      422,
    );
    expect(await stockOf(productId)).toBe(5);

    expect((await historyOf(shipmentId)).map((event) => event.status)).toEqual([
      'placed',
      'return_requested',
      'return_approved',
      'returned',
    ]);
    const mails = await mailsTo(customerEmail);
    expect(mails.at(-1)!.subject).toBe(`Your order ${order.orderNumber} is returned`);
  });

  it('rejects with a reason; the stock stays sold', async () => {
    const { order, shipmentId, productId } = await orderFrom(shopA, 1, 5);
    await deliverAndRequestReturn(order.id, shipmentId);
    const short = await post(seller, `/api/shop/orders/${shipmentId}/return/reject`, {
      reason: 'no',
    });
    expect(short.statusCode).toBe(400);
    const rejected = await post(seller, `/api/shop/orders/${shipmentId}/return/reject`, {
      reason: 'The tag was removed',
    });
    expect(rejected.json<ShopOrderDetail>()).toMatchObject({
      status: 'return_rejected',
      returnRejectReason: 'The tag was removed',
    });
    expect(await stockOf(productId)).toBe(4);
    expect((await post(seller, `/api/shop/orders/${shipmentId}/return/approve`)).statusCode).toBe(
      422,
    );
  });
});

describe('lists, summary and customers', () => {
  it('lists the shop own shipments per view with search, and counts the Home tiles', async () => {
    const { order, shipmentId } = await orderFrom(shopA);
    const summary = (await get(support, '/api/shop/summary')).json<ShopSummary>();
    const own = await db()
      .select({ status: shipments.status })
      .from(shipments)
      .where(eq(shipments.shopId, shopA));
    const count = (statuses: string[]) => own.filter((row) => statuses.includes(row.status)).length;
    expect(summary).toEqual({
      newOrders: count(['placed', 'confirmed', 'packed', 'delivery_failed']),
      returnOrders: count(['return_requested', 'return_approved']),
      orderHistory:
        own.length -
        count([
          'placed',
          'confirmed',
          'packed',
          'delivery_failed',
          'return_requested',
          'return_approved',
          'payment_pending',
        ]),
    });
    expect(summary.newOrders).toBeGreaterThan(0);

    const list = (
      await get(seller, `/api/shop/orders?view=new&search=${order.orderNumber}`)
    ).json<ShopOrderPage>();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      shipmentId,
      orderNumber: order.orderNumber,
      status: 'placed',
      itemNames: ['Cotton Kurta'],
      paymentMethod: 'cod',
    });
    const byName = (
      await get(seller, '/api/shop/orders?view=new&search=buyer')
    ).json<ShopOrderPage>();
    expect(byName.total).toBe(summary.newOrders);
    expect(byName.items.length).toBeLessThanOrEqual(10);

    const history = (
      await get(seller, '/api/shop/orders?view=history&status=cancelled')
    ).json<ShopOrderPage>();
    expect(history.items.every((row) => row.status === 'cancelled')).toBe(true);
    expect(history.total).toBeGreaterThan(0);

    const bad = await get(seller, '/api/shop/orders?view=everything');
    expect(bad.statusCode).toBe(400);

    const shopBView = (await get(seller2, '/api/shop/orders?view=new')).json<ShopOrderPage>();
    expect(shopBView.items.some((row) => row.shipmentId === shipmentId)).toBe(false);
  });

  it('lists the customers who bought from the shop with counts and spend', async () => {
    const response = await get(seller, '/api/shop/customers?search=buyer');
    expect(response.statusCode).toBe(200);
    const page = response.json<ShopCustomerPage>();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id: customer.id, email: customerEmail });
    expect(page.items[0]!.orderCount).toBeGreaterThan(1);
    expect(page.items[0]!.totalSpentPaise).toBeGreaterThan(0);
    const shopB = (await get(seller2, '/api/shop/customers')).json<ShopCustomerPage>();
    expect(shopB.total).toBe(0);
    expect((await get(support, '/api/shop/customers')).statusCode).toBe(403);
  });
});

describe('shop isolation and access', () => {
  it("gives another shop's seller and support admin 404 on every shipment route", async () => {
    const { shipmentId, productId } = await orderFrom(shopA);
    for (const outsider of [seller2, support2]) {
      expect((await get(outsider, `/api/shop/orders/${shipmentId}`)).statusCode).toBe(404);
      for (const action of ['accept', 'pack', 'return/approve', 'return/receive']) {
        expect((await post(outsider, `/api/shop/orders/${shipmentId}/${action}`)).statusCode).toBe(
          404,
        );
      }
      expect(
        (
          await post(outsider, `/api/shop/orders/${shipmentId}/assign`, {
            deliveryStaffId: rider.id,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await post(outsider, `/api/shop/orders/${shipmentId}/cancel`, {
            reason: 'Not ours at all',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await post(outsider, `/api/shop/orders/${shipmentId}/return/reject`, {
            reason: 'Not ours at all',
          })
        ).statusCode,
      ).toBe(404);
    }
    expect(await statusOf(shipmentId)).toBe('placed');
    expect(await stockOf(productId)).toBe(8);
  });

  it('keeps customers, delivery staff and anonymous callers out', async () => {
    const customerCall = await callAs(ctx.app, customer, {
      method: 'GET',
      url: '/api/shop/summary',
    });
    expect(customerCall.statusCode).toBe(403);
    expect((await get(rider, '/api/shop/orders')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shop/summary' })).statusCode).toBe(
      401,
    );
    const missing = await get(seller, '/api/shop/orders/999999');
    expect(missing.statusCode).toBe(404);
  });

  it('answers 404 for a shipment of the same order that belongs to the other shop', async () => {
    const productA = await insertProduct(db(), { shopId: shopA, name: 'Silk Saree' });
    const productB = await insertProduct(db(), { shopId: shopB, name: 'Denim Jacket' });
    await addToCart(ctx.app, customer, productA, 1);
    await addToCart(ctx.app, customer, productB, 1);
    const order = (await placeOrder(ctx.app, customer)).json<Order>();
    const shipmentB = order.shipments.find((shipment) => shipment.shop.id === shopB)!;
    expect((await post(seller, `/api/shop/orders/${shipmentB.id}/accept`)).statusCode).toBe(404);
    const own = await post(seller2, `/api/shop/orders/${shipmentB.id}/accept`);
    expect(own.statusCode).toBe(200);
    const [orderRow] = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, order.id)));
    // The other shop's part is still placed, so the order reads placed.
    expect(orderRow!.status).toBe('placed');
  });
});
