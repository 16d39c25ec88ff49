import type { Order } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { cartKeys } from '../cart/cart-keys';
import * as ordersEndpoints from '../endpoints/orders';
import { replaceOrder } from './order-keys';

/**
 * Cancels the customer's online order still waiting for payment
 * (`ordersApi.cancelPendingPayment`): its stock is released at once and its lines go back to
 * the cart. Answers the cancelled Order.
 * @throws ApiError 404 not the customer's order; 422 ORDER_NOT_AWAITING_PAYMENT once it was
 *   paid, released or cancelled.
 */
export function cancelPendingPayment(orderId: number): Promise<Order> {
  return callApi(ordersEndpoints.cancelPendingPayment, { params: { orderId } });
}

/** Cancels an order waiting for payment; the answered order replaces the cached one. */
export function useCancelPendingPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPendingPayment,
    onSuccess: (order) => {
      replaceOrder(queryClient, order);
      // The lines are back in the cart.
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
