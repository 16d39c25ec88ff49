import type { Cart } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as cartEndpoints from '../endpoints/cart';
import { cartKeys } from './cart-keys';

/**
 * Sets a line's quantity (1..10; `cartApi.setCartItemQuantity`) and answers the whole cart.
 * @throws ApiError 409 with the message to show ('Only 2 left in stock': reason OUT_OF_STOCK),
 *   404 when the line is gone, 400 for a quantity out of range.
 */
export function updateCartQuantity({
  productId,
  quantity,
}: {
  productId: number;
  quantity: number;
}): Promise<Cart> {
  return callApi(cartEndpoints.setCartItemQuantity, {
    params: { productId },
    body: { quantity },
  });
}

/** Changes a line's quantity; the answered cart replaces the cached one. */
export function useUpdateCartQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartQuantity,
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.all, cart),
  });
}
