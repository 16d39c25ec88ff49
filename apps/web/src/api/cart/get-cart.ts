import type { Cart } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as cartEndpoints from '../endpoints/cart';
import { cartKeys } from './cart-keys';
import { readGuestCart } from './pending-cart';

export { cartKeys };

/**
 * Reads the signed-in customer's cart. When the browser holds a visitor's cart (pending-cart.ts),
 * it is merged first (`cartApi.mergeCart`, one call answering the whole cart and what was capped
 * or dropped, which a notice then shows) and cleared only once the server answered; otherwise
 * `cartApi.getCart`. Merging inside the read means the first cart request after a customer
 * signs in (login, or registration and verification) carries the merge, whichever page makes
 * it, and no plain read can race it and overwrite the merged cart with an older one. A failed
 * merge keeps the browser cart for the next read; sending it twice adds it once (`mergeId`).
 * @throws ApiError 401 signed out, 403 not a customer.
 */
export async function getCart(signal?: AbortSignal): Promise<Cart> {
  const guest = readGuestCart();
  if (guest.items.length === 0) return callApi(cartEndpoints.getCart, { signal });
  // Only a customer who shopped as a visitor needs the merge: its code loads then.
  const { mergeGuestCart } = await import('./merge-cart');
  return mergeGuestCart(guest, signal);
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
