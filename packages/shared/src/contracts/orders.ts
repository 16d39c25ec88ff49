import { defineEndpoint } from './endpoint.js';
import {
  CancelOrderInputSchema,
  OrderIdParamsSchema,
  OrderListQuerySchema,
  OrderPageSchema,
  OrderSchema,
  PlaceOrderInputSchema,
  ReturnRequestInputSchema,
  ShipmentParamsSchema,
} from '../schemas/orders.js';

/**
 * The customer's orders (docs/orders.md "Customer routes"): customers only, scoped to the
 * session's user, so another customer's order is 404. Amounts are paise. Every endpoint may
 * answer 401 (no session) and 403 (not a customer). Paying online is in `paymentsApi`.
 */

/**
 * Places the cart's available lines as an order paid on delivery (`paymentMethod: 'cod'`) and
 * takes them out of the cart; 201 with the Order. With `buyNow` `{ productId, quantity }` only
 * that product is ordered and the cart is left as it is ("Buy now"; 404 PRODUCT_UNAVAILABLE for
 * an unknown or archived product). 400 CART_EMPTY 'Your cart is empty'; 404 'Address not found';
 * 409 OUT_OF_STOCK 'Only N left of {name}' or '{name} is out of stock'.
 */
export const placeOrder = defineEndpoint({
  method: 'POST',
  path: '/api/orders',
  tag: 'orders',
  summary: 'Place the cart as an order paid on delivery',
  body: PlaceOrderInputSchema,
  responses: { 201: OrderSchema },
  errors: [400, 401, 403, 404, 409],
});

/**
 * My Orders: newest first, 10 a page, orders still waiting for an online payment included
 * (status `payment_pending`, shown as "Awaiting payment"):
 * `{ items: OrderSummary[], page, pageSize, total, totalPages }`.
 */
export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/api/orders',
  tag: 'orders',
  summary: 'My Orders, newest first',
  query: OrderListQuerySchema,
  responses: { 200: OrderPageSchema },
  errors: [400, 401, 403],
});

/** One order with its shipments, items and status history. 404 unknown or another's. */
export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/api/orders/:orderId',
  tag: 'orders',
  summary: 'One order with its shipments and status history',
  params: OrderIdParamsSchema,
  responses: { 200: OrderSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Cancels the order, with an optional reason, while every shipment is before `shipped`; the
 * stock comes back. 404; 422 ORDER_NOT_CANCELLABLE once shipped or already cancelled.
 */
export const cancelOrder = defineEndpoint({
  method: 'POST',
  path: '/api/orders/:orderId/cancel',
  tag: 'orders',
  summary: 'Cancel an order before it is shipped',
  params: OrderIdParamsSchema,
  body: CancelOrderInputSchema,
  responses: { 200: OrderSchema },
  errors: [400, 401, 403, 404, 422],
});

/**
 * Cancels one shipment of the customer's order, with an optional reason, while it is not yet
 * handed to delivery (placed, confirmed, packed); its stock comes back and, when the order was
 * paid online, its amount is refunded through Razorpay (the shipment's `refund`). 404; 422
 * ORDER_NOT_CANCELLABLE once handed to delivery or already cancelled.
 */
export const cancelShipment = defineEndpoint({
  method: 'POST',
  path: '/api/orders/:orderId/shipments/:shipmentId/cancel',
  tag: 'orders',
  summary: 'Cancel one shipment of an order before it is handed to delivery',
  params: ShipmentParamsSchema,
  body: CancelOrderInputSchema,
  responses: { 200: OrderSchema },
  errors: [400, 401, 403, 404, 422],
});

/**
 * Asks to return a shipment delivered within the last 7 days, with a reason of 5-500
 * characters; a cash-on-delivery order also says where the refund goes (`refundTo`: UPI id or
 * bank account; optional, the shop asks otherwise). 400 refundTo given for an online order; 404;
 * 422 RETURN_NOT_ALLOWED when not delivered or past the window.
 */
export const requestReturn = defineEndpoint({
  method: 'POST',
  path: '/api/orders/:orderId/shipments/:shipmentId/return',
  tag: 'orders',
  summary: 'Request the return of a delivered shipment (within 7 days)',
  params: ShipmentParamsSchema,
  body: ReturnRequestInputSchema,
  responses: { 200: OrderSchema },
  errors: [400, 401, 403, 404, 422],
});

/**
 * Cancels the customer's own online order still waiting for payment (`payment_pending`): its
 * stock is released at once through the stock ledger, its lines go back to the cart, the order
 * becomes `cancelled` with payment `failed`. 404 unknown or another customer's order; 422
 * ORDER_NOT_AWAITING_PAYMENT once it was paid, released or cancelled.
 */
export const cancelPendingPayment = defineEndpoint({
  method: 'POST',
  path: '/api/orders/:orderId/cancel-payment',
  tag: 'orders',
  summary: 'Cancel an online order waiting for payment (stock released at once)',
  params: OrderIdParamsSchema,
  responses: { 200: OrderSchema },
  errors: [400, 401, 403, 404, 422],
});
