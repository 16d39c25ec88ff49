import type { Cart, CartItemInput } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as cartEndpoints from '../endpoints/cart';
import { cartKeys } from './cart-keys';

/**
 * Adds (`cartApi.addCartItem`) `quantity` of a product to the cart (to its line when already
 * there) and answers the whole cart. @throws ApiError 409 with the message to show ('Only 2 left
 * in stock', 'This product is out of stock': reason OUT_OF_STOCK; 'You can buy at most 10 of one
 * product': CART_LINE_LIMIT; CART_FULL), 404 PRODUCT_UNAVAILABLE 'This product is no longer
 * available', 401, 403 (not a customer).
 */
export function addToCart(body: CartItemInput): Promise<Cart> {
  return callApi(cartEndpoints.addCartItem, { body });
}

/** Adds to the cart; the answered cart replaces the cached one. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.all, cart),
  });
}
