import type { Cart, CartMerge } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { cartKeys } from './cart-keys';

/**
 * `POST /api/cart/merge`: adds the visitor's browser cart to the customer's cart and answers the
 * whole cart. Never refuses an item: unknown or sold-out products are skipped and quantities are
 * capped by stock and the limit of 10 on the server. @throws ApiError 401, 403 (not a customer).
 */
export function mergeCart(body: CartMerge, signal?: AbortSignal): Promise<Cart> {
  return apiFetch<Cart>('/api/cart/merge', { method: 'POST', body, signal });
}

/** Merges items into the cart; the answered cart replaces the cached one. */
export function useMergeCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CartMerge) => mergeCart(body),
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.all, cart),
  });
}
