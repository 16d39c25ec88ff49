import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orders } from '../../db/schema/orders.js';
import { paymentEvents } from '../../db/schema/payments.js';

/** What the payments module needs to know of an order paid (or to be paid) with Razorpay. */
export interface RazorpayOrderRow {
  id: number;
  userId: string;
  status: string;
  paymentMethod: string;
  paymentStatus: string;
  totalPaise: number;
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
}

const razorpayOrderColumns = {
  id: orders.id,
  userId: orders.userId,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  totalPaise: orders.totalPaise,
  razorpayOrderId: orders.razorpayOrderId,
  razorpayPaymentId: orders.razorpayPaymentId,
};

/**
 * Our order whose Razorpay order id is `razorpayOrderId`, only among `userId`'s orders when
 * given (so another customer's order is never found). `forUpdate` locks the row (in a transaction).
 */
export async function findOrderByRazorpayOrderId(
  db: Db | Tx,
  razorpayOrderId: string,
  options: { userId?: string; forUpdate?: boolean } = {},
): Promise<RazorpayOrderRow | undefined> {
  const where = options.userId
    ? and(eq(orders.razorpayOrderId, razorpayOrderId), eq(orders.userId, options.userId))
    : eq(orders.razorpayOrderId, razorpayOrderId);
  const query = db.select(razorpayOrderColumns).from(orders).where(where).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * `userId`'s order `orderId` as the "Pay now" of My Orders needs it (its Razorpay order id,
 * number, total and when it was placed); another customer's order is not found.
 */
export async function findOwnOrderForPayment(db: Db | Tx, orderId: number, userId: string) {
  const [row] = await db
    .select({
      ...razorpayOrderColumns,
      orderNumber: orders.orderNumber,
      placedAt: orders.placedAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return row;
}

/** The id of the order that already holds `razorpayPaymentId`, if any. */
export async function findOrderIdByPaymentId(
  db: Db | Tx,
  razorpayPaymentId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.razorpayPaymentId, razorpayPaymentId))
    .limit(1);
  return row?.id;
}

/** Stores the Razorpay order id created for our order (once; a second call changes nothing). */
export async function setRazorpayOrderId(
  db: Db | Tx,
  orderId: number,
  razorpayOrderId: string,
): Promise<void> {
  await db
    .update(orders)
    .set({ razorpayOrderId, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), sql`${orders.razorpayOrderId} is null`));
}

/**
 * Records a webhook event unless its id was recorded before. Answers the new row's id, or
 * undefined for a redelivery (on PostgreSQL a concurrent twin waits for the first to commit).
 */
export async function insertPaymentEvent(
  tx: Db | Tx,
  event: { eventId: string; type: string; razorpayOrderId: string | null; payload: unknown },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(paymentEvents)
    .values({ ...event, outcome: 'received' })
    .onConflictDoNothing({ target: paymentEvents.eventId })
    .returning({ id: paymentEvents.id });
  return row?.id;
}

/** Writes what a recorded event did (`paid`, `already_paid`, `unknown_order`, ...). */
export async function setPaymentEventOutcome(
  tx: Db | Tx,
  id: number,
  outcome: string,
  note: string | null = null,
): Promise<void> {
  await tx.update(paymentEvents).set({ outcome, note }).where(eq(paymentEvents.id, id));
}
