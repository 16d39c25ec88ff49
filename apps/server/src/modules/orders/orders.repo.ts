import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CART_LINE_MAX_QUANTITY, type OrderStatus } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  addresses,
  cartItems,
  orderItems,
  orderStatusEvents,
  orders,
  products,
  refunds,
  shipments,
  shops,
  users,
} from '../../db/schema/index.js';
import { productColumns } from '../cart/index.js';

/** Drizzle queries of the orders module (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'orderNumber'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'shipmentId'>;

/**
 * Locks the customer's row for the rest of the transaction (a double submit, another tab's cart
 * change and placing run one after the other) and reads one of their saved addresses in the
 * same round trip, with the account's name and mobile for an address saved without a recipient.
 * @returns undefined when the user does not exist; `address` null when the address is not theirs.
 */
export async function lockCustomerWithAddress(tx: Tx, userId: string, addressId: number) {
  const [row] = await tx
    .select({ accountName: users.name, accountMobile: users.mobile, address: addresses })
    .from(users)
    .leftJoin(addresses, and(eq(addresses.id, addressId), eq(addresses.userId, users.id)))
    .where(eq(users.id, userId))
    .for('update', { of: users });
  return row;
}

/**
 * The customer's cart lines with their products and shops (the cart's columns plus when each
 * line was added), locking the products in id order so two checkouts never deadlock and the
 * stock read is the latest committed one: it cannot change until the transaction ends.
 */
export async function lockCartLines(tx: Tx, userId: string) {
  return tx
    .select({
      ...productColumns,
      // The class decides the GST the order's total includes (cartTotals, docs/gst.md).
      hsnClass: products.hsnClass,
      quantity: cartItems.quantity,
      addedAt: cartItems.addedAt,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(products.id))
    .for('update', { of: products });
}

export type LockedCartLine = Awaited<ReturnType<typeof lockCartLines>>[number];

/**
 * "Buy now": one product as a cart line of `quantity` units (the columns `lockCartLines`
 * answers), locking the product row the same way. Answers no row for an unknown product.
 */
export async function lockBuyNowLine(
  tx: Tx,
  item: { productId: number; quantity: number },
): Promise<LockedCartLine[]> {
  return tx
    .select({
      ...productColumns,
      hsnClass: products.hsnClass,
      quantity: sql<number>`${item.quantity}::int`.mapWith(Number),
      addedAt: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(products.id, item.productId))
    .for('update', { of: products });
}

/** One shop's part of a new order: its items in display order (their ids follow it). */
export interface NewShipment {
  shopId: number;
  items: readonly NewOrderItem[];
}

/** What `writeOrder` answers: the order's id and number and each shipment's id by shop. */
export interface WrittenOrder {
  id: number;
  orderNumber: string;
  shipmentIds: Map<number, number>;
}

/**
 * Writes a whole order in ONE statement (data-modifying CTEs): inserts the order, one shipment
 * per shop (`status`), the items, one first history row per shipment at `order.placedAt`, and
 * deletes the ordered products from the customer's cart (not with `keepCart`: a "Buy now" order
 * leaves the cart as it is). The units are taken from stock
 * afterwards by the shop catalog's stock ledger (it writes their history rows, which name the
 * shipments written here).
 */
export async function writeOrder(
  tx: Tx,
  order: NewOrder & { placedAt: Date },
  shipmentList: readonly NewShipment[],
  { keepCart = false }: { keepCart?: boolean } = {},
): Promise<WrittenOrder> {
  const items = shipmentList.flatMap((shipment) =>
    shipment.items.map((item) => ({ ...item, shopId: shipment.shopId })),
  );
  const status = order.status;
  const shipmentValues = sql.join(
    shipmentList.map(
      (shipment, index) =>
        sql`(${index}::int, ${shipment.shopId}::int, ${shipment.items.reduce((sum, item) => sum + item.quantity, 0)}::int, ${shipment.items.reduce((sum, item) => sum + item.lineTotalPaise, 0)}::bigint)`,
    ),
    sql`, `,
  );
  const itemValues = sql.join(
    items.map(
      (item, index) =>
        sql`(${index}::int, ${item.shopId}::int, ${item.productId}::int, ${item.name}::text, ${item.company}::text, ${item.size}::text, ${item.colour}::text, ${item.thumbnailPath ?? null}::text, ${item.pricePaise}::bigint, ${item.mrpPaise}::bigint, ${item.quantity}::int, ${item.lineTotalPaise}::bigint)`,
    ),
    sql`, `,
  );
  const productIds = sql.join(
    items.map((item) => sql`${item.productId}::int`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    with line (ord, shop_id, product_id, name, company, size, colour, thumbnail_path, price_paise,
               mrp_paise, quantity, line_total_paise) as (values ${itemValues}),
    new_order as (
      insert into ${orders} (user_id, status, payment_method, payment_status, recipient_name,
        mobile, locality, landmark, city, state, pincode, country, item_count, mrp_paise,
        discount_paise, total_paise, gst_included_paise, delivery_paise, delivery_date, placed_at)
      values (${order.userId}, ${status}, ${order.paymentMethod}, ${order.paymentStatus ?? 'pending'},
        ${order.recipientName}, ${order.mobile}, ${order.locality}, ${order.landmark ?? ''},
        ${order.city}, ${order.state}, ${order.pincode}, ${order.country}, ${order.itemCount}::int,
        ${order.mrpPaise}::bigint, ${order.discountPaise}::bigint, ${order.totalPaise}::bigint,
        ${order.gstIncludedPaise}::bigint, ${order.deliveryPaise ?? 0}::bigint,
        ${order.deliveryDate}::date, ${order.placedAt.toISOString()}::timestamptz)
      returning id, order_number),
    new_shipment as (
      insert into ${shipments} (order_id, shop_id, status, item_count, subtotal_paise)
      select new_order.id, part.shop_id, ${status}, part.item_count, part.subtotal_paise
      from new_order,
        (values ${shipmentValues}) as part (ord, shop_id, item_count, subtotal_paise)
      order by part.ord
      returning id, shop_id),
    new_item as (
      insert into ${orderItems} (order_id, shipment_id, product_id, name, company, size, colour,
        thumbnail_path, price_paise, mrp_paise, quantity, line_total_paise, hsn_class, sku)
      select new_order.id, new_shipment.id, line.product_id, line.name, line.company, line.size,
        line.colour, line.thumbnail_path, line.price_paise, line.mrp_paise, line.quantity,
        line.line_total_paise, product.hsn_class, product.sku
      from new_order, line join new_shipment on new_shipment.shop_id = line.shop_id
        -- The product's HSN class and SKU as ordered: the shipment's invoice reads them (docs/gst.md
        -- "Marketplace"), whatever the seller changes on the product later.
        join ${products} product on product.id = line.product_id
      order by line.ord
      returning id),
    new_event as (
      insert into ${orderStatusEvents} (order_id, shipment_id, status, at)
      select new_order.id, new_shipment.id, ${status}, ${order.placedAt.toISOString()}::timestamptz
      from new_order, new_shipment order by new_shipment.id
      returning id),
    ordered as (
      delete from ${cartItems} where user_id = ${order.userId}
        and product_id in (${productIds}) and not ${keepCart}::boolean
      returning product_id)
    select new_order.id as "orderId", new_order.order_number as "orderNumber",
      new_shipment.id as "shipmentId", new_shipment.shop_id as "shopId",
      (select count(*)::int from new_item) as "items",
      (select count(*)::int from new_event) as "events",
      (select count(*)::int from ordered) as "removed"
    from new_order, new_shipment`)) as unknown as {
    rows: {
      orderId: number;
      orderNumber: string;
      shipmentId: number;
      shopId: number;
    }[];
  };
  const rows = result.rows;
  if (rows.length !== shipmentList.length) {
    // One row per shipment written; anything else is a bug: refuse rather than half-write.
    throw new Error(`writeOrder: wrote ${rows.length} of ${shipmentList.length} shipments`);
  }
  return {
    id: rows[0]!.orderId,
    orderNumber: rows[0]!.orderNumber,
    shipmentIds: new Map(rows.map((row) => [row.shopId, row.shipmentId])),
  };
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

/** The shipment, product and quantity of every item of the given shipments, by product id. */
export async function findItemQuantities(db: Queryable, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return [];
  return db
    .select({
      shipmentId: orderItems.shipmentId,
      productId: orderItems.productId,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.shipmentId, [...shipmentIds]))
    .orderBy(asc(orderItems.productId));
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

/** The delivery staff member a shipment is handed to (docs/delivery.md), joined by name. */
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
  const [shipmentRows, itemRows, eventRows, refundRows] = await Promise.all([
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
    db.select().from(refunds).where(eq(refunds.orderId, orderId)),
  ]);
  return {
    order,
    shipments: shipmentRows,
    items: itemRows,
    events: eventRows,
    refunds: refundRows,
  };
}

export type OrderTree = NonNullable<Awaited<ReturnType<typeof findOrderTree>>>;

/**
 * The condition of My Orders: every order of the customer, those waiting for an online payment
 * included, so a customer always sees what holds stock in their name (docs/security.md).
 */
function myOrders(userId: string) {
  return eq(orders.userId, userId);
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

/**
 * What the customer's online orders waiting for payment hold, inside the checkout transaction
 * (the customer's row is locked, so two checkouts of one customer count one after the other):
 * how many such orders there are, and the units they hold of each of `productIds`.
 */
export async function findPendingPaymentHoldings(
  tx: Tx,
  userId: string,
  productIds: readonly number[],
): Promise<{ orderCount: number; unitsByProduct: Map<number, number> }> {
  const pending = and(eq(orders.userId, userId), eq(orders.status, 'payment_pending'));
  const [counted] = await tx.select({ value: count() }).from(orders).where(pending);
  const units =
    productIds.length === 0
      ? []
      : await tx
          .select({
            productId: orderItems.productId,
            units: sql<number>`sum(${orderItems.quantity})::int`,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(and(pending, inArray(orderItems.productId, [...productIds])))
          .groupBy(orderItems.productId);
  return {
    orderCount: counted?.value ?? 0,
    unitsByProduct: new Map(units.map((row) => [row.productId, Number(row.units)])),
  };
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
