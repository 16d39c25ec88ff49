import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CancelOrderInputSchema,
  ErrorBodySchema,
  OrderIdParamsSchema,
  OrderListQuerySchema,
  OrderPageSchema,
  OrderSchema,
  PlaceOrderInputSchema,
  ReturnRequestInputSchema,
  ShipmentParamsSchema,
} from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import type { OrdersService } from './orders.service.js';

const customerOnly = { access: ['customer'] as const };
const guarded = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * Customer order routes (issue 6 items 4-6; docs/orders.md "Customer routes"): customers only,
 * scoped to the session's user, so another customer's order is 404. Amounts are paise. The
 * Razorpay routes live in the payments module.
 */
export const ordersRoutes =
  (orders: OrdersService): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * `POST /api/orders` `{ addressId, paymentMethod: 'cod' }`: places the cart's available lines
     * (cash on delivery) and removes them from the cart. 201 Order; 400 'Your cart is empty';
     * 404 'Address not found'; 409 'Only N left of {name}' / '{name} is out of stock'.
     */
    app.post(
      '/api/orders',
      {
        config: customerOnly,
        schema: {
          tags: ['orders'],
          summary: 'Place the cart as an order paid on delivery',
          body: PlaceOrderInputSchema,
          response: {
            201: OrderSchema,
            400: ErrorBodySchema,
            ...guarded,
            404: ErrorBodySchema,
            409: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const order = await orders.placeCashOnDelivery(
          requireUser(request).id,
          request.body.addressId,
        );
        return reply.status(201).send(order);
      },
    );

    /**
     * `GET /api/orders?page=`: My Orders, newest first, 10 a page, without unpaid Razorpay
     * orders: `{ items: OrderSummary[], page, pageSize, total, totalPages }`.
     */
    app.get(
      '/api/orders',
      {
        config: customerOnly,
        schema: {
          tags: ['orders'],
          summary: 'My Orders, newest first',
          querystring: OrderListQuerySchema,
          response: { 200: OrderPageSchema, 400: ErrorBodySchema, ...guarded },
        },
      },
      async (request) => orders.listOrders(requireUser(request).id, request.query.page),
    );

    /** `GET /api/orders/{orderId}`: the Order with shipments, items and history; 404 otherwise. */
    app.get(
      '/api/orders/:orderId',
      {
        config: customerOnly,
        schema: {
          tags: ['orders'],
          summary: 'One order with its shipments and status history',
          params: OrderIdParamsSchema,
          response: { 200: OrderSchema, 400: ErrorBodySchema, ...guarded, 404: ErrorBodySchema },
        },
      },
      async (request) => orders.getOrder(requireUser(request).id, request.params.orderId),
    );

    /**
     * `POST /api/orders/{orderId}/cancel` `{ reason? }`: cancels the order while every shipment
     * is before `shipped`; stock comes back. 200 Order; 404; 422 shipped or already cancelled.
     */
    app.post(
      '/api/orders/:orderId/cancel',
      {
        config: customerOnly,
        schema: {
          tags: ['orders'],
          summary: 'Cancel an order before it is shipped',
          params: OrderIdParamsSchema,
          body: CancelOrderInputSchema,
          response: {
            200: OrderSchema,
            400: ErrorBodySchema,
            ...guarded,
            404: ErrorBodySchema,
            422: ErrorBodySchema,
          },
        },
      },
      async (request) =>
        orders.cancelOrder(requireUser(request).id, request.params.orderId, request.body.reason),
    );

    /**
     * `POST /api/orders/{orderId}/shipments/{shipmentId}/return` `{ reason }` (5-500
     * characters): asks to return a shipment delivered within the last 7 days. 200 Order; 404;
     * 422 not delivered or past the window.
     */
    app.post(
      '/api/orders/:orderId/shipments/:shipmentId/return',
      {
        config: customerOnly,
        schema: {
          tags: ['orders'],
          summary: 'Request the return of a delivered shipment (within 7 days)',
          params: ShipmentParamsSchema,
          body: ReturnRequestInputSchema,
          response: {
            200: OrderSchema,
            400: ErrorBodySchema,
            ...guarded,
            404: ErrorBodySchema,
            422: ErrorBodySchema,
          },
        },
      },
      async (request) =>
        orders.requestReturn(
          requireUser(request).id,
          request.params.orderId,
          request.params.shipmentId,
          request.body.reason,
        ),
    );
  };
