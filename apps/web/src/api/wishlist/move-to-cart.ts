import type { MoveToCartResult } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { wishlistKeys } from './get-wishlist';

/**
 * The cart's query key, shared with the cart feature's `useCart` (agreed: `['cart']`), so a move
 * shows in the cart without another request.
 */
export const CART_QUERY_KEY = ['cart'] as const;

/**
 * `POST /api/wishlist/items/{productId}/move-to-cart`: puts one of the product in the cart and
 * takes it off the wishlist. @throws ApiError 409 with the cart's stock message ('Only 2 left in
 * stock', out of stock), 404 when the product is not on the wishlist.
 */
export function moveToCart(productId: number): Promise<MoveToCartResult> {
  return apiFetch<MoveToCartResult>(`/api/wishlist/items/${productId}/move-to-cart`, {
    method: 'POST',
  });
}

/** Moves a product to the cart; both answered resources replace the cached ones. */
export function useMoveToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveToCart,
    onSuccess: ({ cart, wishlist }) => {
      queryClient.setQueryData(CART_QUERY_KEY, cart);
      queryClient.setQueryData(wishlistKeys.all, wishlist);
    },
  });
}
