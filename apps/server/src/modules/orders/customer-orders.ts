import {
  type BuyNow,
  ORDER_CANCELLABLE_STATUSES,
  ORDER_MESSAGES,
  ORDERS_PAGE_SIZE,
  type Order,
  type OrderPage,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  REFUND_MESSAGES,
  type RefundPayee,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { AppError, refusal, validationError } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import type { JobRunner } from '../../platform/background-jobs.js';
import { recordOrderEvent } from './order-notifications.js';
import { openShipmentRefund } from './refunds.js';
import { restoreShipmentStock } from './order-stock.js';
import { isCancellableStatus, isReturnable, toOrder } from './order-view.js';
import * as repo from './orders.repo.js';
import { reserveAndCreateOrder } from './place-order.js';
import { moveShipment } from './shipment-status.js';

/*
 * The customer's own orders (docs/orders.md "Customer routes"): placing with cash on delivery,
 * My Orders, one order, cancelling before shipping and asking for a return. Every query is
 * scoped by the session's user: another customer's order is a 404.
 */

/**
 * What the customer's order functions need: the database, where images are served from, and
 * the job runner to wake after a commit that recorded an order event (its mails to the customer
 * and the shops: order-notifications.ts).
 */
export interface OrdersDeps {
  db: Db;
  storage: FileStorage;
  jobs: Pick<JobRunner, 'wake'>;
}

/**
 * An order with its shipments, items and history, as the API answers it. With `userId`, only
 * that customer's order is found and each shipment with delivery carries its delivery code.
 * @throws AppError NOT_FOUND 'Order not found'.
 */
export async function getOrder(
  { db, storage }: OrdersDeps,
  userId: string | undefined,
  orderId: number,
  queryable: Db | Tx = db,
): Promise<Order> {
  const tree = await repo.findOrderTree(queryable, orderId, userId);
  if (!tree) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  return toOrder(tree, storage, { forOwner: userId !== undefined });
}

/** Locks the customer's order and its shipments. @throws AppError NOT_FOUND. */
async function lockOwnOrder(tx: Tx, userId: string, orderId: number) {
  const order = await repo.lockOrder(tx, orderId, userId);
  if (!order) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  return { order, shipments: await repo.lockShipments(tx, orderId) };
}

/**
 * `POST /api/orders` `{ addressId, paymentMethod: 'cod', buyNow? }`: places the cart's available
 * lines (or, with `buyNow`, only that product, leaving the cart as it is) as one order paid on
 * delivery, in one transaction. Answers the Order (201), built from what placing wrote (the same
 * as `getOrder` would read).
 * @throws AppError 404 address or buy-now product unavailable; 400 'Your cart is empty'; 409
 *   'Only N left of {name}'.
 */
export async function placeCashOnDelivery(
  { db, storage, jobs }: OrdersDeps,
  userId: string,
  addressId: number,
  buyNow?: BuyNow,
): Promise<Order> {
  const placed = await db.transaction(async (tx) => {
    const created = await reserveAndCreateOrder(tx, {
      userId,
      addressId,
      paymentMethod: 'cod',
      initialStatus: 'placed',
      buyNow,
    });
    await recordOrderEvent(tx, { kind: 'order_placed', orderId: created.view.order.id });
    return created;
  });
  // The mails are composed and sent after the answer, between requests.
  jobs.wake();
  // Answered from what placing wrote: no read-back of the order tree.
  return toOrder(placed.view, storage, { forOwner: true });
}

/**
 * `GET /api/orders?page=`: My Orders, newest first, ORDERS_PAGE_SIZE (10) a page, without
 * unpaid Razorpay orders. A page past the end answers no items. Amounts in paise.
 */
export async function listOrders(
  { db, storage }: OrdersDeps,
  userId: string,
  page: number,
): Promise<OrderPage> {
  const offset = (page - 1) * ORDERS_PAGE_SIZE;
  const [total, rows] = await Promise.all([
    repo.countMyOrders(db, userId),
    repo.findMyOrders(db, userId, ORDERS_PAGE_SIZE, offset),
  ]);
  const items = await repo.findItemsOfOrders(
    db,
    rows.map((row) => row.order.id),
  );
  return {
    items: rows.map(({ order, shipmentCount }) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status as OrderStatus,
      paymentMethod: order.paymentMethod as PaymentMethod,
      paymentStatus: order.paymentStatus as PaymentStatus,
      itemCount: order.itemCount,
      totalPaise: order.totalPaise,
      deliveryDate: order.deliveryDate,
      placedAt: order.placedAt.toISOString(),
      shipmentCount,
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          productId: item.productId,
          name: item.name,
          imageUrl: item.thumbnailPath ? storage.urlFor(item.thumbnailPath) : null,
          quantity: item.quantity,
        })),
    })),
    page,
    pageSize: ORDERS_PAGE_SIZE,
    total,
    totalPages: Math.ceil(total / ORDERS_PAGE_SIZE),
  };
}

/**
 * `POST /api/orders/{orderId}/cancel` `{ reason? }`: cancels every shipment not cancelled yet
 * (each through `moveShipment`, with a `cancelled` history row carrying the reason), gives their
 * stock back through the stock ledger; a paid order's payment becomes `refunded` and each
 * shipment's refund is opened (Razorpay, after the commit), an unpaid Razorpay one `failed`.
 * @throws AppError 404 'Order not found'; 422 already cancelled, or any shipment `shipped` or
 *   later.
 */
export async function cancelOrder(
  deps: OrdersDeps,
  userId: string,
  orderId: number,
  reason?: string,
): Promise<Order> {
  await deps.db.transaction(async (tx) => {
    const { order, shipments } = await lockOwnOrder(tx, userId, orderId);
    const active = shipments.filter((shipment) => shipment.status !== 'cancelled');
    if (active.length === 0) {
      throw refusal('ORDER_NOT_CANCELLABLE', ORDER_MESSAGES.alreadyCancelled);
    }
    if (!active.every((shipment) => isCancellableStatus(shipment.status))) {
      throw refusal('ORDER_NOT_CANCELLABLE', ORDER_MESSAGES.cancelAfterShipping);
    }
    const note = reason && reason.length > 0 ? reason : null;
    const shipmentIds = active.map((shipment) => shipment.id);
    await restoreShipmentStock(tx, shipmentIds, 'cancel');
    for (const shipmentId of shipmentIds) {
      await moveShipment(tx, {
        shipmentId,
        allowedFrom: ORDER_CANCELLABLE_STATUSES,
        to: 'cancelled',
        note,
      });
      // A paid online order's money goes back, one refund per shipment (docs/refunds.md).
      await openShipmentRefund(tx, shipmentId, 'cancelled');
    }
    const paymentStatus: PaymentStatus =
      order.paymentStatus === 'paid'
        ? 'refunded'
        : order.paymentMethod === 'razorpay' && order.paymentStatus === 'pending'
          ? 'failed'
          : (order.paymentStatus as PaymentStatus);
    await repo.updateOrder(tx, orderId, {
      status: 'cancelled',
      paymentStatus,
      cancelledAt: new Date(),
      cancelReason: note,
    });
    // An online order whose payment never arrived was never announced: nothing to tell.
    if (order.status !== 'payment_pending') {
      await recordOrderEvent(tx, { kind: 'order_cancelled', orderId });
    }
  });
  deps.jobs.wake();
  return getOrder(deps, userId, orderId);
}

/**
 * `POST /api/orders/{orderId}/shipments/{shipmentId}/cancel` `{ reason? }`: cancels one shipment
 * not yet handed to delivery (placed, confirmed, packed) in one transaction: `cancelled` through
 * `moveShipment` with the reason on its history row, its stock back through the stock ledger, its
 * refund opened when the order was paid online (Razorpay, after the commit). When no shipment is
 * left, the order is cancelled as a whole cancel would (reason kept, payment `refunded`).
 * @throws AppError 404 order or shipment; 422 ORDER_NOT_CANCELLABLE already cancelled, handed to
 *   delivery, or an online order still waiting for payment (cancel-payment cancels that).
 */
export async function cancelShipment(
  deps: OrdersDeps,
  userId: string,
  orderId: number,
  shipmentId: number,
  reason?: string,
): Promise<Order> {
  await deps.db.transaction(async (tx) => {
    const { order, shipments } = await lockOwnOrder(tx, userId, orderId);
    const shipment = shipments.find((candidate) => candidate.id === shipmentId);
    if (!shipment) throw new AppError('NOT_FOUND', ORDER_MESSAGES.shipmentNotFound);
    if (shipment.status === 'cancelled') {
      throw refusal('ORDER_NOT_CANCELLABLE', ORDER_MESSAGES.alreadyCancelled);
    }
    if (shipment.status === 'payment_pending' || !isCancellableStatus(shipment.status)) {
      throw refusal('ORDER_NOT_CANCELLABLE', ORDER_MESSAGES.cancelAfterShipping);
    }
    const note = reason && reason.length > 0 ? reason : null;
    await restoreShipmentStock(tx, [shipmentId], 'cancel');
    const moved = await moveShipment(tx, {
      shipmentId,
      allowedFrom: ORDER_CANCELLABLE_STATUSES,
      to: 'cancelled',
      note,
    });
    await openShipmentRefund(tx, shipmentId, 'cancelled');
    if (moved.orderStatus === 'cancelled') {
      await repo.updateOrder(tx, orderId, {
        paymentStatus:
          order.paymentStatus === 'paid' ? 'refunded' : (order.paymentStatus as PaymentStatus),
        cancelledAt: new Date(),
        cancelReason: note,
      });
    }
    await recordOrderEvent(tx, { kind: 'shipment_cancelled', orderId, shipmentId });
  });
  deps.jobs.wake();
  return getOrder(deps, userId, orderId);
}

/**
 * `POST /api/orders/{orderId}/shipments/{shipmentId}/return` `{ reason }`: asks for the return
 * of a shipment delivered within the last 7 days (CANCELLATION_DAYS_LIFESTYLE): status
 * `return_requested` through `moveShipment`, the reason kept and written as the history row's
 * note. The shop office approves it and restores the stock later. A cash-on-delivery order says
 * where the refund goes (`refundTo`, kept on the shipment until the return is received; without
 * it the shop asks the customer); an online order's refund goes back through Razorpay, so it
 * must not.
 * @throws AppError 400 refundTo given for an online order; 404 order or
 *   shipment; 422 not delivered, or delivered over 7 days ago.
 */
export async function requestReturn(
  deps: OrdersDeps,
  userId: string,
  orderId: number,
  shipmentId: number,
  input: { reason: string; refundTo?: RefundPayee | undefined },
): Promise<Order> {
  const { reason, refundTo } = input;
  await deps.db.transaction(async (tx) => {
    const { order, shipments } = await lockOwnOrder(tx, userId, orderId);
    const shipment = shipments.find((candidate) => candidate.id === shipmentId);
    if (!shipment) throw new AppError('NOT_FOUND', ORDER_MESSAGES.shipmentNotFound);
    if (shipment.status !== 'delivered') {
      throw refusal('RETURN_NOT_ALLOWED', ORDER_MESSAGES.returnNotDelivered);
    }
    if (!isReturnable(shipment.status, shipment.deliveredAt, Date.now())) {
      throw refusal('RETURN_NOT_ALLOWED', ORDER_MESSAGES.returnWindowOver);
    }
    if (order.paymentMethod !== 'cod' && refundTo) {
      throw validationError({ refundTo: REFUND_MESSAGES.payeeNotNeeded });
    }
    // The move also sets the order's summary status from all its shipments.
    await moveShipment(tx, {
      shipmentId,
      allowedFrom: ['delivered'],
      to: 'return_requested',
      note: reason,
      patch: {
        returnReason: reason,
        returnRequestedAt: new Date(),
        refundPayee: refundTo ?? null,
      },
    });
    await recordOrderEvent(tx, { kind: 'return_requested', orderId, shipmentId });
  });
  deps.jobs.wake();
  return getOrder(deps, userId, orderId);
}
