import type { FastifyPluginAsync } from 'fastify';
import { businessApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { BusinessService } from './business.service.js';

const adminOnly = { access: ['admin'] as const };

/**
 * The admin's business profile and shop list (docs/back-office-people.md): admin only. Each
 * route's contract is in `@bazaar/shared`'s `businessApi`.
 */
export const businessRoutes =
  (business: BusinessService): FastifyPluginAsync =>
  async (app) => {
    route(app, businessApi.getBusinessProfile, { config: adminOnly }, () => business.getProfile());
    route(app, businessApi.updateBusinessProfile, { config: adminOnly }, (request) =>
      business.updateProfile(requireUser(request), request.body),
    );
    route(app, businessApi.listShops, { config: adminOnly }, (request) =>
      business.listShops(request.query),
    );
  };
