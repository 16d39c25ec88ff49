import type { Cart } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, isApiError } from '../api-client';
import * as cartEndpoints from '../endpoints/cart';
import { cartKeys } from './cart-keys';
import { mergeCart } from './merge-cart';
import { clearPendingCart, readPendingCart } from './pending-cart';

export { cartKeys };

/**
 * Reads the signed-in customer's cart. When the browser remembers products a visitor chose
 * before logging in (pending-cart.ts), they are merged first (`cartApi.mergeCart`, which answers
 * the whole cart) and forgotten; otherwise `cartApi.getCart`. Merging inside the read means
 * the first cart request after a customer login carries the merge, whichever page makes it, and
 * no plain read can race it and overwrite the merged cart with an older one.
 * @throws ApiError 401 signed out, 403 not a customer.
 */
export async function getCart(signal?: AbortSignal): Promise<Cart> {
  const pending = readPendingCart();
  if (pending.length === 0) return callApi(cartEndpoints.getCart, { signal });
  try {
    const cart = await mergeCart({ items: pending }, signal);
    clearPendingCart();
    return cart;
  } catch (error) {
    // 400: the stored list is not something the server takes (too many lines): drop it rather
    // than fail every read of the cart. Other failures keep it for the next try.
    if (!isApiError(error, 400)) throw error;
    clearPendingCart();
    return callApi(cartEndpoints.getCart, { signal });
  }
}

/** The cart query: changes answer the whole cart and replace this entry, so it rarely refetches. */
export function cartQueryOptions() {
  return queryOptions({
    queryKey: cartKeys.all,
    queryFn: ({ signal }) => getCart(signal),
    staleTime: 60_000,
  });
}

/** The customer's cart; `enabled: false` for visitors and staff (no request is made). */
export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cartQueryOptions(), enabled });
}
