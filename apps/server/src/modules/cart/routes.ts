import type { FastifyPluginAsync } from 'fastify';
import { cartApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { CartService } from './cart.service.js';

const customerOnly = { access: ['customer'] as const };

/**
 * Cart routes (the /CustomerCart page; docs/shopping.md): customers only, each answering the whole
 * Cart, except the public preview of a visitor's browser cart. Each route's contract is in `@bazaar/shared`'s `cartApi`.
 */
export const cartRoutes =
  (cart: CartService): FastifyPluginAsync =>
  async (app) => {
    route(app, cartApi.getCart, { config: customerOnly }, (request) =>
      cart.getCart(requireUser(request).id),
    );
    route(app, cartApi.addCartItem, { config: customerOnly }, (request) =>
      cart.addItem(requireUser(request).id, request.body),
    );
    route(app, cartApi.setCartItemQuantity, { config: customerOnly }, (request) =>
      cart.setQuantity(requireUser(request).id, request.params.productId, request.body.quantity),
    );
    route(app, cartApi.removeCartItem, { config: customerOnly }, (request) =>
      cart.removeItem(requireUser(request).id, request.params.productId),
    );
    route(app, cartApi.mergeCart, { config: customerOnly }, (request) =>
      cart.merge(requireUser(request).id, request.body),
    );
    // A visitor's browser cart (docs/shopping.md "Guest cart"): public, stores nothing.
    route(app, cartApi.previewCart, { config: { access: 'public' } }, (request) =>
      cart.preview(request.body),
    );
  };
