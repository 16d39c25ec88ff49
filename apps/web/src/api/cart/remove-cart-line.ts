import type { Cart } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { cartKeys } from './cart-keys';

/** `DELETE /api/cart/items/{productId}`: removes a line and answers the whole cart. */
export function removeCartLine(productId: number): Promise<Cart> {
  return apiFetch<Cart>(`/api/cart/items/${productId}`, { method: 'DELETE' });
}

/** Removes a line; the answered cart replaces the cached one. */
export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartLine,
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.all, cart),
  });
}
