import type { Wishlist } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { wishlistKeys } from './get-wishlist';

/**
 * `DELETE /api/wishlist/items/{productId}`: takes a product off the wishlist (a product not on it
 * is no error) and answers the whole wishlist.
 */
export function removeFromWishlist(productId: number): Promise<Wishlist> {
  return apiFetch<Wishlist>(`/api/wishlist/items/${productId}`, { method: 'DELETE' });
}

/** Removes a product; the answered wishlist replaces the cached one. */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onSuccess: (wishlist) => queryClient.setQueryData(wishlistKeys.all, wishlist),
  });
}
