import {
  ORDER_MESSAGES,
  orderStatusOf,
  type OrderStatus,
  type PaymentStatus,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { AppError, refusal } from '../../platform/errors.js';
import { recordOrderEvent } from './order-notifications.js';
import { restoreShipmentStock } from './order-stock.js';
import type { CreatedOrder } from './place-order.js';
import * as repo from './orders.repo.js';
import { moveShipment } from './shipment-status.js';

/*
 * Where an order's money stands, for the payments module (docs/orders.md "Razorpay"): a
 * confirmed payment, the lines of an unpaid order back in the cart, and the release of orders
 * left unpaid.
 */

/** An order's identity and where it and its money stand, as the payments module needs them. */
export interface OrderState extends CreatedOrder {
  userId: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

function stateOf(row: repo.OrderRow): OrderState {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    totalPaise: row.totalPaise,
    userId: row.userId,
    status: row.status as OrderStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
  };
}

/**
 * Records a verified Razorpay payment inside `tx` (docs/orders.md "Razorpay"): a
 * `payment_pending` order becomes `placed` (each shipment too, with a history row) and
 * `paymentStatus` `paid`. Idempotent and never moves backwards: an order already paid (or
 * refunded) is answered unchanged. A payment arriving for an order already released or cancelled
 * is recorded (`paid`, payment id) while the order stays cancelled, so the office can refund it.
 * A newly placed order records its `order_paid` event: wake the job runner after the commit.
 * @throws AppError NOT_FOUND 'Order not found'.
 */
export async function markOrderPaid(
  tx: Tx,
  orderId: number,
  payment: { razorpayPaymentId: string },
): Promise<OrderState> {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return stateOf(order);

  const paid = {
    paymentStatus: 'paid' as const,
    razorpayPaymentId: payment.razorpayPaymentId,
    paidAt: new Date(),
  };
  if (order.status === 'payment_pending') {
    const pending = (await repo.lockShipments(tx, orderId)).filter(
      (shipment) => shipment.status === 'payment_pending',
    );
    for (const shipment of pending) {
      await moveShipment(tx, {
        shipmentId: shipment.id,
        allowedFrom: ['payment_pending'],
        to: 'placed',
      });
    }
    const status = orderStatusOf(await repo.findShipmentStatuses(tx, orderId));
    await repo.updateOrder(tx, orderId, { ...paid, status });
    // The order is now real for its shops: the customer and the shops are told after the commit.
    await recordOrderEvent(tx, { kind: 'order_paid', orderId });
    return stateOf({ ...order, ...paid, status });
  }
  await repo.updateOrder(tx, orderId, paid);
  return stateOf({ ...order, ...paid });
}

/**
 * Puts an unpaid order's lines back into its customer's cart (docs/orders.md "Razorpay"): what
 * a released or failed online payment leaves the customer with, so nothing they chose is lost.
 */
export async function restoreOrderToCart(db: Db | Tx, userId: string, orderId: number) {
  await repo.restoreCartLines(db, userId, orderId);
}

/**
 * Releases one locked order waiting for payment inside `tx`: its stock back through the stock
 * ledger, every shipment and the order `cancelled` with `note` in the history, payment `failed`,
 * and its lines back in the customer's cart. The caller holds the order's lock and checked that
 * it is still `payment_pending` with payment `pending`.
 */
async function releasePendingOrder(tx: Tx, order: repo.OrderRow, note: string): Promise<void> {
  // An unpaid order's shipments are all still `payment_pending`.
  const shipmentIds = (await repo.lockShipments(tx, order.id))
    .filter((shipment) => shipment.status === 'payment_pending')
    .map((shipment) => shipment.id);
  await restoreShipmentStock(tx, shipmentIds, 'cancel');
  for (const shipmentId of shipmentIds) {
    await moveShipment(tx, {
      shipmentId,
      allowedFrom: ['payment_pending'],
      to: 'cancelled',
      note,
    });
  }
  await repo.updateOrder(tx, order.id, {
    status: 'cancelled',
    paymentStatus: 'failed',
    cancelledAt: new Date(),
    cancelReason: note,
  });
  await repo.restoreCartLines(tx, order.userId, order.id);
}

/** Whether a locked order is an online order still waiting for its payment. */
function isAwaitingPayment(order: repo.OrderRow | undefined): order is repo.OrderRow {
  return order?.status === 'payment_pending' && order.paymentStatus === 'pending';
}

/**
 * Releases Razorpay orders left unpaid for more than `olderThanMinutes` (the hold,
 * ONLINE_PAYMENT_HOLD_MINUTES, 15 by default; docs/security.md): stock back, every shipment and
 * the order `cancelled` with a history row, payment `failed`, and the lines back in the
 * customer's cart. Each order in its own transaction, re-checked under its lock, so a payment
 * confirmed meanwhile wins.
 * @returns how many orders were released.
 */
export async function releaseUnpaidOrders(db: Db, olderThanMinutes: number): Promise<number> {
  const before = new Date(Date.now() - olderThanMinutes * 60_000);
  let released = 0;
  for (const orderId of await repo.findUnpaidOrderIds(db, before)) {
    const done = await db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, orderId);
      if (!isAwaitingPayment(order)) return false;
      await releasePendingOrder(tx, order, ORDER_MESSAGES.unpaidReleased);
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

/**
 * The customer cancels their own online order waiting for payment ("Cancel" in My Orders): the
 * same release as an expired hold, at once, in one transaction under the order's lock (a
 * payment confirmed first wins).
 * @throws AppError NOT_FOUND 'Order not found' (also another customer's order);
 *   BUSINESS_RULE ORDER_NOT_AWAITING_PAYMENT when it is paid, cancelled or released already.
 */
export async function cancelPendingPayment(db: Db, userId: string, orderId: number) {
  await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId, userId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
    if (!isAwaitingPayment(order)) {
      throw refusal('ORDER_NOT_AWAITING_PAYMENT', ORDER_MESSAGES.notAwaitingPayment);
    }
    await releasePendingOrder(tx, order, ORDER_MESSAGES.paymentCancelled);
  });
}
