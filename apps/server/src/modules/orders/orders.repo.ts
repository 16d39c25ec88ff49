import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CART_LINE_MAX_QUANTITY, type OrderStatus } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  cartItems,
  orderItems,
  orderStatusEvents,
  orders,
  products,
  shipments,
  shops,
  users,
} from '../../db/schema/index.js';

/** Drizzle queries of the orders module (STYLE.md rule 1: the repo holds SQL only). */

type Queryable = Db | Tx;

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'orderNumber'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'shipmentId'>;

/**
 * Takes `quantity` units of a product if it still has them: one conditional UPDATE, so two
 * checkouts for the last unit cannot both succeed (the row lock makes the second re-check).
 * @returns true when the units were reserved.
 */
export async function reserveStock(tx: Tx, productId: number, quantity: number): Promise<boolean> {
  const updated = await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}` })
    .where(and(eq(products.id, productId), sql`${products.stockQuantity} >= ${quantity}`))
    .returning({ id: products.id });
  return updated.length > 0;
}

/** Gives units back to a product (cancellation, release of an unpaid order). */
export async function restoreStock(tx: Tx, productId: number, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} + ${quantity}` })
    .where(eq(products.id, productId));
}

/** A product's current stock, or undefined when it does not exist. */
export async function findStock(db: Queryable, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ stockQuantity: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stockQuantity;
}

/** Inserts an order; answers its id, generated order number and total. */
export async function insertOrder(tx: Tx, values: NewOrder) {
  const [row] = await tx
    .insert(orders)
    .values(values)
    .returning({ id: orders.id, orderNumber: orders.orderNumber, totalPaise: orders.totalPaise });
  return row!;
}

/** Inserts one shop's shipment of an order with its items and its first status row. */
export async function insertShipment(
  tx: Tx,
  orderId: number,
  shipment: { shopId: number; status: OrderStatus; items: readonly NewOrderItem[] },
): Promise<number> {
  const [row] = await tx
    .insert(shipments)
    .values({
      orderId,
      shopId: shipment.shopId,
      status: shipment.status,
      itemCount: shipment.items.reduce((sum, item) => sum + item.quantity, 0),
      subtotalPaise: shipment.items.reduce((sum, item) => sum + item.lineTotalPaise, 0),
    })
    .returning({ id: shipments.id });
  const shipmentId = row!.id;
  await tx
    .insert(orderItems)
    .values(shipment.items.map((item) => ({ ...item, orderId, shipmentId })));
  await tx.insert(orderStatusEvents).values({ orderId, shipmentId, status: shipment.status });
  return shipmentId;
}

/** Removes the ordered products from the customer's cart. */
export async function deleteCartLines(tx: Tx, userId: string, productIds: readonly number[]) {
  if (productIds.length === 0) return;
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, [...productIds])));
}

/**
 * Puts the items of `userId`'s order `orderId` back into their cart (a Razorpay order that could
 * not start, or was released unpaid), at most CART_LINE_MAX_QUANTITY each; lines already in the
 * cart are kept as they are.
 */
export async function restoreCartLines(
  db: Db | Tx,
  userId: string,
  orderId: number,
): Promise<void> {
  await db.execute(sql`
    insert into ${cartItems} (user_id, product_id, quantity)
    select ${orders.userId}, ${orderItems.productId}, least(${orderItems.quantity}, ${CART_LINE_MAX_QUANTITY})
    from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
    where ${orderItems.orderId} = ${orderId} and ${orders.userId} = ${userId}
    on conflict do nothing`);
}

/**
 * Locks an order row for the rest of the transaction (every status change takes it first, so
 * a cancellation and a payment confirmation run one after the other). With `userId`, another
 * customer's order is not found.
 */
export async function lockOrder(
  tx: Tx,
  orderId: number,
  userId?: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      userId === undefined
        ? eq(orders.id, orderId)
        : and(eq(orders.id, orderId), eq(orders.userId, userId)),
    )
    .for('update');
  return row;
}

/** An order's shipments, locked, oldest first. */
export async function lockShipments(tx: Tx, orderId: number) {
  return tx
    .select({
      id: shipments.id,
      status: shipments.status,
      deliveredAt: shipments.deliveredAt,
    })
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.id))
    .for('update');
}

/** The product and quantity of every item of the given shipments. */
export async function findItemQuantities(db: Queryable, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return [];
  return db
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.shipmentId, [...shipmentIds]))
    .orderBy(asc(orderItems.productId));
}

/** Moves shipments to a status and writes one history row each (with the note). */
export async function setShipmentStatus(
  tx: Tx,
  orderId: number,
  shipmentIds: readonly number[],
  status: OrderStatus,
  note: string | null,
  extra: Partial<Pick<typeof shipments.$inferInsert, 'returnReason' | 'returnRequestedAt'>> = {},
): Promise<void> {
  if (shipmentIds.length === 0) return;
  await tx
    .update(shipments)
    .set({ status, updatedAt: sql`now()`, ...extra })
    .where(inArray(shipments.id, [...shipmentIds]));
  await tx
    .insert(orderStatusEvents)
    .values(shipmentIds.map((shipmentId) => ({ orderId, shipmentId, status, note })));
}

/** The statuses of an order's shipments. */
export async function findShipmentStatuses(db: Queryable, orderId: number) {
  const rows = await db
    .select({ status: shipments.status })
    .from(shipments)
    .where(eq(shipments.orderId, orderId));
  return rows.map((row) => row.status as OrderStatus);
}

/** Changes columns of an order. */
export async function updateOrder(
  tx: Tx,
  orderId: number,
  values: Partial<Omit<typeof orders.$inferInsert, 'id' | 'orderNumber'>>,
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** The delivery staff member a shipment is handed to (issue 4 item 8), joined by name. */
const deliveryStaff = alias(users, 'delivery_staff');

/**
 * One order with its shipments (and shops, and the delivery staff member's name and mobile),
 * items and history; undefined when not found.
 */
export async function findOrderTree(db: Queryable, orderId: number, userId?: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      userId === undefined
        ? eq(orders.id, orderId)
        : and(eq(orders.id, orderId), eq(orders.userId, userId)),
    );
  if (!order) return undefined;
  const [shipmentRows, itemRows, eventRows] = await Promise.all([
    db
      .select({
        id: shipments.id,
        shopId: shipments.shopId,
        shopName: shops.name,
        status: shipments.status,
        subtotalPaise: shipments.subtotalPaise,
        deliveredAt: shipments.deliveredAt,
        returnReason: shipments.returnReason,
        deliveryCode: shipments.deliveryCode,
        deliveryStaffName: deliveryStaff.name,
        deliveryStaffMobile: deliveryStaff.mobile,
      })
      .from(shipments)
      .innerJoin(shops, eq(shops.id, shipments.shopId))
      .leftJoin(deliveryStaff, eq(deliveryStaff.id, shipments.deliveryStaffId))
      .where(eq(shipments.orderId, orderId))
      .orderBy(asc(shipments.id)),
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    db
      .select()
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.orderId, orderId))
      .orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id)),
  ]);
  return { order, shipments: shipmentRows, items: itemRows, events: eventRows };
}

export type OrderTree = NonNullable<Awaited<ReturnType<typeof findOrderTree>>>;

/** The condition of My Orders: the customer's orders except unpaid Razorpay ones. */
function myOrders(userId: string) {
  return and(eq(orders.userId, userId), ne(orders.status, 'payment_pending'));
}

export async function countMyOrders(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(orders).where(myOrders(userId));
  return row?.value ?? 0;
}

/** One page of My Orders, newest first, with each order's shipment count. */
export async function findMyOrders(db: Queryable, userId: string, limit: number, offset: number) {
  return db
    .select({
      order: orders,
      shipmentCount: sql<number>`(select count(*)::int from ${shipments} where ${shipments.orderId} = ${orders.id})`,
    })
    .from(orders)
    .where(myOrders(userId))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

/** The items of several orders, in shipment then line order. */
export async function findItemsOfOrders(db: Queryable, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      name: orderItems.name,
      thumbnailPath: orderItems.thumbnailPath,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.shipmentId), asc(orderItems.id));
}

/** Ids of Razorpay orders still unpaid that were created before `before`. */
export async function findUnpaidOrderIds(db: Queryable, before: Date): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'payment_pending'), lt(orders.placedAt, before)))
    .orderBy(asc(orders.id));
  return rows.map((row) => row.id);
}

/**
 * Units of each product in shipments delivered since `since` (a return requested still counts,
 * a completed return does not), most first, at most `limit` products.
 */
export async function findDeliveredQuantities(db: Queryable, since: Date, limit: number) {
  const quantity = sql<number>`sum(${orderItems.quantity})::int`;
  return db
    .select({ productId: orderItems.productId, quantity })
    .from(orderItems)
    .innerJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(
      and(
        gte(shipments.deliveredAt, since),
        inArray(shipments.status, ['delivered', 'return_requested']),
      ),
    )
    .groupBy(orderItems.productId)
    .orderBy(desc(quantity), desc(orderItems.productId))
    .limit(limit);
}
