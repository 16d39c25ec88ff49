import type { Order } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { replaceOrder } from './order-keys';

/**
 * `POST /api/orders/{orderId}/shipments/{shipmentId}/return` with a reason of 5-500 characters.
 * @throws ApiError 422 unless the shipment was delivered within the last 7 days.
 */
export function requestReturn({
  orderId,
  shipmentId,
  reason,
}: {
  orderId: number;
  shipmentId: number;
  reason: string;
}) {
  return apiFetch<Order>(`/api/orders/${orderId}/shipments/${shipmentId}/return`, {
    method: 'POST',
    body: { reason },
  });
}

/** Asks to return one shipment; the answered order replaces the cached one. */
export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestReturn,
    onSuccess: (order) => replaceOrder(queryClient, order),
  });
}
