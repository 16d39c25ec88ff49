import type { Cart, CartMerge } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as cartEndpoints from '../endpoints/cart';
import { cartKeys } from './cart-keys';

/**
 * Adds (`cartApi.mergeCart`) the visitor's browser cart to the customer's cart and answers the
 * whole cart. Never refuses an item: unknown or sold-out products are skipped and quantities are
 * capped by stock and the limit of 10 on the server. @throws ApiError 401, 403 (not a customer).
 */
export function mergeCart(body: CartMerge, signal?: AbortSignal): Promise<Cart> {
  return callApi(cartEndpoints.mergeCart, { body, signal });
}

/** Merges items into the cart; the answered cart replaces the cached one. */
export function useMergeCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CartMerge) => mergeCart(body),
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.all, cart),
  });
}
