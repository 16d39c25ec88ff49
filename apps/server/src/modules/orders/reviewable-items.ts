import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders, shipments, users } from '../../db/schema/index.js';

/** An order item as the reviews module needs it: who bought it, from which shop, its status. */
export interface ItemForReview {
  orderItemId: number;
  orderId: number;
  userId: string;
  buyerName: string;
  shopId: number;
  productId: number;
  name: string;
  size: string;
  colour: string;
  shipmentStatus: string;
}

const itemColumns = {
  orderItemId: orderItems.id,
  orderId: orderItems.orderId,
  userId: orders.userId,
  buyerName: users.name,
  shopId: shipments.shopId,
  productId: orderItems.productId,
  name: orderItems.name,
  size: orderItems.size,
  colour: orderItems.colour,
  shipmentStatus: shipments.status,
};

/**
 * One order item with its buyer and its shipment's status, or null when there is no such item.
 * Inside a review's transaction the shipment row is locked (`for update`), so a return received
 * meanwhile cannot slip between the check and the insert.
 */
export async function findItemForReview(
  db: Db | Tx,
  orderItemId: number,
): Promise<ItemForReview | null> {
  const [row] = await db
    .select(itemColumns)
    .from(orderItems)
    .innerJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orderItems.id, orderItemId))
    .for('update', { of: shipments });
  return row ?? null;
}

/**
 * The items of one order of `userId` (in shipment and item order), or null when the order is
 * not this customer's (or does not exist).
 */
export async function itemsOfCustomerOrder(
  db: Db,
  userId: string,
  orderId: number,
): Promise<ItemForReview[] | null> {
  const rows = await db
    .select(itemColumns)
    .from(orderItems)
    .innerJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .orderBy(asc(shipments.id), asc(orderItems.id));
  if (rows.length > 0) return rows;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order ? [] : null;
}
