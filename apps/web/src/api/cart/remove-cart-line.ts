import type { Cart } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as cartEndpoints from '../endpoints/cart';
import { cartKeys } from './cart-keys';

/** Removes a line (`cartApi.removeCartItem`) and answers the whole cart. */
export function removeCartLine(productId: number): Promise<Cart> {
  return callApi(cartEndpoints.removeCartItem, { params: { productId } });
}

/** Removes a line; the answered cart replaces the cached one. */
export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartLine,
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.all, cart),
  });
}
