import type { MoveToCartResult } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as wishlistEndpoints from '../endpoints/wishlist';
import { wishlistKeys } from './get-wishlist';

/**
 * The cart's query key, shared with the cart feature's `useCart` (agreed: `['cart']`), so a move
 * shows in the cart without another request.
 */
export const CART_QUERY_KEY = ['cart'] as const;

/**
 * Puts one of the product in the cart and takes it off the wishlist
 * (`wishlistApi.moveWishlistItemToCart`). @throws ApiError 409 with the cart's stock message
 * ('Only 2 left in stock', out of stock: reason OUT_OF_STOCK), 404 when the product is not on
 * the wishlist.
 */
export function moveToCart(productId: number): Promise<MoveToCartResult> {
  return callApi(wishlistEndpoints.moveWishlistItemToCart, { params: { productId } });
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
