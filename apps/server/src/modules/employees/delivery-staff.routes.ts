import type { FastifyPluginAsync } from 'fastify';
import { deliveryStaffApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { DeliveryStaffService } from './delivery-staff.service.js';

const adminOnly = { access: ['admin'] as const };

/**
 * The admin's delivery staff routes (docs/back-office-people.md): admin only,
 * like employee management. Each route's contract is in `@bazaar/shared`'s `deliveryStaffApi`.
 */
export const deliveryStaffRoutes =
  (deliveryStaff: DeliveryStaffService): FastifyPluginAsync =>
  async (app) => {
    route(app, deliveryStaffApi.createDeliveryStaff, { config: adminOnly }, (request) =>
      deliveryStaff.createDeliveryStaff(requireUser(request), request.body),
    );

    route(app, deliveryStaffApi.listDeliveryStaff, { config: adminOnly }, (request) =>
      deliveryStaff.listDeliveryStaff(request.query),
    );

    route(app, deliveryStaffApi.disableDeliveryStaff, { config: adminOnly }, (request) =>
      deliveryStaff.disableDeliveryStaff(requireUser(request), request.params.deliveryStaffId),
    );
  };
