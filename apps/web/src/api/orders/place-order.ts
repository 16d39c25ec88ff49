import type { BuyNow, Order } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as ordersEndpoints from '../endpoints/orders';
import { cartKeys } from '../cart/cart-keys';
import { replaceOrder } from './order-keys';

/**
 * Places (`ordersApi.placeOrder`, cash on delivery) the cart's available lines to the saved
 * address and empties them from the cart; with `buyNow`, only that product, and the cart stays as
 * it is ("Buy now"). Answers 201 with the order.
 * @throws ApiError 400 CART_EMPTY, 404 unknown address, 409 OUT_OF_STOCK ('Only N left of X').
 */
export function placeCodOrder({
  addressId,
  buyNow,
}: {
  addressId: number;
  buyNow?: BuyNow | undefined;
}): Promise<Order> {
  return callApi(ordersEndpoints.placeOrder, {
    body: { addressId, paymentMethod: 'cod', ...(buyNow && { buyNow }) },
  });
}

/** Places a COD order; the cart is read again (its ordered lines are gone). */
export function usePlaceCodOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeCodOrder,
    onSuccess: (order) => {
      replaceOrder(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
