import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  ErrorBodySchema,
} from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import type { DeliveryService } from './delivery.service.js';

const deliveryOnly = { access: ['delivery'] as const };
const guarded = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const moveErrors = { ...guarded, 404: ErrorBodySchema, 422: ErrorBodySchema };

/**
 * The delivery staff area's routes (issue 4 item 8; docs/delivery.md): delivery staff only, and
 * each sees only the shipments handed to them (another's is 404). Amounts are paise, days are
 * Indian (Asia/Kolkata) YYYY-MM-DD.
 */
export const deliveryRoutes =
  (delivery: DeliveryService): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * `GET /api/delivery/summary`: `{ day, active, deliveredToday, failedToday, cashTodayPaise }`
     * for the signed-in delivery staff member, today in India.
     */
    app.get(
      '/api/delivery/summary',
      {
        config: deliveryOnly,
        schema: {
          tags: ['delivery'],
          summary: "Today's deliveries and cash of the signed-in delivery staff member",
          response: { 200: DeliverySummarySchema, ...guarded },
        },
      },
      async (request) => delivery.summary(requireUser(request).id),
    );

    /**
     * `GET /api/delivery/shipments?view=active|history&search=&from=&to=&page=`: my shipments,
     * 10 a page: `{ items: DeliveryShipment[], page, pageSize, total, totalPages }`. 400 for a
     * bad date or a range that ends before it starts.
     */
    app.get(
      '/api/delivery/shipments',
      {
        config: deliveryOnly,
        schema: {
          tags: ['delivery'],
          summary: 'My deliveries to make (active) or done (history)',
          querystring: DeliveryListQuerySchema,
          response: { 200: DeliveryShipmentPageSchema, ...guarded },
        },
      },
      async (request) => delivery.listShipments(requireUser(request).id, request.query),
    );

    /** `GET /api/delivery/shipments/{shipmentId}`: one of mine with its history; 404 otherwise. */
    app.get(
      '/api/delivery/shipments/:shipmentId',
      {
        config: deliveryOnly,
        schema: {
          tags: ['delivery'],
          summary: 'One of my shipments with its status history',
          params: DeliveryShipmentParamsSchema,
          response: { 200: DeliveryShipmentDetailSchema, ...guarded, 404: ErrorBodySchema },
        },
      },
      async (request) => delivery.getShipment(requireUser(request).id, request.params.shipmentId),
    );

    /** `POST .../pick-up`: assigned -> shipped. 200 the shipment; 404; 422 wrong status. */
    app.post(
      '/api/delivery/shipments/:shipmentId/pick-up',
      {
        config: deliveryOnly,
        schema: {
          tags: ['delivery'],
          summary: 'Mark a shipment picked up from the shop',
          params: DeliveryShipmentParamsSchema,
          response: { 200: DeliveryShipmentDetailSchema, ...moveErrors },
        },
      },
      async (request) => delivery.pickUp(requireUser(request).id, request.params.shipmentId),
    );

    /** `POST .../out-for-delivery`: shipped -> out_for_delivery. 200; 404; 422 wrong status. */
    app.post(
      '/api/delivery/shipments/:shipmentId/out-for-delivery',
      {
        config: deliveryOnly,
        schema: {
          tags: ['delivery'],
          summary: 'Mark a shipment out for delivery',
          params: DeliveryShipmentParamsSchema,
          response: { 200: DeliveryShipmentDetailSchema, ...moveErrors },
        },
      },
      async (request) =>
        delivery.outForDelivery(requireUser(request).id, request.params.shipmentId),
    );

    /**
     * `POST .../deliver` `{ code }` (4 digits): out_for_delivery -> delivered when the code is
     * the customer's; COD cash recorded. 422 'The delivery code does not match' (nothing
     * changes); 429 after 5 wrong codes, for 15 minutes; 404; 422 wrong status.
     */
    app.post(
      '/api/delivery/shipments/:shipmentId/deliver',
      {
        config: deliveryOnly,
        schema: {
          tags: ['delivery'],
          summary: "Mark a shipment delivered with the customer's 4-digit code",
          params: DeliveryShipmentParamsSchema,
          body: DeliverInputSchema,
          response: { 200: DeliveryShipmentDetailSchema, ...moveErrors, 429: ErrorBodySchema },
        },
      },
      async (request) =>
        delivery.deliver(requireUser(request).id, request.params.shipmentId, request.body.code),
    );

    /**
     * `POST .../fail` `{ reason }` (5-300 characters): shipped or out_for_delivery ->
     * delivery_failed. 200; 404; 422 wrong status.
     */
    app.post(
      '/api/delivery/shipments/:shipmentId/fail',
      {
        config: deliveryOnly,
        schema: {
          tags: ['delivery'],
          summary: 'Mark a delivery failed, with the reason',
          params: DeliveryShipmentParamsSchema,
          body: DeliveryFailInputSchema,
          response: { 200: DeliveryShipmentDetailSchema, ...moveErrors },
        },
      },
      async (request) =>
        delivery.fail(requireUser(request).id, request.params.shipmentId, request.body.reason),
    );

    /**
     * `GET /api/delivery/cash?from=&to=`: `{ from, to, days: [{ day, shipments, cashPaise }],
     * totalShipments, totalCashPaise }`, my deliveries per Indian day (default the last 30 days).
     */
    app.get(
      '/api/delivery/cash',
      {
        config: deliveryOnly,
        schema: {
          tags: ['delivery'],
          summary: 'Cash I collected per day',
          querystring: DeliveryCashQuerySchema,
          response: { 200: DeliveryCashReportSchema, ...guarded },
        },
      },
      async (request) => delivery.cash(requireUser(request).id, request.query),
    );
  };
