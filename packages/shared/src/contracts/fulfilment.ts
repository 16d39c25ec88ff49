import { defineEndpoint } from './endpoint.js';
import {
  AssignShipmentInputSchema,
  DeliveryStaffListSchema,
  ShopCustomerPageSchema,
  ShopCustomerQuerySchema,
  ShopOrderDetailSchema,
  ShopOrderListQuerySchema,
  ShopOrderPageSchema,
  ShopReasonInputSchema,
  ShopShipmentParamsSchema,
  ShopSummarySchema,
} from '../schemas/shop-office.js';
import { MarkRefundPaidInputSchema } from '../schemas/refunds.js';

/**
 * The shop office's orders (docs/shop-office.md "Routes"): the seller and the shop's support
 * admins, scoped to the session's shop, so another shop's shipment is a 404. Amounts are paise;
 * each change answers the shipment as it is now (and mails the customer after the commit), or
 * 422 SHIPMENT_STATUS_CHANGED when its status no longer allows the move. Every endpoint may
 * answer 401 (no session) and 403 (another role or no shop).
 */

/** `{ newOrders, returnOrders, orderHistory }`: the counts of the Home tiles. */
export const getShopSummary = defineEndpoint({
  method: 'GET',
  path: '/api/shop/summary',
  tag: 'shop office',
  summary: 'Counts of the Home tiles',
  responses: { 200: ShopSummarySchema },
  errors: [400, 401, 403],
});

/** The shop's orders (`view=new|returns|history`, search, status, from, to), 10 a page. */
export const listShopOrders = defineEndpoint({
  method: 'GET',
  path: '/api/shop/orders',
  tag: 'shop office',
  summary: "The shop's orders: new, returns or history",
  query: ShopOrderListQuerySchema,
  responses: { 200: ShopOrderPageSchema },
  errors: [400, 401, 403],
});

/** One shipment with its items, customer, address, history and delivery staff. 404. */
export const getShopOrder = defineEndpoint({
  method: 'GET',
  path: '/api/shop/orders/:shipmentId',
  tag: 'shop office',
  summary: "One of the shop's shipments with its items and history",
  params: ShopShipmentParamsSchema,
  responses: { 200: ShopOrderDetailSchema },
  errors: [400, 401, 403, 404],
});

/** Accepts a placed order (placed -> confirmed). 404; 422 wrong status. */
export const acceptShopOrder = defineEndpoint({
  method: 'POST',
  path: '/api/shop/orders/:shipmentId/accept',
  tag: 'shop office',
  summary: 'Accept a placed order (placed -> confirmed)',
  params: ShopShipmentParamsSchema,
  responses: { 200: ShopOrderDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/** Marks an accepted order packed (confirmed -> packed). 404; 422 wrong status. */
export const packShopOrder = defineEndpoint({
  method: 'POST',
  path: '/api/shop/orders/:shipmentId/pack',
  tag: 'shop office',
  summary: 'Mark an accepted order packed (confirmed -> packed)',
  params: ShopShipmentParamsSchema,
  responses: { 200: ShopOrderDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/** Approves a return request (return_requested -> return_approved). 404; 422 wrong status. */
export const approveShopReturn = defineEndpoint({
  method: 'POST',
  path: '/api/shop/orders/:shipmentId/return/approve',
  tag: 'shop office',
  summary: 'Approve a return request (return_requested -> return_approved)',
  params: ShopShipmentParamsSchema,
  responses: { 200: ShopOrderDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/**
 * The goods came back (return_approved -> returned); the stock is restored and the refund opened
 * (Razorpay for an online order; for cash on delivery the shop transfers it and records the UTR).
 * 404; 422.
 */
export const receiveShopReturn = defineEndpoint({
  method: 'POST',
  path: '/api/shop/orders/:shipmentId/return/receive',
  tag: 'shop office',
  summary: 'Goods received back (return_approved -> returned); stock restored',
  params: ShopShipmentParamsSchema,
  responses: { 200: ShopOrderDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/**
 * Records that the shop transferred a cash-on-delivery refund `{ reference }` (the UTR, 12-22
 * letters and digits): the refund becomes processed and the customer is mailed. 400 reference;
 * 404 no refund for this shipment; 409 REFUND_ALREADY_PROCESSED; 422 REFUND_NOT_MANUAL (an
 * online refund, which Razorpay settles).
 */
export const markShopRefundPaid = defineEndpoint({
  method: 'POST',
  path: '/api/shop/orders/:shipmentId/refund/paid',
  tag: 'shop office',
  summary: 'Record the UTR of a cash-on-delivery refund the shop transferred',
  params: ShopShipmentParamsSchema,
  body: MarkRefundPaidInputSchema,
  responses: { 200: ShopOrderDetailSchema },
  errors: [400, 401, 403, 404, 409, 422],
});

/**
 * Retries a failed Razorpay refund of the shipment (docs/refunds.md "Retrying a failed refund"):
 * it is pending again and a new request goes to Razorpay in the background, under a receipt of
 * its own so it never pays twice; audited. 404 no refund for this shipment; 409
 * REFUND_NOT_FAILED (pending, processed, or a cash refund).
 */
export const retryShopRefund = defineEndpoint({
  method: 'POST',
  path: '/api/shop/orders/:shipmentId/refund/retry',
  tag: 'shop office',
  summary: 'Retry a failed Razorpay refund of a shipment',
  params: ShopShipmentParamsSchema,
  responses: { 200: ShopOrderDetailSchema },
  errors: [400, 401, 403, 404, 409],
});

/**
 * Hands a packed (or failed) shipment to a delivery staff member `{ deliveryStaffId }`, with a
 * new 4-digit delivery code. 400 when that staff member is not available; 404; 422.
 */
export const assignShopOrder = defineEndpoint({
  method: 'POST',
  path: '/api/shop/orders/:shipmentId/assign',
  tag: 'shop office',
  summary: 'Hand over to delivery (packed | delivery_failed -> assigned)',
  params: ShopShipmentParamsSchema,
  body: AssignShipmentInputSchema,
  responses: { 200: ShopOrderDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/** Cancels before delivery `{ reason }`; the stock comes back. 404; 422 once shipped. */
export const cancelShopOrder = defineEndpoint({
  method: 'POST',
  path: '/api/shop/orders/:shipmentId/cancel',
  tag: 'shop office',
  summary: 'Cancel before delivery (stock restored)',
  params: ShopShipmentParamsSchema,
  body: ShopReasonInputSchema,
  responses: { 200: ShopOrderDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/** Rejects a return request `{ reason }` (return_requested -> return_rejected). 404; 422. */
export const rejectShopReturn = defineEndpoint({
  method: 'POST',
  path: '/api/shop/orders/:shipmentId/return/reject',
  tag: 'shop office',
  summary: 'Reject a return request (return_requested -> return_rejected)',
  params: ShopShipmentParamsSchema,
  body: ShopReasonInputSchema,
  responses: { 200: ShopOrderDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/** `[{ id, name, mobile }]`: the active delivery staff one can hand a shipment to. */
export const listDeliveryStaff = defineEndpoint({
  method: 'GET',
  path: '/api/shop/delivery-staff',
  tag: 'shop office',
  summary: 'Delivery staff one can hand an order to',
  responses: { 200: DeliveryStaffListSchema },
  errors: [400, 401, 403],
});

/** Total customers (the seller only): who bought from this shop, searched, 10 a page. */
export const listShopCustomers = defineEndpoint({
  method: 'GET',
  path: '/api/shop/customers',
  tag: 'shop office',
  summary: 'Customers who bought from this shop',
  query: ShopCustomerQuerySchema,
  responses: { 200: ShopCustomerPageSchema },
  errors: [400, 401, 403],
});
