import type { FastifyPluginAsync } from 'fastify';
import { ordersApi, refundsApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { OrdersService } from './orders.service.js';

const customerOnly = { access: ['customer'] as const };
const adminOnly = { access: ['admin'] as const };

/**
 * Customer order routes (docs/orders.md "Customer routes"): customers only, scoped to the
 * session's user, so another customer's order is 404. The Razorpay routes live in the payments
 * module. Each route's contract is in `@bazaar/shared`'s `ordersApi`; the admin's failed
 * refunds and their retry are in `refundsApi`.
 */
export const ordersRoutes =
  (orders: OrdersService): FastifyPluginAsync =>
  async (app) => {
    route(app, ordersApi.placeOrder, { config: customerOnly }, (request) =>
      orders.placeCashOnDelivery(
        requireUser(request).id,
        request.body.addressId,
        request.body.buyNow,
      ),
    );
    route(app, ordersApi.listOrders, { config: customerOnly }, (request) =>
      orders.listOrders(requireUser(request).id, request.query.page),
    );
    route(app, ordersApi.getOrder, { config: customerOnly }, (request) =>
      orders.getOrder(requireUser(request).id, request.params.orderId),
    );
    route(app, ordersApi.cancelOrder, { config: customerOnly }, (request) =>
      orders.cancelOrder(requireUser(request).id, request.params.orderId, request.body.reason),
    );
    route(app, ordersApi.cancelPendingPayment, { config: customerOnly }, (request) =>
      orders.cancelPendingPayment(requireUser(request).id, request.params.orderId),
    );
    route(app, ordersApi.cancelShipment, { config: customerOnly }, (request) =>
      orders.cancelShipment(
        requireUser(request).id,
        request.params.orderId,
        request.params.shipmentId,
        request.body.reason,
      ),
    );
    route(app, ordersApi.requestReturn, { config: customerOnly }, (request) =>
      orders.requestReturn(
        requireUser(request).id,
        request.params.orderId,
        request.params.shipmentId,
        request.body,
      ),
    );
    // The marketplace admin's refunds (docs/refunds.md "Retrying a failed refund").
    route(app, refundsApi.listFailedRefunds, { config: adminOnly }, () =>
      orders.listFailedRefunds(),
    );
    route(app, refundsApi.retryRefund, { config: adminOnly }, (request) =>
      orders.retryRefund(requireUser(request), request.params.refundId),
    );
  };
