import { defineEndpoint } from './endpoint.js';
import { MoveToCartResultSchema, WishlistSchema } from '../schemas/cart.js';
import { ProductIdParamsSchema } from '../schemas/catalog.js';

/**
 * The customer's wishlist (the /wishlist page; docs/shopping.md): customers only; each endpoint
 * answers the whole Wishlist (prices in paise) and may answer 401 (no session) and 403 (not a
 * customer).
 */

/** The signed-in customer's wishlist, newest first (at most 100 products). */
export const getWishlist = defineEndpoint({
  method: 'GET',
  path: '/api/wishlist',
  tag: 'shopping',
  summary: 'The customer wishlist',
  responses: { 200: WishlistSchema },
  errors: [401, 403],
});

/**
 * Adds the product; adding it again is no error. 404 PRODUCT_UNAVAILABLE for an unknown product
 * (or an archived one not already there); 409 WISHLIST_FULL over 100 products.
 */
export const addWishlistItem = defineEndpoint({
  method: 'PUT',
  path: '/api/wishlist/items/:productId',
  tag: 'shopping',
  summary: 'Add a product to the wishlist (idempotent)',
  params: ProductIdParamsSchema,
  responses: { 200: WishlistSchema },
  errors: [400, 401, 403, 404, 409],
});

/** Removes the product; removing one that is not there is no error. */
export const removeWishlistItem = defineEndpoint({
  method: 'DELETE',
  path: '/api/wishlist/items/:productId',
  tag: 'shopping',
  summary: 'Remove a product from the wishlist (idempotent)',
  params: ProductIdParamsSchema,
  responses: { 200: WishlistSchema },
  errors: [400, 401, 403, 404, 409],
});

/**
 * Moves one unit into the cart and the product out of the wishlist, atomically; answers
 * `{ cart, wishlist }`. 404 not in the wishlist; the cart's 404 and 409 refusals (stock, limits).
 */
export const moveWishlistItemToCart = defineEndpoint({
  method: 'POST',
  path: '/api/wishlist/items/:productId/move-to-cart',
  tag: 'shopping',
  summary: 'Move a wishlisted product into the cart',
  params: ProductIdParamsSchema,
  responses: { 200: MoveToCartResultSchema },
  errors: [400, 401, 403, 404, 409],
});
