import type { Cart, CartItemInput } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { cartKeys } from './cart-keys';

/**
 * `POST /api/cart/items`: adds `quantity` of a product to the cart (to its line when already
 * there) and answers the whole cart. @throws ApiError 409 with the message to show ('Only 2 left
 * in stock', 'This product is out of stock', 'You can buy at most 10 of one product'), 404 'This
 * product is no longer available', 401, 403 (not a customer).
 */
export function addToCart(body: CartItemInput): Promise<Cart> {
  return apiFetch<Cart>('/api/cart/items', { method: 'POST', body });
}

/** Adds to the cart; the answered cart replaces the cached one. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.all, cart),
  });
}
