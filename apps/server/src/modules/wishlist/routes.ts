import type { FastifyPluginAsync } from 'fastify';
import { wishlistApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { WishlistService } from './wishlist.service.js';

const customerOnly = { access: ['customer'] as const };

/**
 * Wishlist routes (the /wishlist page; docs/shopping.md): customers only, each answering the whole
 * Wishlist. Each route's contract is in `@bazaar/shared`'s `wishlistApi`.
 */
export const wishlistRoutes =
  (wishlist: WishlistService): FastifyPluginAsync =>
  async (app) => {
    route(app, wishlistApi.getWishlist, { config: customerOnly }, (request) =>
      wishlist.getWishlist(requireUser(request).id),
    );
    route(app, wishlistApi.addWishlistItem, { config: customerOnly }, (request) =>
      wishlist.addItem(requireUser(request).id, request.params.productId),
    );
    route(app, wishlistApi.removeWishlistItem, { config: customerOnly }, (request) =>
      wishlist.removeItem(requireUser(request).id, request.params.productId),
    );
    route(app, wishlistApi.moveWishlistItemToCart, { config: customerOnly }, (request) =>
      wishlist.moveToCart(requireUser(request).id, request.params.productId),
    );
  };
