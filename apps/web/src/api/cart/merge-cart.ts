import type { Cart, CartMerge, CartMergeResult } from '@bazaar/shared';
import { callApi, isApiError } from '../api-client';
import * as cartEndpoints from '../endpoints/cart';
import { clearPendingCart, readGuestCart, type PendingCart } from './pending-cart';

/**
 * Adds (`cartApi.mergeCart`) the visitor's browser cart to the customer's cart and answers the
 * whole cart with what was capped (stock, 10 a line) or dropped (sold out, no longer available,
 * 50 products). The same `mergeId` sent again adds nothing. @throws ApiError 400, 401, 403.
 */
export function mergeCart(body: CartMerge, signal?: AbortSignal): Promise<CartMergeResult> {
  return callApi(cartEndpoints.mergeCart, { body, signal });
}

/**
 * The cart read that carries the browser cart (get-cart.ts loads this module only then): merges
 * `guest`, clears the browser cart once the server answered (unless it changed meanwhile) and
 * shows what was capped or dropped. A 400 (a list the server does not take, e.g. too many lines)
 * drops the browser cart and reads the cart; other failures keep it for the next read.
 * @throws ApiError 401 signed out, 403 not a customer.
 */
export async function mergeGuestCart(guest: PendingCart, signal?: AbortSignal): Promise<Cart> {
  try {
    const result = await mergeCart({ mergeId: guest.mergeId, items: guest.items }, signal);
    if (readGuestCart().mergeId === guest.mergeId) clearPendingCart();
    if (result.adjustments.length > 0) {
      // The notice's words are only needed after such a merge: a chunk of their own.
      void import('./merge-notice').then(({ showMergeNotice }) =>
        showMergeNotice(result.adjustments),
      );
    }
    return result.cart;
  } catch (error) {
    if (!isApiError(error, 400)) throw error;
    clearPendingCart();
    return callApi(cartEndpoints.getCart, { signal });
  }
}
