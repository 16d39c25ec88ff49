import type { Order } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as ordersEndpoints from '../endpoints/orders';
import { replaceOrder } from './order-keys';

/**
 * Cancels an order (`ordersApi.cancelOrder`) with an optional reason; the stock goes back.
 * @throws ApiError 422 ORDER_NOT_CANCELLABLE when a shipment is already shipped or later, or the
 *   order is already cancelled.
 */
export function cancelOrder({
  orderId,
  reason,
}: {
  orderId: number;
  reason?: string;
}): Promise<Order> {
  return callApi(ordersEndpoints.cancelOrder, {
    params: { orderId },
    body: reason ? { reason } : {},
  });
}

/** Cancels an order; the answered order replaces the cached one. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => replaceOrder(queryClient, order),
  });
}
