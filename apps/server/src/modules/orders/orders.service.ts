import type { BuyNow, RefundPayee } from '@bazaar/shared';
import type { AuthUser } from '../../platform/access.js';
import type { Db, Tx } from '../../db/client.js';
import {
  cancelOrder,
  cancelShipment,
  getOrder,
  listOrders,
  placeCashOnDelivery,
  requestReturn,
  type OrdersDeps,
} from './customer-orders.js';
import { cancelPendingPayment } from './order-payment.js';
import {
  listFailedRefunds,
  retryFailedRefund as retryFailedRefundIn,
  toRefund as toRefundView,
} from './refunds.js';

/*
 * The orders module's service (docs/orders.md). The rules live in files per job, each with
 * named functions: place-order.ts (the checkout transaction), customer-orders.ts (the
 * customer's routes), order-payment.ts (payment confirmed, unpaid orders released),
 * order-view.ts (the API's Order), order-stock.ts (stock given back), best-sellers.ts, and
 * shipment-status.ts (the one way a shipment's status changes). This file composes them for the
 * routes and is, with index.ts, what other modules import.
 */

export { deliveredQuantities } from './best-sellers.js';
export { createOrderNotifier, recordOrderEvent, type OrderEvent } from './order-notifications.js';
export type { OrdersDeps } from './customer-orders.js';
export {
  markOrderPaid,
  releaseUnpaidOrders,
  restoreOrderToCart,
  type OrderState,
} from './order-payment.js';
export { restoreShipmentStock } from './order-stock.js';
export {
  markRefundPaid,
  openShipmentRefund,
  REFUND_JOBS,
  retryFailedRefund,
  toRefund,
  type RefundRow,
} from './refunds.js';
export {
  applyRefundEvent,
  createRefundJobs,
  refundReceipt,
  REFUND_RECONCILE_AFTER_MINUTES,
  type RefundEventEntity,
  type RefundJobs,
} from './refund-gateway.js';
export { toOrder, type OrderView } from './order-view.js';
export {
  deliveryDateFrom,
  reserveAndCreateOrder,
  type CreateOrderInput,
  type CreatedOrder,
  type PlacedOrder,
} from './place-order.js';

/**
 * The customer's orders for the routes (docs/orders.md "Customer routes"): placing with cash on
 * delivery, My Orders, one order, cancelling before shipping, cancelling an online order waiting
 * for payment and asking for a return within 7 days of delivery; each method is the named function of customer-orders.ts with these deps.
 */
export function createOrdersService(deps: OrdersDeps) {
  return {
    /** See `placeCashOnDelivery`: the Order (201). @throws AppError 404, 400, 409. */
    placeCashOnDelivery: (userId: string, addressId: number, buyNow?: BuyNow) =>
      placeCashOnDelivery(deps, userId, addressId, buyNow),

    /**
     * An order with its shipments, items and history. With `userId`, only that customer's order
     * is found (the payments module passes it too). @throws AppError NOT_FOUND 'Order not found'.
     */
    getOrder: (userId: string | undefined, orderId: number, queryable: Db | Tx = deps.db) =>
      getOrder(deps, userId, orderId, queryable),

    /** See `listOrders`: one page of My Orders. */
    listOrders: (userId: string, page: number) => listOrders(deps, userId, page),

    /** See `cancelOrder`. @throws AppError 404; 422 already cancelled or shipped. */
    cancelOrder: (userId: string, orderId: number, reason?: string) =>
      cancelOrder(deps, userId, orderId, reason),

    /**
     * See `cancelPendingPayment`: the cancelled Order, its stock released at once.
     * @throws AppError 404; 422 ORDER_NOT_AWAITING_PAYMENT.
     */
    cancelPendingPayment: async (userId: string, orderId: number) => {
      await cancelPendingPayment(deps.db, userId, orderId);
      return getOrder(deps, userId, orderId);
    },

    /**
     * Starts sending the mails of order events that committed transactions recorded (in the
     * background; order-notifications.ts): the payments module calls it after the commit in
     * which `markOrderPaid` recorded a payment. Returns at once; never throws.
     */
    sendOrderMails: () => deps.jobs.wake(),

    /**
     * See `cancelShipment`: one shipment cancelled before delivery takes it, refunded when paid.
     * @throws AppError 404; 422 ORDER_NOT_CANCELLABLE.
     */
    cancelShipment: (userId: string, orderId: number, shipmentId: number, reason?: string) =>
      cancelShipment(deps, userId, orderId, shipmentId, reason),

    /**
     * See `requestReturn`. @throws AppError 400 refundTo; 404; 422 not delivered or past 7 days.
     */
    requestReturn: (
      userId: string,
      orderId: number,
      shipmentId: number,
      input: { reason: string; refundTo?: RefundPayee | undefined },
    ) => requestReturn(deps, userId, orderId, shipmentId, input),

    /** The admin's list of online refunds Razorpay refused (docs/refunds.md). */
    listFailedRefunds: () => listFailedRefunds(deps.db),

    /**
     * The admin retries a failed Razorpay refund (`retryFailedRefund`), then wakes the job that
     * asks Razorpay. @throws AppError 404 unknown refund; 409 REFUND_NOT_FAILED.
     */
    retryRefund: async (actor: AuthUser, refundId: number) => {
      const row = await deps.db.transaction((tx) => retryFailedRefundIn(tx, actor, { refundId }));
      deps.jobs.wake();
      return toRefundView(row);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
