import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  OrderIdParamsSchema,
  OrderSchema,
  PaymentsConfigSchema,
  RazorpayCheckoutSchema,
  RazorpayConfirmInputSchema,
  RazorpayOrderInputSchema,
} from '../schemas/orders.js';

/**
 * Paying online through Razorpay (docs/orders.md "Razorpay"): whether checkout offers it, the
 * order waiting for payment with its Razorpay order, the browser's confirmation and Razorpay's
 * webhook. Amounts are paise.
 */

/** What the webhook answers: the event was processed now, or had been before. */
const WebhookAnswerSchema = z.object({
  status: z.enum(['processed', 'duplicate']),
});

/** Anyone: whether checkout offers Razorpay, and the key id its script needs. */
export const getPaymentsConfig = defineEndpoint({
  method: 'GET',
  path: '/api/payments/config',
  tag: 'payments',
  summary: 'Whether online payment (Razorpay) is offered',
  responses: { 200: PaymentsConfigSchema },
  errors: [],
});

/**
 * Customers: reserves the stock in a `payment_pending` order and creates its Razorpay order for
 * the server-computed total; 201 `{ order, razorpay: { keyId, orderId, amountPaise, currency } }`.
 * The stock is held ONLINE_PAYMENT_HOLD_MINUTES (15 by default), then released.
 * 400 CART_EMPTY; 404 address; 409 OUT_OF_STOCK; 409 PENDING_PAYMENTS_LIMIT with 2 orders already
 * waiting for payment; 409 PENDING_UNITS_LIMIT above 10 units of one product across them; 503 ONLINE_PAYMENT_UNAVAILABLE when Razorpay is
 * not configured or cannot be reached (the order is then released and the stock restored).
 */
export const startRazorpayCheckout = defineEndpoint({
  method: 'POST',
  path: '/api/orders/razorpay',
  tag: 'payments',
  summary: 'Create an order to pay online with Razorpay',
  body: RazorpayOrderInputSchema,
  responses: { 201: RazorpayCheckoutSchema },
  errors: [400, 401, 403, 404, 409, 503],
});

/**
 * Customers: reopens Razorpay's checkout for their own order still waiting for payment ("Pay
 * now" in My Orders), reusing its Razorpay order (created again only when none was stored);
 * 200 `{ order, razorpay }` as for a new checkout. 404 unknown or another customer's order; 422
 * ORDER_NOT_AWAITING_PAYMENT when paid, cancelled or released, UNPAID_ORDER_RELEASED once its
 * hold (ONLINE_PAYMENT_HOLD_MINUTES) is over; 503 ONLINE_PAYMENT_UNAVAILABLE.
 */
export const resumeRazorpayCheckout = defineEndpoint({
  method: 'POST',
  path: '/api/orders/:orderId/razorpay',
  tag: 'payments',
  summary: 'Pay now: reopen Razorpay checkout for an order waiting for payment',
  params: OrderIdParamsSchema,
  responses: { 200: RazorpayCheckoutSchema },
  errors: [400, 401, 403, 404, 422, 503],
});

/**
 * Customers: checks the checkout's signature against the Razorpay order id stored on our order
 * and marks the order paid (`placed`). The same payment again answers the same order. 400
 * PAYMENT_NOT_VERIFIED 'Payment could not be verified'; 404 not the customer's order; 409
 * PAYMENT_ALREADY_USED for a payment id of another order (409 too when the order was paid by
 * another payment); 422 UNPAID_ORDER_RELEASED when the order was released before the payment
 * came (the payment is recorded for a refund).
 */
export const confirmRazorpayPayment = defineEndpoint({
  method: 'POST',
  path: '/api/orders/razorpay/confirm',
  tag: 'payments',
  summary: 'Confirm a Razorpay payment (signature checked on the server)',
  body: RazorpayConfirmInputSchema,
  responses: { 200: OrderSchema },
  errors: [400, 401, 403, 404, 409, 422],
});

/**
 * Razorpay's webhook (anyone; the body is read raw, not as JSON): `X-Razorpay-Signature` must be
 * the HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET (400 otherwise). Each
 * `x-razorpay-event-id` is processed once (`{ status: 'duplicate' }` after); `payment.captured`
 * and `order.paid` mark the order paid, never moving it backwards. Answers 200 quickly, also for
 * orders we do not know, so Razorpay does not retry.
 */
export const receiveRazorpayWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/webhooks/razorpay',
  tag: 'payments',
  summary: 'Razorpay webhook (signed raw JSON body)',
  responses: { 200: WebhookAnswerSchema },
  errors: [400],
});
