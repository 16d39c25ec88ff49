import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { OrderStatus } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { anyColumnContains } from '../../db/search.js';
import {
  orderItems,
  orderStatusEvents,
  orders,
  refunds,
  shipments,
  users,
} from '../../db/schema/index.js';

/** Drizzle queries of the shop office's orders and customers (SQL only). */

type Queryable = Db | Tx;

/** The Indian calendar day of an order's placing, for the from/to filters. */
const placedDay = sql`(${orders.placedAt} at time zone 'Asia/Kolkata')::date`;

/** How many of the shop's shipments are in each status (unpaid Razorpay ones left out). */
export async function countShipmentsByStatus(db: Queryable, shopId: number) {
  return db
    .select({ status: shipments.status, value: count() })
    .from(shipments)
    .where(and(eq(shipments.shopId, shopId), ne(shipments.status, 'payment_pending')))
    .groupBy(shipments.status);
}

/** Filters of one page of the shop's orders. */
export interface ShopOrderFilter {
  shopId: number;
  statuses: readonly OrderStatus[];
  /** Part of the order number, customer name, recipient name or mobile; '' for all. */
  search: string;
  /** Indian days (YYYY-MM-DD) the order was placed on or after / on or before. */
  from?: string | undefined;
  to?: string | undefined;
}

function whereOf(filter: ShopOrderFilter) {
  return and(
    eq(shipments.shopId, filter.shopId),
    inArray(shipments.status, [...filter.statuses]),
    anyColumnContains(
      [orders.orderNumber, users.name, orders.recipientName, orders.mobile],
      filter.search,
    ),
    filter.from ? gte(placedDay, sql`${filter.from}::date`) : undefined,
    filter.to ? lte(placedDay, sql`${filter.to}::date`) : undefined,
  );
}

const rowColumns = {
  shipmentId: shipments.id,
  orderId: orders.id,
  orderNumber: orders.orderNumber,
  placedAt: orders.placedAt,
  updatedAt: shipments.updatedAt,
  customerName: users.name,
  customerEmail: users.email,
  mobile: orders.mobile,
  itemCount: shipments.itemCount,
  subtotalPaise: shipments.subtotalPaise,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  status: shipments.status,
};

/** The number of the shop's shipments matching `filter`. */
export async function countShopOrders(db: Queryable, filter: ShopOrderFilter): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(whereOf(filter));
  return row?.value ?? 0;
}

/** One page of the shop's shipments matching `filter`, newest order first. */
export async function findShopOrders(
  db: Queryable,
  filter: ShopOrderFilter,
  limit: number,
  offset: number,
) {
  return db
    .select(rowColumns)
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(whereOf(filter))
    .orderBy(desc(orders.placedAt), desc(shipments.id))
    .limit(limit)
    .offset(offset);
}

export type ShopOrderRowData = Awaited<ReturnType<typeof findShopOrders>>[number];

/** The product names of several shipments, in line order. */
export async function findItemNames(db: Queryable, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return [];
  return db
    .select({ shipmentId: orderItems.shipmentId, name: orderItems.name })
    .from(orderItems)
    .where(inArray(orderItems.shipmentId, [...shipmentIds]))
    .orderBy(asc(orderItems.id));
}

/** One shipment of the shop with its order, customer and delivery staff; undefined otherwise. */
/** The refund of a shipment, if one was opened (docs/refunds.md). */
export async function findShipmentRefund(db: Queryable, shipmentId: number) {
  const [row] = await db.select().from(refunds).where(eq(refunds.shipmentId, shipmentId));
  return row;
}

export async function findShopShipment(db: Queryable, shopId: number, shipmentId: number) {
  const [row] = await db
    .select({
      ...rowColumns,
      address: {
        recipientName: orders.recipientName,
        mobile: orders.mobile,
        locality: orders.locality,
        landmark: orders.landmark,
        city: orders.city,
        state: orders.state,
        pincode: orders.pincode,
        country: orders.country,
      },
      deliveryStaffId: shipments.deliveryStaffId,
      assignedAt: shipments.assignedAt,
      deliveredAt: shipments.deliveredAt,
      deliveryFailedReason: shipments.deliveryFailedReason,
      returnReason: shipments.returnReason,
      returnRejectReason: shipments.returnRejectReason,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(shipments.id, shipmentId), eq(shipments.shopId, shopId)));
  if (!row) return undefined;
  const [items, events, staff] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(eq(orderItems.shipmentId, shipmentId))
      .orderBy(asc(orderItems.id)),
    db
      .select({
        status: orderStatusEvents.status,
        at: orderStatusEvents.at,
        note: orderStatusEvents.note,
      })
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.shipmentId, shipmentId))
      .orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id)),
    row.deliveryStaffId
      ? db
          .select({ id: users.id, name: users.name, mobile: users.mobile })
          .from(users)
          .where(eq(users.id, row.deliveryStaffId))
      : Promise.resolve([]),
  ]);
  return { ...row, items, events, deliveryStaff: staff[0] ?? null };
}

/** Active delivery staff (role `delivery`, not disabled), by name. */
export async function findDeliveryStaff(db: Queryable) {
  return db
    .select({ id: users.id, name: users.name, mobile: users.mobile })
    .from(users)
    .where(and(eq(users.role, 'delivery'), isNull(users.disabledAt)))
    .orderBy(asc(users.name), asc(users.id));
}

/** One active delivery staff member, or undefined. */
export async function findActiveDeliveryStaff(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, mobile: users.mobile })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'delivery'), isNull(users.disabledAt)));
  return row;
}

/** Sets an order's payment status (a shop cancel of a paid order refunds it). */
export async function setOrderPayment(
  tx: Tx,
  orderId: number,
  values: Pick<typeof orders.$inferInsert, 'paymentStatus' | 'cancelledAt' | 'cancelReason'>,
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** The order's payment method and status. */
export async function findOrderPayment(db: Queryable, orderId: number) {
  const [row] = await db
    .select({ paymentMethod: orders.paymentMethod, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!;
}

/** Shipments that count as a purchase from the shop: not unpaid, not cancelled. */
const bought = (shopId: number) =>
  and(
    eq(shipments.shopId, shopId),
    sql`${shipments.status} not in ('payment_pending', 'cancelled')`,
  );

function customerWhere(shopId: number, search: string) {
  return and(bought(shopId), anyColumnContains([users.name, users.email, users.mobile], search));
}

/** How many customers bought from the shop (matching `search`). */
export async function countShopCustomers(db: Queryable, shopId: number, search: string) {
  const [row] = await db
    .select({ value: sql<number>`count(distinct ${users.id})::int` })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(customerWhere(shopId, search));
  return row?.value ?? 0;
}

/** One page of the shop's customers, latest buyer first, with order count and spend (paise). */
export async function findShopCustomers(
  db: Queryable,
  shopId: number,
  search: string,
  limit: number,
  offset: number,
) {
  const lastOrderAt = sql<Date>`max(${orders.placedAt})`.mapWith(orders.placedAt);
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      orderCount: sql<number>`count(distinct ${orders.id})::int`,
      lastOrderAt,
      totalSpentPaise: sql<number>`coalesce(sum(${shipments.subtotalPaise}), 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(customerWhere(shopId, search))
    .groupBy(users.id, users.name, users.email, users.mobile)
    .orderBy(desc(lastOrderAt), asc(users.id))
    .limit(limit)
    .offset(offset);
}
