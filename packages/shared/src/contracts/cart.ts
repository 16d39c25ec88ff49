import { defineEndpoint } from './endpoint.js';
import {
  CartItemInputSchema,
  CartMergeResultSchema,
  CartMergeSchema,
  CartPreviewInputSchema,
  CartPreviewSchema,
  CartQuantitySchema,
  CartSchema,
} from '../schemas/cart.js';
import { ProductIdParamsSchema } from '../schemas/catalog.js';

/**
 * The customer's cart (the /CustomerCart page; docs/shopping.md): customers only. Every endpoint
 * answers the whole Cart (lines with live prices and stock, totals in paise) so the browser
 * replaces its copy, and may answer 401 (no session) and 403 (not a customer).
 */

/** The signed-in customer's cart. */
export const getCart = defineEndpoint({
  method: 'GET',
  path: '/api/cart',
  tag: 'shopping',
  summary: 'The customer cart with totals (paise)',
  responses: { 200: CartSchema },
  errors: [401, 403],
});

/**
 * Adds `quantity` units to the product's line. 404 PRODUCT_UNAVAILABLE 'This product is no
 * longer available'; 409 OUT_OF_STOCK ('Only N left in stock', 'This product is out of stock'),
 * CART_LINE_LIMIT ('You can buy at most 10 of one product') or CART_FULL (50 lines).
 */
export const addCartItem = defineEndpoint({
  method: 'POST',
  path: '/api/cart/items',
  tag: 'shopping',
  summary: 'Add units of a product to the cart',
  body: CartItemInputSchema,
  responses: { 200: CartSchema },
  errors: [400, 401, 403, 404, 409],
});

/**
 * Sets a line's quantity: the same refusals as adding, and 404 'This product is not in your
 * cart'.
 */
export const setCartItemQuantity = defineEndpoint({
  method: 'PATCH',
  path: '/api/cart/items/:productId',
  tag: 'shopping',
  summary: 'Set the quantity of a cart line',
  params: ProductIdParamsSchema,
  body: CartQuantitySchema,
  responses: { 200: CartSchema },
  errors: [400, 401, 403, 404, 409],
});

/** Removes the product's line (removing a line that is not there is no error). */
export const removeCartItem = defineEndpoint({
  method: 'DELETE',
  path: '/api/cart/items/:productId',
  tag: 'shopping',
  summary: 'Remove a product from the cart',
  params: ProductIdParamsSchema,
  responses: { 200: CartSchema },
  errors: [400, 401, 403, 404, 409],
});

/**
 * Merges the visitor's browser cart (at most 50 items) after login, in one transaction:
 * quantities add up, capped at min(10, stock); sold-out, archived and unknown products are
 * dropped, without refusing. Answers the cart and what was capped or dropped. The same `mergeId`
 * sent again adds nothing and answers the first merge's adjustments (`replayed: true`).
 */
export const mergeCart = defineEndpoint({
  method: 'POST',
  path: '/api/cart/merge',
  tag: 'shopping',
  summary: "Merge the browser's cart into the customer's cart at login",
  body: CartMergeSchema,
  responses: { 200: CartMergeResultSchema },
  errors: [400, 401, 403],
});

/**
 * Public: prices a visitor's browser cart (at most 50 lines) with live prices and stock, as the
 * cart page shows it; nothing is stored. Unknown products are listed in `unknownProductIds`.
 */
export const previewCart = defineEndpoint({
  method: 'POST',
  path: '/api/cart/preview',
  tag: 'shopping',
  summary: "Price a visitor's browser cart",
  body: CartPreviewInputSchema,
  responses: { 200: CartPreviewSchema },
  errors: [400],
});
