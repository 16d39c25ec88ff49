import type { Wishlist } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as wishlistEndpoints from '../endpoints/wishlist';
import { wishlistKeys } from './get-wishlist';

/**
 * Takes a product off the wishlist (`wishlistApi.removeWishlistItem`; a product not on
 * it is no error) and answers the whole wishlist.
 */
export function removeFromWishlist(productId: number): Promise<Wishlist> {
  return callApi(wishlistEndpoints.removeWishlistItem, { params: { productId } });
}

/** Removes a product; the answered wishlist replaces the cached one. */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onSuccess: (wishlist) => queryClient.setQueryData(wishlistKeys.all, wishlist),
  });
}
