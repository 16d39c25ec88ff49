import type { Wishlist } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { wishlistKeys } from './get-wishlist';

/**
 * `PUT /api/wishlist/items/{productId}`: saves a product (saving it twice is harmless) and answers
 * the whole wishlist. @throws ApiError 404 unknown product, 409 the wishlist already holds 100.
 */
export function addToWishlist(productId: number): Promise<Wishlist> {
  return apiFetch<Wishlist>(`/api/wishlist/items/${productId}`, { method: 'PUT' });
}

/** Saves a product; the answered wishlist replaces the cached one. */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    onSuccess: (wishlist) => queryClient.setQueryData(wishlistKeys.all, wishlist),
  });
}
