import type { FastifyPluginAsync } from 'fastify';
import { fulfilmentApi } from '@bazaar/shared';
import { requireShopId, requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { FulfilmentService } from './fulfilment.service.js';

/** Sellers and their support admins, on their own shop's data only. */
const shopOffice = { access: ['seller', 'support_admin'] as const, shopScoped: true as const };
const sellerOnly = { access: ['seller'] as const, shopScoped: true as const };

/**
 * Shop office order routes (docs/shop-office.md "Routes"): the seller and the shop's support
 * admins, scoped to the session's shop (`requireShopId`), so another shop's shipment is a 404.
 * Each route's contract is in `@bazaar/shared`'s `fulfilmentApi`.
 */
export const fulfilmentRoutes =
  (fulfilment: FulfilmentService): FastifyPluginAsync =>
  async (app) => {
    route(app, fulfilmentApi.getShopSummary, { config: shopOffice }, (request) =>
      fulfilment.summary(requireShopId(request)),
    );
    route(app, fulfilmentApi.listShopOrders, { config: shopOffice }, (request) =>
      fulfilment.listOrders(requireShopId(request), request.query),
    );
    route(app, fulfilmentApi.getShopOrder, { config: shopOffice }, (request) =>
      fulfilment.getOrder(requireShopId(request), request.params.shipmentId),
    );
    route(app, fulfilmentApi.acceptShopOrder, { config: shopOffice }, (request) =>
      fulfilment.accept(requireShopId(request), request.params.shipmentId),
    );
    route(app, fulfilmentApi.packShopOrder, { config: shopOffice }, (request) =>
      fulfilment.pack(requireShopId(request), request.params.shipmentId),
    );
    route(app, fulfilmentApi.approveShopReturn, { config: shopOffice }, (request) =>
      fulfilment.approveReturn(requireShopId(request), request.params.shipmentId),
    );
    route(app, fulfilmentApi.receiveShopReturn, { config: shopOffice }, (request) =>
      fulfilment.receiveReturn(requireShopId(request), request.params.shipmentId),
    );
    route(app, fulfilmentApi.markShopRefundPaid, { config: shopOffice }, (request) =>
      fulfilment.markRefundPaid(
        requireShopId(request),
        request.params.shipmentId,
        request.body.reference,
      ),
    );
    route(app, fulfilmentApi.retryShopRefund, { config: shopOffice }, (request) =>
      fulfilment.retryRefund(
        requireUser(request),
        requireShopId(request),
        request.params.shipmentId,
      ),
    );
    route(app, fulfilmentApi.assignShopOrder, { config: shopOffice }, (request) =>
      fulfilment.assign(
        requireShopId(request),
        request.params.shipmentId,
        request.body.deliveryStaffId,
      ),
    );
    route(app, fulfilmentApi.cancelShopOrder, { config: shopOffice }, (request) =>
      fulfilment.cancel(requireShopId(request), request.params.shipmentId, request.body.reason),
    );
    route(app, fulfilmentApi.rejectShopReturn, { config: shopOffice }, (request) =>
      fulfilment.rejectReturn(
        requireShopId(request),
        request.params.shipmentId,
        request.body.reason,
      ),
    );
    route(app, fulfilmentApi.listDeliveryStaff, { config: shopOffice }, () =>
      fulfilment.deliveryStaff(),
    );
    route(app, fulfilmentApi.listShopCustomers, { config: sellerOnly }, (request) =>
      fulfilment.customers(requireShopId(request), request.query.search, request.query.page),
    );
  };
