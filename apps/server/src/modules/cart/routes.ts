import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CartItemInputSchema,
  CartMergeSchema,
  CartQuantitySchema,
  CartSchema,
  ErrorBodySchema,
  ProductIdParamsSchema,
} from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import type { CartService } from './cart.service.js';

const customerOnly = { access: ['customer'] as const };
const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/**
 * Cart routes (issue 6 item 1; marketplace.md /CustomerCart; docs/api.md "Cart, wishlist,
 * addresses"): customers only. Every route answers the whole Cart (lines with live prices and
 * stock, totals in paise) so the browser replaces its copy.
 */
export const cartRoutes =
  (cart: CartService): FastifyPluginAsyncZod =>
  async (app) => {
    /** `GET /api/cart`: the signed-in customer's cart. */
    app.get(
      '/api/cart',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'The customer cart with totals (paise)',
          response: { 200: CartSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
        },
      },
      async (request) => cart.getCart(requireUser(request).id),
    );

    /**
     * `POST /api/cart/items` `{ productId, quantity }`: adds to the product's line. 404 'This
     * product is no longer available'; 409 'Only N left in stock', 'This product is out of
     * stock', 'You can buy at most 10 of one product', or the 50-line limit.
     */
    app.post(
      '/api/cart/items',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'Add units of a product to the cart',
          body: CartItemInputSchema,
          response: { 200: CartSchema, ...errors },
        },
      },
      async (request) => cart.addItem(requireUser(request).id, request.body),
    );

    /**
     * `PATCH /api/cart/items/{productId}` `{ quantity }`: sets the line's quantity; the same
     * refusals as adding, and 404 'This product is not in your cart'.
     */
    app.patch(
      '/api/cart/items/:productId',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'Set the quantity of a cart line',
          params: ProductIdParamsSchema,
          body: CartQuantitySchema,
          response: { 200: CartSchema, ...errors },
        },
      },
      async (request) =>
        cart.setQuantity(requireUser(request).id, request.params.productId, request.body.quantity),
    );

    /** `DELETE /api/cart/items/{productId}`: removes the line (idempotent); answers the Cart. */
    app.delete(
      '/api/cart/items/:productId',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'Remove a product from the cart',
          params: ProductIdParamsSchema,
          response: { 200: CartSchema, ...errors },
        },
      },
      async (request) => cart.removeItem(requireUser(request).id, request.params.productId),
    );

    /**
     * `POST /api/cart/merge` `{ items: [{ productId, quantity }] }` (at most 50): merges the
     * visitor's browser cart after login. Caps quantities at min(10, stock) and skips products
     * that cannot be bought, without refusing.
     */
    app.post(
      '/api/cart/merge',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: "Merge the browser's cart into the customer's cart at login",
          body: CartMergeSchema,
          response: { 200: CartSchema, ...errors },
        },
      },
      async (request) => cart.merge(requireUser(request).id, request.body.items),
    );
  };
