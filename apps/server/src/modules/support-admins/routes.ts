import type { FastifyPluginAsync } from 'fastify';
import { supportAdminsApi } from '@bazaar/shared';
import { requireShopId } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { SupportAdminsService } from './support-admins.service.js';

/** The seller only: a support admin cannot create or disable support admins (403). */
const sellerOnly = { access: ['seller'] as const, shopScoped: true as const };

/**
 * Support admin routes (docs/shop-office.md "Support admins"): the seller manages its own shop's
 * support admins; another shop's is a 404. Each route's contract is in `@bazaar/shared`'s
 * `supportAdminsApi`.
 */
export const supportAdminsRoutes =
  (supportAdmins: SupportAdminsService): FastifyPluginAsync =>
  async (app) => {
    route(app, supportAdminsApi.createSupportAdmin, { config: sellerOnly }, (request) =>
      supportAdmins.create(requireShopId(request), request.body),
    );
    route(app, supportAdminsApi.listSupportAdmins, { config: sellerOnly }, (request) =>
      supportAdmins.list(requireShopId(request)),
    );
    route(app, supportAdminsApi.disableSupportAdmin, { config: sellerOnly }, (request) =>
      supportAdmins.disable(requireShopId(request), request.params.userId),
    );
  };
