import type { FastifyPluginAsync } from 'fastify';
import { deliveryApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { DeliveryService } from './delivery.service.js';

const deliveryOnly = { access: ['delivery'] as const };

/**
 * The delivery staff area's routes (docs/delivery.md): delivery staff only, and each sees only
 * the shipments handed to them (another's is 404). Each route's contract is in
 * `@bazaar/shared`'s `deliveryApi`.
 */
export const deliveryRoutes =
  (delivery: DeliveryService): FastifyPluginAsync =>
  async (app) => {
    route(app, deliveryApi.getDeliverySummary, { config: deliveryOnly }, (request) =>
      delivery.summary(requireUser(request).id),
    );
    route(app, deliveryApi.listDeliveryShipments, { config: deliveryOnly }, (request) =>
      delivery.listShipments(requireUser(request).id, request.query),
    );
    route(app, deliveryApi.getDeliveryShipment, { config: deliveryOnly }, (request) =>
      delivery.getShipment(requireUser(request).id, request.params.shipmentId),
    );
    route(app, deliveryApi.pickUpShipment, { config: deliveryOnly }, (request) =>
      delivery.pickUp(requireUser(request).id, request.params.shipmentId),
    );
    route(app, deliveryApi.sendOutForDelivery, { config: deliveryOnly }, (request) =>
      delivery.outForDelivery(requireUser(request).id, request.params.shipmentId),
    );
    route(app, deliveryApi.deliverShipment, { config: deliveryOnly }, (request) =>
      delivery.deliver(requireUser(request).id, request.params.shipmentId, request.body.code),
    );
    route(app, deliveryApi.failDelivery, { config: deliveryOnly }, (request) =>
      delivery.fail(requireUser(request).id, request.params.shipmentId, request.body.reason),
    );
    route(app, deliveryApi.getDeliveryCash, { config: deliveryOnly }, (request) =>
      delivery.cash(requireUser(request).id, request.query),
    );
  };
