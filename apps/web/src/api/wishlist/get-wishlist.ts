import type { Wishlist } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as wishlistEndpoints from '../endpoints/wishlist';

export const wishlistKeys = { all: ['wishlist'] as const };

/**
 * The signed-in customer's saved products (`wishlistApi.getWishlist`), newest first (at most 100).
 * @throws ApiError 401 signed out, 403 not a customer.
 */
export function getWishlist(signal?: AbortSignal): Promise<Wishlist> {
  return callApi(wishlistEndpoints.getWishlist, { signal });
}

/** The wishlist query: one list for the page and every heart on the cards. */
export function wishlistQueryOptions() {
  return queryOptions({
    queryKey: wishlistKeys.all,
    queryFn: ({ signal }) => getWishlist(signal),
    staleTime: 60_000,
  });
}

/** The customer's wishlist; `enabled: false` for visitors and staff (no request is made). */
export function useWishlist({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...wishlistQueryOptions(), enabled });
}
