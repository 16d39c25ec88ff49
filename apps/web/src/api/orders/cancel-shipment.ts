import type { Order } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as ordersEndpoints from '../endpoints/orders';
import { replaceOrder } from './order-keys';

/**
 * Cancels one shipment of an order (`ordersApi.cancelShipment`) with an optional reason; the
 * other shipments go on, a paid shipment is refunded (docs/refunds.md).
 * @throws ApiError 422 ORDER_NOT_CANCELLABLE once the shipment is handed to delivery or already
 *   cancelled; 404 for another customer's order.
 */
export function cancelShipment({
  orderId,
  shipmentId,
  reason,
}: {
  orderId: number;
  shipmentId: number;
  reason?: string;
}): Promise<Order> {
  return callApi(ordersEndpoints.cancelShipment, {
    params: { orderId, shipmentId },
    body: reason ? { reason } : {},
  });
}

/** Cancels one shipment; the answered order replaces the cached one. */
export function useCancelShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelShipment,
    onSuccess: (order) => replaceOrder(queryClient, order),
  });
}
