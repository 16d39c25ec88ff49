import type { FastifyPluginAsync } from 'fastify';
import { addressesApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { AddressesService } from './addresses.service.js';

const customerOnly = { access: ['customer'] as const };

/**
 * Delivery address routes (docs/api.md "Cart, wishlist, addresses"): customers only, scoped to
 * the session's user; each answers the whole list, the default first. Each route's contract is
 * in `@bazaar/shared`'s `addressesApi`.
 */
export const addressesRoutes =
  (addresses: AddressesService): FastifyPluginAsync =>
  async (app) => {
    route(app, addressesApi.listAddresses, { config: customerOnly }, (request) =>
      addresses.list(requireUser(request).id),
    );
    route(app, addressesApi.createAddress, { config: customerOnly }, (request) =>
      addresses.create(requireUser(request).id, request.body),
    );
    route(app, addressesApi.updateAddress, { config: customerOnly }, (request) =>
      addresses.update(requireUser(request).id, request.params.addressId, request.body),
    );
    route(app, addressesApi.deleteAddress, { config: customerOnly }, (request) =>
      addresses.remove(requireUser(request).id, request.params.addressId),
    );
    route(app, addressesApi.setDefaultAddress, { config: customerOnly }, (request) =>
      addresses.makeDefault(requireUser(request).id, request.params.addressId),
    );
  };
