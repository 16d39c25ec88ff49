import type { Wishlist } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as wishlistEndpoints from '../endpoints/wishlist';
import { wishlistKeys } from './get-wishlist';

/**
 * Saves a product (`wishlistApi.addWishlistItem`; saving it twice is harmless) and answers
 * the whole wishlist. @throws ApiError 404 PRODUCT_UNAVAILABLE unknown product, 409 WISHLIST_FULL
 * when it already holds 100.
 */
export function addToWishlist(productId: number): Promise<Wishlist> {
  return callApi(wishlistEndpoints.addWishlistItem, { params: { productId } });
}

/** Saves a product; the answered wishlist replaces the cached one. */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    onSuccess: (wishlist) => queryClient.setQueryData(wishlistKeys.all, wishlist),
  });
}
