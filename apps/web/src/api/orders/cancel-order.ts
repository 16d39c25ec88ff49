import type { Order } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { replaceOrder } from './order-keys';

/**
 * `POST /api/orders/{orderId}/cancel` with an optional reason; the stock goes back.
 * @throws ApiError 422 when a shipment is already shipped or later.
 */
export function cancelOrder({ orderId, reason }: { orderId: number; reason?: string }) {
  return apiFetch<Order>(`/api/orders/${orderId}/cancel`, {
    method: 'POST',
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
