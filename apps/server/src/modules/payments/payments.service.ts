import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  ORDER_MESSAGES,
  UNPAID_ORDER_RELEASE_MINUTES,
  type Order,
  type PaymentsConfig,
  type RazorpayCheckout,
  type RazorpayConfirmInput,
  type RazorpayOrderInput,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import {
  AppError,
  GENERIC_ERROR_MESSAGE,
  isUniqueViolation,
  refusal,
} from '../../platform/errors.js';
import { verifyWebhookSignature, type PaymentGateway } from '../../platform/payments.js';
import {
  applyRefundEvent,
  markOrderPaid,
  releaseUnpaidOrders,
  restoreOrderToCart,
  reserveAndCreateOrder,
  type OrdersService,
} from '../orders/orders.service.js';
import * as repo from './payments.repo.js';

/** Messages of refusals the shared ORDER_MESSAGES does not hold (server-only cases). */
export const PAYMENT_MESSAGES = {
  webhookSignature: 'The webhook signature is not valid',
  webhookBody: 'The webhook body is not valid JSON',
  paymentReused: 'This payment has already been used for another order',
  orderPaidOtherwise: 'This order has already been paid with another payment',
  gatewayFailed: 'Online payment could not be started',
} as const;

/** The events that mean "this order's money has arrived". */
const PAID_EVENTS = new Set(['payment.captured', 'order.paid']);

/** The events that settle a refund we asked for (docs/refunds.md). */
const REFUND_EVENTS = new Set(['refund.processed', 'refund.failed']);

/** The parts of a Razorpay webhook body we read; everything else is kept as received. */
const WebhookEventSchema = z.object({
  event: z.string().min(1),
  payload: z
    .object({
      payment: z
        .object({
          entity: z
            .object({
              id: z.string().optional(),
              order_id: z.string().nullish(),
              amount: z.number().optional(),
            })
            .optional(),
        })
        .optional(),
      order: z.object({ entity: z.object({ id: z.string().optional() }).optional() }).optional(),
      refund: z
        .object({
          entity: z
            .object({
              id: z.string().min(1).max(100),
              payment_id: z.string().optional(),
              status: z.string().optional(),
              notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
});

/** A Razorpay event id as the `x-razorpay-event-id` header carries it. */
const EVENT_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

export interface PaymentsServiceOptions {
  db: Db;
  /** The Razorpay gateway, or null when the keys are not configured (online payment off). */
  gateway: PaymentGateway | null;
  /** `RAZORPAY_WEBHOOK_SECRET`; unset: every webhook is refused. */
  webhookSecret: string | undefined;
  /**
   * The orders module: `getOrder` answers an order as its customer sees it; `cancelOrder`
   * releases an order whose Razorpay order could not be created (stock back, payment failed).
   */
  orders: Pick<OrdersService, 'getOrder' | 'cancelOrder' | 'sendOrderMails'>;
  log: FastifyBaseLogger;
  /**
   * `ONLINE_PAYMENT_HOLD_MINUTES`: how long an unpaid online order holds its stock before the
   * sweep releases it (minutes); default UNPAID_ORDER_RELEASE_MINUTES (15).
   */
  holdMinutes?: number;
}

/**
 * Online payment with Razorpay (docs/orders.md "Razorpay"). The order and its
 * stock reservation are written in one transaction; the network call to Razorpay happens
 * outside it. A payment counts only after its signature is checked with the official package
 * against the Razorpay order id stored on our side.
 */
export function createPaymentsService(options: PaymentsServiceOptions) {
  const { db, gateway, webhookSecret, orders, log } = options;
  const holdMinutes = options.holdMinutes ?? UNPAID_ORDER_RELEASE_MINUTES;

  function requireGateway(): PaymentGateway {
    if (!gateway) throw refusal('ONLINE_PAYMENT_UNAVAILABLE', ORDER_MESSAGES.razorpayUnavailable);
    return gateway;
  }

  return {
    /** `GET /api/payments/config`: whether Razorpay is offered, and the public key id. */
    config(): PaymentsConfig {
      return { razorpayEnabled: gateway !== null, keyId: gateway?.keyId ?? null };
    },

    /**
     * Creates a payment_pending order for the cart's available lines (stock reserved in the same
     * transaction), then its Razorpay order for the exact total in paise with the order number as
     * receipt. When Razorpay fails the order is released at once (stock back).
     * @throws AppError 503 keys unset or Razorpay unreachable; the orders module's 400/404/409.
     */
    async startCheckout(userId: string, input: RazorpayOrderInput): Promise<RazorpayCheckout> {
      const razorpay = requireGateway();
      const created = await db.transaction((tx) =>
        reserveAndCreateOrder(tx, {
          userId,
          addressId: input.addressId,
          paymentMethod: 'razorpay',
          initialStatus: 'payment_pending',
          buyNow: input.buyNow,
        }),
      );
      let gatewayOrder;
      try {
        gatewayOrder = await razorpay.createOrder({
          amountPaise: created.totalPaise,
          receipt: created.orderNumber,
        });
      } catch (error) {
        log.error(
          { err: error, orderId: created.id },
          'Razorpay order creation failed; releasing the order',
        );
        try {
          await orders.cancelOrder(userId, created.id, PAYMENT_MESSAGES.gatewayFailed);
          // Back to where the customer was: the ordered lines return to the cart.
          await restoreOrderToCart(db, userId, created.id);
        } catch (releaseError) {
          // The periodic sweep releases it once its hold (holdMinutes) is over.
          log.error({ err: releaseError, orderId: created.id }, 'releasing the order failed');
        }
        throw refusal('ONLINE_PAYMENT_UNAVAILABLE', GENERIC_ERROR_MESSAGE);
      }
      await repo.setRazorpayOrderId(db, created.id, gatewayOrder.id);
      return {
        order: await orders.getOrder(userId, created.id),
        razorpay: {
          keyId: razorpay.keyId,
          orderId: gatewayOrder.id,
          amountPaise: gatewayOrder.amountPaise,
          currency: 'INR',
        },
      };
    },

    /**
     * "Pay now" in My Orders: reopens checkout for the customer's own order waiting for payment.
     * Reuses the Razorpay order stored on it (Razorpay accepts payments on it until it is paid),
     * creating one only when none was stored. The amount is the order's total (paise).
     * @throws AppError 404 not the customer's order; 503 keys unset or Razorpay unreachable;
     *   422 ORDER_NOT_AWAITING_PAYMENT when paid or cancelled, UNPAID_ORDER_RELEASED once the
     *   hold is over (the sweep is about to release it).
     */
    async resumeCheckout(userId: string, orderId: number): Promise<RazorpayCheckout> {
      // Another customer's order is a 404 whether or not online payment is on.
      const order = await repo.findOwnOrderForPayment(db, orderId, userId);
      if (!order) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
      const razorpay = requireGateway();
      if (order.status !== 'payment_pending' || order.paymentStatus !== 'pending') {
        throw refusal('ORDER_NOT_AWAITING_PAYMENT', ORDER_MESSAGES.notAwaitingPayment);
      }
      if (order.placedAt.getTime() + holdMinutes * 60_000 <= Date.now()) {
        throw refusal('UNPAID_ORDER_RELEASED', ORDER_MESSAGES.unpaidReleased);
      }
      let razorpayOrderId = order.razorpayOrderId;
      if (!razorpayOrderId) {
        try {
          const created = await razorpay.createOrder({
            amountPaise: order.totalPaise,
            receipt: order.orderNumber,
          });
          await repo.setRazorpayOrderId(db, order.id, created.id);
          // A concurrent "Pay now" may have stored its own first: use whichever is stored.
          razorpayOrderId =
            (await repo.findOwnOrderForPayment(db, orderId, userId))?.razorpayOrderId ?? created.id;
        } catch (error) {
          log.error({ err: error, orderId }, 'Razorpay order creation failed on Pay now');
          throw refusal('ONLINE_PAYMENT_UNAVAILABLE', GENERIC_ERROR_MESSAGE);
        }
      }
      return {
        order: await orders.getOrder(userId, order.id),
        razorpay: {
          keyId: razorpay.keyId,
          orderId: razorpayOrderId,
          amountPaise: order.totalPaise,
          currency: 'INR',
        },
      };
    },

    /**
     * Confirms the customer's payment from what checkout.js handed the browser. The order is
     * found by its Razorpay order id among the customer's own orders; the signature is checked
     * against the id stored on our side. Idempotent: the same payment again answers the order.
     * @throws AppError 404 not the customer's order; 400 'Payment could not be verified'; 409
     *   the payment id belongs to another order; 422 'Payment not received in time' when the
     *   order was released before the payment (the payment is recorded for a refund).
     */
    async confirm(userId: string, input: RazorpayConfirmInput): Promise<Order> {
      const razorpay = requireGateway();
      const order = await repo.findOrderByRazorpayOrderId(db, input.razorpayOrderId, { userId });
      if (!order?.razorpayOrderId) {
        throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
      }
      const verified = razorpay.verifyPaymentSignature({
        orderId: order.razorpayOrderId,
        paymentId: input.razorpayPaymentId,
        signature: input.razorpaySignature,
      });
      if (!verified) {
        log.warn({ orderId: order.id }, 'Razorpay payment signature did not verify');
        throw refusal('PAYMENT_NOT_VERIFIED', ORDER_MESSAGES.paymentNotVerified);
      }
      let status: string;
      // Set only by the call that moved the order to paid: the mails go once.
      let newlyPaid = false;
      try {
        status = await db.transaction(async (tx) => {
          const locked = await repo.findOrderByRazorpayOrderId(tx, order.razorpayOrderId!, {
            userId,
            forUpdate: true,
          });
          if (!locked) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
          if (locked.paymentStatus === 'paid' || locked.paymentStatus === 'refunded') {
            // The same payment confirmed again (or by the webhook first) answers the same order.
            if (locked.razorpayPaymentId === input.razorpayPaymentId) return locked.status;
            throw new AppError('CONFLICT', PAYMENT_MESSAGES.orderPaidOtherwise);
          }
          const holder = await repo.findOrderIdByPaymentId(tx, input.razorpayPaymentId);
          if (holder !== undefined && holder !== locked.id) {
            throw refusal('PAYMENT_ALREADY_USED', PAYMENT_MESSAGES.paymentReused);
          }
          const paid = await markOrderPaid(tx, locked.id, {
            razorpayPaymentId: input.razorpayPaymentId,
          });
          newlyPaid = paid.status !== 'cancelled';
          return paid.status;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw refusal('PAYMENT_ALREADY_USED', PAYMENT_MESSAGES.paymentReused);
        }
        throw error;
      }
      if (status === 'cancelled') {
        // Paid after the order was released: the payment is recorded for a refund.
        log.error(
          { orderId: order.id, razorpayPaymentId: input.razorpayPaymentId },
          'verified payment for a released order: refund it from the Razorpay dashboard',
        );
        throw refusal('UNPAID_ORDER_RELEASED', ORDER_MESSAGES.unpaidReleased);
      }
      if (newlyPaid) orders.sendOrderMails();
      return orders.getOrder(userId, order.id);
    },

    /**
     * Razorpay's webhook: verifies the signature over the raw body with the webhook secret,
     * records the event once per `x-razorpay-event-id` (a body hash when absent), and for
     * `payment.captured` / `order.paid` marks the order paid in the same transaction. A paid
     * order stays paid, a released (cancelled) one stays cancelled (logged for a refund), an
     * unknown order is only recorded: every verified event is answered 200.
     * @throws AppError 400 missing or wrong signature, a malformed body or event id.
     */
    async handleWebhook(input: {
      rawBody: Buffer;
      signature: string | undefined;
      eventId: string | undefined;
      log: FastifyBaseLogger;
    }): Promise<{ status: 'processed' | 'duplicate' }> {
      if (!webhookSecret) {
        input.log.warn('Razorpay webhook refused: RAZORPAY_WEBHOOK_SECRET is not set');
        throw new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.webhookSignature);
      }
      if (!verifyWebhookSignature(input.rawBody, input.signature, webhookSecret)) {
        input.log.warn('Razorpay webhook with a missing or wrong signature');
        throw new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.webhookSignature);
      }
      let body: unknown;
      try {
        body = JSON.parse(input.rawBody.toString('utf8'));
      } catch {
        throw new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.webhookBody);
      }
      const parsed = WebhookEventSchema.safeParse(body);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.webhookBody);
      if (input.eventId !== undefined && !EVENT_ID.test(input.eventId)) {
        throw new AppError('VALIDATION_FAILED', 'The x-razorpay-event-id header is not valid');
      }
      const eventId =
        input.eventId ?? `sha256:${createHash('sha256').update(input.rawBody).digest('hex')}`;
      const event = parsed.data;
      const payment = event.payload?.payment?.entity;
      const razorpayOrderId = payment?.order_id ?? event.payload?.order?.entity?.id ?? null;
      const type = event.event.slice(0, 100);
      const eventLog = input.log.child({ razorpayEventId: eventId, razorpayEvent: type });

      // Set only when this event moved an order to paid: its mails go after the commit.
      let paidOrderId: number | undefined;
      let refundSettled = false;
      const answer = await db.transaction(async (tx) => {
        const recordId = await repo.insertPaymentEvent(tx, {
          eventId,
          type,
          razorpayOrderId,
          payload: body,
        });
        if (recordId === undefined) return { status: 'duplicate' as const };
        const outcome = async (value: string, note: string | null = null) => {
          await repo.setPaymentEventOutcome(tx, recordId, value, note);
          return { status: 'processed' as const };
        };
        if (REFUND_EVENTS.has(type)) {
          const refund = event.payload?.refund?.entity;
          if (!refund) return outcome('ignored', 'no refund entity');
          const notes = Array.isArray(refund.notes) ? undefined : refund.notes;
          const settled = await applyRefundEvent(tx, type as 'refund.processed' | 'refund.failed', {
            id: refund.id,
            status: refund.status,
            notes,
          });
          if (settled === 'unknown_refund') {
            eventLog.warn(
              { razorpayRefundId: refund.id },
              'Razorpay refund event for a refund we do not know',
            );
          }
          // A processed refund recorded its mail job: sent after the commit.
          refundSettled = settled === 'refund_processed';
          return outcome(settled);
        }
        if (!PAID_EVENTS.has(type)) return outcome('ignored');
        if (!razorpayOrderId || !payment?.id) {
          eventLog.warn('Razorpay paid event without an order or payment id');
          return outcome('ignored', 'no order or payment id');
        }
        const order = await repo.findOrderByRazorpayOrderId(tx, razorpayOrderId, {
          forUpdate: true,
        });
        if (!order) {
          eventLog.warn({ razorpayOrderId }, 'Razorpay paid event for an order we do not know');
          return outcome('unknown_order');
        }
        if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
          if (order.razorpayPaymentId !== payment.id) {
            eventLog.error(
              { orderId: order.id, razorpayPaymentId: payment.id },
              'second payment for a paid order: refund it from the Razorpay dashboard',
            );
            return outcome('already_paid', `another payment ${payment.id}`);
          }
          return outcome('already_paid');
        }
        if (payment.amount !== undefined && payment.amount !== order.totalPaise) {
          eventLog.error(
            { orderId: order.id, amount: payment.amount, totalPaise: order.totalPaise },
            'Razorpay payment amount differs from the order total; not marked paid',
          );
          return outcome('amount_mismatch', `paid ${payment.amount} of ${order.totalPaise}`);
        }
        const holder = await repo.findOrderIdByPaymentId(tx, payment.id);
        if (holder !== undefined && holder !== order.id) {
          eventLog.error({ orderId: order.id, holder }, 'payment id already used by another order');
          return outcome('payment_reused', `held by order ${holder}`);
        }
        const paid = await markOrderPaid(tx, order.id, { razorpayPaymentId: payment.id });
        if (paid.status === 'cancelled') {
          // Released before the money arrived: it stays cancelled, the payment is kept for a refund.
          eventLog.warn(
            { orderId: order.id, razorpayPaymentId: payment.id },
            'payment captured for a released order: refund it from the Razorpay dashboard',
          );
          return outcome('order_cancelled', `payment ${payment.id}`);
        }
        eventLog.info({ orderId: order.id }, 'order paid through the Razorpay webhook');
        paidOrderId = order.id;
        return outcome('paid');
      });
      if (paidOrderId !== undefined || refundSettled) orders.sendOrderMails();
      return answer;
    },

    /**
     * Releases Razorpay orders left unpaid longer than the hold (`holdMinutes`, or
     * `olderThanMinutes` when given): stock back, cancelled, payment failed; answers how many.
     * Run every minute by app.ts.
     */
    async releaseUnpaid(olderThanMinutes: number = holdMinutes): Promise<number> {
      return releaseUnpaidOrders(db, olderThanMinutes);
    },
  };
}

/** The payments service as routes and app.ts see it. */
export type PaymentsService = ReturnType<typeof createPaymentsService>;
