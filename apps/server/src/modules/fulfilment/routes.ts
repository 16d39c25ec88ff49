import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssignShipmentInputSchema,
  DeliveryStaffListSchema,
  ErrorBodySchema,
  ShopCustomerPageSchema,
  ShopCustomerQuerySchema,
  ShopOrderDetailSchema,
  ShopOrderListQuerySchema,
  ShopOrderPageSchema,
  ShopReasonInputSchema,
  ShopShipmentParamsSchema,
  ShopSummarySchema,
} from '@bazaar/shared';
import { requireShopId } from '../../platform/access.js';
import type { FulfilmentService } from './fulfilment.service.js';

/** Sellers and their support admins, on their own shop's data only. */
const shopOffice = { access: ['seller', 'support_admin'] as const, shopScoped: true as const };
const guarded = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changed = {
  200: ShopOrderDetailSchema,
  ...guarded,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
};

/**
 * Shop office order routes (issue 4 items 2, 5, 7; docs/shop-office.md "Routes"): the seller and
 * the shop's support admins, scoped to the session's shop (`requireShopId`), so another shop's
 * shipment is a 404. Amounts are paise; each change answers the shipment as it is now and mails
 * the customer after the commit.
 */
export const fulfilmentRoutes =
  (fulfilment: FulfilmentService): FastifyPluginAsyncZod =>
  async (app) => {
    /** `GET /api/shop/summary`: `{ newOrders, returnOrders, orderHistory }` for the Home tiles. */
    app.get(
      '/api/shop/summary',
      {
        config: shopOffice,
        schema: {
          tags: ['shop office'],
          summary: 'Counts of the Home tiles',
          response: { 200: ShopSummarySchema, ...guarded },
        },
      },
      async (request) => fulfilment.summary(requireShopId(request)),
    );

    /**
     * `GET /api/shop/orders?view=new|returns|history&search=&status=&from=&to=&page=`: 10 a page,
     * newest first.
     */
    app.get(
      '/api/shop/orders',
      {
        config: shopOffice,
        schema: {
          tags: ['shop office'],
          summary: "The shop's orders: new, returns or history",
          querystring: ShopOrderListQuerySchema,
          response: { 200: ShopOrderPageSchema, ...guarded },
        },
      },
      async (request) => fulfilment.listOrders(requireShopId(request), request.query),
    );

    /** `GET /api/shop/orders/{shipmentId}`: items, customer, address, history, staff; 404. */
    app.get(
      '/api/shop/orders/:shipmentId',
      {
        config: shopOffice,
        schema: {
          tags: ['shop office'],
          summary: "One of the shop's shipments with its items and history",
          params: ShopShipmentParamsSchema,
          response: { 200: ShopOrderDetailSchema, ...guarded, 404: ErrorBodySchema },
        },
      },
      async (request) => fulfilment.getOrder(requireShopId(request), request.params.shipmentId),
    );

    const simpleMoves = [
      ['accept', 'Accept a placed order (placed -> confirmed)', fulfilment.accept],
      ['pack', 'Mark an accepted order packed (confirmed -> packed)', fulfilment.pack],
      [
        'return/approve',
        'Approve a return request (return_requested -> return_approved)',
        fulfilment.approveReturn,
      ],
      [
        'return/receive',
        'Goods received back (return_approved -> returned); stock restored',
        fulfilment.receiveReturn,
      ],
    ] as const;
    for (const [path, summary, move] of simpleMoves) {
      /** `POST /api/shop/orders/{shipmentId}/{path}`: 200 detail; 404; 422 wrong status. */
      app.post(
        `/api/shop/orders/:shipmentId/${path}`,
        {
          config: shopOffice,
          schema: {
            tags: ['shop office'],
            summary,
            params: ShopShipmentParamsSchema,
            response: changed,
          },
        },
        async (request) => move(requireShopId(request), request.params.shipmentId),
      );
    }

    /**
     * `POST /api/shop/orders/{shipmentId}/assign` `{ deliveryStaffId }`: hand a packed (or failed)
     * shipment to a delivery staff member with a new 4-digit code. 400 staff not available.
     */
    app.post(
      '/api/shop/orders/:shipmentId/assign',
      {
        config: shopOffice,
        schema: {
          tags: ['shop office'],
          summary: 'Hand over to delivery (packed | delivery_failed -> assigned)',
          params: ShopShipmentParamsSchema,
          body: AssignShipmentInputSchema,
          response: changed,
        },
      },
      async (request) =>
        fulfilment.assign(
          requireShopId(request),
          request.params.shipmentId,
          request.body.deliveryStaffId,
        ),
    );

    /** `POST /api/shop/orders/{shipmentId}/cancel` `{ reason }`: stock back; 422 once shipped. */
    app.post(
      '/api/shop/orders/:shipmentId/cancel',
      {
        config: shopOffice,
        schema: {
          tags: ['shop office'],
          summary: 'Cancel before delivery (stock restored)',
          params: ShopShipmentParamsSchema,
          body: ShopReasonInputSchema,
          response: changed,
        },
      },
      async (request) =>
        fulfilment.cancel(requireShopId(request), request.params.shipmentId, request.body.reason),
    );

    /** `POST /api/shop/orders/{shipmentId}/return/reject` `{ reason }`. */
    app.post(
      '/api/shop/orders/:shipmentId/return/reject',
      {
        config: shopOffice,
        schema: {
          tags: ['shop office'],
          summary: 'Reject a return request (return_requested -> return_rejected)',
          params: ShopShipmentParamsSchema,
          body: ShopReasonInputSchema,
          response: changed,
        },
      },
      async (request) =>
        fulfilment.rejectReturn(
          requireShopId(request),
          request.params.shipmentId,
          request.body.reason,
        ),
    );

    /** `GET /api/shop/delivery-staff`: `[{ id, name, mobile }]`, active delivery accounts. */
    app.get(
      '/api/shop/delivery-staff',
      {
        config: shopOffice,
        schema: {
          tags: ['shop office'],
          summary: 'Delivery staff one can hand an order to',
          response: { 200: DeliveryStaffListSchema, ...guarded },
        },
      },
      async () => fulfilment.deliveryStaff(),
    );

    /** `GET /api/shop/customers?search=&page=`: Total customers (seller only). */
    app.get(
      '/api/shop/customers',
      {
        config: { access: ['seller'] as const, shopScoped: true as const },
        schema: {
          tags: ['shop office'],
          summary: 'Customers who bought from this shop',
          querystring: ShopCustomerQuerySchema,
          response: { 200: ShopCustomerPageSchema, ...guarded },
        },
      },
      async (request) =>
        fulfilment.customers(requireShopId(request), request.query.search, request.query.page),
    );
  };
