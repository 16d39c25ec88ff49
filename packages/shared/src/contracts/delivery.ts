import { defineEndpoint } from './endpoint.js';
import {
  DeliverInputSchema,
  DeliveryCashQuerySchema,
  DeliveryCashReportSchema,
  DeliveryFailInputSchema,
  DeliveryListQuerySchema,
  DeliveryShipmentDetailSchema,
  DeliveryShipmentPageSchema,
  DeliveryShipmentParamsSchema,
  DeliverySummarySchema,
} from '../schemas/delivery.js';

/**
 * The delivery staff area (docs/delivery.md): delivery staff only, and each sees only the
 * shipments handed to them (another's is 404). Amounts are paise, days are Indian
 * (Asia/Kolkata) YYYY-MM-DD. Each move answers the shipment as it is now, or 422
 * SHIPMENT_STATUS_CHANGED when its status no longer allows it. Every endpoint may answer 401 (no
 * session) and 403 (another role).
 */

/** `{ day, active, deliveredToday, failedToday, cashTodayPaise }` for today in India. */
export const getDeliverySummary = defineEndpoint({
  method: 'GET',
  path: '/api/delivery/summary',
  tag: 'delivery',
  summary: "Today's deliveries and cash of the signed-in delivery staff member",
  responses: { 200: DeliverySummarySchema },
  errors: [400, 401, 403],
});

/**
 * My shipments (`view=active|history`, search, from, to), 10 a page:
 * `{ items: DeliveryShipment[], page, pageSize, total, totalPages }`. 400 for a bad date or a
 * range that ends before it starts.
 */
export const listDeliveryShipments = defineEndpoint({
  method: 'GET',
  path: '/api/delivery/shipments',
  tag: 'delivery',
  summary: 'My deliveries to make (active) or done (history)',
  query: DeliveryListQuerySchema,
  responses: { 200: DeliveryShipmentPageSchema },
  errors: [400, 401, 403],
});

/** One of my shipments with its status history. 404 otherwise. */
export const getDeliveryShipment = defineEndpoint({
  method: 'GET',
  path: '/api/delivery/shipments/:shipmentId',
  tag: 'delivery',
  summary: 'One of my shipments with its status history',
  params: DeliveryShipmentParamsSchema,
  responses: { 200: DeliveryShipmentDetailSchema },
  errors: [400, 401, 403, 404],
});

/** Picked up from the shop: assigned -> shipped. 404; 422 wrong status. */
export const pickUpShipment = defineEndpoint({
  method: 'POST',
  path: '/api/delivery/shipments/:shipmentId/pick-up',
  tag: 'delivery',
  summary: 'Mark a shipment picked up from the shop',
  params: DeliveryShipmentParamsSchema,
  responses: { 200: DeliveryShipmentDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/** shipped -> out_for_delivery. 404; 422 wrong status. */
export const sendOutForDelivery = defineEndpoint({
  method: 'POST',
  path: '/api/delivery/shipments/:shipmentId/out-for-delivery',
  tag: 'delivery',
  summary: 'Mark a shipment out for delivery',
  params: DeliveryShipmentParamsSchema,
  responses: { 200: DeliveryShipmentDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/**
 * out_for_delivery -> delivered when `{ code }` (4 digits) is the customer's; cash on delivery
 * is recorded. 422 DELIVERY_CODE_MISMATCH 'The delivery code does not match' (nothing changes);
 * 429 DELIVERY_CODE_LOCKED after 5 wrong codes, for 15 minutes; 404; 422 wrong status.
 */
export const deliverShipment = defineEndpoint({
  method: 'POST',
  path: '/api/delivery/shipments/:shipmentId/deliver',
  tag: 'delivery',
  summary: "Mark a shipment delivered with the customer's 4-digit code",
  params: DeliveryShipmentParamsSchema,
  body: DeliverInputSchema,
  responses: { 200: DeliveryShipmentDetailSchema },
  errors: [400, 401, 403, 404, 422, 429],
});

/**
 * shipped or out_for_delivery -> delivery_failed, with `{ reason }` (5-300 characters). 404;
 * 422 wrong status.
 */
export const failDelivery = defineEndpoint({
  method: 'POST',
  path: '/api/delivery/shipments/:shipmentId/fail',
  tag: 'delivery',
  summary: 'Mark a delivery failed, with the reason',
  params: DeliveryShipmentParamsSchema,
  body: DeliveryFailInputSchema,
  responses: { 200: DeliveryShipmentDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/**
 * My deliveries per Indian day in `from`..`to` (default the last 30 days):
 * `{ from, to, days: [{ day, shipments, cashPaise }], totalShipments, totalCashPaise }`.
 */
export const getDeliveryCash = defineEndpoint({
  method: 'GET',
  path: '/api/delivery/cash',
  tag: 'delivery',
  summary: 'Cash I collected per day',
  query: DeliveryCashQuerySchema,
  responses: { 200: DeliveryCashReportSchema },
  errors: [400, 401, 403],
});
