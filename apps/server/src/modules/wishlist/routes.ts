import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  MoveToCartResultSchema,
  ProductIdParamsSchema,
  WishlistSchema,
} from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import type { WishlistService } from './wishlist.service.js';

const customerOnly = { access: ['customer'] as const };
const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/**
 * Wishlist routes (issue 6 item 2; marketplace.md /wishlist; docs/api.md "Cart, wishlist,
 * addresses"): customers only; each answers the whole Wishlist (prices in paise).
 */
export const wishlistRoutes =
  (wishlist: WishlistService): FastifyPluginAsyncZod =>
  async (app) => {
    /** `GET /api/wishlist`: the customer's wishlist, newest first. */
    app.get(
      '/api/wishlist',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'The customer wishlist',
          response: { 200: WishlistSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
        },
      },
      async (request) => wishlist.getWishlist(requireUser(request).id),
    );

    /**
     * `PUT /api/wishlist/items/{productId}`: adds the product (idempotent). 404 unknown product,
     * 409 over 100 products (archived: 404 unless already there).
     */
    app.put(
      '/api/wishlist/items/:productId',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'Add a product to the wishlist (idempotent)',
          params: ProductIdParamsSchema,
          response: { 200: WishlistSchema, ...errors },
        },
      },
      async (request) => wishlist.addItem(requireUser(request).id, request.params.productId),
    );

    /** `DELETE /api/wishlist/items/{productId}`: removes the product (idempotent). */
    app.delete(
      '/api/wishlist/items/:productId',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'Remove a product from the wishlist (idempotent)',
          params: ProductIdParamsSchema,
          response: { 200: WishlistSchema, ...errors },
        },
      },
      async (request) => wishlist.removeItem(requireUser(request).id, request.params.productId),
    );

    /**
     * `POST /api/wishlist/items/{productId}/move-to-cart`: one unit into the cart, out of the
     * wishlist, atomically; answers `{ cart, wishlist }`. 404 not in the wishlist; the cart's
     * 404/409 refusals (stock, limits).
     */
    app.post(
      '/api/wishlist/items/:productId/move-to-cart',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'Move a wishlisted product into the cart',
          params: ProductIdParamsSchema,
          response: { 200: MoveToCartResultSchema, ...errors },
        },
      },
      async (request) => wishlist.moveToCart(requireUser(request).id, request.params.productId),
    );
  };
